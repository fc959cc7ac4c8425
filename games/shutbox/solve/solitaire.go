package solve

import "sync"

// Solitaire holds the exact solitaire solution of a variant: for every set
// of open tiles, at the start of a turn, the minimal expected final score
// and the maximal probability of shutting the box, each under its own
// optimal policy.
type Solitaire struct {
	Variant
	score, shut *table

	distOnce sync.Once
	dist     []float64 // see scoreDist
}

// NewSolitaire solves both solitaire objectives of a variant.
func NewSolitaire(v Variant) (*Solitaire, error) {
	if err := v.check(); err != nil {
		return nil, err
	}
	g := graphFor(v.Tiles)
	return &Solitaire{
		Variant: v,
		score:   solveTable(v, objective{term: func(a uint16) float64 { return float64(g.sum[a]) }, minimise: true}),
		shut: solveTable(v, objective{term: func(a uint16) float64 {
			if a == 0 {
				return 1
			}
			return 0
		}}),
	}, nil
}

var solitaires cache[Solitaire]

// SolitaireFor returns the solitaire solution of a variant, solved once and
// shared (it is read-only).
func SolitaireFor(v Variant) (*Solitaire, error) { return solitaires.get(v, NewSolitaire) }

// full is the mask of every tile.
func (s *Solitaire) full() uint16 { return uint16(1)<<s.Tiles - 1 }

// ExpectedScore is the minimal expected final score from these open tiles
// at the start of a turn (bit t-1 is tile t).
func (s *Solitaire) ExpectedScore(open uint16) float64 { return s.score.val[open] }

// PShut is the maximal probability of shutting the box from these open
// tiles at the start of a turn.
func (s *Solitaire) PShut(open uint16) float64 { return s.shut.val[open] }

// Start returns the start position's figures: the minimal expected final
// score and the maximal probability of shutting the box.
func (s *Solitaire) Start() (expectedScore, pShut float64) {
	return s.ExpectedScore(s.full()), s.PShut(s.full())
}

// scoreDist returns, for every set of open tiles, the distribution of the
// final score (index: score) when the player minimises the expected score,
// as one flat slice of rows of length max+1.
func (s *Solitaire) scoreDist() []float64 {
	s.distOnce.Do(func() {
		t := s.score
		g := t.g
		w := g.max + 1
		d := make([]float64, g.size*w)
		d[0] = 1 // an empty box ends at 0
		for a := 1; a < g.size; a++ {
			row := d[a*w : (a+1)*w]
			_, nd := turnValue(g, t.v, t, uint16(a))
			rollProb(nd, func(r int, p float64) {
				_, i := bestCover(g, t, uint16(a), r)
				if i < 0 {
					row[g.sum[a]] += p
					return
				}
				b := int(g.after(uint16(a), r)[i])
				for k, x := range d[b*w : (b+1)*w] {
					row[k] += p * x
				}
			})
		}
		s.dist = d
	})
	return s.dist
}
