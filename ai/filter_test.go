package ai

import (
	"cmp"
	"context"
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"plateau/ai/internal/toy"
	"plateau/game"
)

// noisyEval is a deterministic evaluation that scatters positions over
// (0, 1) by the hash of their text, for player 0 (1 - it for player 1): a
// 0-ply look that is often wrong, so that filters change what a search
// finds.
func noisyEval(s game.State, p game.Player) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(p)
	}
	h := fnv.New64a()
	h.Write([]byte(s.Position()))
	v := float64(h.Sum64()%1000+1) / 1002
	if p == 1 {
		return 1 - v
	}
	return v
}

// filteredValue is what a Search with s's filters finds for st, computed
// without alpha-beta, Star1 or table: plain expectimax-minimax where the
// decision nodes below the root with at least two plies left search only
// the moves s.Filter keeps by their 0-ply values.
func filteredValue(s *Search, st game.State, root game.Player, depth, ply int) float64 {
	leaf := func(c game.State, ply int) float64 {
		if c.ToMove() == game.Nobody {
			return terminalValue(c.Outcome(), root, ply)
		}
		return heuristic(s.Eval(c, root))
	}
	switch p := st.ToMove(); {
	case p == game.Nobody:
		return terminalValue(st.Outcome(), root, ply)
	case depth <= 0:
		return leaf(st, ply)
	case p == game.Chance:
		cms := st.ChanceMoves(nil)
		total := float64(game.TotalWeight(cms))
		v := 0.0
		for _, cm := range cms {
			c := st.Clone()
			c.Play(cm.Move)
			v += float64(cm.Weight) / total * filteredValue(s, c, root, depth, ply+1)
		}
		return v
	default:
		maximizing := p == root
		moves := st.Moves(nil)
		if ply > 0 && s.Filter.Keep > 0 && depth >= 2 && len(moves) > s.Filter.Keep {
			r := make([]rankedMove, len(moves))
			for i, m := range moves {
				c := st.Clone()
				c.Play(m)
				r[i] = rankedMove{m, leaf(c, ply+1)}
			}
			slices.SortStableFunc(r, func(a, b rankedMove) int {
				if maximizing {
					return cmp.Compare(b.v, a.v)
				}
				return cmp.Compare(a.v, b.v)
			})
			n := s.Filter.kept(len(r), func(i int) float64 { return r[i].v }, maximizing)
			moves = moves[:n]
			for i := range moves {
				moves[i] = r[i].m
			}
		}
		best := math.Inf(1)
		if maximizing {
			best = math.Inf(-1)
		}
		for _, m := range moves {
			c := st.Clone()
			c.Play(m)
			v := filteredValue(s, c, root, depth-1, ply+1)
			if maximizing {
				best = max(best, v)
			} else {
				best = min(best, v)
			}
		}
		return best
	}
}

// filteredRoot is the root's value as iterative deepening with s's root
// filters finds it: every move at depth 1, then at each depth the moves the
// filter keeps by their values one depth less; depth is s's limit.
func filteredRoot(s *Search, st game.State) float64 {
	root := st.ToMove()
	moves := st.Moves(nil)
	var vals []float64
	for d := 1; ; d++ {
		vals = vals[:0]
		for _, m := range moves {
			c := st.Clone()
			c.Play(m)
			vals = append(vals, filteredValue(s, c, root, d-1, 1))
		}
		if d == s.Limits.Depth {
			return slices.Max(vals)
		}
		idx := make([]int, len(moves))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
		sm, sv := make([]game.Move, len(idx)), make([]float64, len(idx))
		for i, j := range idx {
			sm[i], sv[i] = moves[j], vals[j]
		}
		n := s.rootFilter(d).kept(len(sv), func(i int) float64 { return sv[i] }, true)
		moves = sm[:n]
		if n == 1 {
			return sv[0]
		}
	}
}

func TestMoveFilterKept(t *testing.T) {
	desc := []float64{0.9, 0.85, 0.8, 0.7, 0.6}
	asc := []float64{0.1, 0.15, 0.2, 0.3, 0.4}
	tests := []struct {
		f          MoveFilter
		vals       []float64
		maximizing bool
		want       int
	}{
		{MoveFilter{}, desc, true, 5},
		{MoveFilter{Keep: 1}, desc, true, 1},
		{MoveFilter{Keep: 2}, desc, true, 2},
		{MoveFilter{Keep: 9}, desc, true, 5},
		{MoveFilter{Keep: 1, Extra: 3, Margin: 0.12}, desc, true, 3},
		{MoveFilter{Keep: 1, Extra: 1, Margin: 0.12}, desc, true, 2},
		{MoveFilter{Keep: 3, Extra: 5, Margin: 0.01}, desc, true, 3},
		{MoveFilter{Keep: 1, Extra: 9, Margin: 1}, desc, true, 5},
		{MoveFilter{Keep: 1, Extra: 3, Margin: 0.12}, asc, false, 3},
		{MoveFilter{Keep: 2, Extra: 1, Margin: 0.01}, asc, false, 2},
	}
	for _, tt := range tests {
		if got := tt.f.kept(len(tt.vals), func(i int) float64 { return tt.vals[i] }, tt.maximizing); got != tt.want {
			t.Errorf("%+v.kept(%v, max %v) = %d, want %d", tt.f, tt.vals, tt.maximizing, got, tt.want)
		}
	}
}

