package benedictine

import (
	"fmt"
	"math/bits"
	"slices"

	"plateau/game"
)

// State is a position of Master Bénédictine with the repetition history
// since the start (or since the parsed position).
type State struct {
	bottles    [2]uint64 // bitboards of green's and amber's bottles
	ball       int8      // a ball square, or a try square code once a try is scored
	turn       int8      // the player to move; in a finished game, who would have been
	repetition bool      // threefold repetition draws
	drawn      bool      // ended by repetition
	over       bool
	winner     int8   // the winner when over and not drawn
	reason     string // why the game ended
	history    []uint64
}

var (
	_ game.State     = (*State)(nil)
	_ game.Hasher    = (*State)(nil)
	_ game.Copier    = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
	_ game.Trusting  = (*State)(nil)
	_ fmt.Stringer   = (*State)(nil)
)

// Move packing: bits 0-5 the bottle's square, 6-11 its destination, 12-17
// the ball's destination code plus one (0 when the ball does not move).
const (
	moveBits = 18
	noBall   = -1
)

func pack(from, to, ball int) game.Move {
	return game.Move(from | to<<6 | (ball+1)<<12)
}

func unpack(m game.Move) (from, to, ball int) {
	return int(m & 63), int(m >> 6 & 63), int(m>>12&63) - 1
}

// start finishes a new or parsed state: the history holds the current
// position, and a position where the player to move is stuck is over.
func (s *State) start() {
	s.history = append(s.history[:0], s.Hash())
	switch {
	case isTry(int(s.ball)):
		s.finish(int8(tryOwner(int(s.ball))), "try scored")
	case s.drawn:
		s.over, s.reason = true, "threefold repetition"
	case !canMove(s.bottles[s.turn], s.bottles[0]|s.bottles[1]):
		s.finish(1-s.turn, "no legal move")
	}
}

func (s *State) finish(winner int8, reason string) {
	s.over, s.winner, s.reason = true, winner, reason
}

// Players is 2: green (0) and amber (1).
func (s *State) Players() int { return 2 }

// ToMove is the player to move, or game.Nobody once the game is over.
func (s *State) ToMove() game.Player {
	if s.over {
		return game.Nobody
	}
	return game.Player(s.turn)
}

// Moves appends the legal moves: for every bottle and every square it can
// reach, the bottle move alone, then that bottle move followed by each
// destination of the ball. Moves are distinct by the bottle's squares and
// the ball's destination; paths are chosen by FormatMove.
func (s *State) Moves(buf []game.Move) []game.Move {
	if s.over {
		return buf
	}
	p := int(s.turn)
	own, all := s.bottles[p], s.bottles[0]|s.bottles[1]
	ball := int(s.ball)
	for b := own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		rest := own &^ (1 << from)
		// The ball's reach without the moved bottle, and the squares next
		// to where it can stand: a bottle landing elsewhere cannot extend it.
		base := ballReach(ball, rest, p, nil)
		touch := near[ball]
		for r := base & ballSquares; r != 0; r &= r - 1 {
			touch |= near[bits.TrailingZeros64(r)]
		}
		for d := bottleReach(from, all&^(1<<from)); d != 0; d &= d - 1 {
			to := bits.TrailingZeros64(d)
			buf = append(buf, pack(from, to, noBall))
			reach := base
			if touch&(1<<to) != 0 {
				reach = ballReach(ball, rest|1<<to, p, nil)
			}
			for r := reach; r != 0; r &= r - 1 {
				buf = append(buf, pack(from, to, bits.TrailingZeros64(r)))
			}
		}
	}
	return buf
}

// ChanceMoves returns buf: there is no chance in this game.
func (s *State) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }

