package dames

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

// Rule tests from positions. Square geometry: square n is on row (n-1)/5
// from the top; White (Bleus) moves up, towards squares 1-5.

func cfgOf(t *testing.T, settings map[string]string) game.Config {
	t.Helper()
	cfg, err := game.NewConfig(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func parse(t *testing.T, cfg game.Config, pos string) *State {
	t.Helper()
	s, err := Game{}.ParsePosition(cfg, pos)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", pos, err)
	}
	return s.(*State)
}

func notationsOf(s game.State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		out = append(out, s.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

func play(t *testing.T, s game.State, moves ...string) {
	t.Helper()
	if err := game.Replay(s, moves); err != nil {
		t.Fatalf("%v in %s", err, s.Position())
	}
}

func TestLegalMoves(t *testing.T) {
	tests := []struct {
		name, pos string
		want      []string
	}{
		{"man steps forward only", "W:W28:B5", []string{"28-22", "28-23"}},
		{"black man steps down", "B:W50:B19", []string{"19-23", "19-24"}},
		{"man captures forward", "W:W32:B27", []string{"32x21"}},
		{"man captures backward", "W:W27:B32", []string{"27x38"}},
		{"capture is mandatory", "W:W32,40:B27", []string{"32x21"}},
		{"majority: the longer line", "W:W33:B28,18,29", []string{"33x13"}},
		{"three men before two kings (sheet rule 7)", "W:W33:BK28,K18,29,20,10", []string{"33x4"}},
		{"equal counts: kings have no priority", "W:W33:BK28,K17,29,20", []string{"33x11", "33x15"}},
		{"same from and to, different pieces taken", "W:WK3:B9,11,22,26,33,37,41",
			[]string{"3x42x13", "3x42x18", "3x47x13", "3x47x18"}},
		{"flying king lands anywhere beyond", "W:WK46:B32",
			[]string{"46x10", "46x14", "46x19", "46x23", "46x28", "46x5"}},
		{"king must land where the capture goes on", "W:WK46:B32,24", []string{"46x30", "46x35"}},
		{"king cannot jump two adjacent pieces", "W:WK46:B37,32", []string{"46-41"}},
		{"own piece blocks the king", "W:WK46,37:B32", []string{"37x28"}},
		{"king flies in four directions", "W:WK28:B1", []string{
			"28-10", "28-11", "28-14", "28-17", "28-19", "28-22", "28-23", "28-32", "28-33",
			"28-37", "28-39", "28-41", "28-44", "28-46", "28-5", "28-50", "28-6"}},
		{"Turkish strike: a loop takes each piece once", "W:W33:B28,18,19,29", []string{"33x33"}},
		{"capture through the crowning row", "W:W13:B8,7", []string{"13x11"}},
		{"man reaching the far row", "W:W7:B30", []string{"7-1", "7-2"}},
		{"black captures backward", "B:W14:B9,40", []string{"9x20"}},
	}
	cfg := game.DefaultConfig(Game{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parse(t, cfg, tt.pos)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if got := notationsOf(s); !slices.Equal(got, want) {
				t.Errorf("%s: moves %q, want %q", tt.pos, got, want)
			}
		})
	}
}

func TestCrowning(t *testing.T) {
	cfg := game.DefaultConfig(Game{})
	tests := []struct {
		pos, move, after string
	}{
		{"W:W7:B30", "7-2", "B:WK2:B30"},                            // ends on the far row: crowned
		{"W:W13:B8,7,30", "13x11", "B:W11:B30"},                     // passes through it: stays a man
		{"W:W33:BK28,K18,29,20,10,45", "33x4", "B:WK4:BK18,K28,45"}, // capture ending there
		{"B:W15:B39", "39-43", "W:W15:B43"},
		{"B:W15:B42", "42-47", "W:W15:BK47"},
	}
	for _, tt := range tests {
		s := parse(t, cfg, tt.pos)
		play(t, s, tt.move)
		if got := s.Position(); got != tt.after {
			t.Errorf("%s then %s: %s, want %s", tt.pos, tt.move, got, tt.after)
		}
	}
}

func TestCapturedPiecesRemovedAfterMove(t *testing.T) {
	// The loop 33x33 takes 28, 18, 19 and 29: all four disappear at once,
	// and the man is back on 33.
	s := parse(t, game.DefaultConfig(Game{}), "W:W33,50:B28,18,19,29,1")
	play(t, s, "33x33")
	if got := s.Position(); got != "B:W33,50:B1" {
		t.Errorf("after 33x33: %s", got)
	}
}

func TestDescribeCaptureOrder(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:WK3:B9,11,22,26,33,37,41")
	want := map[string]MoveInfo{
		"3x42x18": {Captured: []int{9, 33, 37, 22}, MoveText: game.MoveText{Clicks: []string{"3", "20", "42", "31", "18"}}},
		"3x47x18": {Captured: []int{9, 33, 41, 22}, MoveText: game.MoveText{Clicks: []string{"3", "20", "47", "36", "18"}}},
	}
	for _, m := range s.Moves(nil) {
		d := s.DescribeMove(m).(MoveInfo)
		w, ok := want[d.Notation]
		if !ok {
			continue
		}
		if !slices.Equal(d.Captured, w.Captured) || !slices.Equal(d.Clicks, w.Clicks) || d.From != 3 || d.To != 18 {
			t.Errorf("%s: %+v, want captured %v clicks %v", d.Notation, d, w.Captured, w.Clicks)
		}
		delete(want, d.Notation)
	}
	if len(want) > 0 {
		t.Errorf("moves not listed: %v", want)
	}
	q := parse(t, game.DefaultConfig(Game{}), "W:W32:B1")
	d := q.DescribeMove(q.Moves(nil)[0]).(MoveInfo)
	if d.Captured == nil || len(d.Captured) != 0 || len(d.Clicks) != 2 {
		t.Errorf("quiet move description %+v", d)
	}
}

func TestAmbiguousNotation(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:WK3:B9,11,22,26,33,37,41")
	_, err := s.ParseMove("3x18")
	if err == nil || !strings.Contains(err.Error(), "3x42x18 or 3x47x18") {
		t.Errorf("ParseMove(3x18) = %v, want an ambiguity naming both moves", err)
	}
	for text, want := range map[string]string{"3x42x18": "3x42x18", "3x20x42x31x18": "3x42x18",
		"3x36x18": "3x47x18", "3X47X18": "3x47x18", " 3:42:18 ": "3x42x18"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", text, err)
		} else if got := s.FormatMove(m); got != want {
			t.Errorf("ParseMove(%q) = %s, want %s", text, got, want)
		}
	}
	for _, text := range []string{"3-18", "3x12", "3x38x18", "3x20x18", "51x13", "3", "x", "3--18", "H3"} {
		if _, err := s.ParseMove(text); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("ParseMove(%q) = %v, want ErrIllegal", text, err)
		}
	}
}

