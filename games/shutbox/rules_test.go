package shutbox

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

func rules(players, tiles int, oneDie bool) Rules {
	return Rules{Players: players, Tiles: tiles, OneDie: oneDie}
}

func mustParse(t testing.TB, r Rules, pos string) *State {
	t.Helper()
	s, err := Parse(r, pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func notationsOf(s *State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// TestStart: every tile open, player 1 rolls two dice (sheet: Règles, first
// two paragraphs).
func TestStart(t *testing.T) {
	for _, tc := range []struct {
		r    Rules
		want string
	}{
		{rules(2, 9, true), "123456789/123456789 1 roll2"},
		{rules(1, 9, true), "123456789 1 roll2"},
		{rules(4, 12, false), "123456789ABC/123456789ABC/123456789ABC/123456789ABC 1 roll2"},
	} {
		s := NewState(tc.r)
		if got := s.Position(); got != tc.want {
			t.Errorf("start %+v = %q, want %q", tc.r, got, tc.want)
		}
		if s.ToMove() != game.Chance {
			t.Errorf("start: ToMove %v, want chance", s.ToMove())
		}
		cms := s.ChanceMoves(nil)
		if len(cms) != 21 || game.TotalWeight(cms) != 36 {
			t.Errorf("two dice: %d outcomes of total weight %d, want 21 of 36", len(cms), game.TotalWeight(cms))
		}
	}
}

// TestPlaySequence plays moves from a position and checks the position
// after each; each case is one rule.
func TestPlaySequence(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     Rules
		start string
		moves []string
		want  []string // position after each move
	}{
		{"cover then next player", rules(2, 9, true), "123456789/123456789 1 roll2",
			[]string{"6-3", "8+1"}, []string{"123456789/123456789 1 cover:6-3", "2345679/123456789 2 roll2"}},
		{"dice in either order", rules(2, 9, true), "123456789/123456789 2 roll2",
			[]string{"3-6", "9"}, []string{"123456789/123456789 2 cover:6-3", "123456789/12345678 1 roll2"}},
		{"a roll that cannot be covered blocks and is lost", rules(2, 9, true), "12/123456789 1 roll2",
			[]string{"6-6"}, []string{"12x/123456789 2 roll2"}},
		{"a blocked player is skipped", rules(3, 9, true), "12x/789/123456789 3 roll2",
			[]string{"5-4", "9"}, []string{"12x/789/123456789 3 cover:5-4", "12x/789/12345678 2 roll2"}},
		{"the last player in play keeps playing", rules(2, 9, true), "12x/789 2 roll2",
			[]string{"4-3", "7"}, []string{"12x/789 2 cover:4-3", "12x/89 2 roll2"}},
		{"one die: choice at 6 or less", rules(2, 9, true), "123/123456789 1 choose",
			[]string{"roll1", "3", "2+1"}, []string{"123/123456789 1 roll1", "123/123456789 1 cover:3", "3/123456789 2 roll2"}},
		{"one die: two dice may still be chosen", rules(2, 9, true), "123/123456789 1 choose",
			[]string{"roll2", "2-1", "3"}, []string{"123/123456789 1 roll2", "123/123456789 1 cover:2-1", "12/123456789 2 roll2"}},
		{"one die: offered when the turn comes", rules(2, 9, true), "123/123456789 2 cover:3-3",
			[]string{"6"}, []string{"123/12345789 1 choose"}},
		{"one die: never", rules(2, 9, false), "124/123456789 2 cover:3-3",
			[]string{"6"}, []string{"124/12345789 1 roll2"}},
		{"shutting the box ends that player's game", rules(2, 9, true), "3/45 1 cover:2-1",
			[]string{"3", "5-4", "5+4"}, []string{"-/45 2 roll2", "-/45 2 cover:5-4", "-/- - over"}},
		{"the game ends when everyone is blocked", rules(2, 9, true), "12x/89 2 roll2",
			[]string{"1-1"}, []string{"12x/89x - over"}},
		{"12 tiles: 12 is a tile", rules(2, 12, true), "123456789ABC/123456789ABC 1 roll2",
			[]string{"6-6", "12"}, []string{"123456789ABC/123456789ABC 1 cover:6-6", "123456789AB/123456789ABC 2 roll2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.r, tc.start)
			for i, text := range tc.moves {
				m, err := s.ParseMove(text)
				if err != nil {
					t.Fatalf("move %d: %v", i+1, err)
				}
				if err := s.Play(m); err != nil {
					t.Fatalf("move %d %q: %v", i+1, text, err)
				}
				if got := s.Position(); got != tc.want[i] {
					t.Fatalf("after %q: %q, want %q", text, got, tc.want[i])
				}
			}
		})
	}
}

// TestCovers: the sheet's example (Règles: 6 and 3 cover 9, 8+1, 7+2,
// 4+3+2...) and covers restricted to open tiles.
func TestCovers(t *testing.T) {
	for _, tc := range []struct {
		r    Rules
		pos  string
		want string
	}{
		{rules(2, 9, true), "123456789/123456789 1 cover:6-3", "9 8+1 7+2 6+3 6+2+1 5+4 5+3+1 4+3+2"},
		{rules(2, 9, true), "2345679/123456789 1 cover:6-3", "9 7+2 6+3 5+4 4+3+2"},
		{rules(1, 12, true), "123456789ABC 1 cover:6-6", "12 11+1 10+2 9+3 9+2+1 8+4 8+3+1 7+5 7+4+1 7+3+2 6+5+1 6+4+2 6+3+2+1 5+4+3 5+4+2+1"},
		{rules(1, 9, true), "123 1 choose", "roll1 roll2"},
	} {
		s := mustParse(t, tc.r, tc.pos)
		if got := strings.Join(notationsOf(s), " "); got != tc.want {
			t.Errorf("%s: moves %q, want %q", tc.pos, got, tc.want)
		}
	}
}

// TestIllegalMoves: covers must be open tiles summing to the roll.
func TestIllegalMoves(t *testing.T) {
	for _, tc := range []struct {
		pos, move, want string
	}{
		{"2345679/123456789 1 cover:6-3", "8+1", "already covered"},
		{"123456789/123456789 1 cover:6-3", "7+1", "sums to 8"},
		{"123456789/123456789 1 cover:6-3", "4+4+1", "named twice"},
		{"123456789/123456789 1 cover:6-3", "10", "not a tile"},
		{"123456789/123456789 1 roll2", "5", "2 dice"},
		{"123/123456789 1 roll1", "5-1", "1 dice"},
		{"123/123456789 1 roll1", "7", "not a die"},
		{"123/123456789 1 choose", "3", "roll1 or roll2"},
		{"12x/89x - over", "9", "game is over"},
	} {
		s := mustParse(t, rules(2, 9, true), tc.pos)
		_, err := s.ParseMove(tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParseMove(%q) = %v, want an error containing %q", tc.pos, tc.move, err, tc.want)
		}
		if err != nil && !errors.Is(err, game.ErrIllegal) && !errors.Is(err, game.ErrGameOver) {
			t.Errorf("%s: ParseMove(%q) error %v wraps neither ErrIllegal nor ErrGameOver", tc.pos, tc.move, err)
		}
	}
	s := mustParse(t, rules(2, 9, true), "123456789/123456789 1 cover:6-3")
	if err := s.Play(CoverMove(0b11)); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("Play(cover 2+1) on a roll of 9 = %v, want ErrIllegal", err)
	}
}

// TestOutcome: lowest score wins, ties share, alone one wins by shutting.
func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		r      Rules
		pos    string
		scores []int
		res    []game.Result
	}{
		{rules(2, 9, true), "12x/89x - over", []int{3, 17}, []game.Result{game.Win, game.Loss}},
		{rules(3, 9, true), "12x/3x/45x - over", []int{3, 3, 9}, []game.Result{game.Draw, game.Draw, game.Loss}},
		{rules(4, 9, true), "9x/-/1x/- - over", []int{9, 0, 1, 0}, []game.Result{game.Loss, game.Draw, game.Loss, game.Draw}},
		{rules(1, 9, true), "- - over", []int{0}, []game.Result{game.Win}},
		{rules(1, 9, true), "1x - over", []int{1}, []game.Result{game.Loss}},
	} {
		o := mustParse(t, tc.r, tc.pos).Outcome()
		if !o.Over || !slices.Equal(o.Scores, tc.scores) || !slices.Equal(o.Results, tc.res) {
			t.Errorf("%s: outcome %+v, want scores %v results %v", tc.pos, o, tc.scores, tc.res)
		}
	}
	if o := NewState(rules(2, 9, true)).Outcome(); o.Over {
		t.Errorf("start position is over: %+v", o)
	}
}

