package dames

import (
	"testing"

	"plateau/game"
)

// benchPositions: the start, a middle game, and random178 (kings).
var benchPositions = []struct{ name, fen string }{
	{"start", "W:W31-50:B1-20"},
	{"woldouby", "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"},
	{"kings", "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"},
}

func BenchmarkGenerate(b *testing.B) {
	for _, bp := range benchPositions {
		p, _ := ParseFEN(bp.fen)
		buf := make([]Move, 0, maxMoves)
		b.Run(bp.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = p.Generate(buf[:0])
			}
		})
	}
}

// BenchmarkGenerateAndPlay generates the moves of a position and plays each:
// the per-move cost of search (0 allocations).
func BenchmarkGenerateAndPlay(b *testing.B) {
	for _, bp := range benchPositions {
		p, _ := ParseFEN(bp.fen)
		buf := make([]Move, 0, maxMoves)
		b.Run(bp.name, func(b *testing.B) {
			b.ReportAllocs()
			var sink Pos
			for b.Loop() {
				buf = p.Generate(buf[:0])
				for _, m := range buf {
					sink = p.Play(m)
				}
			}
			_ = sink
		})
	}
}

// BenchmarkStateMoves is Moves through the game.State interface into a
// reused buffer.
func BenchmarkStateMoves(b *testing.B) {
	st, _ := Game{}.ParsePosition(game.DefaultConfig(Game{}), benchPositions[2].fen)
	buf := make([]game.Move, 0, maxMoves)
	b.ReportAllocs()
	for b.Loop() {
		buf = st.Moves(buf[:0])
	}
}

func benchPerft(b *testing.B, depth int, bulk bool) {
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		if bulk {
			n = Perft(StartPos(), depth)
		} else {
			n = PerftNoBulk(StartPos(), depth)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerft7(b *testing.B)       { benchPerft(b, 7, true) }
func BenchmarkPerft7NoBulk(b *testing.B) { benchPerft(b, 7, false) }

// BenchmarkPerft9 and BenchmarkPerft10 take seconds per run: select them
// with -bench=Perft9 or -bench=Perft10 -benchtime=1x.
func BenchmarkPerft9(b *testing.B)  { benchPerft(b, 9, true) }
func BenchmarkPerft10(b *testing.B) { benchPerft(b, 10, true) }

func BenchmarkPerft8(b *testing.B) { benchPerft(b, 8, true) }

// BenchmarkPerftKings is perft(9) of 20 kings each (W:WK31-50:BK1-20), the
// king-move generator's benchmark.
func BenchmarkPerftKings(b *testing.B) {
	p, _ := ParseFEN("W:WK31-50:BK1-20")
	var n uint64
	for b.Loop() {
		n = Perft(p, 9)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
