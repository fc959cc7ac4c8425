package puzzle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/game"
)

// SelfPlayLevels returns the levels the computer's own games of a game are
// played between: each game seats two of them, drawn from its seed, so
// that the weaker side's slips give the stronger chances to punish them.
// Intercept's and Mahboussé's hard levels take seconds a move, so their
// games are played below it.
func SelfPlayLevels(gameID string) []string {
	if gameID == "intercept" || gameID == "mahbousse" {
		return []string{"easy", "medium"}
	}
	return []string{"easy", "medium", "hard"}
}

// maxPlies ends a self-play game that goes on too long; each game opens
// with up to maxOpening random moves, drawn from its seed.
const (
	maxPlies   = 400
	maxOpening = 6
)

// SelfPlay plays one game of g with cfg between two computer levels drawn
// from seed, the rolls drawn from seed too, and returns its move list
// (rolls included). Every level searches within node limits (never the
// clock), so a seed always gives the same game.
func SelfPlay(ctx context.Context, g game.Game, cfg game.Config, seed uint64) ([]string, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	s, err := g.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", g.ID(), err)
	}
	players := make([]ai.Player, s.Players())
	levels := SelfPlayLevels(g.ID())
	for i := range players {
		name := levels[rng.IntN(len(levels))]
		p, err := level.New(g.ID(), name, seed+uint64(i), level.Options{Nodes: 50_000})
		if err != nil {
			return nil, fmt.Errorf("self-play: %w", err)
		}
		defer p.Close()
		players[i] = p
	}
	var moves []string
	var cms []game.ChanceMove
	var buf []game.Move
	opening := rng.IntN(maxOpening + 1) // random moves first: games of deterministic levels differ
	for len(moves) < maxPlies && !s.Outcome().Over {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var m game.Move
		switch p := s.ToMove(); {
		case p == game.Chance:
			cms = s.ChanceMoves(cms[:0])
			if m, err = game.Pick(cms, rng.IntN(game.TotalWeight(cms))); err != nil {
				return nil, err
			}
		case p >= 0 && len(moves) < opening:
			buf = s.Moves(buf[:0])
			m = buf[rng.IntN(len(buf))]
		case p >= 0:
			d, err := players[p].Choose(ctx, s)
			if err != nil {
				return nil, fmt.Errorf("self-play seat %d in %q: %w", p, s.Position(), err)
			}
			m = d.Move
		default:
			return moves, nil
		}
		moves = append(moves, s.FormatMove(m))
		if err := s.Play(m); err != nil {
			return nil, fmt.Errorf("self-play move %q: %w", moves[len(moves)-1], err)
		}
	}
	return moves, nil
}

// MineOptions drive MineSelfPlay.
type MineOptions struct {
	// Seed is the first game's seed; game i is played with Seed+i.
	Seed uint64
	// Games bounds the games played; Target stops once the set holds
	// that many puzzles (0: no target).
	Games, Target int
	// Have are puzzles found before: the set starts with them.
	Have []Puzzle
	// Each, when set, is called after each game with the set so far and
	// the game's counts; an error stops the mining with it.
	Each func(game int, set []Puzzle, st Stats) error
}

// MineSelfPlay plays the computer's own games of g with cfg and mines
// them with c, each position once (by puzzle ID). It returns the set and
// the counts of the games played.
func (c Criteria) MineSelfPlay(ctx context.Context, g game.Game, cfg game.Config, o MineOptions) ([]Puzzle, Stats, error) {
	set := NewSet(o.Have)
	var total Stats
	for i := 0; i < o.Games && (o.Target <= 0 || set.Len() < o.Target); i++ {
		seed := o.Seed + uint64(i)
		moves, err := SelfPlay(ctx, g, cfg, seed)
		if err != nil {
			return set.List(), total, err
		}
		src := Source{ID: fmt.Sprintf("selfplay:%s:%d", g.ID(), seed), Game: g, Cfg: cfg, Moves: moves}
		found, st, err := c.Find(ctx, src)
		if err != nil {
			return set.List(), total, fmt.Errorf("game %s: %w", src.ID, err)
		}
		st.Puzzles = set.Add(found...)
		total.Add(st)
		if o.Each != nil {
			if err := o.Each(i, set.List(), st); err != nil {
				return set.List(), total, err
			}
		}
	}
	return set.List(), total, nil
}

// Set is a set of puzzles by ID.
type Set struct{ byID map[string]Puzzle }

// NewSet returns a set of ps.
func NewSet(ps []Puzzle) *Set {
	s := &Set{byID: map[string]Puzzle{}}
	s.Add(ps...)
	return s
}

// Add adds the puzzles not in the set yet and returns how many it added.
func (s *Set) Add(ps ...Puzzle) int {
	n := 0
	for _, p := range ps {
		if _, ok := s.byID[p.ID]; !ok {
			s.byID[p.ID] = p
			n++
		}
	}
	return n
}

// Len is the set's size.
func (s *Set) Len() int { return len(s.byID) }

// List returns the set's puzzles sorted by ID.
func (s *Set) List() []Puzzle {
	out := make([]Puzzle, 0, len(s.byID))
	for _, p := range s.byID {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
