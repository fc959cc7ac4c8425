package solve

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"plateau/game"
	"plateau/games/shutbox"
)

// Objective is what a policy optimises for the player to move.
type Objective int8

const (
	// Auto chooses by the number of players: MaxShut alone (shutting the
	// box is the solitaire win), MaxWin otherwise.
	Auto Objective = iota
	// MinScore minimises the expected final score of the player's box.
	MinScore
	// MaxShut maximises the probability of shutting the box.
	MaxShut
	// MaxWin maximises the probability of winning plus a share of a tie:
	// exact for one and two players (one half for a tie), the race
	// heuristic for three and four (see the package doc).
	MaxWin
)

func (o Objective) String() string {
	switch o {
	case Auto:
		return "auto"
	case MinScore:
		return "expected_score"
	case MaxShut:
		return "p_shut"
	case MaxWin:
		return "win"
	}
	return fmt.Sprintf("Objective(%d)", int(o))
}

// Policy plays the optimal policy of an objective.
type Policy struct {
	Objective Objective
}

// BestMove returns the move of the exact policy for the player to move
// (Policy{Auto}): the AI's hardest level. s must be a Shut the Box state
// waiting for a player's die choice or cover.
func BestMove(s game.State) (game.Move, error) { return Policy{}.Move(s) }

// Move returns the policy's move in s, a *shutbox.State waiting for a
// player's die choice or cover. The first call for a variant solves its
// tables (for two players on 12 tiles: seconds and 64 MiB, then shared).
func (p Policy) Move(s game.State) (game.Move, error) {
	st, err := asState(s)
	if err != nil {
		return 0, err
	}
	d, err := newDecision(st, p.Objective)
	if err != nil {
		return 0, err
	}
	switch st.Phase() {
	case shutbox.Choose:
		_, n := turnValue(d.g, d.v, d.sc, d.a)
		return shutbox.ChooseMove(n), nil
	}
	nx := d.g.after(d.a, st.Roll())
	_, i := bestCover(d.g, d.sc, d.a, st.Roll())
	return shutbox.CoverMove(d.a ^ nx[i]), nil
}

// asState checks that s is a Shut the Box state waiting for a player.
func asState(s game.State) (*shutbox.State, error) {
	st, ok := s.(*shutbox.State)
	if !ok {
		return nil, fmt.Errorf("shutbox solve: %T is not a Shut the Box state", s)
	}
	switch st.Phase() {
	case shutbox.Roll:
		return nil, errors.New("shutbox solve: the dice must be rolled first (the chance player is to move)")
	case shutbox.Over:
		return nil, fmt.Errorf("shutbox solve: %w", game.ErrGameOver)
	}
	return st, nil
}

// decision is the current player's problem: open tiles a and the scorer
// of the objective.
type decision struct {
	g  *graph
	v  Variant
	a  uint16
	sc scorer
}

func newDecision(st *shutbox.State, obj Objective) (decision, error) {
	r := st.Rules()
	v := VariantOf(r)
	p := st.Turn()
	d := decision{g: graphFor(v.Tiles), v: v, a: st.Open(p)}
	if obj == Auto {
		obj = MaxWin
		if r.Players == 1 {
			obj = MaxShut
		}
	}
	if obj == MaxWin && r.Players == 1 {
		obj = MaxShut
	}
	sol, err := SolitaireFor(v)
	if err != nil {
		return d, err
	}
	switch obj {
	case MinScore:
		d.sc = sol.score
	case MaxShut:
		d.sc = sol.shut
	case MaxWin:
		if r.Players == 2 && !st.Done(1-p) {
			tp, err := TwoPlayerFor(v)
			if err != nil {
				return d, err
			}
			d.sc = vsActive{t: tp, b: st.Open(1 - p)}
			break
		}
		d.sc = race(st, sol)
	default:
		return d, fmt.Errorf("shutbox solve: unknown objective %d", obj)
	}
	return d, nil
}