func TestBlockedSideLoses(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:W46:B41,37")
	o := s.Outcome()
	if !o.Over || o.Results[1] != game.Win || o.Reason != "no legal move" || s.ToMove() != game.Nobody {
		t.Errorf("blocked white: outcome %+v, to move %v", o, s.ToMove())
	}
	if err := s.Play(0); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Play in a finished game: %v", err)
	}
}

func TestNoPiecesLoses(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:W13:B8,7")
	play(t, s, "13x11")
	if o := s.Outcome(); !o.Over || o.Results[0] != game.Win || o.Reason != "no pieces left" {
		t.Errorf("outcome %+v", o)
	}
}

func TestIllegalMoveLeavesState(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:W32,40:B27")
	before := s.Position()
	quiet := game.Move(40 | 34<<6) // 40-34 while 32x21 is mandatory
	err := s.Play(quiet)
	if !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), "capture") {
		t.Errorf("Play(40-34) = %v, want ErrIllegal saying a capture is mandatory", err)
	}
	if s.Position() != before {
		t.Errorf("rejected move changed the position to %s", s.Position())
	}
}

// shuffle is a king shuffle with no capture: 48-43 3-9 43-48 9-3, repeated.
var shuffle = []string{"48-43", "3-9", "43-48", "9-3", "48-43", "3-9", "43-48", "9-3", "48-43"}

