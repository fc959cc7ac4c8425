package benedictine

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

func TestBallSquares(t *testing.T) {
	var got []string
	for sq := range numSquares {
		if isBall(sq) {
			got = append(got, squareName(sq))
		}
	}
	want := []string{"b2", "d2", "f2", "b4", "d4", "f4", "b6", "d6", "f6"}
	if !slices.Equal(got, want) {
		t.Errorf("ball squares %v, want %v", got, want)
	}
}

func TestSetups(t *testing.T) {
	want := map[string]string{
		"wedge":  "..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g",
		"line":   ".AAAAA./......./......./...O.../......./......./.GGGGG. g",
		"zigzag": ".A.A.A./..A.A../......./...O.../......./..G.G../.G.G.G. g",
		"front":  "...A.../A.A.A.A/......./...O.../......./G.G.G.G/...G... g",
		"wide":   "A.AAA.A/......./......./...O.../......./......./G.GGG.G g",
	}
	for _, lay := range setups {
		cfg, err := game.NewConfig(Game{}, map[string]string{OptSetup: lay.name})
		if err != nil {
			t.Fatal(err)
		}
		s, err := Game{}.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Position(); got != want[lay.name] {
			t.Errorf("setup %s: %s, want %s", lay.name, got, want[lay.name])
		}
		if s.ToMove() != 0 {
			t.Errorf("setup %s: %v to move, want green (player 0)", lay.name, s.ToMove())
		}
	}
	if len(want) != len(setups) {
		t.Errorf("%d setups tested, %d offered", len(want), len(setups))
	}
}

func TestStepToFreeBottleSquaresOnly(t *testing.T) {
	s := build(t, 'g', "c1", "g7", "d4")
	if got, want := bottleDests(s, "c1"), []string{"b1", "c2", "d1"}; !slices.Equal(got, want) {
		t.Errorf("c1 reaches %v, want %v (never the ball squares b2, d2)", got, want)
	}
	s = build(t, 'g', "c4", "g7", "f2")
	if got, want := bottleDests(s, "c4"), []string{"b3", "b5", "c3", "c5", "d3", "d5"}; !slices.Equal(got, want) {
		t.Errorf("c4 reaches %v, want %v", got, want)
	}
}

func TestStepBlockedByBottles(t *testing.T) {
	s := build(t, 'g', "a1 a2", "b1", "d4") // a1 is walled in: a2 and b1 taken, b2 a ball square
	if got, want := bottleDests(s, "a1"), []string{"a3", "c1"}; !slices.Equal(got, want) {
		t.Errorf("a1 reaches %v, want only the jumps %v", got, want)
	}
}

func TestJumpNeedsFreeLanding(t *testing.T) {
	s := build(t, 'g', "c3 c4", "c5", "f2")
	if slices.Contains(bottleDests(s, "c3"), "c5") || hasMove(s, "c3xc5") {
		t.Error("c3 jumps onto the taken c5")
	}
	if slices.Contains(bottleDests(s, "c3"), "c6") {
		t.Error("c3 jumps over two bottles in a row")
	}
	if _, err := s.ParseMove("c3xc5"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseMove(c3xc5) = %v, want an illegal move", err)
	}
}

func TestBottlesNeverJumpTheBall(t *testing.T) {
	s := build(t, 'g', "d3", "g7", "d4")
	if got, want := bottleDests(s, "d3"), []string{"c2", "c3", "c4", "e2", "e3", "e4"}; !slices.Equal(got, want) {
		t.Errorf("d3 reaches %v, want %v", got, want)
	}
	if _, err := s.ParseMove("d3xd5"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseMove(d3xd5) over the ball = %v, want an illegal move", err)
	}
}

func TestNoJumpIsMandatory(t *testing.T) {
	s := build(t, 'g', "c3 c4", "d3", "f2")
	for _, text := range []string{"c3-c2", "c3-b3", "c4-c5"} {
		if !hasMove(s, text) {
			t.Errorf("step %s not listed beside the jumps", text)
		}
	}
}

