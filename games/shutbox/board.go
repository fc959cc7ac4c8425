package shutbox

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"plateau/game"
)

// Board is the renderer's picture of a state (see the package doc).
type Board struct {
	Tiles int       `json:"tiles"` // 9 or 12 tiles per box
	Boxes []BoxView `json:"boxes"` // one per player, in seat order
	// ToMove is the seat whose turn it is (also while its dice are
	// rolled), -1 when the game is over.
	ToMove int `json:"toMove"`
	// Phase is "choose", "roll", "cover" or "over".
	Phase string `json:"phase"`
	// DiceCount is the number of dice being rolled or rolled (0 otherwise).
	DiceCount int `json:"diceCount"`
	// Dice are the dice rolled, high die first (cover phase; else empty).
	Dice []int `json:"dice"`
	// Roll is the total to cover (cover phase; else 0).
	Roll int `json:"roll"`
	// Buttons are the click targets of the die choice: "roll1", "roll2"
	// (choose phase; else empty).
	Buttons []string `json:"buttons"`
}

// BoxView is one player's box.
type BoxView struct {
	Player  int        `json:"player"` // seat, from 0
	Tiles   []TileView `json:"tiles"`  // tiles 1..Tiles in order
	Blocked bool       `json:"blocked"`
	Shut    bool       `json:"shut"`  // every tile covered
	Score   int        `json:"score"` // sum of the open tiles
}

// TileView is one tile. Its Name is the click target of cover moves.
type TileView struct {
	Name  string `json:"name"` // "1".."12"
	Value int    `json:"value"`
	Open  bool   `json:"open"`
}

// Board returns the renderer's picture of s.
func (s *State) Board() any {
	b := Board{Tiles: s.rules.Tiles, ToMove: int(s.turn), Phase: s.phase.String(),
		DiceCount: s.DiceCount(), Dice: []int{}, Roll: s.Roll(), Buttons: []string{}}
	for p := range s.rules.Players {
		bv := BoxView{Player: p, Blocked: s.blocked[p], Shut: s.open[p] == 0, Score: s.Score(p)}
		for t := 1; t <= s.rules.Tiles; t++ {
			bv.Tiles = append(bv.Tiles, TileView{Name: strconv.Itoa(t), Value: t, Open: s.open[p]&(1<<(t-1)) != 0})
		}
		b.Boxes = append(b.Boxes, bv)
	}
	switch s.phase {
	case Cover:
		b.Dice = append(b.Dice, int(s.d1))
		if s.d2 != 0 {
			b.Dice = append(b.Dice, int(s.d2))
		}
	case Choose:
		b.Buttons = append(b.Buttons, "roll1", "roll2")
	}
	return b
}

// String draws the boxes, one line per player, then what happens next.
func (s *State) String() string {
	var b strings.Builder
	for p := range s.rules.Players {
		mark := "  "
		if p == int(s.turn) {
			mark = "> "
		}
		fmt.Fprintf(&b, "%sP%d ", mark, p+1)
		for t := 1; t <= s.rules.Tiles; t++ {
			if s.open[p]&(1<<(t-1)) != 0 {
				fmt.Fprintf(&b, " %2d", t)
			} else {
				b.WriteString("  .")
			}
		}
		fmt.Fprintf(&b, "   score %d", s.Score(p))
		switch {
		case s.blocked[p]:
			b.WriteString(", blocked")
		case s.open[p] == 0:
			b.WriteString(", box shut")
		}
		b.WriteByte('\n')
	}
	switch s.phase {
	case Choose:
		fmt.Fprintf(&b, "Player %d chooses to roll one die or two", s.turn+1)
	case Roll:
		fmt.Fprintf(&b, "Player %d rolls %d dice", s.turn+1, s.ndice)
	case Cover:
		fmt.Fprintf(&b, "Player %d rolled %s: cover %d", s.turn+1, rollString(int(s.d1), int(s.d2)), s.Roll())
	case Over:
		b.WriteString("Game over")
	}
	return b.String()
}

// Hash returns a hash of the position: equal positions hash equally.
func (s *State) Hash() uint64 {
	var a, c uint64
	for p := range s.rules.Players {
		a |= uint64(s.open[p]) << (16 * p)
		if s.blocked[p] {
			c |= 1 << p
		}
	}
	c |= uint64(uint8(s.turn))<<8 | uint64(s.phase)<<16 | uint64(s.ndice)<<24 |
		uint64(s.d1)<<32 | uint64(s.d2)<<40 | uint64(s.rules.Players)<<48 | uint64(s.rules.Tiles)<<56
	return game.Mix64(a ^ game.Mix64(c))
}

// estimate guesses a player's final score: the score of a player who no
// longer plays, else a share of the open tiles, from 3/10 for a full box to
// 1/2 for a nearly empty one (small totals are hard to cover exactly). It
// grows with the score.
func (s *State) estimate(p int) float64 {
	score := float64(s.Score(p))
	if s.Done(p) {
		return score
	}
	full := float64(MaskSum(s.rules.Full()))
	return score * (0.5 - 0.2*score/full)
}

// Evaluate estimates p's chance of winning without search. Each player's
// final score is guessed from the open tiles (estimate); alone, the value
// falls from 1 as the guess grows; with opponents, p's share is a soft
// minimum: exp(-guess/4) normalised over the players. A finished game is
// worth its Outcome value.
func (s *State) Evaluate(p game.Player) float64 {
	if s.phase == Over {
		return s.Outcome().Value(p)
	}
	if s.rules.Players == 1 {
		return math.Exp(-s.estimate(0) / 4)
	}
	var total, mine float64
	for q := range s.rules.Players {
		w := math.Exp(-s.estimate(q) / 4)
		total += w
		if q == int(p) {
			mine = w
		}
	}
	return mine / total
}
