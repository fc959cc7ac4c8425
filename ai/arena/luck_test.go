package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"testing"

	"plateau/ai"
	"plateau/ai/internal/toy"
	"plateau/game"
)

// exact is the toy dice game's value for p under perfect play, by
// expectimax over every position, remembered by its text.
func exact(s game.State, p game.Player) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(p)
	}
	key := fmt.Sprint(s.Position(), s.ToMove(), p)
	exactMu.Lock()
	v, ok := exactMemo[key]
	exactMu.Unlock()
	if !ok {
		v = expectimax(s, p)
		exactMu.Lock()
		exactMemo[key] = v
		exactMu.Unlock()
	}
	return v
}

var (
	exactMu   sync.Mutex
	exactMemo = map[string]float64{}
)

func expectimax(s game.State, p game.Player) float64 {
	switch q := s.ToMove(); q {
	case game.Chance:
		var sum, total float64
		for _, c := range s.ChanceMoves(nil) {
			t := s.Clone()
			if err := t.Play(c.Move); err != nil {
				panic(err)
			}
			sum += float64(c.Weight) * exact(t, p)
			total += float64(c.Weight)
		}
		return sum / total
	default:
		t := bestByExact(s)
		return exact(t, p)
	}
}

// bestByExact returns the position after the move exact values best for
// the player to move.
func bestByExact(s game.State) game.State {
	q := s.ToMove()
	var best game.State
	bv := math.Inf(-1)
	for _, m := range s.Moves(nil) {
		t := s.Clone()
		if err := t.Play(m); err != nil {
			panic(err)
		}
		if v := exact(t, q); v > bv {
			bv, best = v, t
		}
	}
	return best
}

// perfect plays the move of greatest exact value.
type perfect struct{}

func (perfect) Close() {}

func (perfect) Choose(_ context.Context, s game.State) (ai.Decision, error) {
	q := s.ToMove()
	d := ai.Decision{Score: math.Inf(-1)}
	for _, m := range s.Moves(nil) {
		t := s.Clone()
		if err := t.Play(m); err != nil {
			return d, err
		}
		if v := exact(t, q); v > d.Score {
			d.Move, d.Score = m, v
		}
	}
	return d, nil
}

