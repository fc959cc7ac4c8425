package swiss

import (
	"fmt"
	"slices"
)

// budget bounds the candidates a bracket's search visits; past it the
// bracket takes the best pairing found, or the blossom's.
const budget = 200_000

// quality is a candidate's cost under the quality criteria, compared in
// order: colour preferences not granted, strong ones not granted, repeated
// downfloats and upfloats of the last round, then of the round before.
type quality [6]int

func (q quality) less(o quality) bool { return slices.Compare(q[:], o[:]) < 0 }

// search pairs one round, bracket by bracket.
type search struct {
	cs     []card
	played [][]bool
	round  int   // rounds played
	rest   []int // the players of the brackets below the current one
	last   bool  // the current bracket is the last
	m      matcher

	nodes     int
	stop      bool
	found     bool
	best      quality
	bestPairs [][2]int
	bestFloat []int
	cur       [][2]int
}

// Pair returns the next round's pairing of the players (in their initial
// ranking order) after the rounds played, whose games must all be
// finished. Withdrawn players are not paired.
func Pair(players []Player, rounds []Round, rules Rules) (Round, error) {
	cs, played, err := cards(len(players), rounds, rules)
	if err != nil {
		return Round{}, err
	}
	var active []int
	for i, p := range players {
		if !p.Withdrawn {
			active = append(active, i)
		}
	}
	slices.SortFunc(active, func(a, b int) int {
		if higher(cs, a, b) {
			return -1
		}
		return 1
	})
	s := &search{cs: cs, played: played, round: len(rounds)}
	if !s.completable(active) {
		return Round{}, ErrNoPairing
	}
	var pairs [][2]int
	var mdps []int
	for lo := 0; lo < len(active); {
		hi := lo
		for hi < len(active) && cs[active[hi]].score == cs[active[lo]].score {
			hi++
		}
		s.rest, s.last = active[hi:], hi == len(active)
		ps, fl, err := s.bracket(mdps, active[lo:hi])
		if err != nil {
			return Round{}, err
		}
		pairs = append(pairs, ps...)
		mdps = fl
		lo = hi
	}
	rd := Round{Bye: -1}
	if len(mdps) == 1 {
		rd.Bye = mdps[0]
	}
	for _, p := range pairs {
		w, b := allocate(cs, p[0], p[1], rules.Initial)
		rd.Games = append(rd.Games, Game{White: w, Black: b})
	}
	slices.SortStableFunc(rd.Games, func(x, y Game) int {
		hx, hy := top(cs, x), top(cs, y)
		if cs[hx].score != cs[hy].score {
			return cs[hy].score - cs[hx].score
		}
		sx, sy := cs[x.White].score+cs[x.Black].score, cs[y.White].score+cs[y.Black].score
		if sx != sy {
			return sy - sx
		}
		return hx - hy
	})
	return rd, nil
}

// top returns the higher ranked player of g.
func top(cs []card, g Game) int {
	if higher(cs, g.White, g.Black) {
		return g.White
	}
	return g.Black
}

// completable reports whether the players can all be paired, with one
// bye to a player who has not had one when their number is odd.
func (s *search) completable(ps []int) bool {
	n := len(ps)
	bye := n%2 == 1
	if bye {
		n++
	}
	s.m.reset(n)
	for i, a := range ps {
		for j := i + 1; j < len(ps); j++ {
			if s.compatible(a, ps[j]) {
				s.m.edge(i, j)
			}
		}
		if bye && !s.cs[a].hadBye {
			s.m.edge(i, n-1)
		}
	}
	return s.m.solve()*2 == n
}

// bracket pairs the moved-down players mdps and the residents of one
// score group, and returns the pairs and the players floating down.
func (s *search) bracket(mdps, res []int) ([][2]int, []int, error) {
	all := append(slices.Clone(mdps), res...)
	s.m.reset(len(all))
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if s.compatible(all[i], all[j]) {
				s.m.edge(i, j)
			}
		}
	}
	maxP := s.m.solve()
	s.nodes = 0
	for p := maxP; p >= 0; p-- {
		if s.pairs(mdps, res, p) {
			return s.bestPairs, s.bestFloat, nil
		}
		if s.nodes > budget {
			break
		}
	}
	return s.fallback(all)
}

