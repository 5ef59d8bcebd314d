package daily

import (
	"testing"

	"trull/internal/bot"
)

// TestReferenceIsDeterministic: the reference game of every deal is played
// to its end and gives the same score each time, for every set-up.
func TestReferenceIsDeterministic(t *testing.T) {
	p, err := bot.New("rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range mustChallenges(t, "2026-11-27") {
		var first [Deals]int
		for n := 1; n <= Deals; n++ {
			if first[n-1], err = c.Reference(n, p); err != nil {
				t.Fatal(err)
			}
		}
		for n := 1; n <= Deals; n++ {
			again, err := c.Reference(n, p)
			if err != nil {
				t.Fatal(err)
			}
			if again != first[n-1] {
				t.Fatalf("%s deal %d: reference %d, then %d", c.ID, n, first[n-1], again)
			}
		}
	}
	if _, err := mustChallenges(t, "2026-11-27")[0].Reference(0, p); err == nil {
		t.Fatal("Reference(0): no error")
	}
}

// BenchmarkDayReferences computes the reference scores of one whole day:
// every set-up's six deals played by the default bot in every seat, what
// a server does in the background once per day.
func BenchmarkDayReferences(b *testing.B) {
	p, err := bot.New(DefaultBot)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := Challenges("2026-11-27")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cs {
			for n := 1; n <= Deals; n++ {
				if _, err := c.Reference(n, p); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