// Two chains reaching the same square are one move; either path parses to it.
func TestJumpChainsDeduplicated(t *testing.T) {
	s := build(t, 'g', "c1 c2 d1 e2", "d3", "f6")
	n := 0
	for _, m := range s.Moves(nil) {
		if f, to, b := unpack(m); squareName(f) == "c1" && squareName(to) == "e3" && b == noBall {
			n++
		}
	}
	if n != 1 {
		t.Errorf("c1 to e3 listed %d times, want once", n)
	}
	a, errA := s.ParseMove("c1xc3xe3")
	b, errB := s.ParseMove("c1xe1xe3")
	c, errC := s.ParseMove("c1xe3")
	if errA != nil || errB != nil || errC != nil || a != b || b != c {
		t.Errorf("paths to e3: %v %v %v (%v %v %v)", a, b, c, errA, errB, errC)
	}
}

// A chain may not come back to its start: that would be a pass.
func TestJumpChainNeverReturnsToStart(t *testing.T) {
	s := build(t, 'g', "c1 c2 d1 e2", "d3", "f6")
	for _, m := range s.Moves(nil) {
		if f, to, _ := unpack(m); f == to {
			t.Errorf("null move %s listed", s.FormatMove(m))
		}
	}
	if _, err := s.ParseMove("c1xc3xe3xe1xc1"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("a chain back to its start parses: %v", err)
	}
}

// Passing is not allowed: every move moves a bottle, and the ball moves
// only after one.
func TestNoPassNoBallAlone(t *testing.T) {
	s := build(t, 'g', "c3 c5", "g7", "d4")
	for _, text := range []string{"", "d4xd6", "c3"} {
		if _, err := s.ParseMove(text); err == nil {
			t.Errorf("ParseMove(%q) accepted", text)
		}
	}
	if !hasMove(s, "c3-c2 d4xb6") {
		t.Errorf("the ball cannot follow a bottle move: %v", listed(s))
	}
}

func TestBallJumpsOnlyOwnBottles(t *testing.T) {
	s := build(t, 'g', "a1", "d5 c5 e3", "d4")
	for _, m := range s.Moves(nil) {
		if _, _, b := unpack(m); b != noBall {
			t.Errorf("ball move %s over amber bottles", s.FormatMove(m))
		}
	}
	if _, err := s.ParseMove("a1-b1 d4xd6"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseMove over an amber bottle = %v, want illegal", err)
	}
}

func TestBallJumpsTheBottleJustMoved(t *testing.T) {
	s := build(t, 'g', "c4", "g7", "d4")
	if got, want := ballDests(s, "c4", "c5"), []string{"b6"}; !slices.Equal(got, want) {
		t.Errorf("after c4-c5 the ball reaches %v, want %v", got, want)
	}
	if got, want := ballDests(s, "c4", "b3"), []string{}; len(got) != 0 {
		t.Errorf("after c4-b3 the ball reaches %v, want %v", got, want)
	}
}

func TestBallMultipleJumpsChangeDirection(t *testing.T) {
	s := build(t, 'g', "d5 e6 a1", "g1", "d4")
	// d4 over d5 to d6, then over e6 to f6; or d4xd6 alone.
	if got, want := ballDests(s, "a1", "a2"), []string{"d6", "f6"}; !slices.Equal(got, want) {
		t.Errorf("ball reaches %v, want %v", got, want)
	}
	if !hasMove(s, "a1-a2 d4xd6xf6") {
		t.Errorf("a1-a2 d4xd6xf6 not listed: %v", listed(s))
	}
}