// check validates m for the player to move and returns its parts.
func (s *State) check(m game.Move) (from, to, ball int, err error) {
	if s.over {
		return 0, 0, 0, fmt.Errorf("benedictine: move %#x: %w", uint64(m), game.ErrGameOver)
	}
	if m>>moveBits != 0 {
		return 0, 0, 0, fmt.Errorf("benedictine: move %#x is not a move of this game: %w", uint64(m), game.ErrIllegal)
	}
	p := int(s.turn)
	from, to, ball = unpack(m)
	if from >= numSquares || s.bottles[p]&(1<<from) == 0 {
		return 0, 0, 0, fmt.Errorf("benedictine: move %#x: %s has no %s bottle: %w", uint64(m), squareName(from), colourName[p], game.ErrIllegal)
	}
	all := s.bottles[0] | s.bottles[1]
	if to >= numSquares || bottleReach(from, all&^(1<<from))&(1<<to) == 0 {
		return 0, 0, 0, fmt.Errorf("benedictine: move %#x: the bottle on %s cannot reach %s: %w", uint64(m), squareName(from), squareName(to), game.ErrIllegal)
	}
	if ball != noBall {
		own := s.bottles[p]&^(1<<from) | 1<<to
		if ballReach(int(s.ball), own, p, nil)&(1<<ball) == 0 {
			return 0, 0, 0, fmt.Errorf("benedictine: move %#x: after %s-%s the ball on %s cannot reach %s over %s bottles: %w",
				uint64(m), squareName(from), squareName(to), squareName(int(s.ball)), squareName(ball), colourName[p], game.ErrIllegal)
		}
	}
	return from, to, ball, nil
}

// Play plays a legal move; anything else is rejected with an error wrapping
// game.ErrIllegal or game.ErrGameOver, and the state is left unchanged.
func (s *State) Play(m game.Move) error {
	from, to, ball, err := s.check(m)
	if err != nil {
		return err
	}
	s.apply(from, to, ball)
	return nil
}

// PlayListed plays m, which Moves listed for this very position, without
// checking it again (game.Trusting): a search's moves need no check, and
// checking was a tenth of its time.
func (s *State) PlayListed(m game.Move) error {
	if s.over {
		return fmt.Errorf("benedictine: move %#x: %w", uint64(m), game.ErrGameOver)
	}
	s.apply(unpack(m))
	return nil
}

// apply plays a legal move.
func (s *State) apply(from, to, ball int) {
	p := s.turn
	s.bottles[p] ^= 1<<from | 1<<to
	if ball != noBall {
		s.ball = int8(ball)
	}
	s.turn = 1 - p
	if isTry(int(s.ball)) {
		s.finish(p, "try scored")
		return
	}
	h := s.Hash()
	s.history = append(s.history, h)
	if s.repetition && count(s.history, h) >= 3 {
		s.over, s.drawn, s.reason = true, true, "threefold repetition"
		return
	}
	if !canMove(s.bottles[s.turn], s.bottles[0]|s.bottles[1]) {
		s.finish(p, "no legal move")
	}
}

func count(hs []uint64, h uint64) int {
	n := 0
	for _, x := range hs {
		if x == h {
			n++
		}
	}
	return n
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.history = slices.Clone(s.history)
	return &c
}

// CopyFrom makes s a deep copy of src reusing s's storage, so that
// searches branch without allocating; it reports false if src is not a
// Bénédictine state.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if !ok {
		return false
	}
	history := s.history
	*s = *o
	s.history = append(history[:0], o.history...)
	return true
}

// Outcome reports the result: a try wins, a player who cannot move loses,
// a threefold repetition draws (variant repetition=threefold).
func (s *State) Outcome() game.Outcome {
	switch {
	case !s.over:
		return game.Outcome{}
	case s.drawn:
		return game.Drawn(2, s.reason)
	}
	return game.Finished(2, s.reason, game.Player(s.winner))
}

// zobrist keys: bottles by colour and square, the ball by destination code,
// and the player to move.
var zobrist = func() (z struct {
	bottle [2][numSquares]uint64
	ball   [64]uint64
	amber  uint64
}) {
	next := game.NewKeySource(0x6265_6e65_6469_6374).Next // "benedict"
	for p := range z.bottle {
		for sq := range z.bottle[p] {
			z.bottle[p][sq] = next()
		}
	}
	for i := range z.ball {
		z.ball[i] = next()
	}
	z.amber = next()
	return z
}()

// Hash is a Zobrist hash of the bottles, the ball and the player to move.
func (s *State) Hash() uint64 {
	h := zobrist.ball[s.ball&63]
	for p := range s.bottles {
		for b := s.bottles[p]; b != 0; b &= b - 1 {
			h ^= zobrist.bottle[p][bits.TrailingZeros64(b)]
		}
	}
	if s.turn == amber {
		h ^= zobrist.amber
	}
	return h
}
