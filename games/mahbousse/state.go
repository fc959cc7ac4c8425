package mahbousse

import (
	"fmt"
	"slices"

	"plateau/game"
)

// Phases of a game.
const (
	phOpening int8 = iota // each player rolls one die to decide who starts
	phRoll                // the player to move rolls both dice
	phMove                // the player to move plays the roll
	phOver                // the game (or the match) is over
)

// State is a Mahboussé position. It implements game.State, game.Hasher,
// game.Evaluator and fmt.Stringer.
type State struct {
	b     board
	r     Rules
	phase int8
	turn  int8    // the player to roll or move; the winner once over
	dice  [2]int8 // the roll to play (phMove), larger first
	score [2]int8 // match points
	cache *turnCache
}

// turnCache holds the legal turns of a phMove state with the position each
// one reaches, for ParseMove, Play and DescribeMove. It is immutable once
// built, so clones share it; Play drops it.
type turnCache struct {
	moves  []game.Move
	result []uint64 // board hash reached by moves[i]
	paths  map[uint64][][]step
}

// Players returns 2.
func (s *State) Players() int { return 2 }

// Rules returns the variant the state is played under.
func (s *State) Rules() Rules { return s.r }

// ToMove is Chance before a roll, the mover during a turn, Nobody at the end.
func (s *State) ToMove() game.Player {
	switch s.phase {
	case phOpening, phRoll:
		return game.Chance
	case phMove:
		return game.Player(s.turn)
	}
	return game.Nobody
}

// Moves appends the legal moves: the roll's outcomes at a chance node, the
// full turns (one per resulting position) otherwise.
func (s *State) Moves(buf []game.Move) []game.Move {
	switch s.phase {
	case phOpening:
		for a := int8(1); a <= 6; a++ {
			for b := int8(1); b <= 6; b++ {
				buf = append(buf, encodeRoll(a, b, true))
			}
		}
	case phRoll:
		for hi := int8(1); hi <= 6; hi++ {
			for lo := int8(1); lo <= hi; lo++ {
				buf = append(buf, encodeRoll(hi, lo, false))
			}
		}
	case phMove:
		buf = turnMoves(&s.b, s.turn, newRoll(s.dice[0], s.dice[1]), s.r, buf)
	}
	return buf
}

// ChanceMoves lists the opening roll (36 outcomes of weight 1, ties
// included: they are rolled again) or a turn's roll (21 outcomes, weight 1
// for a double and 2 otherwise).
func (s *State) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove {
	switch s.phase {
	case phOpening:
		for a := int8(1); a <= 6; a++ {
			for b := int8(1); b <= 6; b++ {
				buf = append(buf, game.ChanceMove{Move: encodeRoll(a, b, true), Weight: 1})
			}
		}
	case phRoll:
		for hi := int8(1); hi <= 6; hi++ {
			for lo := int8(1); lo <= hi; lo++ {
				w := 2
				if hi == lo {
					w = 1
				}
				buf = append(buf, game.ChanceMove{Move: encodeRoll(hi, lo, false), Weight: w})
			}
		}
	}
	return buf
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, so that searches branch without
// allocating; it reports false if src is not a Mahboussé state.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if ok {
		*s = *o
	}
	return ok
}

// legal returns the cached legal turns, building them if needed.
func (s *State) legal() *turnCache {
	if s.cache == nil {
		c := &turnCache{moves: s.Moves(nil)}
		c.result = make([]uint64, len(c.moves))
		for i, m := range c.moves {
			b, _ := s.after(m)
			c.result[i] = b.hash()
		}
		s.cache = c
	}
	return s.cache
}

// after returns the board after the turn m (which must decode) and which
// of its steps pinned a checker.
func (s *State) after(m game.Move) (board, [4]bool) {
	b := s.b
	var pins [4]bool
	seq, n, _ := decodeTurn(m)
	for i := range n {
		pins[i] = b.move(s.turn, seq[i].from, seq[i].to())
	}
	return b, pins
}

// isLegal reports whether m is one of the listed turns, without
// allocating when no cache has been built.
func (s *State) isLegal(m game.Move) bool {
	if s.cache != nil {
		return slices.Contains(s.cache.moves, m)
	}
	return hasTurn(&s.b, s.turn, newRoll(s.dice[0], s.dice[1]), s.r, m)
}

// Play plays a roll or a turn; anything not listed by Moves is rejected
// with an error wrapping game.ErrIllegal (game.ErrGameOver at the end).
func (s *State) Play(m game.Move) error { return s.play(m, true) }

// PlayListed plays m, a move Moves listed for this position, without
// generating the roll's turns again to check it (game.Trusting): searches
// and training play thousands of listed turns a second.
func (s *State) PlayListed(m game.Move) error { return s.play(m, false) }

