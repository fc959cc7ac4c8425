package mahbousse

import (
	"fmt"
	"math"
	"strings"

	"plateau/game"
)

// BoardView is the JSON picture of a position (see the package doc).
type BoardView struct {
	// Points are the 24 points, Points[i] having id "i+1".
	Points []PointView `json:"points"`
	// Off is the number of checkers each player has borne off; the board
	// id of both trays is "off".
	Off [2]int `json:"off"`
	// Dice is the roll being played (larger first), empty otherwise.
	Dice []int `json:"dice"`
	// ToMove is the player to move: 0 (x), 1 (o), -1 a roll is due, -2 over.
	ToMove int `json:"toMove"`
	// Roller is the player who rolls next (-1 at the opening roll, where both
	// do; -2 when nobody rolls).
	Roller int `json:"roller"`
	// Phase is "opening", "roll", "move" or "over".
	Phase string `json:"phase"`
	// Players names the two sides: "x" (player 0) and "o" (player 1).
	Players [2]string `json:"players"`
	// Start is each player's start point (its point 24) and Home the ids of
	// its home points, from its point 1 to its point 6.
	Start [2]string    `json:"start"`
	Home  [2][6]string `json:"home"`
	// Pips is each player's pip count.
	Pips [2]int `json:"pips"`
	// Match is the number of points to win (1: a single game), Score the
	// match score.
	Match int    `json:"match"`
	Score [2]int `json:"score"`
	// Winner is the winner once over, else -1.
	Winner int `json:"winner"`
}

// PointView is one point.
type PointView struct {
	ID string `json:"id"`
	// Number is the point's number for x and for o (1-6: their home).
	Number [2]int `json:"number"`
	// Owner is the player owning the top stack, -1 for an empty point.
	Owner int `json:"owner"`
	// Count is the size of the top stack.
	Count int `json:"count"`
	// Pinned is the player whose single checker lies pinned under the top
	// stack, -1 when none.
	Pinned int `json:"pinned"`
	// Closed says for each player whether they may not land here.
	Closed [2]bool `json:"closed"`
}

// Board returns the JSON picture of the position.
func (s *State) Board() any {
	v := BoardView{Dice: []int{}, ToMove: int(s.ToMove()), Roller: -2, Players: [2]string{"x", "o"},
		Match: s.r.Match, Score: [2]int{int(s.score[0]), int(s.score[1])}, Winner: -1}
	v.Phase = [...]string{"opening", "roll", "move", "over"}[s.phase]
	switch s.phase {
	case phOpening:
		v.Roller = -1
	case phRoll:
		v.Roller = int(s.turn)
	case phMove:
		v.Dice = []int{int(s.dice[0]), int(s.dice[1])}
	case phOver:
		if s.turn != drawn {
			v.Winner = int(s.turn)
		}
	}
	for i, x := range s.b.pt {
		pv := PointView{ID: fmt.Sprint(i + 1), Number: [2]int{i + 1, 24 - i}, Owner: -1, Pinned: -1}
		if x > 0 {
			pv.Owner, pv.Count = 0, int(x)
		} else if x < 0 {
			pv.Owner, pv.Count = 1, int(-x)
		}
		if s.b.pin[i] {
			pv.Pinned = 1 - pv.Owner
		}
		for p := int8(0); p < 2; p++ {
			pv.Closed[p] = !s.b.open(p, int8(pv.Number[p]))
		}
		v.Points = append(v.Points, pv)
	}
	for p := int8(0); p < 2; p++ {
		v.Off[p] = int(s.b.off[p])
		v.Start[p] = pointID(p, 24)
		for n := int8(1); n <= 6; n++ {
			v.Home[p][n-1] = pointID(p, n)
		}
		v.Pips[p] = s.b.pips(p)
	}
	return v
}

