package arena

import (
	"math"
	"slices"
	"time"
)

type Stats struct {
	Moves     int           `json:"moves"`
	TotalTime time.Duration `json:"-"`
	MaxTime   time.Duration `json:"-"`
	AvgMillis float64       `json:"avgMillis"`
	MaxMillis float64       `json:"maxMillis"`
	Nodes     int64         `json:"nodes"`
	AvgNodes  float64       `json:"avgNodes"`
	MaxNodes  int64         `json:"maxNodes"`
}

func (s *Stats) add(d time.Duration, nodes int64) {
	s.Moves++
	s.TotalTime += d
	s.MaxTime = max(s.MaxTime, d)
	s.Nodes += nodes
	s.MaxNodes = max(s.MaxNodes, nodes)
}

func (s *Stats) merge(o Stats) {
	s.Moves += o.Moves
	s.TotalTime += o.TotalTime
	s.MaxTime = max(s.MaxTime, o.MaxTime)
	s.Nodes += o.Nodes
	s.MaxNodes = max(s.MaxNodes, o.MaxNodes)
}

func (s *Stats) finish() {
	if s.Moves > 0 {
		s.AvgMillis = float64(s.TotalTime.Microseconds()) / 1000 / float64(s.Moves)
		s.AvgNodes = float64(s.Nodes) / float64(s.Moves)
	}
	s.MaxMillis = float64(s.MaxTime.Microseconds()) / 1000
}

// GameResult is one game of a match.
type GameResult struct {
	Index int `json:"index"`
	// Score is A's share of the payoffs: the sum of game.Outcome.Value over
	// A's seats divided by the sum over all seats (A's Value in a
	// two-player game).
	Score  float64 `json:"score"`
	Plies  int     `json:"plies"`
	Reason string  `json:"reason"`
	// ASeats lists the seats A played.
	ASeats []int `json:"aSeats"`
	// Luck is A's luck in the game's rolls, by Match.Luck's reference
	// (nil: not measured).
	Luck *float64 `json:"luck,omitempty"`
	// AStats and BStats are what A and B spent on their moves in the
	// game, so that a resumed match counts them (nil in records written
	// before they were kept).
	AStats *GameStats `json:"aStats,omitempty"`
	BStats *GameStats `json:"bStats,omitempty"`
}

// GameStats is what a player spent on its moves in one game.
type GameStats struct {
	Moves     int   `json:"moves"`
	Micros    int64 `json:"micros"`
	MaxMicros int64 `json:"maxMicros"`
	Nodes     int64 `json:"nodes"`
	MaxNodes  int64 `json:"maxNodes"`
}

// game returns the record of s, the stats of one game.
func (s Stats) game() *GameStats {
	return &GameStats{Moves: s.Moves, Micros: s.TotalTime.Microseconds(), MaxMicros: s.MaxTime.Microseconds(), Nodes: s.Nodes, MaxNodes: s.MaxNodes}
}

// addGame counts the game that g records, if it records one.
func (s *Stats) addGame(g *GameStats) {
	if g == nil {
		return
	}
	s.merge(Stats{Moves: g.Moves, TotalTime: time.Duration(g.Micros) * time.Microsecond, MaxTime: time.Duration(g.MaxMicros) * time.Microsecond,
		Nodes: g.Nodes, MaxNodes: g.MaxNodes})
}

// Point is the running score after a number of games, with its interval.
type Point struct {
	Games int     `json:"games"`
	Score float64 `json:"score"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Result is a match's outcome from A's side.
type Result struct {
	Game    string  `json:"game"`
	Variant string  `json:"variant"`
	A       string  `json:"a"`
	B       string  `json:"b"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Score   float64 `json:"score"`
	ScoreLo float64 `json:"scoreLo"`
	ScoreHi float64 `json:"scoreHi"`
	Elo     float64 `json:"elo"`
	EloLo   float64 `json:"eloLo"`
	EloHi   float64 `json:"eloHi"`
	AStats  Stats   `json:"aStats"`
	BStats  Stats   `json:"bStats"`
	// Ends counts the games by how they ended (game.Outcome.Reason, or
	// "ply limit").
	Ends map[string]int `json:"ends"`
	// PliesMedian and PliesMax summarise the games' lengths in plies
	// (rolls included); PliesMedianLo and PliesMedianHi bound the median
	// with 95% confidence (see medianInterval).
	PliesMedian   float64 `json:"pliesMedian"`
	PliesMedianLo int     `json:"pliesMedianLo"`
	PliesMedianHi int     `json:"pliesMedianHi"`
	PliesMax      int     `json:"pliesMax"`
	Seconds       float64 `json:"seconds"`
	// Adjusted is the luck-adjusted score, when Match.Luck measured it.
	Adjusted *Adjusted `json:"adjusted,omitempty"`
	// SPRT is where Match.SPRT's test stands. A match it stopped counts
	// the games up to the unit that decided, in index order, and none of
	// those that finished after them.
	SPRT *SPRTResult `json:"sprt,omitempty"`
	// Series is the running score in game order, for charts.
	Series  []Point      `json:"-"`
	Results []GameResult `json:"-"`
}