func TestSeedDrawSameMoveThird(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:WK48:BK3")
	play(t, s, shuffle[:8]...)
	if s.Outcome().Over {
		t.Fatalf("over after 8 plies: %+v", s.Outcome())
	}
	play(t, s, shuffle[8])
	if o := s.Outcome(); !o.Over || o.Results[0] != game.Draw || o.Reason != "the same move played a third time" {
		t.Errorf("after 48-43 a third time: %+v", o)
	}
	// The position text keeps the history: the draw survives a round trip.
	back := parse(t, game.DefaultConfig(Game{}), s.Position())
	if !back.Outcome().Over || back.Position() != s.Position() {
		t.Errorf("round trip of %q: %+v", s.Position(), back.Outcome())
	}
}

func TestFMJDThreefoldRepetition(t *testing.T) {
	s := parse(t, cfgOf(t, map[string]string{"draw": "fmjd"}), "W:WK48:BK3")
	play(t, s, shuffle[:7]...)
	if s.Outcome().Over {
		t.Fatalf("over after 7 plies: %+v", s.Outcome())
	}
	play(t, s, shuffle[7]) // the start position, a third time
	if o := s.Outcome(); !o.Over || o.Reason != "threefold repetition" {
		t.Errorf("after 8 plies: %+v", o)
	}
}

// playQuiet plays n king moves, each time the one its player has played
// least that gives the opponent no capture, preferring positions seen least.
func playQuiet(t *testing.T, s *State, n int) {
	t.Helper()
	used := map[string]int{}
	for i := 0; i < n; i++ {
		if s.Outcome().Over {
			t.Fatalf("over after %d plies: %+v in %s", i, s.Outcome(), s.Position())
		}
		var best game.Move
		bestScore := 1 << 30
		for _, m := range s.Moves(nil) {
			c := s.Clone().(*State)
			c.Play(m)
			fen := c.pos.FEN()
			score := 10*used[s.FormatMove(m)+string(rune('0'+s.pos.Side))] + used[fen]
			if c.pos.hasCapture() {
				score += 1000
			}
			if score < bestScore {
				best, bestScore = m, score
			}
		}
		used[s.FormatMove(best)+string(rune('0'+s.pos.Side))]++
		if err := s.Play(best); err != nil {
			t.Fatal(err)
		}
		used[s.pos.FEN()]++
	}
}

func TestSeedDrawTwentyMoves(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:WK46,K50:BK1,K5")
	playQuiet(t, s, 39)
	if s.Outcome().Over {
		t.Fatalf("over after 39 plies: %+v", s.Outcome())
	}
	playQuiet(t, s, 1)
	if o := s.Outcome(); o.Reason != "20 moves each without a capture or a man move" {
		t.Errorf("after 40 plies: %+v in %s", o, s.Position())
	}
}

func TestManMoveResetsCount(t *testing.T) {
	s := parse(t, game.DefaultConfig(Game{}), "W:WK48,40:BK3,11")
	play(t, s, "48-43", "3-9")
	if !strings.Contains(s.Position(), "quiet=48-43,3-9") {
		t.Fatalf("position %s does not list the king moves", s.Position())
	}
	play(t, s, "40-35")
	if strings.Contains(s.Position(), "quiet") {
		t.Errorf("a man move kept the count: %s", s.Position())
	}
}

