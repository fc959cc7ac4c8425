package dames

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"plateau/game"
)

const samplePDN = `[Event "Test match"]
[White "Bleus"]
[Black "Verts"]
[Result "2-0"]

1. 32-28 19-23 2. 28x19 {forced} 14x23 3. 37-32 (3. 33-28 23x32) 10-14 $1
4. 32-28! 23x32 5. 38x27 *

; a second game from a position
[FEN "B:W33,K46:B12,K5"]
1... 12-17 2. 33-29 17-22 1-1
`

func TestParsePDN(t *testing.T) {
	games, err := ParsePDN(strings.NewReader(samplePDN))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("got %d games, want 2", len(games))
	}
	g := games[0]
	want := []string{"32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "32-28", "23x32", "38x27"}
	if strings.Join(g.Moves, " ") != strings.Join(want, " ") {
		t.Errorf("moves %q, want %q", g.Moves, want)
	}
	if g.Tag("event") != "Test match" || g.Result != "*" {
		t.Errorf("tag Event %q, result %q", g.Tag("Event"), g.Result)
	}
	s, err := g.Replay(game.DefaultConfig(Game{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Position(); got != "B:W27,31,33-36,39-50:B1-9,11-18,20" {
		t.Errorf("after replay: %s", got)
	}
	if games[1].Result != "1-1" || len(games[1].Moves) != 3 {
		t.Errorf("second game: %+v", games[1])
	}
	if _, err := games[1].Replay(game.DefaultConfig(Game{})); err != nil {
		t.Errorf("second game replay: %v", err)
	}
}

func TestParsePDNErrors(t *testing.T) {
	tests := []struct {
		text      string
		line, col int
	}{
		{"1. 32-28 19-23\n2. 28-99", 2, 4},
		{"[Event \"x\"]\n{unclosed", 2, 1},
		{"[Event x]", 1, 8},
		{"1. 32-28 (19-23", 1, 10},
		{"1. 32-28 ]", 1, 10},
		{"1. 32/28", 1, 4},
	}
	for _, tt := range tests {
		_, err := ParsePDN(strings.NewReader(tt.text))
		var pe *PDNError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a PDNError", tt.text, err)
			continue
		}
		if pe.Line != tt.line || pe.Col != tt.col {
			t.Errorf("%q: error at %d:%d (%v), want %d:%d", tt.text, pe.Line, pe.Col, err, tt.line, tt.col)
		}
	}
}

func TestReplayIllegalMove(t *testing.T) {
	games, err := ParsePDN(strings.NewReader("1. 32-28 19-23\n2. 31-27 14-19"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = games[0].Replay(game.DefaultConfig(Game{}))
	var pe *PDNError
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 4 || !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("replay error %v, want an illegal move at 2:4", err)
	}
}

func TestWritePDNRoundTrip(t *testing.T) {
	games, err := ParsePDN(strings.NewReader(samplePDN))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePDN(&buf, games...); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	again, err := ParsePDN(strings.NewReader(text))
	if err != nil {
		t.Fatalf("reading back %q: %v", text, err)
	}
	if len(again) != len(games) {
		t.Fatalf("read back %d games", len(again))
	}
	for i := range games {
		if strings.Join(again[i].Moves, " ") != strings.Join(games[i].Moves, " ") || again[i].Result != games[i].Result {
			t.Errorf("game %d: %q %s, want %q %s", i, again[i].Moves, again[i].Result, games[i].Moves, games[i].Result)
		}
	}
	if !strings.Contains(text, "1... 12-17 2. 33-29") {
		t.Errorf("black-to-move numbering missing:\n%s", text)
	}
}