func TestBallNotOffTheSide(t *testing.T) {
	s := build(t, 'g', "a4", "g7", "b4")
	for _, to := range []string{"a3", "a5"} {
		if got := ballDests(s, "a4", to); len(got) != 0 {
			t.Errorf("after a4-%s the ball goes to %v off the side", to, got)
		}
	}
	if got, want := ballDests(s, "a4", "b5"), []string{"b6"}; !slices.Equal(got, want) {
		t.Errorf("after a4-b5 the ball reaches %v, want %v", got, want)
	}
}

func TestBallNotOverOwnBackLine(t *testing.T) {
	s := build(t, 'g', "e2", "g7", "d2")
	if got := ballDests(s, "e2", "d1"); len(got) != 0 {
		t.Errorf("green's ball leaves over its own back line to %v", got)
	}
	if _, err := s.ParseMove("e2-d1 d2xd0"); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("ParseMove(e2-d1 d2xd0) = %v, want illegal", err)
	}
}

func TestTryStraight(t *testing.T) {
	s := build(t, 'g', "c7", "a1", "d6")
	if got, want := ballDests(s, "c7", "d7"), []string{"d8"}; !slices.Equal(got, want) {
		t.Fatalf("after c7-d7 the ball reaches %v, want %v", got, want)
	}
	play(t, s, "c7-d7 d6xd8")
	o := s.Outcome()
	if !o.Over || o.Results[green] != game.Win || o.Results[amber] != game.Loss || o.Reason != "try scored" {
		t.Errorf("outcome %+v", o)
	}
	if s.ToMove() != game.Nobody || len(s.Moves(nil)) != 0 {
		t.Errorf("finished game: to move %v, %d moves", s.ToMove(), len(s.Moves(nil)))
	}
	if err := s.Play(pack(0, 1, noBall)); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Play after the try = %v, want ErrGameOver", err)
	}
	if _, err := s.ParseMove("a1-a2"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("ParseMove after the try = %v, want ErrGameOver", err)
	}
	back := parse(t, s.Position())
	if back.Position() != s.Position() || !back.Outcome().Over || back.Outcome().Results[green] != game.Win {
		t.Errorf("finished position %q parses to %q %+v", s.Position(), back.Position(), back.Outcome())
	}
}

// A diagonal try is written with the try square behind the bottle jumped.
func TestTryDiagonal(t *testing.T) {
	s := build(t, 'g', "c7 a1", "g1", "d6")
	if got, want := ballDests(s, "a1", "a2"), []string{"c8"}; !slices.Equal(got, want) {
		t.Errorf("ball reaches %v, want %v", got, want)
	}
}

func TestCornerTryGreen(t *testing.T) {
	s := build(t, 'g', "g7 g6 g5 a1", "a7", "f6")
	// Over g6 and g5 the ball would leave by the side: only g7 gives a try.
	if got, want := ballDests(s, "a1", "a2"), []string{"g8"}; !slices.Equal(got, want) {
		t.Errorf("ball reaches %v, want %v", got, want)
	}
	play(t, s, "a1-a2 f6xg8")
	if o := s.Outcome(); !o.Over || o.Results[green] != game.Win {
		t.Errorf("outcome %+v", o)
	}
	if b := s.Board().(BoardView); !b.Ball.Try || b.Ball.Square != "g8" || b.Ball.Rank != 8 || b.ToMove != -2 {
		t.Errorf("ball view %+v", b.Ball)
	}
}

func TestTryAfterChainOfJumps(t *testing.T) {
	s := build(t, 'g', "d3 d5 c7", "a1", "d2")
	play(t, s, "c7-d7 d2xd4xd6xd8")
	if o := s.Outcome(); !o.Over || o.Results[green] != game.Win {
		t.Errorf("outcome %+v", o)
	}
}