// String draws the board as text: points 13-24 along the top, 12-1 along
// the bottom (x's numbering), each as owner and count, "*" marking a stack
// that pins a checker.
func (s *State) String() string {
	var sb strings.Builder
	row := func(from, to, dir int) {
		for i := from; i != to+dir; i += dir {
			fmt.Fprintf(&sb, "%4d", i)
			if i == 18 || i == 7 {
				sb.WriteString(" |")
			}
		}
		sb.WriteByte('\n')
		for i := from; i != to+dir; i += dir {
			fmt.Fprintf(&sb, "%4s", cell(s.b.pt[i-1], s.b.pin[i-1]))
			if i == 18 || i == 7 {
				sb.WriteString(" |")
			}
		}
		sb.WriteByte('\n')
	}
	row(13, 24, 1)
	row(12, 1, -1)
	fmt.Fprintf(&sb, "x: off %d, pips %d (home 1-6, moves 24→1)   o: off %d, pips %d (home 24-19, moves 1→24)\n",
		s.b.off[0], s.b.pips(0), s.b.off[1], s.b.pips(1))
	switch s.phase {
	case phOpening:
		sb.WriteString("opening roll: each player rolls one die")
	case phRoll:
		fmt.Fprintf(&sb, "%s to roll", playerName(s.turn))
	case phMove:
		fmt.Fprintf(&sb, "%s to play %d-%d", playerName(s.turn), s.dice[0], s.dice[1])
	case phOver:
		if s.turn == drawn {
			sb.WriteString("drawn: neither player can ever move")
		} else {
			fmt.Fprintf(&sb, "%s wins", playerName(s.turn))
		}
	}
	if s.r.Match > 1 {
		fmt.Fprintf(&sb, "; match to %d, score x %d - o %d", s.r.Match, s.score[0], s.score[1])
	}
	return sb.String()
}

// Hash returns a Zobrist hash of the position, the phase, the player, the
// dice and the match score.
func (s *State) Hash() uint64 {
	h := s.b.hash() ^ zPhase[s.phase] ^ zTurn[s.turn] ^ zDice[s.dice[0]][s.dice[1]]
	return h ^ zScore[0][s.score[0]] ^ zScore[1][s.score[1]]
}

// Evaluate estimates p's chances of winning the current game from the pip
// counts, pinned checkers, closed points and exposed lone checkers, squashed
// into (0, 1), and in a match turns them into the match's (MatchEquity). A
// finished game gives its outcome value.
func (s *State) Evaluate(p game.Player) float64 {
	if s.phase == phOver {
		return s.Outcome().Value(p)
	}
	if p != 0 && p != 1 {
		return 0
	}
	me := int8(p)
	w := 1 / (1 + math.Exp(-(s.score1(me)-s.score1(1-me))/20))
	return s.MatchEquity(p, w, s.marsShare(1-me), s.marsShare(me))
}

// marsShare is MarsShare while loser has borne off no checker, else 0: the
// chance of a mars should loser lose, for Evaluate.
func (s *State) marsShare(loser int8) float64 {
	if s.b.off[loser] > 0 {
		return 0
	}
	return MarsShare
}

// score1 is a side's heuristic strength in pips-like units.
func (s *State) score1(p int8) float64 {
	b := &s.b
	q := 1 - p
	v := -float64(b.pips(p)) + 8*float64(b.off[p])
	for n := int8(1); n <= 24; n++ {
		f := b.free(p, n)
		switch {
		case b.pinned(q, 25-n):
			// p pins a checker of q: it is stuck, and deep in q's
			// path the later the worse for q.
			v += 10 + float64(25-n)/2
		case f >= 2:
			v += 2 // a closed point blocks q
		case f == 1 && !b.pin[idx(p, n)]:
			// a lone checker q could pin: count q's free checkers
			// within 12 pips behind it (in q's direction of travel).
			m := 25 - n // the same point in q's numbering
			for d := int8(1); d <= 12 && m+d <= 24; d++ {
				if b.free(q, m+d) > 0 {
					v -= 3
					break
				}
			}
		}
	}
	return v
}
