//go:build !unix

package bot

import "time"

// cpuTime returns 0: the process's CPU time is not known on this system.
func cpuTime() time.Duration { return 0 }
