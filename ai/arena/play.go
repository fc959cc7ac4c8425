package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"plateau/ai"
	"plateau/game"
)

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
	g, err := m.newGame(cfg, i)
	if err != nil {
		return g.res, g.as, g.bs, err
	}
	maxPlies := m.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 5000
	}
	for ply := 0; ; ply++ {
		if err := ctx.Err(); err != nil {
			return g.res, g.as, g.bs, err
		}
		if g.s.Outcome().Over {
			break
		}
		if ply >= maxPlies {
			g.res.Plies, g.res.Reason, g.res.Score = ply, "ply limit", 0.5
			return g.res, g.as, g.bs, nil
		}
		mv, over, err := g.next(ctx, ply)
		if err != nil || over {
			return g.res, g.as, g.bs, err
		}
		if err := g.s.Play(mv); err != nil {
			return g.res, g.as, g.bs, fmt.Errorf("game %d: playing %s in %s: %w", i, g.s.FormatMove(mv), g.s.Position(), err)
		}
		g.res.Plies = ply + 1
	}
	o := g.s.Outcome()
	g.res.Reason = o.Reason
	g.res.Score = share(g.isA, o.Value)
	return g.res, g.as, g.bs, nil
}

// matchGame is one game of a match being played.
type matchGame struct {
	m             *Match
	i             int
	s             game.State
	players       []ai.Player
	isA           []bool
	dice, opening *rand.Rand
	judge         *luckJudge
	res           GameResult
	as, bs        Stats
	moves         []game.Move
	cms           []game.ChanceMove
	// ahead[p] and behind[p] count p's consecutive decisions saying p wins
	// or loses, for the resign rule; even[p] its consecutive even
	// decisions, for the draw rule.
	ahead, behind, even []int
}

// newGame sets up game i: its start, its random sources and its players.
func (m Match) newGame(cfg game.Config, i int) (*matchGame, error) {
	g := &matchGame{m: &m, i: i, res: GameResult{Index: i}}
	s, err := m.Game.New(cfg)
	if err != nil {
		return g, err
	}
	n := s.Players()
	pair := uint64(m.unit(i))
	g.s = s
	g.dice = rand.New(rand.NewPCG(seed(m.Seed, 1, pair), 0))
	g.opening = rand.New(rand.NewPCG(seed(m.Seed, 2, pair), 0))
	g.players = make([]ai.Player, n)
	g.isA = aSeats(s, i)
	for p := range n {
		e := m.B
		if g.isA[p] {
			e = m.A
			g.res.ASeats = append(g.res.ASeats, p)
		}
		if g.players[p], err = e.New(seed(m.Seed, 3, uint64(i), uint64(p))); err != nil {
			return g, fmt.Errorf("player %s: %w", e.Name, err)
		}
	}
	if m.Luck != nil {
		g.judge = newLuckJudge(m.Luck(), g.isA)
		g.res.Luck = new(float64)
	}
	g.ahead, g.behind, g.even = make([]int, n), make([]int, n), make([]int, n)
	return g, nil
}

// next returns the move of ply: a roll, a random opening move or a
// player's choice; over when an adjudication ended the game instead.
func (g *matchGame) next(ctx context.Context, ply int) (mv game.Move, over bool, err error) {
	switch p := g.s.ToMove(); {
	case p == game.Chance:
		g.cms = g.s.ChanceMoves(g.cms[:0])
		if mv, err = game.Pick(g.cms, g.dice.IntN(game.TotalWeight(g.cms))); err != nil {
			return mv, false, err
		}
		if g.judge != nil {
			l, err := g.judge.roll(g.s, g.cms, mv)
			if err != nil {
				return mv, false, fmt.Errorf("game %d: %w", g.i, err)
			}
			*g.res.Luck += l
		}
		return mv, false, nil
	case ply < g.m.Opening:
		g.moves = g.s.Moves(g.moves[:0])
		return g.moves[g.opening.IntN(len(g.moves))], false, nil
	default:
		return g.choose(ctx, ply, p)
	}
}

// choose asks player p for its move at ply, and applies the resign and
// draw rules to its decision.
func (g *matchGame) choose(ctx context.Context, ply int, p game.Player) (game.Move, bool, error) {
	t0 := time.Now()
	d, err := g.players[p].Choose(ctx, g.s)
	if err != nil {
		return 0, false, fmt.Errorf("game %d, %s: %w", g.i, g.s.Position(), err)
	}
	el := time.Since(t0)
	if g.isA[p] {
		g.as.add(el, d.Nodes)
	} else {
		g.bs.add(el, d.Nodes)
	}
	if w := g.m.Resign.judge(g.ahead, g.behind, int(p), d.Score); w >= 0 {
		g.res.Plies, g.res.Reason, g.res.Score = ply, "adjudicated", 0
		if g.isA[w] {
			g.res.Score = 1
		}
		return d.Move, true, nil
	}
	if g.m.Draw.judge(g.even, ply, int(p), d.Score) {
		g.res.Plies, g.res.Reason, g.res.Score = ply, "adjudicated draw", 0.5
		return d.Move, true, nil
	}
	return d.Move, false, nil
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
