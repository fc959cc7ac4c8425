package intercept

import (
	"math/rand/v2"
	"testing"

	"plateau/game"
)

// busiest returns, from a random game of the given variant, the position
// with the most ball passages among its moves.
func busiest(set map[string]string) *State {
	set["limit"] = "400"
	cfg, _ := game.NewConfig(Game{}, set)
	var best *State
	most := -1
	var buf []game.Move
	for seed := range uint64(6) {
		s0, _ := Game{}.New(cfg)
		s := s0.(*State)
		rng := rand.New(rand.NewPCG(seed, 7))
		for s.end == endNone {
			buf = s.Moves(buf[:0])
			n := 0
			for _, m := range buf {
				if mv, _ := unpack(m); mv.hasBall {
					n++
				}
			}
			if n > most {
				best, most = s.Clone().(*State), n
			}
			s.Play(buf[rng.IntN(len(buf))])
		}
	}
	return best
}

func benchMoves(b *testing.B, set map[string]string) {
	s := busiest(set)
	buf := make([]game.Move, 0, 1024)
	ball := 0
	for _, m := range s.Moves(buf) {
		if mv, _ := unpack(m); mv.hasBall {
			ball++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		n = len(s.Moves(buf[:0]))
	}
	b.ReportMetric(float64(n), "moves")
	b.ReportMetric(float64(ball), "ballmoves")
}

// BenchmarkMoves2: move generation, ball passages included, in a 2-player
// middle game.
func BenchmarkMoves2(b *testing.B) { benchMoves(b, map[string]string{}) }

// BenchmarkMoves4: the same with 4 players in teams.
func BenchmarkMoves4(b *testing.B) { benchMoves(b, map[string]string{"players": "4"}) }

// BenchmarkRandomGame plays whole random games (2 players, limit 300
// turns) and reports games per second.
func BenchmarkRandomGame(b *testing.B) {
	cfg, _ := game.NewConfig(Game{}, map[string]string{"limit": "300"})
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]game.Move, 0, 1024)
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		s0, _ := Game{}.New(cfg)
		s := s0.(*State)
		for s.end == endNone {
			buf = s.Moves(buf[:0])
			if err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			plies++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
