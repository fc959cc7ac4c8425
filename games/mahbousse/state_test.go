package mahbousse

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"plateau/game"
)

func TestOpeningRoll(t *testing.T) {
	s := NewState(Rules{Match: 1})
	cms := s.ChanceMoves(nil)
	if len(cms) != 36 || game.TotalWeight(cms) != 36 || s.ToMove() != game.Chance {
		t.Fatalf("opening: %d outcomes, weight %d, to move %v", len(cms), game.TotalWeight(cms), s.ToMove())
	}
	start := s.Position()
	play(t, s, "3:3") // a tie: rolled again
	if s.Position() != start || s.ToMove() != game.Chance {
		t.Fatalf("after a tie: %q", s.Position())
	}
	play(t, s, "2-5") // o rolls higher and starts
	if !strings.HasSuffix(s.Position(), "o:roll") || s.ToMove() != game.Chance {
		t.Fatalf("after 2:5: %q, want o to roll (the opening dice are not played)", s.Position())
	}
	cms = s.ChanceMoves(nil)
	if len(cms) != 21 || game.TotalWeight(cms) != 36 {
		t.Fatalf("turn roll: %d outcomes, weight %d", len(cms), game.TotalWeight(cms))
	}
	a, _ := s.ParseMove("3-6")
	b, _ := s.ParseMove("6-3")
	if a != b || s.FormatMove(a) != "6-3" {
		t.Fatalf("3-6 and 6-3 differ or format as %q", s.FormatMove(a))
	}
	play(t, s, "6-3")
	if s.ToMove() != 1 || !strings.HasSuffix(s.Position(), "o:6-3") {
		t.Fatalf("after the roll: %q", s.Position())
	}
	s2 := NewState(Rules{Match: 1})
	play(t, s2, "6:1")
	if !strings.HasSuffix(s2.Position(), "x:roll") {
		t.Fatalf("after 6:1: %q, want x to roll", s2.Position())
	}
}

func TestPinAndRelease(t *testing.T) {
	r := Rules{Match: 1}
	s := mustParse(t, r, pos(map[int]string{1: "o14", 21: "o1", 24: "x15"}, "off=0-0 x:3-1"))
	play(t, s, "24/21* 24/23")
	if got := cell(s.b.pt[20], s.b.pin[20]); got != "x1*" {
		t.Fatalf("point 21 is %q after pinning, want x1*", got)
	}
	// o's pinned checker (o's point 4) cannot move; x's point 21 is
	// closed to o.
	play(t, s, "1-1")
	for _, n := range notations(s) {
		if strings.Contains(n, "4/3") {
			t.Errorf("o moves its pinned checker: %q", n)
		}
	}
	play(t, s, "24/23 24/23 24/23 24/23")
	play(t, s, "2-1")
	// x adds a checker on its pinning point, then leaves with one: the
	// pin holds while one x checker stays.
	play(t, s, "23/21 21/20")
	if s.b.pt[20] != 1 || !s.b.pin[20] {
		t.Fatalf("point 21: %q", cell(s.b.pt[20], s.b.pin[20]))
	}
	play(t, s, "4-4")
	play(t, s, "24/20 24/20 24/20 24/20")
	play(t, s, "1-1")
	play(t, s, "21/20 24/23 24/23 24/23")
	if got := cell(s.b.pt[20], s.b.pin[20]); got != "o1" {
		t.Fatalf("point 21 is %q after x left, want o1 (released)", got)
	}
}

func TestGameEndAndMatch(t *testing.T) {
	for _, c := range []struct {
		match   int
		oOff    string
		score   string
		over    bool
		winnerX bool
	}{
		{1, "0", "", true, true},
		{3, "0", "2-0", false, false}, // a mars: 2 points
		{3, "1", "1-0", false, false},
		{2, "0", "2-0", true, true},
	} {
		o := "o15"
		if c.oOff == "1" {
			o = "o14"
		}
		tail := "off=14-" + c.oOff + " x:1-1"
		if c.match > 1 {
			tail += " score=0-0"
		}
		s := mustParse(t, Rules{Match: c.match}, pos(map[int]string{1: "x1", 20: o}, tail))
		play(t, s, "1/off")
		out := s.Outcome()
		if out.Over != c.over {
			t.Fatalf("match %d: over %v, position %q", c.match, out.Over, s.Position())
		}
		if c.over && out.Results[0] != game.Win {
			t.Errorf("match %d: %v", c.match, out)
		}
		if !c.over && s.Position() != pos(map[int]string{1: "o15", 24: "x15"}, "off=0-0 opening score="+c.score) {
			t.Errorf("match %d: next game %q, want a new board with score %s", c.match, s.Position(), c.score)
		}
	}
}