func diceStart(t *testing.T) game.State {
	t.Helper()
	s, err := toy.DiceGame.New(game.DefaultConfig(toy.DiceGame))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLuckExact checks the luck against the game's exact values: perfect
// players' scores less their luck are the start position's value in every
// game, since with the exact values a game's only changes of value are the
// dice's.
func TestLuckExact(t *testing.T) {
	best := entrant("perfect", func(uint64) ai.Player { return perfect{} })
	m := Match{Game: toy.DiceGame, A: best, B: best, Games: 40, Seed: 11, Luck: func() ai.Eval { return exact }}
	r, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	start := diceStart(t)
	lucky := 0
	for _, g := range r.Results {
		if g.Luck == nil {
			t.Fatalf("game %d: no luck measured", g.Index)
		}
		want := exact(start, game.Player(g.ASeats[0]))
		if got := g.Score - *g.Luck; math.Abs(got-want) > 1e-9 {
			t.Errorf("game %d: score %g less luck %g = %g, want the start's value %g", g.Index, g.Score, *g.Luck, got, want)
		}
		if math.Abs(*g.Luck) > 0.01 {
			lucky++
		}
	}
	if lucky < len(r.Results)/2 {
		t.Errorf("only %d of %d games had any luck", lucky, len(r.Results))
	}
	if r.Adjusted == nil || r.Adjusted.Games != m.Games {
		t.Fatalf("adjusted %+v, want %d games", r.Adjusted, m.Games)
	}
	// A sits on each seat in half the games.
	want := (exact(start, 0) + exact(start, 1)) / 2
	if a := r.Adjusted; math.Abs(a.Score-want) > 1e-9 || a.Hi-a.Lo > 1e-9 {
		t.Errorf("adjusted score %g [%g, %g], want exactly %g", a.Score, a.Lo, a.Hi, want)
	}
}

// TestLuckAdjusted checks that the luck leaves the games as they were, and
// that the adjusted score estimates A's expected score better than the
// score: a random player against a perfect one, whose expected score the
// test computes exactly, measured with the game's own evaluation as the
// reference.
func TestLuckAdjusted(t *testing.T) {
	best := entrant("perfect", func(uint64) ai.Player { return perfect{} })
	m := Match{Game: toy.DiceGame, A: random, B: best, Games: 400, Seed: 12}
	plain, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if plain.Adjusted != nil {
		t.Errorf("luck measured without a reference: %+v", plain.Adjusted)
	}
	m.Luck = func() ai.Eval { return ai.DefaultEval }
	r, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range r.Results {
		if p := plain.Results[i]; p.Score != g.Score || p.Plies != g.Plies {
			t.Fatalf("game %d: %+v with the luck measured, %+v without", i, g, p)
		}
	}
	// The random player's expected score, seat by seat.
	var want float64
	for a := range 2 {
		want += randomVsPerfect(diceStart(t), game.Player(a), map[string]float64{}) / 2
	}
	a := r.Adjusted
	if a == nil || a.Games != m.Games {
		t.Fatalf("adjusted %+v, want %d games", a, m.Games)
	}
	if want < a.Lo || want > a.Hi {
		t.Errorf("adjusted score %.4f [%.4f, %.4f] misses the expected %.4f", a.Score, a.Lo, a.Hi, want)
	}
	if a.Hi-a.Lo >= a.PlainHi-a.PlainLo {
		t.Errorf("the adjusted interval [%.4f, %.4f] is no narrower than the score's over the same pairs [%.4f, %.4f]", a.Lo, a.Hi, a.PlainLo, a.PlainHi)
	}
	t.Logf("expected %.4f; score %.4f [%.4f, %.4f], over pairs [%.4f, %.4f]; adjusted %.4f [%.4f, %.4f], mean luck %.4f",
		want, r.Score, r.ScoreLo, r.ScoreHi, a.PlainLo, a.PlainHi, a.Score, a.Lo, a.Hi, a.Luck)
}

// randomVsPerfect is the expected value for seat a, playing uniformly
// random moves, against perfect play; memo remembers it by position.
func randomVsPerfect(s game.State, a game.Player, memo map[string]float64) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(a)
	}
	key := fmt.Sprint(s.Position(), s.ToMove())
	if v, ok := memo[key]; ok {
		return v
	}
	var sum, total float64
	switch q := s.ToMove(); {
	case q == game.Chance:
		for _, c := range s.ChanceMoves(nil) {
			t := s.Clone()
			if err := t.Play(c.Move); err != nil {
				panic(err)
			}
			sum += float64(c.Weight) * randomVsPerfect(t, a, memo)
			total += float64(c.Weight)
		}
	case q == a:
		for _, m := range s.Moves(nil) {
			t := s.Clone()
			if err := t.Play(m); err != nil {
				panic(err)
			}
			sum += randomVsPerfect(t, a, memo)
			total++
		}
	default:
		sum, total = randomVsPerfect(bestByExact(s), a, memo), 1
	}
	memo[key] = sum / total
	return memo[key]
}

func TestAdjustUnits(t *testing.T) {
	l := func(v float64) *float64 { return &v }
	rs := []GameResult{
		{Index: 0, Score: 1, Luck: l(0.5)},
		{Index: 1, Score: 0, Luck: l(-0.5)},
		{Index: 2, Score: 1, Luck: l(0.1)},
		{Index: 3, Score: 1, Luck: l(0.1)},
		{Index: 4, Score: 0},
	}
	a := adjust(rs, func(i int) int { return i / 2 })
	// Pairs: (0.5+0.5)/2 = 0.5 and 0.9; game 4 has no luck.
	if a.Games != 4 || math.Abs(a.Score-0.7) > 1e-12 || math.Abs(a.Luck-0.05) > 1e-12 {
		t.Errorf("adjust = %+v, want 4 games, score 0.7, luck 0.05", a)
	}
	half := z95 * math.Sqrt((0.04+0.04)/1/2)
	if math.Abs(a.Lo-(0.7-half)) > 1e-12 || math.Abs(a.Hi-(0.7+half)) > 1e-12 {
		t.Errorf("interval [%g, %g], want 0.7 ± %g", a.Lo, a.Hi, half)
	}
	// Plain pairs: 0.5 and 1.
	half = z95 * math.Sqrt((0.0625+0.0625)/1/2)
	if math.Abs(a.PlainLo-(0.75-half)) > 1e-12 || math.Abs(a.PlainHi-(0.75+half)) > 1e-12 {
		t.Errorf("plain interval [%g, %g], want 0.75 ± %g", a.PlainLo, a.PlainHi, half)
	}
	if a := adjust(rs[4:], func(i int) int { return i }); a.Games != 0 {
		t.Errorf("no luck measured: %+v", a)
	}
	if a := adjust(rs[:2], func(i int) int { return i / 2 }); a.Games != 2 || a.Lo != 0 || a.Hi != 1 {
		t.Errorf("one pair: %+v, want the interval [0, 1]: one unit has no spread", a)
	}
	// The luck goes through a --games-out line and back.
	b, err := json.Marshal(rs[0])
	if err != nil {
		t.Fatal(err)
	}
	var g GameResult
	if err := json.Unmarshal(b, &g); err != nil || g.Luck == nil || *g.Luck != 0.5 {
		t.Errorf("%s read back as %+v (%v)", b, g, err)
	}
}

