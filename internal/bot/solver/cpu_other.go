//go:build !unix

package solver

import "time"

// processCPU returns the CPU time the process has used, and whether it is
// known: not on this system.
func processCPU() (time.Duration, bool) { return 0, false }