// pairs looks for the best candidate of p pairs, the most moved-down
// players paired first, and reports whether it found one.
func (s *search) pairs(mdps, res []int, p int) bool {
	for m1 := min(len(mdps), p, len(res)); m1 >= 0; m1-- {
		if 2*(p-m1) > len(res)-m1 {
			continue
		}
		for _, class := range mdpChoices(s.cs, mdps, m1) {
			s.found, s.stop, s.cur = false, false, s.cur[:0]
			for _, s1 := range class {
				limbo := without(mdps, s1)
				s.hetero(s1, res, make([]bool, len(res)), 0, p-m1, limbo, quality{})
				if s.stop {
					break
				}
			}
			if s.found || s.nodes > budget {
				return s.found
			}
		}
	}
	return false
}

// hetero pairs the moved-down players s1[i:] with residents in the order
// of the transpositions, then the remaining residents in p pairs.
func (s *search) hetero(s1, res []int, used []bool, i, p int, limbo []int, q quality) {
	if i == len(s1) {
		var rem []int
		for j, r := range res {
			if !used[j] {
				rem = append(rem, r)
			}
		}
		s.homo(rem, p, q, func(q quality, unpaired []int) {
			s.leaf(q, append(slices.Clone(limbo), unpaired...))
		})
		return
	}
	a := s1[i]
	for j, b := range res {
		if s.stop || used[j] || !s.compatible(a, b) {
			continue
		}
		if s.nodes++; s.nodes > budget {
			s.stop = true
			return
		}
		nq := q
		miss, strong := s.colourCost(a, b)
		nq[0], nq[1] = nq[0]+miss, nq[1]+strong
		if s.floated(b, 1, up) {
			nq[3]++
		}
		if s.floated(b, 2, up) {
			nq[5]++
		}
		if s.found && !nq.less(s.best) {
			continue
		}
		used[j] = true
		s.cur = append(s.cur, [2]int{a, b})
		s.hetero(s1, res, used, i+1, p, limbo, nq)
		s.cur = s.cur[:len(s.cur)-1]
		used[j] = false
	}
}

// floated reports whether player i received float f ago rounds ago.
func (s *search) floated(i, ago int, f float) bool {
	r := s.round - ago
	return r >= 0 && r < len(s.cs[i].floats) && s.cs[i].floats[r] == f
}

// leaf judges a complete candidate of the bracket with its downfloaters.
func (s *search) leaf(q quality, floaters []int) {
	if s.stop {
		return
	}
	for _, f := range floaters {
		if s.floated(f, 1, down) {
			q[2]++
		}
		if s.floated(f, 2, down) {
			q[4]++
		}
	}
	if s.found && !q.less(s.best) {
		return
	}
	s.nodes += 10
	if s.last {
		if len(floaters) > 1 || len(floaters) == 1 && s.cs[floaters[0]].hadBye {
			return
		}
	} else if !s.completable(append(slices.Clone(floaters), s.rest...)) {
		return
	}
	s.found, s.best = true, q
	s.bestPairs = slices.Clone(s.cur)
	s.bestFloat = floaters
	if q == (quality{}) || s.nodes > budget {
		s.stop = true
	}
}

// fallback pairs a bracket whose search ran out of budget: the pairs a
// maximum matching of the bracket and the players below makes inside the
// bracket, the others floating down.
func (s *search) fallback(all []int) ([][2]int, []int, error) {
	if s.found {
		return s.bestPairs, s.bestFloat, nil
	}
	ps := append(slices.Clone(all), s.rest...)
	if !s.completable(ps) {
		return nil, nil, fmt.Errorf("%w: the players from the bracket down cannot be paired", ErrNoPairing)
	}
	var pairs [][2]int
	var fl []int
	for i := range all {
		j := s.m.match[i]
		switch {
		case j >= 0 && j < len(all) && i < j:
			pairs = append(pairs, [2]int{all[i], all[j]})
		case j < 0 || j >= len(all):
			fl = append(fl, all[i])
		}
	}
	return pairs, fl, nil
}

// without returns xs without the elements of ys, in order.
func without(xs, ys []int) []int {
	var out []int
	for _, x := range xs {
		if !slices.Contains(ys, x) {
			out = append(out, x)
		}
	}
	return out
}
