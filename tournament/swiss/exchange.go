package swiss

import (
	"slices"
)

// maxChoices bounds the exchanges or moved-down subsets generated at one
// size; a bracket that needs more is paired by the fallback.
const maxChoices = 100_000

// homo enumerates the pairings of the players ps (ranked, all of one score
// for the pairing's purposes) in p pairs in the Dutch order — S1 the p
// highest against S2, the transpositions of S2, then the exchanges between
// S1 and S2 — and calls leaf with each candidate's cost and unpaired
// players, the pairs being in s.cur.
func (s *search) homo(ps []int, p int, q quality, leaf func(quality, []int)) {
	if p == 0 {
		leaf(q, ps)
		return
	}
	n := len(ps)
	used := make([]bool, n-p)
	s1, s2 := make([]int, p), make([]int, n-p)
	for k := 0; k <= p && k <= n-p; k++ {
		xs := exchanges(p, n, k)
		if xs == nil {
			return
		}
		for _, x := range xs {
			split(ps, p, x, s1, s2)
			s.transpose(s1, s2, used, 0, q, leaf)
			if s.stop {
				return
			}
		}
	}
}

// transpose pairs s1[i:] with the players of s2 in the order of the
// transpositions of S2.
func (s *search) transpose(s1, s2 []int, used []bool, i int, q quality, leaf func(quality, []int)) {
	if i == len(s1) {
		var un []int
		for j, b := range s2 {
			if !used[j] {
				un = append(un, b)
			}
		}
		leaf(q, un)
		return
	}
	a := s1[i]
	for j, b := range s2 {
		if s.stop {
			return
		}
		if used[j] || !s.compatible(a, b) {
			continue
		}
		if s.nodes++; s.nodes > budget {
			s.stop = true
			return
		}
		nq := q
		miss, strong := s.colourCost(a, b)
		nq[0], nq[1] = nq[0]+miss, nq[1]+strong
		if s.found && !nq.less(s.best) {
			continue
		}
		used[j] = true
		s.cur = append(s.cur, [2]int{a, b})
		s.transpose(s1, s2, used, i+1, nq, leaf)
		s.cur = s.cur[:len(s.cur)-1]
		used[j] = false
	}
}

// exchange moves the players at positions from1 (in S1) to S2 and those
// at from2 (in S2) to S1; positions are 0-based bracket sequence numbers.
type exchange struct{ from1, from2 []int }

// exchanges lists the exchanges of k players between S1 (positions 0 to
// p-1) and S2 (p to n-1) in the Handbook's order (C.04.3 D.2): the smallest
// difference between the sums of the sequence numbers moved to S1 and to
// S2, then the highest different number moved from S1, then the lowest
// different number moved from S2. It returns nil past maxChoices.
func exchanges(p, n, k int) []exchange {
	if k == 0 {
		return []exchange{{}}
	}
	c1, c2 := combinations(0, p, k), combinations(p, n, k)
	if c1 == nil || c2 == nil || len(c1)*len(c2) > maxChoices {
		return nil
	}
	xs := make([]exchange, 0, len(c1)*len(c2))
	for _, a := range c1 {
		for _, b := range c2 {
			xs = append(xs, exchange{a, b})
		}
	}
	slices.SortStableFunc(xs, func(x, y exchange) int {
		if d := (sum(x.from2) - sum(x.from1)) - (sum(y.from2) - sum(y.from1)); d != 0 {
			return d
		}
		for i := k - 1; i >= 0; i-- { // from S1: the highest numbers first
			if x.from1[i] != y.from1[i] {
				return y.from1[i] - x.from1[i]
			}
		}
		for i := range k { // from S2: the lowest numbers first
			if x.from2[i] != y.from2[i] {
				return x.from2[i] - y.from2[i]
			}
		}
		return 0
	})
	return xs
}

// split fills s1 and s2 with the players of ps after the exchange x, each
// in ranking order.
func split(ps []int, p int, x exchange, s1, s2 []int) {
	i1, i2 := 0, 0
	for pos, pl := range ps {
		in1 := pos < p
		if slices.Contains(x.from1, pos) || slices.Contains(x.from2, pos) {
			in1 = !in1
		}
		if in1 {
			s1[i1] = pl
			i1++
		} else {
			s2[i2] = pl
			i2++
		}
	}
}

// combinations lists the k-element subsets of [lo, hi) in lexicographic
// order, or nil past maxChoices.
func combinations(lo, hi, k int) [][]int {
	var out [][]int
	c := make([]int, k)
	var rec func(i, from int) bool
	rec = func(i, from int) bool {
		if i == k {
			out = append(out, slices.Clone(c))
			return len(out) <= maxChoices
		}
		for v := from; v <= hi-(k-i); v++ {
			c[i] = v
			if !rec(i+1, v+1) {
				return false
			}
		}
		return true
	}
	if !rec(0, lo) {
		return nil
	}
	return out
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// mdpChoices lists the sets of m moved-down players that may be paired,
// in classes of equal total score, the highest first: within a class, in
// lexicographic order of their ranks.
func mdpChoices(cs []card, mdps []int, m int) [][][]int {
	pos := combinations(0, len(mdps), m)
	if pos == nil {
		pos = [][]int{make([]int, m)}
		for i := range m {
			pos[0][i] = i
		}
	}
	total := func(c []int) int {
		t := 0
		for _, i := range c {
			t += cs[mdps[i]].score
		}
		return t
	}
	slices.SortStableFunc(pos, func(a, b []int) int { return total(b) - total(a) })
	var classes [][][]int
	for i, c := range pos {
		set := make([]int, m)
		for j, x := range c {
			set[j] = mdps[x]
		}
		if i == 0 || total(c) != total(pos[i-1]) {
			classes = append(classes, nil)
		}
		classes[len(classes)-1] = append(classes[len(classes)-1], set)
	}
	return classes
}
