package arena

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"plateau/ai"
	"plateau/game"
)

// Entrant is one side of a match: a name and a way to make a fresh player
// (one per game and seat) from a seed.
type Entrant struct {
	Name string
	New  func(seed uint64) (ai.Player, error)
}

// Match describes a match between A and B.
type Match struct {
	Game   game.Game
	Config game.Config // nil: the game's defaults
	A, B   Entrant
	Games  int
	Seed   uint64
	// Workers is the number of games played at once (default GOMAXPROCS).
	Workers int
	// Opening is the number of random plies (rolls included) played before
	// the players take over; both games of a pair share them (default 0).
	Opening int
	// Unpaired gives every game its own opening and dice, where by default
	// the two games of a pair share them with the seats swapped: that
	// evens out the luck between two players, but a deterministic player
	// against itself plays the same game twice, which halves the sample of
	// a self-play match measuring game lengths.
	Unpaired bool
	// MaxPlies ends a game as a draw after so many plies (default 5000).
	MaxPlies int
	// Resign adjudicates two-player games that both players agree are won
	// (zero: never).
	Resign Resign
	// Draw adjudicates two-player games that both players agree are even
	// (zero: never).
	Draw Draw
	// Progress, when set, is called after each game with the number of
	// games finished; calls come from one goroutine at a time.
	Progress func(done, total int)
	// Finished, when set, is called with each game's result as it ends,
	// from the same goroutine as Progress.
	Finished func(GameResult)
	// Luck, when set, makes a fresh reference evaluation for each game,
	// by which every roll's luck is measured (see Adjusted): the game's
	// result then records A's luck, and the match's result the
	// luck-adjusted score.
	Luck func() ai.Eval
	// SPRT, when set, stops the match once its sequential test decides
	// (see SPRT); Games is then the most the match plays.
	SPRT *SPRT
	// Played holds games of this match already played, by an earlier run
	// that stopped: Run counts them and plays the others. A game depends
	// only on the match's settings and its index, so a match resumed this
	// way is the match played at once, if the settings are the same. The
	// result's AStats and BStats count the games played before by what
	// their records say.
	Played []GameResult
}

// Resign is cutechess-cli's resign rule asked of both sides, as engine
// matches use it to save the moves of a won ending: a two-player game ends,
// won, when for Moves consecutive decisions of each player both say the
// same player wins, the winner's Score at least Score and the loser's at
// most 1-Score. The reason is "adjudicated".
type Resign struct {
	Score float64
	Moves int
}

// Draw is cutechess-cli's draw rule: from ply Ply on, a two-player game
// ends drawn when for Moves consecutive decisions of each player both
// scores lie within Margin of ½. The reason is "adjudicated draw".
type Draw struct {
	Ply    int
	Margin float64
	Moves  int
}

// judge counts player p's decision of value score at ply and reports
// whether the rule adjudicates the game drawn.
func (r Draw) judge(even []int, ply, p int, score float64) bool {
	if r.Moves <= 0 || len(even) != 2 {
		return false
	}
	if ply < r.Ply || score < 0.5-r.Margin || score > 0.5+r.Margin {
		even[p] = 0
		return false
	}
	even[p]++
	return even[0] >= r.Moves && even[1] >= r.Moves
}

// on reports whether the rule is in use.
func (r Resign) on() bool { return r.Moves > 0 && r.Score > 0.5 }

// Stats sums what a player spent on its moves.
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

