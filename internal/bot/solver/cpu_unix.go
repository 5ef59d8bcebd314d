//go:build unix

package solver

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, and whether it is
// known.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
