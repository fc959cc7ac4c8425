package toy

import (
	"fmt"
	"strings"

	"plateau/game"
)

// TicTacToe is noughts and crosses; player 0 plays X first. Perfect play
// draws.
type TicTacToe struct {
	base
	Cells  [9]int8 // 0 empty, 1 X (player 0), 2 O (player 1)
	toMove game.Player
}

// TicTacToeGame is tic-tac-toe as a game.Game.
var TicTacToeGame game.Game = simpleGame{id: "tictactoe", new: func(game.Config) game.State { return new(TicTacToe) }}

// ParseTicTacToe reads nine cells "X", "O" or "." row by row; the player to
// move follows from the counts.
func ParseTicTacToe(cells string) *TicTacToe {
	t := new(TicTacToe)
	n := 0
	for i, c := range cells {
		switch c {
		case 'X':
			t.Cells[i] = 1
			n++
		case 'O':
			t.Cells[i] = 2
			n--
		}
	}
	t.toMove = game.Player(n)
	return t
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (t *TicTacToe) winner() int8 {
	for _, l := range lines {
		if c := t.Cells[l[0]]; c != 0 && c == t.Cells[l[1]] && c == t.Cells[l[2]] {
			return c
		}
	}
	return 0
}
func (t *TicTacToe) full() bool {
	for _, c := range t.Cells {
		if c == 0 {
			return false
		}
	}
	return true
}
func (t *TicTacToe) Players() int { return 2 }
func (t *TicTacToe) ToMove() game.Player {
	if t.Outcome().Over {
		return game.Nobody
	}
	return t.toMove
}
func (t *TicTacToe) Moves(buf []game.Move) []game.Move {
	if t.Outcome().Over {
		return buf
	}
	for i, c := range t.Cells {
		if c == 0 {
			buf = append(buf, game.Move(i))
		}
	}
	return buf
}
func (t *TicTacToe) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }
func (t *TicTacToe) Play(m game.Move) error {
	if err := legal(t, m); err != nil {
		return err
	}
	t.Cells[m] = int8(t.toMove) + 1
	t.toMove = 1 - t.toMove
	return nil
}
func (t *TicTacToe) Clone() game.State { c := *t; return &c }

// CopyFrom makes t a copy of src, as the engines do. (Nim has no CopyFrom,
// so that the searches' Clone fallback is tested too.)
func (t *TicTacToe) CopyFrom(src game.State) bool {
	o, ok := src.(*TicTacToe)
	if ok {
		*t = *o
	}
	return ok
}
func (t *TicTacToe) Outcome() game.Outcome {
	if w := t.winner(); w != 0 {
		return game.Finished(2, "three in a row", game.Player(w-1))
	}
	if t.full() {
		return game.Drawn(2, "board full")
	}
	return game.Outcome{}
}
func (t *TicTacToe) Position() string {
	var b strings.Builder
	for _, c := range t.Cells {
		b.WriteByte(".XO"[c])
	}
	return b.String()
}
func (t *TicTacToe) FormatMove(m game.Move) string         { return fmt.Sprint(uint64(m)) }
func (t *TicTacToe) ParseMove(s string) (game.Move, error) { return parseMove(t, s) }
func (t *TicTacToe) Hash() uint64 {
	h := uint64(t.toMove)
	for _, c := range t.Cells {
		h = h*3 + uint64(c)
	}
	return h
}

// Evaluate counts the lines still open to each side.
func (t *TicTacToe) Evaluate(p game.Player) float64 {
	if o := t.Outcome(); o.Over {
		return o.Value(p)
	}
	me := int8(p) + 1
	score := 0
	for _, l := range lines {
		mine, theirs := 0, 0
		for _, i := range l {
			switch t.Cells[i] {
			case 0:
			case me:
				mine++
			default:
				theirs++
			}
		}
		if theirs == 0 {
			score += mine
		}
		if mine == 0 {
			score -= theirs
		}
	}
	return 0.5 + float64(score)/40
}
