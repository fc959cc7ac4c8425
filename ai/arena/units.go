package arena

import "math"

// unitSpread gathers a match's game values by unit, the independent draws
// of the match (the pairs of games sharing their opening and dice, or the
// games when unpaired), for the mean of the units' means and its interval.
// Values can be added one at a time, the interval asked after each.
type unitSpread struct {
	units  map[int]*unitSum
	s1, s2 float64 // sums of the units' means and of their squares
}

// unitSum is one unit's values so far.
type unitSum struct {
	sum float64
	n   int
}

// add adds value v of a game of unit u.
func (s *unitSpread) add(u int, v float64) {
	if s.units == nil {
		s.units = map[int]*unitSum{}
	}
	t := s.units[u]
	if t == nil {
		t = &unitSum{}
		s.units[u] = t
	} else {
		m := t.sum / float64(t.n)
		s.s1 -= m
		s.s2 -= m * m
	}
	t.sum += v
	t.n++
	m := t.sum / float64(t.n)
	s.s1 += m
	s.s2 += m * m
}

// interval returns the mean of the units' means with its 95% interval (see
// around).
func (s *unitSpread) interval() (mean, lo, hi float64) {
	if len(s.units) == 0 {
		return 0.5, 0, 1
	}
	mean = s.s1 / float64(len(s.units))
	lo, hi = s.around(mean)
	return mean, lo, hi
}

// around returns the 95% interval around the mean m, by the normal
// approximation over the units' means. With fewer than two units there is
// no spread to measure: the interval is the scores' whole range, [0, 1],
// the interval of a match without games.
func (s *unitSpread) around(m float64) (lo, hi float64) {
	n := float64(len(s.units))
	if n < 2 {
		return 0, 1
	}
	mean := s.s1 / n
	v := max(s.s2-n*mean*mean, 0) / (n - 1)
	half := z95 * math.Sqrt(v/n)
	return m - half, m + half
}
