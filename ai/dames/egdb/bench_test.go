package egdb

import (
	"testing"

	"plateau/games/dames"
)

// BenchmarkProbe reads positions of 4 pieces, half of them with Black to
// move (turned to White's view), from the built-in database.
func BenchmarkProbe(b *testing.B) {
	db := builtIn(b)
	var ps []dames.Pos
	for _, fen := range []string{"W:WK1,K2,K3:BK28", "B:W12,K40:B37,K7", "W:W6,7:B44,45", "B:WK46,K10:BK3,K33"} {
		p, err := dames.ParseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := db.Probe(&ps[i&3]); !ok {
			b.Fatal("not held")
		}
		i++
	}
}