func TestPlayerWithoutMoveLoses(t *testing.T) {
	// Amber's only bottle on a1: a2 and b1 taken, the jumps' landings a3
	// and c1 taken too.
	s := build(t, 'a', "a2 b1 a3 c1", "a1", "f6")
	o := s.Outcome()
	if !o.Over || o.Results[green] != game.Win || o.Reason != "no legal move" || s.ToMove() != game.Nobody {
		t.Errorf("blocked amber: outcome %+v, to move %v", o, s.ToMove())
	}
	s = build(t, 'g', "a2 b1 a3 c2", "a1", "f6")
	play(t, s, "c2-c1")
	if o := s.Outcome(); !o.Over || o.Results[green] != game.Win || o.Reason != "no legal move" {
		t.Errorf("after c2-c1: outcome %+v", o)
	}
}

func TestThreefoldRepetition(t *testing.T) {
	shuffle := []string{"a1-b1", "g7-f7", "b1-a1", "f7-g7"}
	s := build(t, 'g', "a1", "g7", "d4")
	for round := 1; round <= 2; round++ {
		for _, text := range shuffle {
			if s.Outcome().Over {
				t.Fatalf("over before round %d ends", round)
			}
			play(t, s, text)
		}
	}
	o := s.Outcome()
	if !o.Over || o.Results[0] != game.Draw || o.Results[1] != game.Draw || o.Reason != "threefold repetition" {
		t.Errorf("third occurrence: outcome %+v", o)
	}
	if !strings.HasSuffix(s.Position(), " g draw") || !parse(t, s.Position()).Outcome().Over {
		t.Errorf("drawn position %q", s.Position())
	}

	s = build(t, 'g', "a1", "g7", "d4", "repetition=off")
	for range 3 {
		for _, text := range shuffle {
			play(t, s, text)
		}
	}
	if s.Outcome().Over {
		t.Errorf("repetition=off: game over %+v", s.Outcome())
	}
}

// The same bottles and ball with the other player to move is another position.
func TestRepetitionNeedsSamePlayerToMove(t *testing.T) {
	g := build(t, 'g', "a1", "g7", "d4")
	a := build(t, 'a', "a1", "g7", "d4")
	if g.Hash() == a.Hash() {
		t.Error("hash ignores the player to move")
	}
	if g.Hash() != build(t, 'g', "a1", "g7", "d4").Hash() {
		t.Error("equal positions hash differently")
	}
	s := g.Clone().(*State)
	play(t, s, "a1-b1")
	play(t, s, "g7-f7")
	play(t, s, "b1-a1")
	if s.Hash() == g.Hash() {
		t.Error("hash equal with another ball/bottles placement or player")
	}
}

func TestPositionErrors(t *testing.T) {
	bad := map[string]string{
		"": "want the board",
		"..AAA../..A.A../......./...O.../......./..G.G../..GGG..":          "want the board",
		"..AAA../..A.A../......./...O.../......./..G.G../..GGG.. x":        "player to move",
		"..AAA../..A.A../......./...O.../......./..G.G.. g":                "6 ranks",
		"..AAA../..A.A../......./...O.../......./..G.G../..GGG. g":         "rank 1",
		"..AAA../..A.A../......./...O.../......./.GG.G../..GGG.. g":        "ball square",
		"..AAA../..A.A../......./..O..../......./..G.G../..GGG.. g":        "not a ball square",
		"..AAA../..A.A../......./......./......./..G.G../..GGG.. g":        "0 balls",
		"..AAA../..A.A../......./.O.O.../......./..G.G../..GGG.. g":        "2 balls",
		"..AAA../..A.A../......./...O.../......./..G.G../.GGGGG. g":        "7 bottles",
		"......./......./......./...O.../......./..G.G../..GGG.. g":        "amber has 0",
		"..AAA../..A.A../......./...X.../......./..G.G../..GGG.. g":        "is not G, A, O",
		"..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g try=d8": "cannot be to move",
		"..AAA../..A.A../......./...O.../......./..G.G../..GGG.. a try=d8": "ball is on the board",
		"..AAA../..A.A../......./......./......./..G.G../..GGG.. a try=d5": "try square",
		"..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g win":    "want try=SQ or draw",
	}
	for text, want := range bad {
		_, err := Game{}.ParsePosition(game.DefaultConfig(Game{}), text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePosition(%q) = %v, want an error saying %q", text, err, want)
		}
	}
}

