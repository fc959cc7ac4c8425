package hub

import (
	"errors"
	"reflect"
	"testing"

	"plateau/game"
	"plateau/games/dames"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		text string
		want Line
	}{
		{"ping", Line{Cmd: "ping"}},
		{"  go   think  ", Line{Cmd: "go", Args: []Arg{{Key: "think", Flag: true}}}},
		{`pos pos=W` + StartPosition[1:] + ` moves="32-28 19-23"`, Line{Cmd: "pos", Args: []Arg{
			{Key: "pos", Value: StartPosition}, {Key: "moves", Value: "32-28 19-23"}}}},
		{`id name=Scan version=3.1 author="Fabien Letouzey"`, Line{Cmd: "id", Args: []Arg{
			{Key: "name", Value: "Scan"}, {Key: "version", Value: "3.1"}, {Key: "author", Value: "Fabien Letouzey"}}}},
		{`level move-time=0.5 infinite`, Line{Cmd: "level", Args: []Arg{{Key: "move-time", Value: "0.5"}, {Key: "infinite", Flag: true}}}},
		{"set-param name=x value=\"\"\r\n", Line{Cmd: "set-param", Args: []Arg{{Key: "name", Value: "x"}, {Key: "value"}}}},
		{"info\tdepth=3", Line{Cmd: "info", Args: []Arg{{Key: "depth", Value: "3"}}}},
	}
	for _, tt := range tests {
		got, err := ParseLine(tt.text)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseLine(%q) = %+v, %v; want %+v", tt.text, got, err, tt.want)
		}
	}
	bad := []string{"", "   ", `=1`, `pos pos="abc`, `level time=`, `a b=c"d`, `a b="c"d`, `a b=c=d`, `a "b"`, `go=think`}
	for _, text := range bad {
		if l, err := ParseLine(text); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseLine(%q) = %+v, %v; want a syntax error", text, l, err)
		}
	}
}

// FuzzParseLine: ParseLine never panics, and what it accepts String writes
// back to a line that parses to the same.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"hub", `pos pos=` + StartPosition + ` moves="32-28 19-23"`, `id author="A B"`,
		`level time=10 inc=0.5 moves=40`, `go ponder`, `a=`, `x y=""`, "\t\"", `info pv="" score=-0.50`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ParseLine(text)
		if err != nil {
			return
		}
		back, err := ParseLine(l.String())
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Fatalf("%q parsed to %+v, written %q, read back %+v, %v", text, l, l.String(), back, err)
		}
	})
}

func TestPositions(t *testing.T) {
	tests := []struct{ hub, fen string }{
		{StartPosition, "W:W31-50:B1-20"},
		{board('B', map[int]byte{18: 'W', 24: 'w', 45: 'b', 46: 'B'}), "B:WK18,24:B45,K46"},
	}
	for _, tt := range tests {
		fen, err := PositionFEN(tt.hub)
		if err != nil {
			t.Fatalf("PositionFEN(%q): %v", tt.hub, err)
		}
		p, err := dames.ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		if p.FEN() != tt.fen {
			t.Errorf("%q: FEN %s, want %s", tt.hub, p.FEN(), tt.fen)
		}
		if got := FormatPosition(p); got != tt.hub {
			t.Errorf("FormatPosition(%s) = %q, want %q", tt.fen, got, tt.hub)
		}
	}
}

// board writes a Hub position from the side to move and the occupied squares.
func board(side byte, pieces map[int]byte) string {
	b := []byte{side}
	for sq := 1; sq <= 50; sq++ {
		if c, ok := pieces[sq]; ok {
			b = append(b, c)
		} else {
			b = append(b, 'e')
		}
	}
	return string(b)
}

func TestMoves(t *testing.T) {
	cfg := game.DefaultConfig(dames.Game{})
	tests := []struct {
		fen, pdn, hub string
	}{
		{"W:W31-50:B1-20", "32-28", "32-28"},
		{"W:W28:B23", "28x19", "28x19x23"},
		// A man takes 22 then 11 (landing on 17 then 6): captures sorted.
		{"W:W28:B22,11", "28x6", "28x6x11x22"},
		// A king takes 37 then 27, and may land on 21 or 16.
		{"W:WK46:B37,27", "46x16", "46x16x27x37"},
	}
	for _, tt := range tests {
		s, err := dames.Game{}.ParsePosition(cfg, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.ParseMove(tt.pdn)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.fen, tt.pdn, err)
		}
		if got := FormatMove(m); got != tt.hub {
			t.Errorf("%s %s: Hub %q, want %q", tt.fen, tt.pdn, got, tt.hub)
		}
		back, err := ParseMove(s, tt.hub)
		if err != nil || back != m {
			t.Errorf("ParseMove(%s, %q) = %v, %v; want %v", tt.fen, tt.hub, back, err, m)
		}
	}
	s, _ := dames.Game{}.New(cfg)
	for _, bad := range []string{"32-23", "32x28x23", "32-28-23", "0-5", "a-b", "32"} {
		if _, err := ParseMove(s, bad); err == nil {
			t.Errorf("ParseMove(start, %q) accepted", bad)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		v      float64
		proven bool
		want   string
	}{
		{0.5, false, "0.00"},
		{1 / (1 + 0.36787944117144233), false, "2.00"}, // logistic(1): 2 men
		{0.1, false, "-4.39"},
		{1 - 5e-6, true, "99.95"}, // a win in 5 plies
		{7e-6, true, "-99.93"},    // a loss in 7 plies
		{0.5, true, "0.00"},
		{1, false, "55.26"},
	}
	for _, tt := range tests {
		if got := Score(tt.v, tt.proven); got != tt.want {
			t.Errorf("Score(%v, %v) = %s, want %s", tt.v, tt.proven, got, tt.want)
		}
	}
}