// TestParseErrors: each error names what is wrong.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		r         Rules
		pos, want string
	}{
		{rules(2, 9, true), "123456789/123456789 1", "3 fields"},
		{rules(2, 9, true), "123456789 1 roll2", "1 boxes for 2 players"},
		{rules(2, 9, true), "1223/123456789 1 roll2", "tile 2 appears twice"},
		{rules(2, 9, true), "12A/123456789 1 roll2", "tile 10 is out of range 1..9"},
		{rules(2, 12, true), "12D/123456789 1 roll2", `"D" is not a tile`},
		{rules(2, 9, true), "/123456789 1 roll2", "no tiles"},
		{rules(2, 9, true), "-x/123456789 2 roll2", "shut box cannot be blocked"},
		{rules(2, 9, true), "12x/123456789 1 roll2", "player 1 is blocked"},
		{rules(2, 9, true), "-/123456789 1 roll2", "player 1 has shut the box"},
		{rules(2, 9, true), "12/123456789 3 roll2", "not a number from 1 to 2"},
		{rules(2, 9, true), "12x/3x 1 roll2", `must be "- over"`},
		{rules(2, 9, true), "12/3x - over", "cannot be over"},
		{rules(2, 9, true), "12x/3x - roll2", `player "-" and phase "over"`},
		{rules(2, 9, true), "1234/123456789 1 choose", "no choice to make"},
		{rules(2, 9, false), "12/123456789 1 choose", "one_die=never"},
		{rules(2, 9, true), "123456789/123456789 1 roll1", "sum to 45"},
		{rules(2, 9, true), "123456789/123456789 1 cover:5", "sum to 45"},
		{rules(2, 9, true), "12/123456789 1 cover:6-6", "would have blocked"},
		{rules(2, 9, true), "12/123456789 1 cover:7-1", "not a die"},
		{rules(2, 9, true), "12/123456789 1 jump", "want choose, roll1, roll2"},
	} {
		_, err := Parse(tc.r, tc.pos)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tc.pos, err, tc.want)
		}
	}
}

