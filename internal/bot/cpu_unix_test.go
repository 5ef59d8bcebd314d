//go:build unix

package bot

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far, user and
// system, on every thread (the garbage collector's work counts); 0 when
// it is not known.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
