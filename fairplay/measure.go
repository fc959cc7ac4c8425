package fairplay

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/game"
	"plateau/review"
)

// Pairing is a set of games between two levels of one game.
type Pairing struct {
	Game  string `json:"game"`
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
}

// Measure describes a measurement of the statistics on the engine's own
// levels: every pairing's games are played with seats alternating, each
// reviewed as the server reviews a rated game, and each side's sample
// kept.
type Measure struct {
	Games    *game.Registry
	Pairings []Pairing
	Seed     uint64
	// Nodes bounds the search of the level max a move (level.Options.Nodes;
	// the other levels keep their own limits), so that the games are the
	// same on any machine however loaded.
	Nodes int64
	// ReviewLevel returns the level that reviews a game whose rule names
	// none (the server's choice), and ReviewBudget caps each search of a
	// review.
	ReviewLevel func(gameID string) string
	// Judge, when set, reviews every game instead (a measurement of
	// another reviewer).
	Judge        string
	ReviewBudget time.Duration
	// MaxPlies ends a game unfinished (its moves are still counted).
	MaxPlies int
	// Opening is the number of random moves that start a game, drawn from
	// the game's seed, so that the levels, whose searches are
	// deterministic, play different games; at most the uncounted opening
	// moves of the game's rule (none in a dice game, whose rolls vary the
	// games).
	Opening int
	// Progress, when set, is called after each game.
	Progress func(g Game)
}

// Game is one measured game: each side's level and sample.
type Game struct {
	Pairing int       `json:"pairing"`
	Index   int       `json:"index"`
	Levels  [2]string `json:"levels"` // by seat
	Samples [2]Sample `json:"samples"`
	// Moves are each seat's judged moves, from which Samples are counted
	// under the game's rule (Recount counts them again under another).
	Moves   [2][]JudgedMove `json:"moves"`
	Plies   int             `json:"plies"`
	Seconds float64         `json:"seconds"`
}

// Run plays and reviews every game, in order; a cancelled context stops
// it with the games done so far.
func (m Measure) Run(ctx context.Context) ([]Game, error) {
	var out []Game
	for pi, p := range m.Pairings {
		g, err := m.Games.Lookup(p.Game)
		if err != nil {
			return out, fmt.Errorf("pairing %d: %w", pi, err)
		}
		r, ok := RuleOf(p.Game)
		if !ok {
			return out, fmt.Errorf("pairing %d: game %s has no fair-play rule", pi, p.Game)
		}
		for i := range p.Games {
			start := time.Now()
			levels := [2]string{p.A, p.B}
			if i%2 == 1 {
				levels = [2]string{p.B, p.A}
			}
			seed := m.Seed ^ uint64(pi)<<32 ^ uint64(i)
			moves, err := m.play(ctx, g, levels, seed, min(m.Opening, 2*r.Opening))
			if err != nil {
				return out, fmt.Errorf("pairing %d (%s %s-%s) game %d: %w", pi, p.Game, p.A, p.B, i, err)
			}
			judge := cmp.Or(m.Judge, r.Reviewer, m.ReviewLevel(p.Game))
			rep, err := review.Review(ctx, g, nil, moves, review.Options{Level: judge, Budget: m.ReviewBudget})
			if err != nil {
				return out, fmt.Errorf("pairing %d (%s %s-%s) game %d: %w", pi, p.Game, p.A, p.B, i, err)
			}
			res := Game{Pairing: pi, Index: i, Levels: levels, Plies: len(moves), Seconds: time.Since(start).Seconds()}
			for seat := range 2 {
				res.Moves[seat] = Judged(rep, seat)
				res.Samples[seat] = CountJudged(res.Moves[seat], r)
			}
			out = append(out, res)
			if m.Progress != nil {
				m.Progress(res)
			}
		}
	}
	return out, nil
}

