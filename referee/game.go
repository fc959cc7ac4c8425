package referee

import (
	"context"
	"fmt"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/games/dames"
)

// play plays game i of the match: the opening of its pair, then a and b
// in turn, A White in even games.
func (m Match) play(ctx context.Context, i int, a, b ai.Player) (Game, error) {
	op := m.Openings[(uint64(i/2)+m.Seed)%uint64(len(m.Openings))]
	g := Game{Index: i, Opening: op, White: m.A.Name, Black: m.B.Name}
	white, black := a, b
	if i%2 == 1 {
		g.White, g.Black = m.B.Name, m.A.Name
		white, black = b, a
	}
	st, err := opening(op)
	if err != nil {
		return g, err
	}
	g.Moves = []string{op.White, op.Black}
	var loser game.Player = -1
	for st.ToMove() != game.Nobody && len(g.Moves) < m.MaxPlies {
		mover := st.ToMove()
		p := white
		if mover == 1 {
			p = black
		}
		text, fault, detail := m.move(ctx, p, st)
		if ctx.Err() != nil {
			return g, fmt.Errorf("referee: game %d: %w", i+1, ctx.Err())
		}
		if fault != "" {
			loser, g.Reason, g.Fault = mover, fault, detail
			break
		}
		g.Moves = append(g.Moves, text)
	}
	o := st.Outcome()
	switch {
	case loser == 0:
		g.Result = "0-2"
	case loser == 1:
		g.Result = "2-0"
	case o.Over:
		g.Result, g.Reason = dames.PDNResult(o), o.Reason
	default:
		g.Result, g.Reason = "1-1", "ply limit"
	}
	g.AScore = 0.5
	if g.Result != "1-1" {
		whiteWon := g.Result == "2-0"
		g.AScore = 0
		if whiteWon == (i%2 == 0) {
			g.AScore = 1
		}
	}
	return g, nil
}

// opening returns the position after an opening, checking both moves.
func opening(op Opening) (*dames.State, error) {
	s, err := dames.Game{}.New(config())
	if err != nil {
		return nil, err
	}
	for _, text := range []string{op.White, op.Black} {
		mv, err := s.ParseMove(text)
		if err == nil {
			err = s.Play(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("referee: opening %s: %q: %w", op, text, err)
		}
	}
	return s.(*dames.State), nil
}

// move asks p for a move in st and plays it on st when it is legal and in
// time; otherwise it returns the fault ("no move", "illegal move", "late
// move") and its detail.
func (m Match) move(ctx context.Context, p ai.Player, st *dames.State) (text, fault, detail string) {
	mctx, cancel := context.WithTimeout(ctx, m.Time+m.Grace)
	defer cancel()
	start := time.Now()
	d, err := p.Choose(mctx, st.Clone())
	took := time.Since(start)
	if err != nil {
		return "", "no move", err.Error()
	}
	legal := false
	for _, mv := range st.Moves(nil) {
		if mv == d.Move {
			legal = true
			break
		}
	}
	if !legal {
		return "", "illegal move", fmt.Sprintf("move %#x is not one of Plateau's legal moves in %s", uint64(d.Move), st.Position())
	}
	if took > m.Time+m.Grace {
		return "", "late move", fmt.Sprintf("%v for a move of %v", took.Round(time.Millisecond), m.Time)
	}
	text = st.FormatMove(d.Move)
	if err := st.Play(d.Move); err != nil {
		return "", "illegal move", err.Error()
	}
	return text, "", ""
}