func TestMoveParsing(t *testing.T) {
	s := build(t, 'g', "c1 c2 d1 e2 e4", "d3 a7", "f2")
	ok := map[string]string{ // text -> canonical notation
		"c2-c3":           "c2-c3",
		"c2xc3":           "c2-c3",
		"c1xc3xe3":        "c1xe1xe3",
		"c1-c3-e3":        "c1xe1xe3",
		"c1xe1xe3":        "c1xe1xe3",
		"c1xe5":           "c1xe1xe3xe5",
		"e2-f3 f2xf4":     "e2-f3 f2xf4",
		"c1xc3  f2xd2xb4": "c1xc3 f2xd2xb4",
		"c1xc3 f2xd4":     "c1xc3 f2xd2xb2xd4",
	}
	for text, want := range ok {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", text, err)
			continue
		}
		if got := s.FormatMove(m); got != want {
			t.Errorf("ParseMove(%q) is %q, want %q", text, got, want)
		}
	}
	bad := map[string]string{
		"c2-c3 f2xf4 d4": "want the bottle's path",
		"c2":             "needs a destination",
		"c2-h3":          "not a square",
		"c2:c3":          "not a separator",
		"c2-":            "expected a square",
		"d3-d4":          "no green bottle",
		"c2-d2":          "cannot reach",
		"c1xc3xc5":       "no bottle on c4",
		"c1xc3xd4":       "not a jump",
		"c1-c8":          "cannot leave the board",
		"c2-c3 d4xd6":    "the ball is on f2",
		"c2-c3 f2":       "needs a destination",
		"c2-c3 f2xf6":    "cannot reach",
		"c2-c3 f2xf4xf6": "no green bottle on f3",
		"c1xc3 f2xd2xf2": "twice",
		"c1xc3 f2xf0":    "cannot reach f0",
	}
	for text, want := range bad {
		_, err := s.ParseMove(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q) = %v, want an error saying %q", text, err, want)
		}
	}
}

func TestPlayRejectsUnlisted(t *testing.T) {
	s := build(t, 'g', "c3 c4", "d3", "f2")
	before := s.Position()
	for _, m := range []game.Move{0, ^game.Move(0), pack(17, 17, noBall), pack(sq(t, "d3"), sq(t, "d2"), noBall), pack(sq(t, "c3"), sq(t, "c2"), sq(t, "d4")), 1 << 40} {
		if err := s.Play(m); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("Play(%#x) = %v, want ErrIllegal", uint64(m), err)
		}
	}
	if s.Position() != before {
		t.Errorf("rejected moves changed the position to %s", s.Position())
	}
}

