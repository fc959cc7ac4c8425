package benedictine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"plateau/game"
)

// layoutState returns the start position with green's bottles on squares
// and amber's on their mirror images.
func layoutState(t testing.TB, squares []string) *State {
	t.Helper()
	s := &State{ball: 3*size + 3, turn: green, repetition: true}
	for _, name := range squares {
		sq, err := parseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		s.bottles[green] |= 1 << sq
		s.bottles[amber] |= 1 << mirror(sq)
	}
	s.start()
	return s
}

// tryMove returns a move of the player to move that scores, if any.
func tryMove(s *State, buf []game.Move) (game.Move, bool) {
	for _, m := range s.Moves(buf[:0]) {
		if _, _, b := unpack(m); isTry(b) {
			return m, true
		}
	}
	return 0, false
}

// safePlayer scores when it can, else avoids moves that give the opponent
// a try, else plays at random.
func safePlayer(s *State, rng *rand.Rand) game.Move {
	var buf, buf2 []game.Move
	if m, ok := tryMove(s, buf); ok {
		return m
	}
	moves := s.Moves(nil)
	var safe []game.Move
	for _, m := range moves {
		c := s.Clone().(*State)
		c.Play(m)
		if c.over {
			safe = append(safe, m)
			continue
		}
		if _, ok := tryMove(c, buf2); !ok {
			safe = append(safe, m)
		}
	}
	if len(safe) > 0 {
		return safe[rng.IntN(len(safe))]
	}
	return moves[rng.IntN(len(moves))]
}

// forcedTry reports whether the player to move can force a try within
// depth of its own moves (depth 1: a try now).
func forcedTry(s *State, depth int) bool {
	if _, ok := tryMove(s, nil); ok {
		return true
	}
	if depth <= 1 {
		return false
	}
	for _, m := range s.Moves(nil) {
		c := s.Clone().(*State)
		c.Play(m)
		if c.over {
			continue
		}
		all := true
		for _, r := range c.Moves(nil) {
			d := c.Clone().(*State)
			d.Play(r)
			if d.over || !forcedTry(d, depth-1) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// TestSetupSurvey compares every layout symmetric about the d file. It is
// the evidence behind the default setup in docs/rules/benedictine.md and
// runs only with PLATEAU_BENEDICTINE_SETUPS=1.
func TestSetupSurvey(t *testing.T) {
	if os.Getenv("PLATEAU_BENEDICTINE_SETUPS") == "" {
		t.Skip("set PLATEAU_BENEDICTINE_SETUPS=1 to survey the opening layouts")
	}
	pairs := [][2]string{{"a1", "g1"}, {"b1", "f1"}, {"c1", "e1"}, {"a2", "g2"}, {"c2", "e2"}}
	const games = 300
	var out strings.Builder
	fmt.Fprintf(&out, "| layout | green's first moves | ball moves among them | green forces a try in 2 turns | safe-random games: green / amber / draw | mean plies |\n|---|---|---|---|---|---|\n")
	for i := range pairs {
		for j := i + 1; j < len(pairs); j++ {
			sq := []string{pairs[i][0], pairs[i][1], "d1", pairs[j][0], pairs[j][1]}
			s := layoutState(t, sq)
			moves := s.Moves(nil)
			ballMoves := 0
			for _, m := range moves {
				if _, _, b := unpack(m); b != noBall {
					ballMoves++
				}
			}
			forced := forcedTry(s, 2)
			var wins [3]int
			plies := 0
			for g := range games {
				rng := rand.New(rand.NewPCG(uint64(g), 7))
				c := s.Clone().(*State)
				for n := 0; !c.over && n < 400; n++ {
					c.Play(safePlayer(c, rng))
					plies++
				}
				switch o := c.Outcome(); {
				case !o.Over || c.drawn:
					wins[2]++
				default:
					wins[c.winner]++
				}
			}
			fmt.Fprintf(&out, "| %s | %d | %d | %v | %d / %d / %d | %.0f |\n", strings.Join(sq, " "), len(moves), ballMoves, forced,
				wins[0], wins[1], wins[2], float64(plies)/games)
		}
	}
	t.Log("\n" + out.String())
}
