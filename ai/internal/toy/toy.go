// Package toy holds tiny games whose values are known, for testing the
// search algorithms and the arena: Nim, tic-tac-toe and a dice duel.
package toy

import (
	"fmt"
	"strconv"

	"plateau/game"
)

// base implements the parts of game.State the toys share.
type base struct{}

func (base) DescribeMove(m game.Move) any {
	return game.MoveText{Notation: strconv.FormatUint(uint64(m), 10)}
}
func (base) Board() any { return nil }

// parseMove reads a move number and checks it is legal in s.
func parseMove(s game.State, text string) (game.Move, error) {
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, game.ErrIllegal)
	}
	for _, m := range s.Moves(nil) {
		if m == game.Move(n) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("move %q is not legal: %w", text, game.ErrIllegal)
}

// legal reports whether m is among s's moves.
func legal(s game.State, m game.Move) error {
	if s.Outcome().Over {
		return game.ErrGameOver
	}
	for _, l := range s.Moves(nil) {
		if l == m {
			return nil
		}
	}
	return fmt.Errorf("move %d: %w", m, game.ErrIllegal)
}

// simpleGame is a game.Game built from a constructor.
type simpleGame struct {
	id   string
	opts []game.Option
	new  func(cfg game.Config) game.State
}

func (g simpleGame) ID() string                              { return g.id }
func (g simpleGame) Name(string) string                      { return g.id }
func (g simpleGame) Options() []game.Option                  { return g.opts }
func (g simpleGame) ExamplePosition() string                 { return "" }
func (g simpleGame) New(cfg game.Config) (game.State, error) { return g.new(cfg), nil }
func (g simpleGame) ParsePosition(game.Config, string) (game.State, error) {
	return nil, fmt.Errorf("%s: positions are not parsed", g.id)
}
