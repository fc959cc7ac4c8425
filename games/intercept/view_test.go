package intercept

import (
	"encoding/json"
	"strings"
	"testing"

	"plateau/game"
)

func TestBoardJSON(t *testing.T) {
	s := build(t, nil, "S", "g11", "g11=Sr", "g13=Nr+Sr", "f12=SP", "a1=Np")
	b, err := json.Marshal(s.Board())
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Files, Ranks int
		Pieces       []PieceView
		Stacks       []StackView
		Ball         BallView
		Teams        [][]int
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if v.Files != 13 || v.Ranks != 13 || len(v.Pieces) != 4 || len(v.Teams) != 2 {
		t.Errorf("board %s", b)
	}
	if len(v.Stacks) != 1 || v.Stacks[0].Square != "g13" || len(v.Stacks[0].Pieces) != 2 || v.Stacks[0].Pieces[0].Owner != 1 {
		t.Errorf("stacks %+v", v.Stacks)
	}
	if v.Ball.Square != "g11" || v.Ball.Loose {
		t.Errorf("ball %+v", v.Ball)
	}
	for _, p := range v.Pieces {
		if p.Square == "f12" && (p.Kind != "double" || p.Face != "passage") {
			t.Errorf("double %+v", p)
		}
		if p.Square == "g11" && !p.Carrier {
			t.Errorf("carrier %+v", p)
		}
	}
}

func TestDescribeClicks(t *testing.T) {
	s := build(t, nil, "S", "g11", "g11=Sr", "g12=Sp", "g13=Nr", "f12=SP")
	m, err := s.ParseMove("f12-g13^=R/g11-g13")
	if err != nil {
		t.Fatal(err)
	}
	d := s.DescribeMove(m).(MoveInfo)
	if got := strings.Join(d.Clicks, " "); got != "f12 g13 repos g11 g13" {
		t.Errorf("clicks %s", got)
	}
	if d.Covers == nil || d.Covers.Owner != 1 || !d.Wins || d.Kind != "slide" {
		t.Errorf("description %+v", d)
	}
	if n := s.FormatMove(m); n != "f12-g13^=R/g11-g13" {
		t.Errorf("notation %s", n)
	}
}

func TestParseMoveErrors(t *testing.T) {
	s := start(t, nil)
	for _, text := range []string{"", "z1-a1", "g1", "g1=P", "b1-b1", "b1-a1^", "b1-a1/g7", "b1-a1/f7-e5", "b1-a1/g7-x9", "b1-a1=R", "pass", "b1:a1 ", "f1-e2/g7-g7"} {
		if _, err := s.ParseMove(text); err == nil {
			t.Errorf("ParseMove(%q) accepted", text)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	cfg := game.DefaultConfig(Game{})
	for _, text := range []string{
		"",
		"13/13 S g7 0 0",
		"14/13/13/13/13/13/13/13/13/13/13/13/13 S g7 0 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/13 W g7 0 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/13 S g8 0 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/Sp12 S a1 0 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/SPSP11 S g7 0 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/(Np)12 S g7 0 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/13 S g7 -1 0",
		"13/13/13/13/13/13/13/13/13/13/13/13/13 S g7 0 2",
		"13/13/13/13/13/13/13/13/13/13/13/13/Xp12 S g7 0 0",
	} {
		if _, err := (Game{}).ParsePosition(cfg, text); err == nil {
			t.Errorf("ParsePosition(%q) accepted", text)
		}
	}
}

func TestHashAndEvaluate(t *testing.T) {
	a, b := start(t, nil), start(t, nil)
	if a.Hash() != b.Hash() {
		t.Error("equal positions hash differently")
	}
	ms := a.Moves(nil)
	a.Play(ms[0])
	if a.Hash() == b.Hash() {
		t.Error("the move did not change the hash")
	}
	for _, p := range []game.Player{0, 1} {
		if v := b.Evaluate(p); v < 0.45 || v > 0.55 {
			t.Errorf("start value %v for %v", v, p)
		}
	}
	s := build(t, nil, "S", "g11", "g11=Sr", "g12=Sp", "a13=Np")
	if s.Evaluate(0) <= s.Evaluate(1) {
		t.Errorf("S next to the goal: %v vs %v", s.Evaluate(0), s.Evaluate(1))
	}
	if !strings.Contains(s.String(), "S ") {
		t.Error("String")
	}
}