func TestDeadlockIsADraw(t *testing.T) {
	r := Rules{Match: 1}
	s := mustParse(t, r, pos(map[int]string{1: "x13*", 2: "x1", 24: "o14*"}, "off=0-0 x:1-1"))
	if got := notations(s); len(got) != 1 || got[0] != "2/1" {
		t.Fatalf("moves %q, want [2/1]", got)
	}
	play(t, s, "2/1")
	out := s.Outcome()
	if !out.Over || out.Results[0] != game.Draw || s.ToMove() != game.Nobody {
		t.Fatalf("after the last pin: %v, %q", out, s.Position())
	}
	back := mustParse(t, r, s.Position())
	if back.Position() != s.Position() || !back.Outcome().Over {
		t.Fatalf("deadlock does not round-trip: %q", back.Position())
	}
	if _, err := Parse(r, strings.Replace(s.Position(), "over", "x:roll", 1)); err == nil {
		t.Errorf("a deadlock waiting for a roll was accepted")
	}
}

func TestParseErrors(t *testing.T) {
	start := pos(map[int]string{1: "o15", 24: "x15"}, "")
	for _, text := range []string{
		"",
		start + "off=0-0",
		start + "off=0-0 x:7-1",
		start + "off=0-0 z:roll",
		start + "of=0-0 x:roll",
		start + "off=0-1 x:roll",
		start + "off=0-0 over",
		strings.Replace(start, "x15", "x14", 1) + "off=0-0 x:roll",
		strings.Replace(start, "x15", "y15", 1) + "off=0-0 x:roll",
		strings.Replace(start, "x15", "x015", 1) + "off=0-0 x:roll",
		"o15,x15 off=0-0 x:roll",
	} {
		if _, err := Parse(Rules{Match: 1}, text); err == nil {
			t.Errorf("Parse(%q) accepted", text)
		}
	}
	if _, err := Parse(Rules{Match: 3}, start+"off=0-0 opening score=3-0"); err == nil {
		t.Errorf("a finished match score was accepted for a game in progress")
	}
	if _, err := Parse(Rules{Match: 3}, start+"off=0-0 opening"); err == nil {
		t.Errorf("a match position without score was accepted")
	}
}

func TestParseMoveForms(t *testing.T) {
	s := mustParse(t, Rules{Match: 1}, pos(map[int]string{1: "o15", 24: "x15"}, "off=0-0 x:6-3"))
	want, err := s.ParseMove("24/18 18/15")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"24/15", "24/21 21/15", "24/18/15", " 24/21/15 "} {
		if m, err := s.ParseMove(text); err != nil || m != want {
			t.Errorf("ParseMove(%q) = %q, %v; want %q", text, s.FormatMove(m), err, s.FormatMove(want))
		}
	}
	for _, text := range []string{"24/18", "24/20 24/21", "15/24", "24/off", "pass", "6-3", "24/18 18/15 15/12", "25/19"} {
		_, err := s.ParseMove(text)
		if err == nil {
			t.Errorf("ParseMove(%q) accepted", text)
		}
	}
	if err := s.Play(0xdead); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("Play(garbage) = %v, want ErrIllegal", err)
	}
}

func TestDescribeMovePaths(t *testing.T) {
	s := mustParse(t, Rules{Match: 1}, pos(map[int]string{1: "o14", 21: "o1", 13: "x2", 24: "x13"}, "off=0-0 x:3-1"))
	m, err := s.ParseMove("24/21* 13/12")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s.DescribeMove(m))
	var info MoveInfo
	if err := json.Unmarshal(b, &info); err != nil {
		t.Fatal(err)
	}
	if info.Notation != "24/21* 13/12" || strings.Join(info.Clicks, ",") != "24,21,13,12" || !info.Steps[0].Pins {
		t.Errorf("description %s", b)
	}
	paths := map[string]bool{}
	for _, p := range info.Paths {
		paths[strings.Join(p, ",")] = true
	}
	if !paths["24,21,13,12"] || !paths["13,12,24,21"] || len(paths) != 2 {
		t.Errorf("paths %v, want both orders", info.Paths)
	}
	// o's board ids are x's numbers: o's point 24 is "1".
	o := mustParse(t, Rules{Match: 1}, pos(map[int]string{1: "o15", 24: "x15"}, "off=0-0 o:6-5"))
	m, _ = o.ParseMove("24/18 24/19")
	if c := o.DescribeMove(m).(MoveInfo).Clicks; strings.Join(c, ",") != "1,7,1,6" {
		t.Errorf("o's clicks %q, want 1,7,1,6", c)
	}
}

