package dames

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
)

// State is a game of international draughts: the position plus what the
// draw rules and huffing need. Player 0 is White (Bleus), who moves first;
// player 1 is Black (Verts).
type State struct {
	r   rules
	pos Pos
	// quiet lists the king moves without capture played since the last
	// capture, man move or huff, oldest first.
	quiet []kingMove
	// endgame counts the plies played with the current material when it
	// is one of FMJD's counted endgames (fmjd only).
	endgame int
	// huffable holds the opponent's pieces that the side to move may huff
	// before moving (huffing only).
	huffable uint64
	out      game.Outcome
	buf      []Move // scratch for generation
}

var (
	_ game.State     = (*State)(nil)
	_ game.Hasher    = (*State)(nil)
	_ game.Copier    = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
)

func newState(r rules, p Pos) *State {
	s := &State{r: r, pos: p}
	s.update()
	return s
}

// Pos returns the bare position.
func (s *State) Pos() Pos { return s.pos }

// Players is 2.
func (s *State) Players() int { return 2 }

// ToMove is 0 (White) or 1 (Black), or game.Nobody when the game is over.
func (s *State) ToMove() game.Player {
	if s.out.Over {
		return game.Nobody
	}
	return game.Player(s.pos.Side)
}

// Outcome reports how the game ended.
func (s *State) Outcome() game.Outcome {
	o := s.out
	o.Results = slices.Clone(o.Results)
	return o
}

// legal appends the legal board moves (huffs aside): the mandatory
// captures, or with huffing on, the captures and every non-capturing move.
func (s *State) legal(buf []Move) []Move { return s.r.legal(&s.pos, buf) }

func (r rules) legal(p *Pos, buf []Move) []Move {
	if !r.huffing {
		return p.Generate(buf)
	}
	if p.hasCapture() {
		buf = p.captures(buf)
	}
	return p.quiet(buf)
}

// Moves appends the legal moves: the huffs first (with huffing on, right
// after the opponent failed to capture), then the board moves.
func (s *State) Moves(buf []game.Move) []game.Move {
	if s.out.Over {
		return buf
	}
	for h := s.huffable; h != 0; h &= h - 1 {
		buf = append(buf, packHuff(bits.TrailingZeros64(h)))
	}
	s.buf = s.legal(s.buf[:0])
	for _, m := range s.buf {
		buf = append(buf, pack(m))
	}
	return buf
}

// ChanceMoves returns buf: draughts has no dice.
func (s *State) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }

// find returns the board move packed as m, if legal.
func (s *State) find(m game.Move) (Move, bool) {
	s.buf = s.legal(s.buf[:0])
	for _, l := range s.buf {
		if pack(l) == m {
			return l, true
		}
	}
	return Move{}, false
}

// isHuff reports whether m is a legal huff and returns the huffed bit.
func (s *State) isHuff(m game.Move) (int, bool) {
	if m&huffFlag == 0 || m&^huffFlag > 1<<12-1 {
		return 0, false
	}
	sq := int(m & 63)
	if sq < 1 || sq > 50 || int(m>>6&63) != sq {
		return 0, false
	}
	b := bitOf(sq)
	return b, s.huffable&(1<<b) != 0
}

// Play plays a legal move.
func (s *State) Play(m game.Move) error {
	if s.out.Over {
		return fmt.Errorf("dames: move %#x: %w (%s)", uint64(m), game.ErrGameOver, s.out.Reason)
	}
	if b, ok := s.isHuff(m); ok {
		s.huff(b)
		return nil
	}
	mv, ok := s.find(m)
	if !ok {
		return fmt.Errorf("dames: %w: %s", game.ErrIllegal, s.whyIllegal(m))
	}
	s.play(mv)
	return nil
}

// whyIllegal explains why m is not a legal move.
func (s *State) whyIllegal(m game.Move) string {
	if m&huffFlag != 0 {
		if s.huffable == 0 {
			return fmt.Sprintf("%#x is a huff, and there is nothing to huff", uint64(m))
		}
		return fmt.Sprintf("%#x is not a huff of one of %s", uint64(m), squareList(s.huffable))
	}
	from, to := int(m&63), int(m>>6&63)
	if m>>62 != 0 || from < 1 || from > 50 || to < 1 || to > 50 {
		return fmt.Sprintf("%#x does not encode a move", uint64(m))
	}
	if s.pos.Pieces[s.pos.Side]&(1<<bitOf(from)) == 0 {
		return fmt.Sprintf("no %s piece on %d", colourName(s.pos.Side), from)
	}
	what := fmt.Sprintf("%d-%d", from, to)
	if c := expand(uint64(m >> capturedOff)); c != 0 {
		what = fmt.Sprintf("%dx%d taking %s", from, to, squareList(c))
	}
	return what + " is not a legal move here" + s.pos.hint(s.buf)
}