func TestFMJDTwentyFiveMoves(t *testing.T) {
	s := parse(t, cfgOf(t, map[string]string{"draw": "fmjd"}), "W:WK46,K50:BK1,K5")
	playQuiet(t, s, 49)
	if s.Outcome().Over {
		t.Fatalf("over after 49 plies: %+v", s.Outcome())
	}
	playQuiet(t, s, 1)
	if o := s.Outcome(); o.Reason != "25 moves each with only kings moving and no capture" {
		t.Errorf("after 50 plies: %+v", o)
	}
}

func TestFMJDEndgameCounts(t *testing.T) {
	cfg := cfgOf(t, map[string]string{"draw": "fmjd"})
	tests := []struct {
		pos, move, reason string
	}{
		{"B:WK46,K47,K48:BK5 endgame=31", "5-14", "16 moves each in a counted endgame"},
		{"B:WK46,K47,38:BK5 endgame=31", "5-14", "16 moves each in a counted endgame"},
		{"B:WK46,34,35:BK5 endgame=31", "5-14", "16 moves each in a counted endgame"},
		{"B:WK46,K47:BK5 endgame=9", "5-14", "5 moves each in a counted endgame"},
		{"B:WK46,38:BK5 endgame=9", "5-14", "5 moves each in a counted endgame"},
	}
	for _, tt := range tests {
		s := parse(t, cfg, tt.pos)
		if s.Outcome().Over {
			t.Errorf("%s: over before the last move", tt.pos)
			continue
		}
		play(t, s, tt.move)
		if o := s.Outcome(); o.Reason != tt.reason {
			t.Errorf("%s then %s: %+v, want %q", tt.pos, tt.move, o, tt.reason)
		}
	}
	// A promotion inside the 16-move class keeps counting.
	s := parse(t, cfg, "W:WK46,K47,7:BK50 endgame=5")
	play(t, s, "7-2")
	if got := s.Position(); got != "B:WK2,K46,K47:BK50 endgame=6" {
		t.Errorf("after crowning in a counted endgame: %s", got)
	}
	// Four pieces against a king is not counted; seed rules never count.
	if _, err := (Game{}).ParsePosition(cfg, "B:WK46,K47,K48,K49:BK5 endgame=3"); err == nil {
		t.Error("endgame= accepted for 4 kings against 1")
	}
	if _, err := (Game{}).ParsePosition(game.DefaultConfig(Game{}), "B:WK46,K47:BK5 endgame=3"); err == nil {
		t.Error("endgame= accepted with draw=seed")
	}
}

func TestHuffing(t *testing.T) {
	on := cfgOf(t, map[string]string{"huffing": "on"})
	// White must take 27 with 32 but may play 40-34 instead.
	s := parse(t, on, "W:W32,40:B27,1")
	if got := notationsOf(s); !slices.Equal(got, []string{"32-28", "32x21", "40-34", "40-35"}) {
		t.Fatalf("huffing moves %q", got)
	}
	play(t, s, "40-34")
	if got := notationsOf(s); !slices.Contains(got, "H32") || s.ToMove() != 1 {
		t.Fatalf("black may not huff 32: %q", got)
	}
	play(t, s, "H32")
	if s.ToMove() != 1 || s.Position() != "B:W34:B1,27" {
		t.Fatalf("after the huff: %s, %v to move", s.Position(), s.ToMove())
	}
	if slices.Contains(notationsOf(s), "H32") {
		t.Error("a second huff is listed")
	}
	play(t, s, "27-31")
	if s.ToMove() != 0 {
		t.Errorf("after black's move, %v to move", s.ToMove())
	}

	// The piece that should have captured moved: it is huffed where it went.
	s = parse(t, on, "W:W32,40:B27,1")
	play(t, s, "32-28")
	if !strings.HasSuffix(s.Position(), "huff=28") {
		t.Errorf("huffable after 32-28: %s", s.Position())
	}
	// Declining the huff: black just moves, and the right is gone.
	play(t, s, "1-6")
	if strings.Contains(s.Position(), "huff") {
		t.Errorf("huff right kept after black moved: %s", s.Position())
	}
	// Huffing off: the capture is forced, H is illegal.
	off := parse(t, game.DefaultConfig(Game{}), "W:W32,40:B27,1")
	if _, err := off.ParseMove("H32"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("H32 without huffing: %v", err)
	}
	if _, err := (Game{}).ParsePosition(game.DefaultConfig(Game{}), "B:W34:B1,27 huff=34"); err == nil {
		t.Error("huff= accepted with huffing off")
	}
}