// Run plays the match. A cancelled context stops it; the result then
// counts the games finished.
func (m Match) Run(ctx context.Context) (Result, error) {
	cfg := m.Config
	if cfg == nil {
		cfg = game.DefaultConfig(m.Game)
	}
	workers := m.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	played := make(map[int]GameResult, len(m.Played))
	for _, g := range m.Played {
		if g.Index < 0 || g.Index >= m.Games {
			return Result{}, fmt.Errorf("game %d played already: a match of %d games has games 0 to %d", g.Index, m.Games, m.Games-1)
		}
		if _, dup := played[g.Index]; dup {
			return Result{}, fmt.Errorf("game %d played already twice", g.Index)
		}
		played[g.Index] = g
	}
	workers = max(min(workers, m.Games-len(played)), 1)
	var test *sprtState
	if m.SPRT != nil {
		if err := m.SPRT.Check(); err != nil {
			return Result{}, err
		}
		value := GameResult.adjustedScore // the luck-adjusted score, when measured
		if m.Luck == nil {
			value = func(g GameResult) float64 { return g.Score }
		}
		test = newSPRTState(*m.SPRT, m.Games, m.unit, value)
	}
	// The games played before go to the test first: a match they decide
	// starts no game (workers started first could finish one before the
	// verdict stopped them).
	r := Result{Game: m.Game.ID(), Variant: cfg.String(), A: m.A.Name, B: m.B.Name}
	decided := false
	for i := range m.Games {
		if g, ok := played[i]; ok {
			r.Results = append(r.Results, g)
			r.AStats.addGame(g.AStats)
			r.BStats.addGame(g.BStats)
			if test != nil && test.add(g) {
				decided = true
			}
		}
	}
	start := time.Now()
	jobs := make(chan int)
	type done struct {
		res    GameResult
		a, b   Stats
		err    error
		played bool
	}
	results := make(chan done)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				var d done
				d.res, d.a, d.b, d.err = m.play(ctx, cfg, i)
				d.res.AStats, d.res.BStats = d.a.game(), d.b.game()
				d.played = d.err == nil
				results <- d
			}
		}()
	}
	go func() {
		defer close(jobs)
		if decided {
			return
		}
		for i := range m.Games {
			if _, ok := played[i]; ok {
				continue
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	var firstErr error
	for d := range results {
		if d.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = d.err
			}
			cancel()
			continue
		}
		r.Results = append(r.Results, d.res)
		r.AStats.merge(d.a)
		r.BStats.merge(d.b)
		if m.Finished != nil {
			m.Finished(d.res)
		}
		if m.Progress != nil {
			m.Progress(len(r.Results), m.Games)
		}
		if test != nil && test.add(d.res) {
			cancel()
		}
	}
	if test != nil {
		r.SPRT = test.result()
		if test.verdict != "" {
			r.keepUpTo(test.last)
		}
	}
	r.summarize(m.unit)
	if a := adjust(r.Results, m.unit); m.Luck != nil && a.Games > 0 {
		r.Adjusted = &a
	}
	r.Seconds = time.Since(start).Seconds()
	if firstErr != nil {
		return r, firstErr
	}
	return r, nil
}

// keepUpTo drops the games after game last, and counts the players'
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

