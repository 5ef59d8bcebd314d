package gametest

import (
	"testing"
	"time"
)

// Eventually waits until cond holds, asking it every 10 ms, and fails the
// test saying what was waited for when d has passed: a test waits for what
// it needs, never for a fixed time.
func Eventually(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	end := time.NewTimer(d)
	defer end.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-end.C:
			if cond() {
				return
			}
			t.Fatalf("%s: not within %v", what, d)
		}
	}
}