func TestHuffingLastPieceWins(t *testing.T) {
	s := parse(t, cfgOf(t, map[string]string{"huffing": "on"}), "W:W32:B27,1")
	play(t, s, "32-28", "H28")
	if o := s.Outcome(); !o.Over || o.Results[1] != game.Win {
		t.Errorf("huffing the last piece: %+v", o)
	}
}

func TestPositionRoundTripHistory(t *testing.T) {
	cfg := cfgOf(t, map[string]string{"draw": "fmjd"})
	s := parse(t, cfg, "W:WK48:BK3")
	play(t, s, "48-43", "3-9", "43-48")
	pos := s.Position()
	if pos != "B:WK48:BK9 quiet=48-43,3-9,43-48 endgame=3" {
		t.Fatalf("position %q", pos)
	}
	back := parse(t, cfg, pos)
	play(t, back, "9-3", "48-43", "3-9", "43-48", "9-3")
	if o := back.Outcome(); o.Reason != "threefold repetition" {
		t.Errorf("history lost in the round trip: %+v", o)
	}
	for _, bad := range []string{
		"B:WK48:BK9 quiet=48-44",       // not a king move that was legal
		"B:WK48:BK9 quiet=3-9",         // the last move was White's
		"B:WK48:BK9 quiet=48-43,3-9,x", // not a move
		"B:WK48:BK9 other=1",
		"B:WK48:BK9 quiet=43-48 quiet=43-48",
	} {
		if _, err := (Game{}).ParsePosition(cfg, bad); err == nil {
			t.Errorf("ParsePosition(%q) accepted", bad)
		}
	}
}

func TestHashAndEvaluate(t *testing.T) {
	cfg := game.DefaultConfig(Game{})
	a := parse(t, cfg, "W:W31-50:B1-20")
	b := parse(t, cfg, "W:W31-50:B1-20")
	c := parse(t, cfg, "B:W31-50:B1-20")
	if a.Hash() != b.Hash() || a.Hash() == c.Hash() {
		t.Errorf("hashes %x %x %x", a.Hash(), b.Hash(), c.Hash())
	}
	if v := a.Evaluate(0) + a.Evaluate(1); v < 0.999 || v > 1.001 {
		t.Errorf("start evaluations sum to %v", v)
	}
	up := parse(t, cfg, "W:W31-50,K25:B1-20")
	if v := up.Evaluate(0); v <= 0.5 || v > 1 {
		t.Errorf("white a king up: %v", v)
	}
	if !strings.Contains(a.String(), "White to move") {
		t.Errorf("String():\n%s", a)
	}
}

// TestMoveHash: the hash after a move is the hash before it xor MoveHash,
// for every move of seeded random games (captures, kings and crowning).
func TestMoveHash(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	for range 30 {
		p := StartPos()
		for range 200 {
			ms := p.Generate(nil)
			if len(ms) == 0 {
				break
			}
			for _, m := range ms {
				after := p.Play(m)
				if got, want := p.Hash()^p.MoveHash(m), after.Hash(); got != want {
					t.Fatalf("%s then %s: MoveHash gives %#x, want %#x", p.FEN(), p.Notation(m, nil), got, want)
				}
				if back, ok := Unpack(Pack(m)); !ok || back != m {
					t.Fatalf("Unpack(Pack(%v)) = %v, %v", m, back, ok)
				}
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
	}
}