func TestBoardAndDescribe(t *testing.T) {
	s := mustParse(t, rules(2, 9, true), "2345679/123x 1 cover:6-3")
	b := s.Board().(Board)
	if b.Roll != 9 || !slices.Equal(b.Dice, []int{6, 3}) || b.Phase != "cover" || b.ToMove != 0 {
		t.Errorf("board %+v", b)
	}
	if !b.Boxes[1].Blocked || b.Boxes[1].Score != 6 || b.Boxes[0].Tiles[0].Open || !b.Boxes[0].Tiles[1].Open {
		t.Errorf("boxes %+v", b.Boxes)
	}
	m, _ := s.ParseMove("2+3+4")
	d := s.DescribeMove(m).(MoveInfo)
	if d.Notation != "4+3+2" || !slices.Equal(d.Clicks, []string{"4", "3", "2"}) || d.Sum != 9 {
		t.Errorf("describe 4+3+2 = %+v", d)
	}
	c := mustParse(t, rules(1, 9, true), "15 1 choose")
	if b := c.Board().(Board); !slices.Equal(b.Buttons, []string{"roll1", "roll2"}) {
		t.Errorf("choose buttons %v", b.Buttons)
	}
	if d := c.DescribeMove(ChooseMove(1)).(MoveInfo); !slices.Equal(d.Clicks, []string{"roll1"}) {
		t.Errorf("choose clicks %v", d.Clicks)
	}
}

func TestHashAndEvaluate(t *testing.T) {
	a := mustParse(t, rules(2, 9, true), "2345679/123456789 1 cover:6-3")
	b := mustParse(t, rules(2, 9, true), "2345679/123456789 1 cover:5-4")
	c := mustParse(t, rules(2, 9, true), "2345679/123456789 1 cover:3-6")
	if a.Hash() == b.Hash() || a.Hash() != c.Hash() {
		t.Errorf("hashes %x %x %x", a.Hash(), b.Hash(), c.Hash())
	}
	e0, e1 := a.Evaluate(0), a.Evaluate(1)
	if e0 <= e1 || e0 < 0 || e1 > 1 {
		t.Errorf("Evaluate: player 1 (fewer tiles open) %v, player 2 %v", e0, e1)
	}
	over := mustParse(t, rules(2, 9, true), "12x/89x - over")
	if over.Evaluate(0) != 1 || over.Evaluate(1) != 0 {
		t.Errorf("finished game evaluates %v %v", over.Evaluate(0), over.Evaluate(1))
	}
}
