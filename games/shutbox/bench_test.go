package shutbox

import (
	"math/rand/v2"
	"testing"

	"plateau/game"
)

// playRandom plays s to the end with random moves and rolls, using buf for
// the move lists.
func playRandom(s *State, rng *rand.Rand, buf []game.Move) {
	for s.Phase() != Over {
		var m game.Move
		if s.Phase() == Roll {
			cms := s.rolls()
			m, _ = game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
		} else {
			buf = s.Moves(buf[:0])
			m = buf[rng.IntN(len(buf))]
		}
		if err := s.Play(m); err != nil {
			panic(err)
		}
	}
}

// BenchmarkRandomGame plays a whole random 2-player game on 9 tiles.
func BenchmarkRandomGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]game.Move, 0, 32)
	start := NewState(rules(2, 9, true))
	b.ReportAllocs()
	for b.Loop() {
		s := *start
		playRandom(&s, rng, buf)
	}
}

func BenchmarkMoves(b *testing.B) {
	s := mustParse(b, rules(2, 9, true), "123456789/123456789 1 cover:6-6")
	buf := make([]game.Move, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Moves(buf[:0])
	}
}