// TestSearchFilters checks the filtered search's value against filteredRoot
// in a dice game with a misleading evaluation, from several rolls, with and
// without the table, and that the filters do change the value and save
// nodes.
func TestSearchFilters(t *testing.T) {
	filters := []struct {
		name  string
		root  []MoveFilter
		inner MoveFilter
	}{
		{"inner keep 1", nil, MoveFilter{Keep: 1}},
		{"inner keep 1 + margin", nil, MoveFilter{Keep: 1, Extra: 1, Margin: 0.2}},
		{"inner keep 2", nil, MoveFilter{Keep: 2}},
		{"root margin", []MoveFilter{{Keep: 1, Extra: 5, Margin: 0.3}}, MoveFilter{}},
		{"root two levels + inner", []MoveFilter{{Keep: 1, Extra: 2, Margin: 0.4}, {Keep: 1, Extra: 1, Margin: 0.05}}, MoveFilter{Keep: 1}},
	}
	changed, saved := 0, 0
	for _, f := range filters {
		for _, ttBits := range []int{0, -1} {
			for roll := game.Move(1); roll <= 3; roll++ {
				for _, start := range []int{0, 1} {
					st := toy.NewDice(2, 3)
					st.Scores[0] = start
					play(t, st, roll)
					s := NewSearch(Limits{Depth: 4}, noisyEval)
					s.RootFilters, s.Filter, s.TTBits = f.root, f.inner, ttBits
					d, err := s.Choose(context.Background(), st)
					if err != nil {
						t.Fatal(err)
					}
					want := unheuristic(filteredRoot(s, st))
					if math.Abs(d.Score-want) > 1e-9 {
						t.Errorf("%s, table bits %d, roll %d, start %d: score %.9f, want %.9f", f.name, ttBits, roll, start, d.Score, want)
					}
					if d.Proven {
						t.Errorf("%s, roll %d: a filtered value is proven", f.name, roll)
					}
					full := NewSearch(Limits{Depth: 4}, noisyEval)
					full.TTBits = ttBits
					fd, err := full.Choose(context.Background(), st)
					if err != nil {
						t.Fatal(err)
					}
					if math.Abs(fd.Score-d.Score) > 1e-9 {
						changed++
					}
					if d.Nodes < fd.Nodes {
						saved++
					}
				}
			}
		}
	}
	if changed == 0 || saved == 0 {
		t.Errorf("the filters changed %d values and saved nodes %d times: the test does not test them", changed, saved)
	}
}

// TestRootSearchMargin checks that a root search with a margin gets the
// exact value of every move within the margin of the best and a bound
// below the best less the margin for the others, as the root filters need.
func TestRootSearchMargin(t *testing.T) {
	for _, margin := range []float64{0.05, 0.2, 1} {
		for roll := game.Move(1); roll <= 3; roll++ {
			st := toy.NewDice(2, 3)
			play(t, st, roll)
			s := NewSearch(Limits{Depth: 3}, noisyEval)
			s.init(context.Background())
			s.root = st.ToMove()
			moves := st.Moves(nil)
			scores := make([]float64, len(moves))
			_, best, _, _, _ := s.rootSearch(st, moves, scores, 3, margin)
			for i, m := range moves {
				c := st.Clone()
				c.Play(m)
				want := filteredValue(s, c, s.root, 2, 1)
				switch {
				case want >= best-margin && math.Abs(scores[i]-want) > 1e-12:
					t.Errorf("margin %v, roll %d, move %d: %.9f, want %.9f (best %.9f)", margin, roll, m, scores[i], want, best)
				case want < best-margin && (scores[i] < want-1e-12 || scores[i] > best-margin+1e-12):
					t.Errorf("margin %v, roll %d, move %d: bound %.9f is not between %.9f and %.9f", margin, roll, m, scores[i], want, best-margin)
				}
			}
		}
	}
}
