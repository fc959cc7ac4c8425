package dames

import (
	"bytes"
	"strings"
	"testing"

	"plateau/game"
)

func FuzzFEN(f *testing.F) {
	for _, s := range []string{"W:W31-50:B1-20", "B:W18,24,K46:BK3,12", "W:WK31-50:BK1-20", `"W:W6-10:B41-45."`, "B:W:B1", "W:B1-3:W45,K4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN %q of %q does not parse: %v", out, s, err)
		}
		if q != p || q.FEN() != out {
			t.Fatalf("FEN round trip: %q -> %q -> %q", s, out, q.FEN())
		}
	})
}

func FuzzPosition(f *testing.F) {
	for _, s := range []string{"W:W31-50:B1-20", "B:WK48:BK9 quiet=48-43,3-9,43-48 endgame=3", "B:W34:B1,27 huff=34", "W:WK46,K50:BK1,K5 quiet=46-41"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, variant uint8) {
		cfgs := game.Variants(Game{})
		cfg := cfgs[int(variant)%len(cfgs)]
		st, err := Game{}.ParsePosition(cfg, s)
		if err != nil {
			return
		}
		pos := st.Position()
		back, err := Game{}.ParsePosition(cfg, pos)
		if err != nil {
			t.Fatalf("Position %q of %q does not parse: %v", pos, s, err)
		}
		if back.Position() != pos || back.ToMove() != st.ToMove() {
			t.Fatalf("round trip %q -> %q", pos, back.Position())
		}
	})
}

// fuzzPositions are positions with ambiguous captures, kings and quiet moves.
var fuzzPositions = []string{
	"W:W31-50:B1-20",
	"W:WK3:B9,11,22,26,33,37,41",
	"B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
	"W:W33:B28,18,19,29",
	"W:WK28:B1",
}

func FuzzMoveNotation(f *testing.F) {
	for i, m := range []string{"32-28", "3x42x18", "3x18", "17x8", "33x33", "28-5", "H3", "1x2x3x4x5"} {
		f.Add(uint8(i), m)
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		st, err := Game{}.ParsePosition(game.DefaultConfig(Game{}), fuzzPositions[int(which)%len(fuzzPositions)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := st.ParseMove(text)
		if err != nil {
			return
		}
		out := st.FormatMove(m)
		again, err := st.ParseMove(out)
		if err != nil || again != m {
			t.Fatalf("%q parses to %q, which reads back as %v, %v", text, out, again, err)
		}
		if err := st.Clone().Play(m); err != nil {
			t.Fatalf("parsed move %q does not play: %v", out, err)
		}
	})
}

func FuzzPDN(f *testing.F) {
	f.Add(samplePDN)
	f.Add("[FEN \"W:WK3:B9,11,22,26,33,37,41\"]\n1. 3x42x18 2-0")
	f.Add("1. 32-28 {c} 19-23 (2. 28x19) ; x\n% escape\n2. 28x19 $3 14x23!? *")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ParsePDN(strings.NewReader(text))
		if err != nil {
			return
		}
		for i := range games {
			games[i].Replay(game.DefaultConfig(Game{})) // must not panic
		}
		var buf bytes.Buffer
		if err := WritePDN(&buf, games...); err != nil {
			t.Fatal(err)
		}
		again, err := ParsePDN(&buf)
		if err != nil {
			t.Fatalf("written PDN does not parse: %v", err)
		}
		if len(again) != len(games) {
			t.Fatalf("%d games written, %d read back", len(games), len(again))
		}
		for i := range games {
			if strings.Join(again[i].Moves, " ") != strings.Join(games[i].Moves, " ") || again[i].Result != games[i].Result {
				t.Fatalf("game %d: %q %s read back as %q %s", i, games[i].Moves, games[i].Result, again[i].Moves, again[i].Result)
			}
		}
	})
}
