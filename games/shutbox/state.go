package shutbox

import (
	"fmt"

	"plateau/game"
)

// MaxPlayers is the largest number of players.
const MaxPlayers = 4

// Phase is what the state waits for.
type Phase int8

const (
	// Choose: the player to move chooses to roll one die or two.
	Choose Phase = iota
	// Roll: the dice (Dice count of them) must be rolled; ToMove is Chance.
	Roll
	// Cover: the player to move covers tiles summing to the roll.
	Cover
	// Over: every player is blocked or has shut the box.
	Over
)

func (p Phase) String() string {
	switch p {
	case Choose:
		return "choose"
	case Roll:
		return "roll"
	case Cover:
		return "cover"
	case Over:
		return "over"
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// State is a position of Shut the Box. It implements game.State,
// game.Hasher, game.Evaluator and fmt.Stringer. Copying a State value
// copies it deeply.
type State struct {
	rules   Rules
	open    [MaxPlayers]uint16 // bit t-1 set: tile t is open
	blocked [MaxPlayers]bool
	turn    int8  // seat to move; -1 when over
	phase   Phase // what the state waits for
	ndice   int8  // Roll and Cover: number of dice (1 or 2)
	d1, d2  int8  // Cover: the dice rolled, d1 >= d2; d2 = 0 for one die
}

// Move kinds, in the top byte of a game.Move.
const (
	kindChoose = 1 << 56 // low bits: the number of dice
	kindRoll   = 2 << 56 // low bits: d1<<4 | d2
	kindCover  = 3 << 56 // low bits: the mask of covered tiles
	kindMask   = 0xff << 56
)

// ChooseMove is the move choosing to roll n dice (1 or 2).
func ChooseMove(n int) game.Move { return game.Move(kindChoose | uint64(n)) }

// RollMove is the chance move rolling d1 and d2 (d2 = 0 for one die).
func RollMove(d1, d2 int) game.Move {
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	return game.Move(kindRoll | uint64(d1)<<4 | uint64(d2))
}

// CoverMove is the move covering the tiles of mask.
func CoverMove(mask uint16) game.Move { return game.Move(kindCover | uint64(mask)) }

// CoverOf returns the tiles a cover move covers, and whether m is a cover move.
func CoverOf(m game.Move) (uint16, bool) {
	if m&kindMask != kindCover || m&^kindMask > 0xfff {
		return 0, false
	}
	return uint16(m), true
}

// DiceOf returns the number of dice a choice move chooses, or 0.
func DiceOf(m game.Move) int {
	if m == ChooseMove(1) {
		return 1
	}
	if m == ChooseMove(2) {
		return 2
	}
	return 0
}

// Rules returns the variant being played.
func (s *State) Rules() Rules { return s.rules }

// Phase returns what the state waits for.
func (s *State) Phase() Phase { return s.phase }

// Turn returns the seat whose turn it is (also while its dice are rolled),
// or -1 when the game is over.
func (s *State) Turn() int { return int(s.turn) }

// Open returns a player's open tiles (bit t-1 is tile t).
func (s *State) Open(p int) uint16 { return s.open[p] }

// Blocked reports whether a player is blocked.
func (s *State) Blocked(p int) bool { return s.blocked[p] }

// Done reports whether a player no longer plays: blocked or box shut.
func (s *State) Done(p int) bool { return s.blocked[p] || s.open[p] == 0 }

// Score is a player's score so far: the sum of the open tiles.
func (s *State) Score(p int) int { return MaskSum(s.open[p]) }

// DiceCount is the number of dice being rolled (Roll) or rolled (Cover), or 0.
func (s *State) DiceCount() int {
	if s.phase == Roll || s.phase == Cover {
		return int(s.ndice)
	}
	return 0
}

// Dice returns the dice rolled in the Cover phase (d2 = 0 for one die),
// or 0, 0.
func (s *State) Dice() (d1, d2 int) { return int(s.d1), int(s.d2) }

// Roll is the total to cover in the Cover phase, or 0.
func (s *State) Roll() int { return int(s.d1 + s.d2) }

// Players returns the number of seats.
func (s *State) Players() int { return s.rules.Players }

// ToMove returns the player to choose or cover, Chance when dice are
// rolled, Nobody when the game is over.
func (s *State) ToMove() game.Player {
	switch s.phase {
	case Roll:
		return game.Chance
	case Over:
		return game.Nobody
	}
	return game.Player(s.turn)
}

// startTurn sets the phase for the player s.turn, who is active.
func (s *State) startTurn() {
	s.d1, s.d2 = 0, 0
	if s.rules.OneDieAllowed(s.open[s.turn]) {
		s.phase, s.ndice = Choose, 0
		return
	}
	s.phase, s.ndice = Roll, 2
}

// advance passes the turn to the next player who still plays, in seat
// order starting after s.turn and coming back to s.turn last; the game is
// over when there is none.
func (s *State) advance() {
	n := s.rules.Players
	for i := 1; i <= n; i++ {
		p := (int(s.turn) + i) % n
		if !s.Done(p) {
			s.turn = int8(p)
			s.startTurn()
			return
		}
	}
	s.turn, s.phase, s.ndice, s.d1, s.d2 = -1, Over, 0, 0, 0
}

// twoDice lists the 21 rolls of two dice (high die first) with their
// weights out of 36; oneDie the 6 rolls of one die.
var twoDice, oneDie []game.ChanceMove

func init() {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			w := 2
			if a == b {
				w = 1
			}
			twoDice = append(twoDice, game.ChanceMove{Move: RollMove(a, b), Weight: w})
		}
		oneDie = append(oneDie, game.ChanceMove{Move: RollMove(a, 0), Weight: 1})
	}
}