// TestLadderLuck checks that a ladder with Luck fits the luck-adjusted
// scores: with two levels, the second's rating is the Elo of its adjusted
// mean score.
func TestLadderLuck(t *testing.T) {
	best := entrant("perfect", func(uint64) ai.Player { return perfect{} })
	run := LadderRun{Game: toy.DiceGame, Levels: []Entrant{random, best}, Games: 40, Seed: 13, Boot: 20,
		Luck: func() ai.Eval { return ai.DefaultEval }}
	l, err := run.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p := l.Pairings[0]
	if !l.Luck || p.Adjusted == nil || *p.Adjusted == p.Score {
		t.Fatalf("luck %v, pairing %+v: want a luck-adjusted score of its own", l.Luck, p)
	}
	if want := math.Round(EloDiff(*p.Adjusted)); math.Abs(l.Levels[1].Elo-want) > 1 {
		t.Errorf("perfect rated %g, want the adjusted score's %g (plain score's %g)", l.Levels[1].Elo, want, EloDiff(p.Score))
	}
	run.Luck = nil
	if l, err := run.Run(context.Background()); err != nil || l.Luck || l.Pairings[0].Adjusted != nil || l.Pairings[0].Score != p.Score {
		t.Errorf("without luck: %+v (%v), want the same games unadjusted", l, err)
	}
}

// TestLuckRoll checks one roll's luck by hand. At the toy dice game's
// first roll, the game's evaluation values a kept roll r at (r+1)/(r+2) for
// the roller and a reroll or gamble at 1/2, so the roller keeps: the rolls
// 1, 2, 3 (weights 1, 2, 1) are worth 2/3, 3/4 and 4/5, their mean is
// 89/120, and rolling a 3 is 7/120 of luck, a 1 -9/120. Valued before the
// reply, every roll would be worth 1/2 and none lucky.
func TestLuckRoll(t *testing.T) {
	s := diceStart(t)
	cms := s.ChanceMoves(nil)
	for _, tc := range []struct {
		a    int // A's seat
		roll game.Move
		want float64
	}{{0, 3, 7.0 / 120}, {0, 1, -9.0 / 120}, {0, 2, 1.0 / 120}, {1, 3, -7.0 / 120}} {
		isA := []bool{tc.a == 0, tc.a == 1}
		got, err := newLuckJudge(ai.DefaultEval, isA).roll(s, cms, tc.roll)
		if err != nil || math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("A on seat %d, roll %d: luck %g (%v), want %g", tc.a, tc.roll, got, err, tc.want)
		}
	}
	if s.Position() != diceStart(t).Position() {
		t.Errorf("the roll's luck changed the position to %s", s.Position())
	}
	if _, err := newLuckJudge(ai.DefaultEval, []bool{true, false}).roll(s, cms, 7); err == nil {
		t.Error("a roll of 7: no error")
	}
}

// TestLadderPairs: a player against itself plays each pair's dice once
// from either seat, so every pair scores one half; the ladder's bootstrap
// draws whole pairs and finds the gap exactly 0, where drawing single
// games would find an interval hundreds of Elo wide.
func TestLadderPairs(t *testing.T) {
	a := entrant("a", func(uint64) ai.Player { return perfect{} })
	b := entrant("b", func(uint64) ai.Player { return perfect{} })
	l, err := LadderRun{Game: toy.DiceGame, Levels: []Entrant{a, b}, Games: 40, Seed: 17, Boot: 200}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p, g := l.Pairings[0], l.Levels[1]
	if p.Wins == 0 || p.Losses == 0 {
		t.Fatalf("pairing %+v: want games won by either side", p)
	}
	if g.Gap != 0 || g.GapLo != 0 || g.GapHi != 0 {
		t.Errorf("gap %+v [%+v, %+v] with %d/%d/%d, want 0 [0, 0]", g.Gap, g.GapLo, g.GapHi, p.Wins, p.Draws, p.Losses)
	}
}