func sq(t *testing.T, name string) int {
	t.Helper()
	n, err := parseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBoardView(t *testing.T) {
	s, _ := Game{}.New(game.DefaultConfig(Game{}))
	b := s.Board().(BoardView)
	if len(b.Squares) != 49 || len(b.BallSquares) != 9 || len(b.Bottles) != 10 || b.Ball.Square != "d4" || b.Ball.Try || b.ToMove != 0 {
		t.Errorf("board %+v", b)
	}
	if p := b.Players[amber]; p.TargetRank != 1 || p.TryRank != 0 || p.TrySquares[0] != "a0" || p.LastRank != 7 {
		t.Errorf("amber's side %+v", p)
	}
	if p := b.Players[green]; p.TargetRank != 7 || p.TryRank != 8 || p.TrySquares[6] != "g8" || !slices.Equal(p.HomeRanks, []int{1, 2}) {
		t.Errorf("green's side %+v", p)
	}
	if _, err := json.Marshal(b); err != nil {
		t.Error(err)
	}
}

func TestDescribeMoveJSON(t *testing.T) {
	s := build(t, 'g', "c4", "g7", "d4")
	m, err := s.ParseMove("c4-c5 d4xb6")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s.DescribeMove(m))
	want := `{"notation":"c4-c5 d4xb6","clicks":["c4","c5","d4","b6"],"player":0,"bottle":["c4","c5"],"ball":["d4","b6"]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	m, _ = s.ParseMove("c4-c3")
	b, _ = json.Marshal(s.DescribeMove(m))
	if want := `{"notation":"c4-c3","clicks":["c4","c3"],"player":0,"bottle":["c4","c3"],"ball":[]}`; string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestEvaluate(t *testing.T) {
	start, _ := Game{}.New(game.DefaultConfig(Game{}))
	e := start.(game.Evaluator)
	if g, a := e.Evaluate(0), e.Evaluate(1); g < 0.3 || g > 0.7 || a < 0.3 || a > 0.7 {
		t.Errorf("start: green %.2f amber %.2f, want near 1/2", g, a)
	}
	near := build(t, 'g', "d5 c7 a1", "g1", "d4") // green can carry the ball to d6 and over c7
	if g := near.Evaluate(0); g <= 0.8 {
		t.Errorf("green near a try: %.2f", g)
	}
	if a := near.Evaluate(1); a >= 0.2 {
		t.Errorf("amber facing a try: %.2f", a)
	}
	play(t, near, "a1-a2 d4xd6xc8")
	if near.Evaluate(0) != 1 || near.Evaluate(1) != 0 {
		t.Errorf("after the try: %.2f %.2f", near.Evaluate(0), near.Evaluate(1))
	}
}

func TestStringPicture(t *testing.T) {
	s, _ := Game{}.New(game.DefaultConfig(Game{}))
	want := "   a b c d e f g\n" +
		"7  . . A A A . .\n" +
		"6  . + A + A + .\n" +
		"5  . . . . . . .\n" +
		"4  . + . O . + .\n" +
		"3  . . . . . . .\n" +
		"2  . + G + G + .\n" +
		"1  . . G G G . .\n" +
		"green (G) to move"
	if got := s.(*State).String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Two crossings of one last-row bottle are one move: the ball on b6 can
// cross c7 at once (b6xc8) or after a jump to d6 (b6xd6xc8); both end the
// game on try square c8 with the same position, so the engine lists the
// move once, with the shorter path, and reads both paths as that move.
func TestTryCrossingsOfOneBottleAreOneMove(t *testing.T) {
	s := parse(t, "..G...A/.OG..../......./......./......./......./G.....A g")
	var tries []string
	for _, m := range listed(s) {
		if strings.HasPrefix(m, "a1-b1 ") && strings.HasSuffix(m, "c8") {
			tries = append(tries, m)
		}
	}
	if !slices.Equal(tries, []string{"a1-b1 b6xc8"}) {
		t.Fatalf("tries over c7 after a1-b1: %q, want one, a1-b1 b6xc8", tries)
	}
	short, err := s.ParseMove("a1-b1 b6xc8")
	if err != nil {
		t.Fatal(err)
	}
	long, err := s.ParseMove("a1-b1 b6xd6xc8")
	if err != nil {
		t.Fatalf("the longer crossing of c7: %v", err)
	}
	if short != long {
		t.Errorf("b6xc8 and b6xd6xc8 read as different moves %#x, %#x", short, long)
	}
	if got := s.FormatMove(long); got != "a1-b1 b6xc8" {
		t.Errorf("the longer crossing is written %q, want a1-b1 b6xc8", got)
	}
	after := s.Clone()
	if err := after.Play(long); err != nil {
		t.Fatal(err)
	}
	if got, want := after.Position(), "..G...A/..G..../......./......./......./......./.G....A a try=c8"; got != want {
		t.Errorf("after the try: %q, want %q", got, want)
	}
}
