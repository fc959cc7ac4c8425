package shutbox

import (
	"fmt"
	"strconv"
	"strings"

	"plateau/game"
)

// FormatMove writes a move: "roll1" or "roll2" for the die choice, "6-3"
// (high die first) or "5" (one die) for a roll, and the covered tiles in
// descending order joined by "+" for a cover ("9", "8+1", "4+3+2").
func (s *State) FormatMove(m game.Move) string {
	switch m & kindMask {
	case kindChoose:
		if n := DiceOf(m); n != 0 {
			return "roll" + strconv.Itoa(n)
		}
	case kindRoll:
		d1, d2 := int(m>>4&0xf), int(m&0xf)
		if m&^kindMask <= 0xff && d1 >= 1 && d1 <= 6 && d2 <= d1 {
			return rollString(d1, d2)
		}
	case kindCover:
		if c, ok := CoverOf(m); ok && c != 0 {
			return maskString(c)
		}
	}
	return fmt.Sprintf("?%#x", uint64(m))
}

// ParseMove reads a move in the notation of FormatMove and returns it if
// it is legal now. Rolls are accepted with the dice in either order
// ("3-6"), covers with the tiles in any order ("1+8"), and the die choice
// also as "1" or "2".
func (s *State) ParseMove(text string) (game.Move, error) {
	m, err := s.parseMove(strings.TrimSpace(text))
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	if err := s.legal(m); err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	return m, nil
}

func (s *State) parseMove(text string) (game.Move, error) {
	switch s.phase {
	case Over:
		return 0, game.ErrGameOver
	case Choose:
		switch text {
		case "roll1", "1":
			return ChooseMove(1), nil
		case "roll2", "2":
			return ChooseMove(2), nil
		}
		return 0, fmt.Errorf("player %d chooses the dice: want roll1 or roll2: %w", s.turn+1, game.ErrIllegal)
	case Roll:
		d1, d2, err := parseRoll(text)
		if err != nil {
			return 0, fmt.Errorf("%w: %w", err, game.ErrIllegal)
		}
		if (d2 == 0) != (s.ndice == 1) {
			return 0, fmt.Errorf("%d dice are rolled (write %s): %w", s.ndice, map[bool]string{true: "one die, e.g. 5", false: "two dice, e.g. 6-3"}[s.ndice == 1], game.ErrIllegal)
		}
		return RollMove(d1, d2), nil
	}
	var c uint16
	for _, part := range strings.Split(text, "+") {
		t, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || t < 1 || t > s.rules.Tiles {
			return 0, fmt.Errorf("%q is not a tile from 1 to %d (write covers like 8+1): %w", part, s.rules.Tiles, game.ErrIllegal)
		}
		if c&(1<<(t-1)) != 0 {
			return 0, fmt.Errorf("tile %d is named twice: %w", t, game.ErrIllegal)
		}
		if s.open[s.turn]&(1<<(t-1)) == 0 {
			return 0, fmt.Errorf("tile %d is already covered: %w", t, game.ErrIllegal)
		}
		c |= 1 << (t - 1)
	}
	return CoverMove(c), nil
}

// MoveInfo describes a move for clients (DescribeMove).
type MoveInfo struct {
	game.MoveText
	// Kind is "choose" (roll one die or two), "roll" (a chance outcome) or
	// "cover".
	Kind string `json:"kind"`
	// DiceCount is the number of dice chosen (choose) or rolled (roll).
	DiceCount int `json:"diceCount,omitempty"`
	// Dice are a roll's dice, high die first.
	Dice []int `json:"dice,omitempty"`
	// Tiles are the tiles a cover covers, in descending order.
	Tiles []int `json:"tiles,omitempty"`
	// Sum is a roll's total or the sum of the covered tiles.
	Sum int `json:"sum,omitempty"`
}

// DescribeMove returns a MoveInfo. Clicks are "roll1" or "roll2" for the
// die choice (Board.Buttons), the covered tiles' numbers in descending order
// for a cover (Board tile names), and none for a roll.
func (s *State) DescribeMove(m game.Move) any {
	d := MoveInfo{MoveText: game.MoveText{Notation: s.FormatMove(m), Clicks: []string{}}}
	switch m & kindMask {
	case kindChoose:
		d.Kind, d.DiceCount = "choose", DiceOf(m)
		d.Clicks = append(d.Clicks, d.Notation)
	case kindRoll:
		d1, d2 := int(m>>4&0xf), int(m&0xf)
		d.Kind, d.Dice, d.Sum, d.DiceCount = "roll", []int{d1}, d1+d2, 1
		if d2 != 0 {
			d.Dice, d.DiceCount = append(d.Dice, d2), 2
		}
	case kindCover:
		c, _ := CoverOf(m)
		d.Kind, d.Tiles, d.Sum = "cover", Tiles(c), MaskSum(c)
		for _, t := range d.Tiles {
			d.Clicks = append(d.Clicks, strconv.Itoa(t))
		}
	}
	return d
}