func TestBoardView(t *testing.T) {
	s := mustParse(t, Rules{Match: 1}, Game{}.ExamplePosition())
	v := s.Board().(BoardView)
	p8 := v.Points[7]
	if p8.ID != "8" || p8.Owner != 0 || p8.Count != 1 || p8.Pinned != 1 || p8.Number != [2]int{8, 17} || !p8.Closed[1] || p8.Closed[0] {
		t.Errorf("point 8: %+v", p8)
	}
	if v.ToMove != 1 || v.Phase != "move" || len(v.Dice) != 2 || v.Start != [2]string{"24", "1"} || v.Home[1][0] != "24" {
		t.Errorf("board %+v", v)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.String(), "o to play 6-3") {
		t.Errorf("String():\n%s", s)
	}
}

func TestHashAndEvaluate(t *testing.T) {
	r := Rules{Match: 1}
	a := mustParse(t, r, Game{}.ExamplePosition())
	b := mustParse(t, r, Game{}.ExamplePosition())
	if a.Hash() != b.Hash() {
		t.Fatal("equal positions hash differently")
	}
	c := mustParse(t, r, strings.Replace(Game{}.ExamplePosition(), "o:6-3", "o:6-2", 1))
	if a.Hash() == c.Hash() {
		t.Fatal("different dice hash equally")
	}
	ahead := mustParse(t, r, pos(map[int]string{1: "x5", 20: "o15"}, "off=10-0 x:roll"))
	if v := ahead.Evaluate(0); v <= 0.5 || v >= 1 {
		t.Errorf("x far ahead: Evaluate(x) = %v", v)
	}
	if v := ahead.Evaluate(0) + ahead.Evaluate(1); v < 0.999 || v > 1.001 {
		t.Errorf("values do not sum to 1: %v", v)
	}
}

func TestMotherVariant(t *testing.T) {
	plakoto := Rules{Match: 1, Mother: true}
	for _, c := range []struct {
		name   string
		r      Rules
		cells  map[int]string
		want   game.Result // x's result; -1: game goes on
		reason string
	}{
		{"pinning the mother wins", plakoto,
			map[int]string{1: "o1", 4: "x1", 13: "x14", 20: "o14"}, game.Win, "mother checker pinned"},
		{"not while the pinner's own mother may still be pinned", plakoto,
			map[int]string{1: "o1", 4: "x1", 13: "x13", 24: "x1", 20: "o14"}, -1, ""},
		{"both mothers pinned: a draw", plakoto,
			map[int]string{1: "o1", 4: "x1", 13: "x13", 24: "o1*", 20: "o13"}, game.Draw, "both mother checkers pinned"},
		{"no mother rule by default", Rules{Match: 1},
			map[int]string{1: "o1", 4: "x1", 13: "x14", 20: "o14"}, -1, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, c.r, pos(c.cells, "off=0-0 x:3-1"))
			play(t, s, "4/1* 13/12")
			out := s.Outcome()
			if c.want < 0 {
				if out.Over {
					t.Fatalf("game over: %v", out)
				}
				return
			}
			if !out.Over || out.Results[0] != c.want || out.Reason != c.reason {
				t.Fatalf("outcome %+v, want x %v (%s)", out, c.want, c.reason)
			}
			if back := mustParse(t, c.r, s.Position()); back.Outcome().Reason != c.reason {
				t.Errorf("parsed %q: %v", s.Position(), back.Outcome())
			}
		})
	}
	s := mustParse(t, Rules{Match: 3, Mother: true}, pos(map[int]string{1: "o1", 4: "x1", 13: "x14", 20: "o14"}, "off=0-0 x:3-1 score=0-0"))
	play(t, s, "4/1* 13/12")
	if !strings.HasSuffix(s.Position(), "opening score=2-0") {
		t.Errorf("match after a mother win: %q, want 2 points to x", s.Position())
	}
}
