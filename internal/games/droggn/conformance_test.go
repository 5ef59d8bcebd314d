package droggn

import (
	"fmt"
	"testing"

	"trull/internal/game"
	"trull/internal/gametest"
)

// variants lists option combinations covering every option value.
var variants = []struct {
	players int
	opts    string
}{
	{3, ""},
	{4, ""},
	{3, "pack=78"},
	{4, "pack=78,talonPosition=afterSecondBatch"},
	{3, "talonPosition=afterSecondBatch,dealPattern=5-5-5-3-3"},
	{3, "exposeTalonInAnsager=true,buyOfferRestricted=true"},
	{3, "gstiessLastTrick=illegal,kleineUndGstiessUltimo=true"},
	{4, "gstiessLastTrick=illegal,winRule=38"},
	{3, "winRule=37tieLastTrick,superMordPagatScoring=separate"},
	{3, "kingDiscardRule=atLeastOneTrump,maxDoublings=2"},
	{3, "maxDoublings=0,defenderLayoutTiming=withDoublingTurn"},
	{4, "defenderLayoutTiming=withDoublingTurn,superMordPagatScoring=separate"},
}

// final checks the card-point invariants of a finished hand.
func final(st game.State) error {
	s := st.(*State)
	res := s.Result()
	if s.contract == NoContract {
		for i := range res.Score {
			if res.Score[i] != 0 || res.CardPoints[i] != 0 {
				return fmt.Errorf("thrown-in hand scores %v", res)
			}
		}
		return nil
	}
	total := 74
	if s.r.pack.Size() == 78 {
		total = 78
	}
	d := res.CardPoints[s.declarer]
	o := res.CardPoints[s.defs[0]]
	if !s.stopped && d+o != total {
		return fmt.Errorf("card points %d + %d != %d", d, o, total)
	}
	return nil
}

func TestConformance(t *testing.T) {
	hands := 1000
	if testing.Short() {
		hands = 60
	}
	for _, v := range variants {
		r := MustParse(v.players, v.opts)
		t.Run(r.String(), func(t *testing.T) {
			gametest.Run(t, gametest.Config{Rules: r, Hands: hands, Seed: 1, CheckEvery: 9, Final: final})
		})
	}
}