func (s *State) play(m game.Move, check bool) error {
	switch s.phase {
	case phOver:
		return fmt.Errorf("mahbousse: move %#x: %w", uint64(m), game.ErrGameOver)
	case phOpening, phRoll:
		u := uint64(m)
		a, b := int8(u&7), int8(u>>3&7)
		opening := s.phase == phOpening
		if u&^(openingFlag|63) != chanceFlag || (u&openingFlag != 0) != opening ||
			a < 1 || a > 6 || b < 1 || b > 6 || (!opening && a < b) {
			return fmt.Errorf("mahbousse: %#x is not a roll outcome here (%s to roll): %w", u, s.rollerName(), game.ErrIllegal)
		}
		if opening {
			if a != b {
				s.turn = 0
				if b > a {
					s.turn = 1
				}
				s.phase = phRoll
			}
			return nil
		}
		s.dice = [2]int8{a, b}
		s.phase = phMove
		s.cache = nil
		return nil
	}
	if _, _, ok := decodeTurn(m); !ok || (check && !s.isLegal(m)) {
		return fmt.Errorf("mahbousse: %#x is not a legal turn of %s with %d-%d: %w",
			uint64(m), playerName(s.turn), s.dice[0], s.dice[1], game.ErrIllegal)
	}
	s.b, _ = s.after(m)
	s.cache = nil
	s.dice = [2]int8{}
	p := s.turn
	s.turn, s.phase = 1-p, phRoll
	winner, pts := s.gameEnd()
	switch {
	case winner < 0:
		return nil
	case winner == drawn && s.r.Match == 1:
		s.phase, s.turn = phOver, drawn
		return nil
	case winner != drawn:
		s.score[winner] += int8(pts)
		if int(s.score[winner]) >= s.r.Match {
			s.phase, s.turn = phOver, winner
			return nil
		}
	}
	// The match goes on (a drawn game scores nothing): a new game starts
	// with an opening roll.
	s.b = startBoard()
	s.phase = phOpening
	s.turn = 0
	return nil
}

// gameEnd says whether the board ends the game: the winner (drawn for a
// draw) and the points won, or -1.
func (s *State) gameEnd() (winner int8, pts int) {
	for p := int8(0); p < 2; p++ {
		if s.b.off[p] == checkers {
			return p, s.points(p)
		}
	}
	if s.r.Mother {
		if w, ok := motherEnd(&s.b); ok {
			return w, 2
		}
	}
	if deadlocked(&s.b, &s.r) {
		return drawn, 0
	}
	return -1, 0
}

// motherEnd applies Plakoto's mother rule (variant mother=plakoto): a
// player whose last checker on its start point (its "mother", which has
// never moved) is pinned loses, unless the pinner still has checkers on its
// own start point and so may still have its mother pinned; both mothers
// pinned is a draw.
func motherEnd(b *board) (int8, bool) {
	x, o := b.pinned(0, 24), b.pinned(1, 24)
	switch {
	case x && o:
		return drawn, true
	case o && !b.has(0, 24):
		return 0, true
	case x && !b.has(1, 24):
		return 1, true
	}
	return 0, false
}

// drawn is the turn field of a game over without a winner.
const drawn = 2

// deadlocked reports whether neither player has a step with any roll: the
// position can never change again. This happens when each player pins the
// other's last checker on its start point and brings every other checker
// home: nobody can bear off, and nothing else moves.
func deadlocked(b *board, r *Rules) bool {
	var buf [maxSteps]step
	for p := int8(0); p < 2; p++ {
		for hi := int8(1); hi <= 6; hi++ {
			for lo := int8(1); lo <= hi; lo++ {
				if !r.Jump && lo != hi && lo != 1 {
					continue // without jumps, the rolls d-1 and 1-1 try every die
				}
				d := newRoll(hi, lo)
				if len(legalSteps(b, p, &d, r, buf[:0])) > 0 {
					return false
				}
			}
		}
	}
	return true
}

// points is what winner p scores for a game just won: 2 (a mars) when the
// loser has borne off no checker, else 1.
func (s *State) points(p int8) int {
	if s.b.off[1-p] == 0 {
		return 2
	}
	return 1
}

func (s *State) rollerName() string {
	if s.phase == phOpening {
		return "both players"
	}
	return playerName(s.turn)
}

// playerName is "x" for player 0 and "o" for player 1.
func playerName(p int8) string { return string("xo-"[p]) }

// Outcome reports the end of the game (match=1) or of the match.
func (s *State) Outcome() game.Outcome {
	if s.phase != phOver {
		return game.Outcome{}
	}
	mother := s.r.Mother && s.b.off[0] < checkers && s.b.off[1] < checkers
	if _, ok := motherEnd(&s.b); !ok {
		mother = false
	}
	if s.turn == drawn {
		if mother {
			return game.Drawn(2, "both mother checkers pinned")
		}
		return game.Drawn(2, "deadlock: neither player can ever move")
	}
	reason := "all checkers borne off"
	if mother {
		reason = "mother checker pinned"
	}
	if s.r.Match > 1 {
		reason = fmt.Sprintf("match won %d-%d", s.score[s.turn], s.score[1-s.turn])
	}
	o := game.Finished(2, reason, game.Player(s.turn))
	if s.r.Match > 1 {
		o.Scores = []int{int(s.score[0]), int(s.score[1])}
	}
	return o
}
