package review

import (
	"context"
	"fmt"

	"plateau/game"
	"plateau/games/dames"
)

// PDN reviews one game of a PDN file (dames.ParsePDN) under cfg, from its
// FEN tag or the start. The game is replayed first, so that a move that
// does not play is named with its line and column in the file.
func PDN(ctx context.Context, pg *dames.PDNGame, cfg game.Config, opts Options) (Report, error) {
	if _, err := pg.Replay(cfg); err != nil {
		return Report{}, err
	}
	g := dames.Game{}
	var (
		s   game.State
		err error
	)
	if fen := pg.Tag("FEN"); fen != "" {
		s, err = g.ParsePosition(cfg, fen)
	} else {
		s, err = g.New(cfg)
	}
	if err != nil {
		return Report{}, fmt.Errorf("review: the PDN game's start: %w", err)
	}
	return ReviewFrom(ctx, g, s, pg.Moves, opts)
}
