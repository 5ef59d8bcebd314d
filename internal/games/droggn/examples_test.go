package droggn

import (
	"testing"

	"trull/internal/gametest"
)

// TestSharedExamples replays the example records (legal and illegal).
func TestSharedExamples(t *testing.T) { gametest.Examples(t, "testdata/examples") }
