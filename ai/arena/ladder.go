package arena

import (
	"context"
	"fmt"
	"math"

	"plateau/ai"
	"plateau/ai/ladder"
	"plateau/game"
)

// LadderRun is a round robin between levels, weakest first: every level
// plays the one below it (and, with AllPairs, every level below it) in a
// Match of Games games; the ratings are then fitted by Fit, anchored at
// Anchor for the first level, with intervals bootstrapped Boot times.
type LadderRun struct {
	Game     game.Game
	Config   game.Config // nil: the game's defaults
	Levels   []Entrant
	AllPairs bool
	Games    int
	// PairGames, when set, gives the games of each level's match against
	// the level just below it: PairGames[i-1] for level i (0: Games). A
	// close pair needs many games to be told apart, a lopsided one few,
	// and the strong levels' games cost the most.
	PairGames []int
	Seed      uint64
	Anchor    float64
	Boot      int
	Workers   int    // per match, as Match.Workers
	Opening   int    // as Match.Opening
	MaxPlies  int    // as Match.MaxPlies
	Resign    Resign // as Match.Resign
	// Luck, when set, measures every roll's luck as Match.Luck does, and
	// the ratings are fitted on the luck-adjusted scores.
	Luck func() ai.Eval
	// Match, when set, is called before each match, which it may change:
	// give it Progress, or Played and Finished to keep its games and count
	// those of an earlier run (a ladder that stopped, or one played again
	// with more games in a pairing plays only the games it lacks).
	Match func(m *Match) error
}

// Progress is called after each game of a match, as Match.Progress.
type Progress func(done, total int)

// Run plays the matches one after another and fits the ratings.
func (l LadderRun) Run(ctx context.Context) (ladder.Ladder, error) {
	n := len(l.Levels)
	if n < 2 {
		return ladder.Ladder{}, fmt.Errorf("ladder: %d levels, want at least 2", n)
	}
	cfg := l.Config
	if cfg == nil {
		cfg = game.DefaultConfig(l.Game)
	}
	st, err := l.Game.New(cfg)
	if err != nil {
		return ladder.Ladder{}, fmt.Errorf("ladder: %s %s: %w", l.Game.ID(), cfg, err)
	}
	if len(l.PairGames) > n-1 {
		return ladder.Ladder{}, fmt.Errorf("ladder: games of %d pairings for %d levels", len(l.PairGames), n)
	}
	out := ladder.Ladder{Game: l.Game.ID(), Variant: cfg.String(), Players: st.Players(), Seed: l.Seed, Anchor: l.Anchor, Luck: l.Luck != nil}
	var pairs []Pairing
	for i := 1; i < n; i++ {
		for j := i - 1; j >= 0; j-- {
			if j < i-1 && !l.AllPairs {
				break
			}
			games := l.Games
			if j == i-1 && i-1 < len(l.PairGames) && l.PairGames[i-1] > 0 {
				games = l.PairGames[i-1]
			}
			m := Match{Game: l.Game, Config: cfg, A: l.Levels[i], B: l.Levels[j], Games: games,
				// Every match its own seed, the same whatever the others.
				Seed: seed(l.Seed, 4, uint64(i), uint64(j)), Workers: l.Workers, Opening: l.Opening, MaxPlies: l.MaxPlies,
				Resign: l.Resign, Luck: l.Luck}
			if l.Match != nil {
				if err := l.Match(&m); err != nil {
					return out, fmt.Errorf("ladder: %s vs %s: %w", m.A.Name, m.B.Name, err)
				}
			}
			r, err := m.Run(ctx)
			if err == nil {
				err = ctx.Err() // a cancelled match returns the games it finished
			}
			if err != nil {
				return out, fmt.Errorf("ladder: %s vs %s: %w", m.A.Name, m.B.Name, err)
			}
			p := Pairing{I: i, J: j}
			for _, g := range r.Results {
				score := g.Score
				if g.Luck != nil {
					score -= *g.Luck
				}
				p.Scores = append(p.Scores, score)
				p.Units = append(p.Units, m.unit(g.Index))
			}
			pairs = append(pairs, p)
			lp := ladder.Pairing{A: r.A, B: r.B, Games: r.Games, Wins: r.Wins, Draws: r.Draws,
				Losses: r.Losses, Score: round(r.Score, 4), Elo: round(r.Elo, 1), Seconds: round(r.Seconds, 1),
				ANodes: round(r.AStats.AvgNodes, 0), BNodes: round(r.BStats.AvgNodes, 0),
				AMillis: round(r.AStats.AvgMillis, 1), BMillis: round(r.BStats.AvgMillis, 1)}
			if r.Adjusted != nil {
				adjusted := round(r.Adjusted.Score, 4)
				lp.Adjusted = &adjusted
			}
			out.Pairings = append(out.Pairings, lp)
			out.Seconds += r.Seconds
		}
	}
	res, err := FitIntervals(n, pairs, l.Anchor, l.Boot, seed(l.Seed, 5))
	if err != nil {
		return out, fmt.Errorf("ladder: %w", err)
	}
	for i, e := range l.Levels {
		r, g := res.Ratings[i], res.Gaps[i]
		out.Levels = append(out.Levels, ladder.Level{Name: e.Name, Elo: round(r.Elo, 0), Lo: round(r.Lo, 0), Hi: round(r.Hi, 0),
			Gap: round(g.Elo, 0), GapLo: round(g.Lo, 0), GapHi: round(g.Hi, 0)})
	}
	out.Seconds = round(out.Seconds, 1)
	return out, nil
}

// round rounds x to d decimals.
func round(x float64, d int) float64 {
	p := math.Pow(10, float64(d))
	return math.Round(x*p)/p + 0 // + 0: no "-0"
}
