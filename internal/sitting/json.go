package sitting

import (
	"encoding/json"
	"errors"
	"fmt"

	"trull/internal/game"
)

// stored is the JSON form of a Sitting, for the server's store. The rules
// are kept as the game name and record options and rebuilt through the
// game registry, so the game's package must be linked into the program that
// loads a sitting.
type stored struct {
	Game        string                     `json:"game"`
	Variant     string                     `json:"variant"`
	Options     map[string]json.RawMessage `json:"options"`
	Players     []string                   `json:"players"`
	Seed        string                     `json:"seed"`
	FirstDealer int                        `json:"first_dealer"`
	End         EndRule                    `json:"end"`
	Stack       bool                       `json:"stack,omitempty"`
	Dealer      int                        `json:"dealer"`
	NextDeal    int                        `json:"next_deal"`
	InHand      bool                       `json:"in_hand,omitempty"`
	HandDeal    int                        `json:"hand_deal"`
	CloseLeft   int                        `json:"close_left"`
	Pending     bool                       `json:"pending,omitempty"`
	Requester   int                        `json:"requester"`
	Over        bool                       `json:"over,omitempty"`
	Windows     []int                      `json:"windows"`
	Sheet       []Row                      `json:"sheet"`
	Totals      []int                      `json:"totals"`
}

// MarshalJSON stores the whole sitting: variant, players, seed, dealer,
// sheet, end-rule state and doubling windows.
func (s *Sitting) MarshalJSON() ([]byte, error) {
	opts := map[string]json.RawMessage{}
	for k, v := range s.rules.Options() {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("sitting: option %s: %w", k, err)
		}
		opts[k] = b
	}
	sheet := s.Sheet()
	windows := append([]int{}, s.windows...)
	return json.Marshal(stored{
		Game: s.rules.Game(), Variant: s.rules.String(), Options: opts, Players: s.players,
		Seed: s.seed, FirstDealer: s.first, End: s.end, Stack: s.stack, Dealer: s.dealer,
		NextDeal: s.nextDeal, InHand: s.inHand, HandDeal: s.handDeal, CloseLeft: s.closeLeft,
		Pending: s.pending, Requester: s.requester, Over: s.over, Windows: windows,
		Sheet: sheet, Totals: s.totals,
	})
}

// UnmarshalJSON restores a sitting stored by MarshalJSON. The game must be
// registered (its package imported).
func (s *Sitting) UnmarshalJSON(data []byte) error {
	var st stored
	if err := json.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("sitting: %w", err)
	}
	info, ok := game.Lookup(st.Game)
	if !ok {
		return fmt.Errorf("sitting: unknown game %q (is its package imported?)", st.Game)
	}
	r, err := info.New(st.Options, len(st.Players))
	if err != nil {
		return fmt.Errorf("sitting: %w", err)
	}
	if r.String() != st.Variant {
		return fmt.Errorf("sitting: stored variant %s rebuilds as %s", st.Variant, r)
	}
	n := r.Seats()
	switch {
	case st.Dealer < 0 || st.Dealer >= n || st.FirstDealer < 0 || st.FirstDealer >= n:
		return errors.New("sitting: stored dealer is not a seat")
	case len(st.Totals) != n:
		return fmt.Errorf("sitting: stored totals have %d seats, want %d", len(st.Totals), n)
	case st.NextDeal < 0 || st.HandDeal < 0:
		return errors.New("sitting: stored deal index is negative")
	}
	played := 0
	for i, row := range st.Sheet {
		if len(row.Score) != n || len(row.Totals) != n {
			return fmt.Errorf("sitting: sheet row %d has the wrong number of seats", i)
		}
		if !row.Redeal {
			played++
		}
	}
	*s = Sitting{
		rules: r, players: st.Players, seed: st.Seed, first: st.FirstDealer, end: st.End,
		stack: st.Stack, dealer: st.Dealer, nextDeal: st.NextDeal, played: played,
		inHand: st.InHand, handDeal: st.HandDeal, rows: st.Sheet, totals: st.Totals,
		closeLeft: st.CloseLeft, pending: st.Pending, requester: st.Requester, over: st.Over,
	}
	if len(st.Windows) > 0 {
		s.windows = st.Windows
	}
	return nil
}
