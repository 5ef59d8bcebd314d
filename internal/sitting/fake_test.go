package sitting

import (
	"errors"
	"math/rand/v2"

	"trull/internal/card"
	"trull/internal/game"
)

// script is a test game whose hands end at once with results given in
// advance: hand i (in dealing order) returns results[i]. The deal passes to
// the next seat after a played hand and stays after a redeal, as in
// Strohmandeln and Troggu.
type script struct {
	seats   int
	results []game.Result
	dealt   int
	opts    map[string]any
}

func (r *script) Game() string                               { return "script" }
func (r *script) String() string                             { return "script()" }
func (r *script) Seats() int                                 { return r.seats }
func (r *script) Pack() *card.Pack                           { return card.Stroh54 }
func (r *script) Options() map[string]any                    { return r.opts }
func (r *script) EncodeAction(game.Action) game.RecordAction { return game.RecordAction{} }
func (r *script) Describe(game.Action, card.Lang) string     { return "" }

func (r *script) NewState(_ []card.Card, dealer int) (game.State, error) {
	if r.dealt >= len(r.results) {
		return nil, errors.New("script: no more results")
	}
	res := r.results[r.dealt]
	r.dealt++
	return &scriptState{r: r, dealer: dealer, res: res}, nil
}

func (r *script) Resample(game.View, *rand.Rand) (game.State, error) {
	return nil, errors.New("script: no resampling")
}

func (r *script) DecodeAction(game.State, game.RecordAction) ([]game.Action, error) {
	return nil, errors.New("script: no actions")
}

func (r *script) NextDealer(dealer int, res game.Result) int {
	if res.Redeal {
		return dealer
	}
	return (dealer + 1) % r.seats
}

// scriptState is a finished hand of the script game.
type scriptState struct {
	r      *script
	dealer int
	res    game.Result
}

func (s *scriptState) Rules() game.Rules                     { return s.r }
func (s *scriptState) Dealer() int                           { return s.dealer }
func (s *scriptState) Phase() string                         { return "done" }
func (s *scriptState) ToAct() int                            { return -1 }
func (s *scriptState) Legal(dst []game.Action) []game.Action { return dst }
func (s *scriptState) Apply(game.Action) error {
	return game.Illegal(game.CodeHandOver, nil, "the hand is over")
}
func (s *scriptState) ApplyUnchecked(game.Action)              {}
func (s *scriptState) Clone() game.State                       { c := *s; return &c }
func (s *scriptState) View(game.Viewer) game.View              { return nil }
func (s *scriptState) MayKnow(game.Viewer) card.Set            { return card.Set{} }
func (s *scriptState) SeenAction(game.Viewer, int) game.Action { return game.Action{} }
func (s *scriptState) History() []game.Action                  { return nil }
func (s *scriptState) Done() bool                              { return true }
func (s *scriptState) Result() game.Result                     { return s.res }

// played returns a two-player result worth pts to seat 0 (negative: to
// seat 1), optionally triggering a Nullrunde.
func played(pts int, double bool) game.Result {
	return game.Result{Contract: "undertaken", Declarer: 0, Partner: -1, Double: double, Score: []int{pts, -pts}}
}

// redeal returns a folded hand.
func redeal() game.Result {
	return game.Result{Contract: "fold", Declarer: -1, Partner: -1, Redeal: true, Score: []int{0, 0}}
}

func (r *script) Traits() game.Traits { return game.Traits{Scale: game.HalfScale(r.Pack())} }