// squareList writes the squares of a ghost-layout mask as "12, 17".
func squareList(x uint64) string {
	var out []string
	for ; x != 0; x &= x - 1 {
		out = append(out, strconv.Itoa(squareOf(bits.TrailingZeros64(x))))
	}
	return strings.Join(out, ", ")
}

// play plays a legal board move.
func (s *State) play(m Move) {
	var huffable uint64
	if s.r.huffing && m.Captured == 0 && s.pos.hasCapture() {
		// The mover did not capture when it had to: the pieces that had
		// a maximum capture may be huffed (the moved one where it went).
		for _, c := range s.pos.captures(s.buf[:0]) {
			huffable |= 1 << c.From
		}
		if huffable&(1<<m.From) != 0 {
			huffable = huffable&^(1<<m.From) | 1<<m.To
		}
	}
	before := s.pos
	s.pos = s.pos.Play(m)
	if m.Captured != 0 || before.Kings&(1<<m.From) == 0 {
		s.quiet = s.quiet[:0]
	} else {
		s.quiet = append(s.quiet, kingMove{from: m.From, to: m.To, before: before.Hash()})
	}
	s.countEndgame(before)
	s.huffable = huffable
	s.update()
}

// huff removes the opponent's piece on bit b; the side to move then moves.
func (s *State) huff(b int) {
	before := s.pos
	them := s.pos.Side ^ 1
	s.pos.Pieces[them] &^= 1 << b
	s.pos.Kings &^= 1 << b
	s.huffable = 0
	s.quiet = s.quiet[:0]
	s.countEndgame(before)
	s.update()
}

// update computes the outcome of the position.
func (s *State) update() {
	s.out = game.Outcome{}
	side := s.pos.Side
	if s.pos.Pieces[side^1] == 0 { // after a huff of the last piece
		s.out = game.Finished(2, "no pieces left", game.Player(side))
		return
	}
	if s.huffable == 0 && len(s.legal(s.buf[:0])) == 0 {
		reason := "no legal move"
		if s.pos.Pieces[side] == 0 {
			reason = "no pieces left"
		}
		s.out = game.Finished(2, reason, game.Player(side^1))
		return
	}
	if s.r.fmjd {
		h := s.pos.Hash()
		seen := 1
		for _, q := range s.quiet {
			if q.before == h {
				seen++
			}
		}
		switch lim := endgameLimit(s.pos); {
		case seen >= 3:
			s.out = game.Drawn(2, "threefold repetition")
		case len(s.quiet) >= fmjdQuietPlies:
			s.out = game.Drawn(2, "25 moves each with only kings moving and no capture")
		case lim > 0 && s.endgame >= 2*lim:
			s.out = game.Drawn(2, fmt.Sprintf("%d moves each in a counted endgame", lim))
		}
		return
	}
	if len(s.quiet) >= seedQuietPlies {
		s.out = game.Drawn(2, "20 moves each without a capture or a man move")
		return
	}
	// The same move by the same player a third time. Moves of one player
	// are every other entry, counted back from the last.
	n := len(s.quiet)
	for i := n - 1; i >= 0; i-- {
		count := 0
		for j := i; j >= 0; j -= 2 {
			if s.quiet[j].from == s.quiet[i].from && s.quiet[j].to == s.quiet[i].to {
				count++
			}
		}
		if count >= 3 {
			s.out = game.Drawn(2, "the same move played a third time")
			return
		}
	}
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.quiet = slices.Clone(s.quiet)
	c.out.Results = slices.Clone(s.out.Results)
	c.buf = nil
	return &c
}

// CopyFrom makes s a deep copy of src reusing s's storage, so that
// searches branch without allocating; it reports false if src is not a
// dames state. The outcome's results are shared: they are replaced, never
// changed in place, and Outcome returns a copy.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if !ok {
		return false
	}
	quiet, buf := s.quiet, s.buf
	*s = *o
	s.quiet = append(quiet[:0], o.quiet...)
	s.buf = buf[:0]
	return true
}

// Hash is a Zobrist hash of the pieces and the side to move.
func (s *State) Hash() uint64 { return s.pos.Hash() }