// seed derives a seed from the match seed and labels.
func seed(base uint64, labels ...uint64) uint64 {
	h := base ^ 0x6a09e667f3bcc908
	for _, l := range labels {
		h ^= l + 0x9e3779b97f4a7c15 + h<<6 + h>>2
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}

// unit is the independent unit game i belongs to: its pair, which shares
// its opening and dice, or the game itself when unpaired.
func (m Match) unit(i int) int {
	if m.Unpaired {
		return i
	}
	return i / 2
}

// aSeats says which of s's seats A plays in game i: every other seat, from
// seat 0 in even games and from seat 1 in odd ones, so that the two games
// of a pair swap them (4 players in teams: A plays a team, B the other).
// When every seat has a rival (game.Rivals: Intercept's 4 players solo),
// A plays one seat of each pair of rivals and B the other, so that every
// seat faces the other player rather than A's second seat: the lower seat
// of each pair in even games, the higher in odd ones. Alone, A plays.
func aSeats(s game.State, i int) []bool {
	n := s.Players()
	isA := make([]bool, n)
	if r, ok := s.(game.Rivals); ok && n > 1 && rivalPairs(r, n, i, isA) {
		return isA
	}
	for p := range n {
		isA[p] = (p+i)%2 == 0 || n == 1
	}
	return isA
}

// rivalPairs fills isA from the pairs of rivals and reports whether the n
// seats make such pairs, each seat the rival of its rival.
func rivalPairs(r game.Rivals, n, i int, isA []bool) bool {
	paired := make([]bool, n)
	for p := range n {
		if paired[p] {
			continue
		}
		q, ok := r.Rival(game.Player(p))
		if !ok || int(q) <= p || int(q) >= n || paired[q] {
			return false
		}
		if back, ok := r.Rival(q); !ok || int(back) != p {
			return false
		}
		paired[p], paired[q] = true, true
		isA[p], isA[q] = i%2 == 0, i%2 == 1
	}
	return true
}

// play plays game i.
func (m Match) play(ctx context.Context, cfg game.Config, i int) (GameResult, Stats, Stats, error) {
	var as, bs Stats
	res := GameResult{Index: i}
	s, err := m.Game.New(cfg)
	if err != nil {
		return res, as, bs, err
	}
	n := s.Players()
	pair := uint64(m.unit(i))
	dice := rand.New(rand.NewPCG(seed(m.Seed, 1, pair), 0))
	opening := rand.New(rand.NewPCG(seed(m.Seed, 2, pair), 0))
	players := make([]ai.Player, n)
	isA := aSeats(s, i)
	for p := range n {
		e := m.B
		if isA[p] {
			e = m.A
			res.ASeats = append(res.ASeats, p)
		}
		if players[p], err = e.New(seed(m.Seed, 3, uint64(i), uint64(p))); err != nil {
			return res, as, bs, fmt.Errorf("player %s: %w", e.Name, err)
		}
	}
	var judge *luckJudge
	var luck float64
	if m.Luck != nil {
		judge = newLuckJudge(m.Luck(), isA)
		res.Luck = &luck
	}
	maxPlies := m.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 5000
	}
	var moves []game.Move
	var cms []game.ChanceMove
	// ahead[p] and behind[p] count p's consecutive decisions saying p wins
	// or loses, for the resign rule.
	ahead, behind := make([]int, n), make([]int, n)
	even := make([]int, n) // consecutive even decisions, for the draw rule
	for ply := 0; ; ply++ {
		if err := ctx.Err(); err != nil {
			return res, as, bs, err
		}
		if s.Outcome().Over {
			break
		}
		if ply >= maxPlies {
			res.Plies, res.Reason, res.Score = ply, "ply limit", 0.5
			return res, as, bs, nil
		}
		var mv game.Move
		switch p := s.ToMove(); {
		case p == game.Chance:
			cms = s.ChanceMoves(cms[:0])
			if mv, err = game.Pick(cms, dice.IntN(game.TotalWeight(cms))); err != nil {
				return res, as, bs, err
			}
			if judge != nil {
				l, err := judge.roll(s, cms, mv)
				if err != nil {
					return res, as, bs, fmt.Errorf("game %d: %w", i, err)
				}
				luck += l
			}
		case ply < m.Opening:
			moves = s.Moves(moves[:0])
			mv = moves[opening.IntN(len(moves))]
		default:
			t0 := time.Now()
			d, err := players[p].Choose(ctx, s)
			if err != nil {
				return res, as, bs, fmt.Errorf("game %d, %s: %w", i, s.Position(), err)
			}
			el := time.Since(t0)
			if isA[p] {
				as.add(el, d.Nodes)
			} else {
				bs.add(el, d.Nodes)
			}
			mv = d.Move
			if w := m.Resign.judge(ahead, behind, int(p), d.Score); w >= 0 {
				res.Plies, res.Reason, res.Score = ply, "adjudicated", 0
				if isA[w] {
					res.Score = 1
				}
				return res, as, bs, nil
			}
			if m.Draw.judge(even, ply, int(p), d.Score) {
				res.Plies, res.Reason, res.Score = ply, "adjudicated draw", 0.5
				return res, as, bs, nil
			}
		}
		if err := s.Play(mv); err != nil {
			return res, as, bs, fmt.Errorf("game %d: playing %s in %s: %w", i, s.FormatMove(mv), s.Position(), err)
		}
		res.Plies = ply + 1
	}
	o := s.Outcome()
	res.Reason = o.Reason
	res.Score = share(isA, o.Value)
	return res, as, bs, nil
}

// share is A's share of the seats' values, isA[p] saying whether A plays
// seat p: A's score in a game whose seats are worth value(p), ½ when no
// seat is worth anything.
func share(isA []bool, value func(game.Player) float64) float64 {
	var mine, all float64
	for p, a := range isA {
		v := value(game.Player(p))
		all += v
		if a {
			mine += v
		}
	}
	if all <= 0 {
		return 0.5
	}
	return mine / all
}

// judge counts player p's decision of value score and returns the player
// the rule adjudicates the game to, or -1.
func (r Resign) judge(ahead, behind []int, p int, score float64) int {
	if !r.on() || len(ahead) != 2 {
		return -1
	}
	switch {
	case score >= r.Score:
		ahead[p]++
		behind[p] = 0
	case score <= 1-r.Score:
		behind[p]++
		ahead[p] = 0
	default:
		ahead[p], behind[p] = 0, 0
	}
	q := 1 - p
	switch {
	case ahead[p] >= r.Moves && behind[q] >= r.Moves:
		return p
	case behind[p] >= r.Moves && ahead[q] >= r.Moves:
		return q
	}
	return -1
}