// race is the multi-player scorer: every opponent still in play is assumed
// to end with the distribution of final scores of the minimal-expected-
// score policy from its open tiles, independently; an opponent who no
// longer plays has a known score. The player's value for ending on x is the
// expected share of first place: each opponent above x is beaten, each one
// at x shares. The player then maximises that value exactly (a solitaire
// DP with that terminal value). With every opponent out of play this is
// exact.
func race(st *shutbox.State, sol *Solitaire) *table {
	g := graphFor(sol.Tiles)
	w := g.max + 1
	dist := sol.scoreDist()
	me := st.Turn()
	share := make([]float64, w)
	for x := range share {
		// poly[k]: probability that exactly k opponents tie at x and the
		// others are above x.
		poly := []float64{1}
		for q := range st.Players() {
			if q == me {
				continue
			}
			var above, at float64
			if st.Done(q) {
				switch sc := st.Score(q); {
				case sc > x:
					above = 1
				case sc == x:
					at = 1
				}
			} else {
				row := dist[int(st.Open(q))*w : (int(st.Open(q))+1)*w]
				at = row[x]
				for _, p := range row[x+1:] {
					above += p
				}
			}
			next := make([]float64, len(poly)+1)
			for k, c := range poly {
				next[k] += c * above
				next[k+1] += c * at
			}
			poly = next
		}
		for k, c := range poly {
			share[x] += c / float64(k+1)
		}
	}
	return solveSubsets(sol.Variant, objective{term: func(a uint16) float64 { return share[g.sum[a]] }}, st.Open(me))
}

// Choice is one legal move of the player to move with its exact value
// under each objective.
type Choice struct {
	// Move is the move's notation ("roll1", "8+1").
	Move string `json:"move"`
	// ExpectedScore is the player's minimal expected final score after
	// this move.
	ExpectedScore float64 `json:"expected_score"`
	// PShut is the player's maximal probability of shutting the box after
	// this move.
	PShut float64 `json:"p_shut"`
	// Win is the value of MaxWin after this move (several players only):
	// exact for two players, the race heuristic's estimate for three and
	// four.
	Win *float64 `json:"win,omitempty"`
}

// Analyze lists every legal move of the player to move in s with its
// values, best first for the Auto objective (ties: lower expected score
// first). s must be waiting for a die choice or a cover.
func Analyze(s game.State) ([]Choice, error) {
	st, err := asState(s)
	if err != nil {
		return nil, err
	}
	objs := []Objective{MinScore, MaxShut}
	if st.Players() > 1 {
		objs = append(objs, MaxWin)
	}
	ms := st.Moves(nil)
	vals := make([][]float64, len(ms))
	for i := range vals {
		vals[i] = make([]float64, len(objs))
	}
	for j, obj := range objs {
		d, err := newDecision(st, obj)
		if err != nil {
			return nil, err
		}
		for i, m := range ms {
			if n := shutbox.DiceOf(m); n != 0 {
				vals[i][j] = diceValue(d.g, d.sc, d.a, n)
			} else {
				c, _ := shutbox.CoverOf(m)
				vals[i][j] = d.sc.after(d.a &^ c)
			}
		}
	}
	out := make([]Choice, len(ms))
	for i, m := range ms {
		out[i] = Choice{Move: st.FormatMove(m), ExpectedScore: vals[i][0], PShut: vals[i][1]}
		if len(objs) == 3 {
			w := vals[i][2]
			out[i].Win = &w
		}
	}
	key := func(c Choice) float64 {
		switch {
		case c.Win != nil:
			return -*c.Win
		case st.Players() == 1:
			return -c.PShut
		}
		return c.ExpectedScore
	}
	slices.SortStableFunc(out, func(x, y Choice) int {
		if kx, ky := key(x), key(y); math.Abs(kx-ky) > 1e-12 {
			if kx < ky {
				return -1
			}
			return 1
		}
		if x.ExpectedScore < y.ExpectedScore {
			return -1
		}
		if x.ExpectedScore > y.ExpectedScore {
			return 1
		}
		return 0
	})
	return out, nil
}
