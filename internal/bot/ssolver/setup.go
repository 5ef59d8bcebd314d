package ssolver

import (
	"trull/internal/card"
	"trull/internal/game"
	"trull/internal/games/strohmandeln"
)

// setup builds the position and the rules of s, a State in the play phase,
// into sv: the playable sets, tops and Strohmänner from the state, the
// contract, the announcements and the finished tricks from its history.
func (sv *Solver) setup(s *strohmandeln.State) (pos, bool) {
	var p pos
	r, ok := s.Rules().(*strohmandeln.Rules)
	if !ok || s.Phase() != "play" {
		return p, false
	}
	g := &sv.g
	if g.r != r {
		g.init(r)
	}
	undertaker, doubled := -1, false
	p.leader, p.lead, p.rossSeat = -1, card.None, -1
	p.left = g.nTricks
	q := p // the finished tricks replayed: the bookkeeping only
	for _, a := range s.History() {
		switch a.Kind {
		case game.KindBid:
			if a.Call == strohmandeln.CallUndertake {
				undertaker = int(a.Seat)
			}
		case game.KindDouble:
			doubled = a.Call == strohmandeln.CallDouble
		case game.KindAnnounce:
			bit := uint8(1) << uint(2*int(a.Seat)+int(a.Call)-1)
			if q.announce&bit == 0 {
				q.announce |= bit
				q.extra += sign(a.Seat)
			}
		case game.KindPlay:
			g.said(&q, a.Seat, a.Card, a.Call)
			if q.lead == card.None {
				q.lead, q.leader = a.Card, a.Seat
				continue
			}
			w := q.leader
			if strohmandeln.Beats(a.Card, q.lead) {
				w = a.Seat
			}
			g.trick(&q, q.lead, a.Card, q.leader, w)
			q.lead, q.leader = card.None, w
		}
	}
	g.setGame(undertaker, doubled)
	p = q
	p.toAct = int8(s.ToAct())
	if p.lead == card.None {
		p.leader = p.toAct
	}
	if p.n0 != int8(s.Won(0).Len()/2) || p.raw0 != int16(r.Pack().Raw(s.Won(0))) {
		return p, false
	}
	for seat := 0; seat < 2; seat++ {
		p.avail[seat] = s.Playable(seat)
		p.own[seat] = s.Playable(seat).Union(s.FaceDown(seat))
		p.tops = p.tops.Union(s.Tops(seat))
		p.live = p.live.Union(s.Playable(seat)).Union(s.FaceDown(seat))
		for k := 0; k < 3; k++ {
			cards, n, turned := s.Strohmann(seat, k)
			stays := r.Opts().LastStrohmannCard == strohmandeln.LastStaysOnTable
			if turned == 0 || turned == n && !stays {
				continue
			}
			// cards[turned-1] is the exposed top, or it was led to the
			// trick in progress and its Strohmann turns up afterwards.
			if top := cards[turned-1]; top == p.lead && int(p.leader) == seat {
				p.leadTop = true
			}
			g.chain(cards[:n], turned-1, stays)
		}
	}
	if p.lead != card.None {
		p.live.Add(p.lead)
	}
	p.rawLive = int16(r.Pack().Raw(p.live))
	return p, true
}

// chain fills the reveal tables of one Strohmann whose card i is its
// exposed top (or was, until it was led to the trick in progress): what
// turns up after each of its tops in turn is played (§3.3 REVEAL).
func (g *rules) chain(cards []card.Card, i int, stays bool) {
	for i >= 0 {
		top := cards[i]
		var add card.Set
		next := -1
		for j := i + 1; j < len(cards); j++ {
			c := cards[j]
			add.Add(c)
			if j == len(cards)-1 {
				if stays {
					next = j
				}
				break
			}
			if c < 64 || c.IsKing() {
				continue
			}
			next = j
			break
		}
		g.revAdd[top] = add
		g.revTop[top] = card.None
		if next >= 0 {
			g.revTop[top] = cards[next]
		}
		i = next
	}
}

// init sets the constants of a variant.
func (g *rules) init(r *strohmandeln.Rules) {
	o := r.Opts()
	pack := r.Pack()
	*g = rules{r: r, thirds: !o.Pack40, extended: o.Scoring == strohmandeln.Extended,
		additive: o.ValatAdditive, penalty: !o.NoSilentBonusFailurePenalty,
		nTricks: int8(r.Tricks()), total: r.Count(pack.Cards), minRaw: 1}
	if o.Pack40 {
		g.minRaw = 0
	}
	for _, c := range pack.Order {
		g.points[c] = int8(pack.Points(c))
	}
	g.bonusCard = [4]card.Card{card.None, card.Pagat, card.None, card.None}
	special := trullSet.Union(kingsSet)
	if g.extended {
		for l := 2; l <= 3; l++ {
			if c := card.Trump(l); pack.Has(c) {
				g.bonusCard[l] = c
			}
		}
		special = special.Union(card.Of(card.Trump(2), card.Trump(3), t17, t18))
	}
	g.plain = pack.Cards.Minus(special)
}

// setGame fills the game-result table for the contract: undertaken by
// undertaker (doubled or not), or a simple game (undertaker −1).
func (g *rules) setGame(undertaker int, doubled bool) {
	o := g.r.Opts()
	win, grammel, loserMax := 107, 135, 77
	if o.Pack40 {
		win, grammel, loserMax = 45, 57, 32
	}
	hasGrammel := func(w, l int) bool {
		if o.GrammelRule == strohmandeln.GrammelLoserUnder26 {
			return l <= loserMax
		}
		return w >= grammel
	}
	for pts0 := 0; pts0 <= g.total; pts0++ {
		pts := [2]int{pts0, g.total - pts0}
		w, v := -1, 0
		switch {
		case undertaker >= 0:
			w, v = undertaker, 3
			if pts[w] < win {
				w, v = 1-w, 4
			}
			if doubled {
				v *= 2
			}
			if g.extended && hasGrammel(pts[w], pts[1-w]) {
				v++
			}
		case pts[0] >= win || pts[1] >= win:
			w, v = 0, 2
			if pts[1] >= win {
				w = 1
			}
			if g.extended {
				v = 1
				if hasGrammel(pts[w], pts[1-w]) {
					v++
				}
			}
		}
		if w == 1 {
			v = -v
		}
		g.gameVal[pts0] = int8(v)
	}
}