// Moves appends the legal moves: the die choice, the roll outcomes or the
// covers, in notation order.
func (s *State) Moves(buf []game.Move) []game.Move {
	switch s.phase {
	case Choose:
		return append(buf, ChooseMove(1), ChooseMove(2))
	case Roll:
		for _, c := range s.rolls() {
			buf = append(buf, c.Move)
		}
	case Cover:
		open := s.open[s.turn]
		for _, c := range subsets[s.d1+s.d2] {
			if c&^open == 0 {
				buf = append(buf, CoverMove(c))
			}
		}
	}
	return buf
}

func (s *State) rolls() []game.ChanceMove {
	if s.ndice == 1 {
		return oneDie
	}
	return twoDice
}

// ChanceMoves appends the outcomes of the pending roll with their weights:
// 21 rolls of two dice out of 36, or 6 rolls of one die.
func (s *State) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove {
	if s.phase != Roll {
		return buf
	}
	return append(buf, s.rolls()...)
}

// legal reports whether m is among the listed moves, or says why not.
func (s *State) legal(m game.Move) error {
	switch s.phase {
	case Over:
		return fmt.Errorf("move %#x: %w", uint64(m), game.ErrGameOver)
	case Choose:
		if DiceOf(m) == 0 {
			return fmt.Errorf("move %#x: player %d must choose to roll one die or two: %w", uint64(m), s.turn+1, game.ErrIllegal)
		}
	case Roll:
		for _, c := range s.rolls() {
			if c.Move == m {
				return nil
			}
		}
		return fmt.Errorf("move %#x is not a roll of %d dice: %w", uint64(m), s.ndice, game.ErrIllegal)
	case Cover:
		c, ok := CoverOf(m)
		if !ok {
			return fmt.Errorf("move %#x: player %d must cover tiles summing to %d: %w", uint64(m), s.turn+1, s.Roll(), game.ErrIllegal)
		}
		if c == 0 || c&^s.open[s.turn] != 0 {
			return fmt.Errorf("cover %s: not all of those tiles are open: %w", maskString(c), game.ErrIllegal)
		}
		if MaskSum(c) != s.Roll() {
			return fmt.Errorf("cover %s sums to %d, not to the roll %d: %w", maskString(c), MaskSum(c), s.Roll(), game.ErrIllegal)
		}
	}
	return nil
}

// Play plays a legal move. A roll that no open tiles can cover blocks the
// player at once (the roll is lost) and passes the turn.
func (s *State) Play(m game.Move) error {
	if err := s.legal(m); err != nil {
		return err
	}
	switch s.phase {
	case Choose:
		s.phase, s.ndice = Roll, int8(DiceOf(m))
	case Roll:
		s.d1, s.d2 = int8(m>>4&0xf), int8(m&0xf)
		if !CanCover(s.open[s.turn], s.Roll()) {
			s.blocked[s.turn] = true
			s.advance()
			return nil
		}
		s.phase = Cover
	case Cover:
		s.open[s.turn] &^= uint16(m)
		s.advance()
	}
	return nil
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, so that searches branch without
// allocating; it reports false if src is not a Shut the Box state.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if ok {
		*s = *o
	}
	return ok
}

// Outcome reports the end of the game: every player blocked or with the
// box shut. Scores are the sums of the open tiles; the sole lowest score
// wins, players tied at the lowest draw, the others lose. Alone, a player
// wins by shutting the box and loses otherwise.
func (s *State) Outcome() game.Outcome {
	if s.phase != Over {
		return game.Outcome{}
	}
	n := s.rules.Players
	o := game.Outcome{Over: true, Results: make([]game.Result, n), Scores: make([]int, n)}
	low, count := 1<<30, 0
	for p := range n {
		o.Scores[p] = s.Score(p)
		switch {
		case o.Scores[p] < low:
			low, count = o.Scores[p], 1
		case o.Scores[p] == low:
			count++
		}
	}
	if n == 1 {
		o.Reason = "blocked"
		if low == 0 {
			o.Results[0], o.Reason = game.Win, "box shut"
		}
		return o
	}
	o.Reason = "every player is blocked or has shut the box"
	for p := range n {
		switch {
		case o.Scores[p] != low:
			o.Results[p] = game.Loss
		case count == 1:
			o.Results[p] = game.Win
		default:
			o.Results[p] = game.Draw
		}
	}
	return o
}
