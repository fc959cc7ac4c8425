package intercept_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"plateau/ai"
	aiintercept "plateau/ai/intercept"
	"plateau/ai/level"
	"plateau/game"
	ic "plateau/games/intercept"
)

// position writes a 2-player position text from pieces by square name
// ("g9": "Sr"), the side to move and the ball's square.
func position(pieces map[string]string, toMove, ball string) string {
	var b strings.Builder
	for y := 13; y >= 1; y-- {
		empty := 0
		for x := 'a'; x <= 'm'; x++ {
			p, ok := pieces[fmt.Sprintf("%c%d", x, y)]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(p)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if y > 1 {
			b.WriteByte('/')
		}
	}
	return fmt.Sprintf("%s %s %s 40 0", b.String(), toMove, ball)
}

func parse(t testing.TB, text string) *ic.State {
	t.Helper()
	g := ic.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*ic.State)
}

// threat is a position where S, on the ball at g9, scores in one: any
// piece move, then g9-g11-g13 over its passage pieces on g10 and g12 onto
// the empty Arrivée.
var threat = map[string]string{
	"g9": "Sr", "g10": "Sp", "g11": "Sr", "g12": "Sp", "a1": "SP", "b1": "Sp",
	"h13": "Nr", "m1": "NP",
}

// players are the searchers the tests check, by name.
func players(t *testing.T) map[string]ai.Player {
	ps := map[string]ai.Player{}
	for _, name := range []string{"easy", "medium", "hard", "hard-v4"} {
		p, err := level.New("intercept", name, 1, level.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ps[name] = p
	}
	return ps
}

func TestGoalInOne(t *testing.T) {
	checkScores(t, parse(t, position(threat, "S", "g9")), players(t))
}

// checkScores checks that every player scores from s, where the side to
// move can.
func checkScores(t *testing.T, s game.State, ps map[string]ai.Player) {
	t.Helper()
	seat := s.ToMove()
	for name, p := range ps {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		c := s.Clone()
		if err := c.Play(d.Move); err != nil {
			t.Fatal(err)
		}
		if o := c.Outcome(); !o.Over || o.Value(seat) != 1 {
			t.Errorf("%s plays %s, not a goal", name, s.FormatMove(d.Move))
		}
	}
}

// scoresInOne reports whether the side to move can place the ball on its
// goal now.
func scoresInOne(s game.State) bool {
	for _, m := range s.Moves(nil) {
		c := s.Clone()
		if c.Play(m) == nil && c.Outcome().Over && c.Outcome().Value(s.ToMove()) == 1 {
			return true
		}
	}
	return false
}

func TestOnlyDefence(t *testing.T) {
	s := parse(t, position(threat, "N", "g9"))
	defences := 0
	for _, m := range s.Moves(nil) {
		c := s.Clone()
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		if !scoresInOne(c) {
			defences++
		}
	}
	if defences != 1 {
		t.Fatalf("%d moves of N stop the goal, want 1 (h13-g13)", defences)
	}
	for name, p := range players(t) {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.FormatMove(d.Move); got != "h13-g13" {
			t.Errorf("%s plays %s, want the only defence h13-g13", name, got)
		}
	}
}

// rotate turns a 2-player position half round: S and N swap places and
// roles.
func rotate(t *testing.T, text string) string {
	f := strings.Fields(text)
	var cells []string
	for _, rank := range strings.Split(f[0], "/") {
		for j := 0; j < len(rank); {
			switch c := rank[j]; {
			case c >= '0' && c <= '9':
				n := int(c - '0')
				j++
				if j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
					n = n*10 + int(rank[j]-'0')
					j++
				}
				for range n {
					cells = append(cells, "1")
				}
			case c == '(':
				end := strings.IndexByte(rank[j:], ')')
				cells = append(cells, rank[j:j+end+1])
				j += end + 1
			default:
				cells = append(cells, rank[j:j+2])
				j += 2
			}
		}
	}
	if len(cells) != 169 {
		t.Fatalf("%q: %d cells", text, len(cells))
	}
	swap := strings.NewReplacer("S", "N", "N", "S")
	var ranks []string
	for y := range 13 {
		var b strings.Builder
		empty := 0
		for x := range 13 {
			c := cells[168-(y*13+x)]
			if c == "1" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(swap.Replace(c))
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		ranks = append(ranks, b.String())
	}
	ball := f[2]
	x, y := ball[0]-'a', 0
	fmt.Sscan(ball[1:], &y)
	ball = fmt.Sprintf("%c%d", 'a'+12-x, 14-y)
	return fmt.Sprintf("%s %s %s %s %s", strings.Join(ranks, "/"), swap.Replace(f[1]), ball, f[3], f[4])
}

func TestEvalSymmetry(t *testing.T) {
	g := ic.Game{}
	cfg := game.DefaultConfig(g)
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for game1 := range 4 {
		s, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; turn < 400 && !s.Outcome().Over; turn++ {
			if turn%17 == game1 {
				r := parse(t, rotate(t, s.Position()))
				for name, eval := range map[string]ai.Eval{"Eval": aiintercept.Eval, "EvalV1": aiintercept.EvalV1, "EvalV4": aiintercept.EvalV4} {
					for p := range game.Player(2) {
						a, b := eval(s, p), eval(r, 1-p)
						if math.Abs(a-b) > 1e-12 {
							t.Fatalf("%s: %s\nvalue %v for %v, but the rotated position\n%s\nis worth %v for %v", name, s.Position(), a, p, r.Position(), b, 1-p)
						}
					}
				}
				for name, eval := range map[string]ai.Eval{"EvalV1": aiintercept.EvalV1, "EvalV4": aiintercept.EvalV4} {
					if a, b := eval(s, 0), eval(s, 1); math.Abs(a+b-1) > 1e-12 {
						t.Fatalf("%s: %s: values %v and %v do not add up to 1", name, s.Position(), a, b)
					}
				}
				// Eval is EvalV4 with a bias toward one's own chain that
				// is never negative: each side values the position at
				// least as EvalV4 does, and more while its chain is short.
				above := false
				for p := range game.Player(2) {
					a, b := aiintercept.Eval(s, p), aiintercept.EvalV4(s, p)
					if a < b {
						t.Fatalf("%s: Eval %v for %v, below EvalV4's %v", s.Position(), a, p, b)
					}
					above = above || a > b
				}
				if !above {
					t.Errorf("%s: Eval equals EvalV4 for both sides, want one side's above", s.Position())
				}
				checked++
			}
			ms := s.Moves(nil)
			if err := s.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d positions checked", checked)
	}
}

// TestFourPlayers checks that every level plays a legal move with four
// players (alpha-beta with partners as allies).
func TestFourPlayers(t *testing.T) {
	g := ic.Game{}
	for _, mode := range []string{"teams", "solo"} {
		cfg, err := game.NewConfig(g, map[string]string{"players": "4", "mode": mode})
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"easy", "medium", "hard", "hard-v4"} {
			if testing.Short() && strings.HasPrefix(name, "hard") {
				continue
			}
			p, err := level.New("intercept", name, 1, level.Options{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := p.Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Clone().Play(d.Move); err != nil {
				t.Errorf("%s %s plays an illegal move: %v", mode, name, err)
			}
		}
		// With 4 players Eval weighs each side's own chain more
		// (aggression): only EvalV1's values add up to 1.
		if mode == "teams" {
			if a, b := aiintercept.Eval(s, 0), aiintercept.Eval(s, 2); a != b {
				t.Errorf("teams: the start is worth %v to S and %v to its partner N", a, b)
			}
		}
		if v := aiintercept.EvalV1(s, 0) + aiintercept.EvalV1(s, 1); math.Abs(v-1) > 1e-12 {
			t.Errorf("%s: the start is worth %v to S and W together, want 1 (they are opponents)", mode, v)
		}
	}
}

// without returns pieces less the squares named.
func without(pieces map[string]string, squares ...string) map[string]string {
	c := map[string]string{}
	for k, v := range pieces {
		c[k] = v
	}
	for _, sq := range squares {
		delete(c, sq)
	}
	return c
}

func TestEvalNearGoal(t *testing.T) {
	tests := []struct {
		name      string
		near, far map[string]string
	}{
		{"one pass from the goal vs a passage piece missing", threat, without(threat, "g12")},
		{"one piece missing vs two", without(threat, "g12"), without(threat, "g12", "g10")},
		{"one piece missing near the goal vs far from the ball", without(threat, "g12"), without(threat, "g12", "g11", "g10")},
	}
	for _, tc := range tests {
		for _, toMove := range []string{"S", "N"} {
			near := aiintercept.Eval(parse(t, position(tc.near, toMove, "g9")), 0)
			far := aiintercept.Eval(parse(t, position(tc.far, toMove, "g9")), 0)
			if near <= far {
				t.Errorf("%s, %s to move: near %.4f <= far %.4f", tc.name, toMove, near, far)
			}
		}
	}
}

// TestEvalThreat checks that a side one pass from the goal is ahead even
// when the opponent is to move.
func TestEvalThreat(t *testing.T) {
	s := parse(t, position(threat, "N", "g9"))
	if v := aiintercept.Eval(s, 0); v <= 0.5 {
		t.Errorf("S one pass from the goal, N to move: worth %.4f to S, want more than 0.5", v)
	}
}