// moves again from the games kept.
func (r *Result) keepUpTo(last int) {
	kept := r.Results[:0]
	r.AStats, r.BStats = Stats{}, Stats{}
	for _, g := range r.Results {
		if g.Index <= last {
			kept = append(kept, g)
			r.AStats.addGame(g.AStats)
			r.BStats.addGame(g.BStats)
		}
	}
	r.Results = kept
}

// summarize counts results in game order and computes the statistics, unit
// giving each game's unit (see Match.unit): the score's interval is
// computed over the units, the independent draws of the match.
func (r *Result) summarize(unit func(index int) int) {
	// Game order, whatever order the workers finished in.
	byIndex := make(map[int]GameResult, len(r.Results))
	maxIndex := -1
	for _, g := range r.Results {
		byIndex[g.Index] = g
		maxIndex = max(maxIndex, g.Index)
	}
	ordered := r.Results[:0]
	for i := 0; i <= maxIndex; i++ {
		if g, ok := byIndex[i]; ok {
			ordered = append(ordered, g)
		}
	}
	r.Results = ordered
	r.Series = r.Series[:0]
	r.Ends = map[string]int{}
	var spread unitSpread
	for _, g := range r.Results {
		r.Ends[g.Reason]++
		switch {
		case g.Score > 0.5+1e-9:
			r.Wins++
		case g.Score < 0.5-1e-9:
			r.Losses++
		default:
			r.Draws++
		}
		spread.add(unit(g.Index), g.Score)
		p := Point{Games: len(r.Series) + 1, Score: Score(r.Wins, r.Draws, r.Losses)}
		p.Lo, p.Hi = spread.around(p.Score)
		p.Lo, p.Hi = max(p.Lo, 0), min(p.Hi, 1)
		r.Series = append(r.Series, p)
	}
	r.Games = len(r.Results)
	r.PliesMedian, r.PliesMedianLo, r.PliesMedianHi, r.PliesMax = pliesSummary(r.Results)
	r.Score, r.ScoreLo, r.ScoreHi = 0.5, 0, 1
	if n := len(r.Series); n > 0 {
		last := r.Series[n-1]
		r.Score, r.ScoreLo, r.ScoreHi = last.Score, last.Lo, last.Hi
	}
	r.Elo, r.EloLo, r.EloHi = EloDiff(r.Score), EloDiff(r.ScoreLo), EloDiff(r.ScoreHi)
	r.AStats.finish()
	r.BStats.finish()
}

// pliesSummary returns the median of the games' lengths, its 95%
// confidence interval and the longest.
func pliesSummary(rs []GameResult) (median float64, lo, hi, most int) {
	if len(rs) == 0 {
		return 0, 0, 0, 0
	}
	plies := make([]int, len(rs))
	for i, g := range rs {
		plies[i] = g.Plies
	}
	slices.Sort(plies)
	n := len(plies)
	if n%2 == 1 {
		median = float64(plies[n/2])
	} else {
		median = float64(plies[n/2-1]+plies[n/2]) / 2
	}
	j := medianInterval(n)
	return median, plies[j], plies[n-1-j], plies[n-1]
}

// medianInterval returns the index j (from 0) of the order statistics
// x[j] and x[n-1-j] of n sorted values that bound their population's median
// with at least 95% confidence, whatever its distribution: each value lies
// below the median with probability 1/2, so X, the number below it, is
// binomial(n, 1/2), and the interval misses the median with probability
// 2 P(X <= j); j is the largest for which that is at most 5%. Under 6
// values none is, and j is 0: the range, with less confidence.
func medianInterval(n int) int {
	lgN, _ := math.Lgamma(float64(n + 1))
	j, cdf := 0, 0.0
	for k := 0; k < n/2; k++ {
		lk, _ := math.Lgamma(float64(k + 1))
		lnk, _ := math.Lgamma(float64(n - k + 1))
		cdf += math.Exp(lgN - lk - lnk - float64(n)*math.Ln2) // P(X <= k)
		if cdf > 0.025 {
			break
		}
		j = k
	}
	return j
}