// play plays one game between two levels, by seat, with rolls and the
// first opening plies drawn from seed; it returns the notated moves, rolls
// included.
func (m Measure) play(ctx context.Context, g game.Game, levels [2]string, seed uint64, opening int) ([]string, error) {
	s, err := g.New(nil)
	if err != nil {
		return nil, err
	}
	var players [2]ai.Player
	for seat, name := range levels {
		p, err := level.New(g.ID(), name, seed+uint64(seat)+1, level.Options{Nodes: m.Nodes})
		if err != nil {
			return nil, err
		}
		defer p.Close()
		players[seat] = p
	}
	rng := rand.New(rand.NewPCG(seed, 0x66))
	var moves []string
	for ply := 0; ply < m.MaxPlies && !s.Outcome().Over; ply++ {
		var mv game.Move
		switch p := s.ToMove(); {
		case p == game.Chance:
			mv = roll(s.ChanceMoves(nil), rng)
		case p >= 0 && ply < opening:
			ms := s.Moves(nil)
			mv = ms[rng.IntN(len(ms))]
		case p >= 0 && int(p) < 2:
			d, err := players[p].Choose(ctx, s)
			if err != nil {
				return nil, fmt.Errorf("ply %d: %s: %w", ply+1, levels[p], err)
			}
			mv = d.Move
		default:
			return nil, fmt.Errorf("ply %d: player %d to move in a two-player game", ply+1, p)
		}
		text := s.FormatMove(mv)
		if err := s.Play(mv); err != nil {
			return nil, fmt.Errorf("ply %d %s: %w", ply+1, text, err)
		}
		moves = append(moves, text)
	}
	return moves, nil
}

// roll draws an outcome by its weight.
func roll(cms []game.ChanceMove, rng *rand.Rand) game.Move {
	total := 0
	for _, c := range cms {
		total += c.Weight
	}
	n := rng.IntN(total)
	for _, c := range cms {
		if n < c.Weight {
			return c.Move
		}
		n -= c.Weight
	}
	return cms[len(cms)-1].Move
}

// Account is a measured side played as one account: a level's games in
// a pairing, in order, PerAccount at a time.
type Account struct {
	Game    string `json:"game"`
	Level   string `json:"level"`
	Against string `json:"against"`
	Games   int    `json:"games"`
	// Final is the verdict after the account's last game; Marked says
	// whether the verdict after any of its games marked it (the server
	// judges after every rated game).
	Final  Verdict `json:"final"`
	Marked bool    `json:"marked"`
}

// Accounts groups measured games into accounts, each counted and judged
// by its game's rule: each side of a pairing plays its games in order as
// one account until its counted moves reach the rule's Window, then as a
// new account (the last one may hold fewer). An account is judged after
// each of its games, as the server judges after every rated game.
func Accounts(pairings []Pairing, games []Game) []Account {
	type key struct{ pairing, side int }
	byKey := map[key][]Sample{}
	var order []key
	var out []Account
	for _, g := range games {
		p := pairings[g.Pairing]
		for seat := range 2 {
			side := 0
			if g.Levels[seat] != p.A || (p.A == p.B && seat == 1) {
				side = 1
			}
			k := key{g.Pairing, side}
			if _, ok := byKey[k]; !ok {
				order = append(order, k)
			}
			r, _ := RuleOf(p.Game)
			byKey[k] = append(byKey[k], CountJudged(g.Moves[seat], r))
		}
	}
	for _, k := range order {
		p := pairings[k.pairing]
		lvl, vs := p.A, p.B
		if k.side == 1 {
			lvl, vs = p.B, p.A
		}
		r, _ := RuleOf(p.Game)
		ss := byKey[k]
		for lo := 0; lo < len(ss); {
			a := Account{Game: p.Game, Level: lvl, Against: vs}
			moves := 0
			for moves < r.Window && lo+a.Games < len(ss) {
				moves += ss[lo+a.Games].Moves
				a.Games++
				a.Final = Judge(r, newestFirst(ss[lo:lo+a.Games]))
				a.Marked = a.Marked || a.Final.Marked
			}
			out = append(out, a)
			lo += a.Games
		}
	}
	return out
}

// newestFirst returns ss reversed.
func newestFirst(ss []Sample) []Sample {
	out := make([]Sample, len(ss))
	for i, s := range ss {
		out[len(ss)-1-i] = s
	}
	return out
}
