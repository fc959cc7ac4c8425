package level

import (
	"context"
	"strings"
	"testing"
	"time"

	"plateau/ai"
	aidames "plateau/ai/dames"
	aiintercept "plateau/ai/intercept"
	aimahbousse "plateau/ai/mahbousse"
	"plateau/game"
	"plateau/games"
	ic "plateau/games/intercept"
)

func TestEveryLevelPlays(t *testing.T) {
	reg := games.Registry()
	for _, g := range reg.Games() {
		for _, name := range Names {
			if name == "max" || (testing.Short() && name != "random") {
				continue
			}
			s, err := g.New(game.DefaultConfig(g))
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; s.ToMove() == game.Chance; k++ {
				ms := s.Moves(nil)
				s.Play(ms[(7*k+1)%len(ms)]) // not the first: a tied opening roll is rolled again
			}
			p, err := New(g.ID(), name, 1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			d, err := p.Choose(ctx, s)
			cancel()
			if err != nil {
				t.Fatalf("%s %s: %v", g.ID(), name, err)
			}
			if err := s.Clone().Play(d.Move); err != nil {
				t.Errorf("%s %s plays an illegal move: %v", g.ID(), name, err)
			}
			if Describe(g.ID(), name) == "" {
				t.Errorf("%s %s has no description", g.ID(), name)
			}
		}
	}
	if _, err := New("dames", "grandmaster", 1, Options{}); err == nil {
		t.Error("an unknown level is accepted")
	}
}

// TestDamesMax: the level max of dames is the engine of ai/dames, which
// hands huffing=on games to the former max's search; max and max-v3 play
// legal moves.
func TestDamesMax(t *testing.T) {
	g, err := games.Registry().Lookup("dames")
	if err != nil {
		t.Fatal(err)
	}
	for _, huffing := range []string{"off", "on"} {
		cfg, err := game.NewConfig(g, map[string]string{"huffing": huffing})
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"max", "max-v3"} {
			p, err := New("dames", name, 1, Options{Time: 100 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			d, err := p.Choose(context.Background(), s)
			p.Close()
			if err != nil {
				t.Fatalf("%s huffing=%s: %v", name, huffing, err)
			}
			if err := s.Clone().Play(d.Move); err != nil || d.Depth < 1 {
				t.Errorf("%s huffing=%s: %s at depth %d: %v", name, huffing, s.FormatMove(d.Move), d.Depth, err)
			}
			if Describe("dames", name) == "" {
				t.Errorf("dames %s has no description", name)
			}
		}
	}
}

// TestMahbousseV1: Mahboussé's hard and max use the neural evaluation, and
// max-v1 keeps the linear one; all play legal moves.
func TestMahbousseV1(t *testing.T) {
	g, err := games.Registry().Lookup("mahbousse")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition(game.DefaultConfig(g), "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"hard", "max", "max-v1"} {
		p, err := New("mahbousse", name, 1, Options{Time: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		d, err := p.Choose(context.Background(), s)
		p.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := s.Clone().Play(d.Move); err != nil || d.Depth < 1 {
			t.Errorf("%s: %s at depth %d: %v", name, s.FormatMove(d.Move), d.Depth, err)
		}
		if Describe("mahbousse", name) == "" {
			t.Errorf("mahbousse %s has no description", name)
		}
	}
}

// limitsOf returns the limits of a player New built, looking through the
// switch by player count (two players) and the mixes.
func limitsOf(t *testing.T, p ai.Player) ai.Limits {
	t.Helper()
	switch p := p.(type) {
	case *switcher:
		return limitsOf(t, p.two(p.seed, p.o))
	case *ai.Search:
		return p.Limits
	case *ai.MCTS:
		return p.Limits
	case *aidames.Engine:
		return p.Limits
	case *ai.Mix, *ai.Greedy:
		return ai.Limits{} // one ply: nothing to bound
	}
	t.Fatalf("player %T: no limits known", p)
	return ai.Limits{}
}

// With Options.Nodes, hard keeps its node budget without its clock, and max
// searches that many nodes: no clock bounds a level of any game. Without
// it, hard has its cap and max its time.
func TestOptionsNodes(t *testing.T) {
	for _, id := range []string{"dames", "mahbousse", "benedictine", "intercept"} {
		for _, name := range []string{"easy", "medium", "hard", "max", "max-v1", "max-v3", "hard-v4"} {
			if _, ok := table(id)[name]; !ok {
				continue
			}
			free, err := New(id, name, 1, Options{Time: 3 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			bound, err := New(id, name, 1, Options{Time: 3 * time.Second, Nodes: 12345})
			if err != nil {
				t.Fatal(err)
			}
			lf, lb := limitsOf(t, free), limitsOf(t, bound)
			if lb.Time != 0 {
				t.Errorf("%s %s with Options.Nodes: limits %+v, want no time", id, name, lb)
			}
			switch {
			case strings.HasPrefix(name, "max"):
				if lf.Time != 3*time.Second || lb.Nodes != 12345 {
					t.Errorf("%s %s: limits %+v and, with Nodes, %+v: want 3s, then 12345 nodes", id, name, lf, lb)
				}
			case strings.HasPrefix(name, "hard"):
				if lf.Time != HardTime || lb.Nodes != lf.Nodes || lb.Nodes == 0 {
					t.Errorf("%s %s: limits %+v and, with Nodes, %+v: want the cap, then the same node budget alone", id, name, lf, lb)
				}
			default:
				if lf != lb {
					t.Errorf("%s %s: limits %+v changed to %+v by Options.Nodes", id, name, lf, lb)
				}
			}
		}
	}
}

// Intercept's 4-player levels search with the budgets of docs/ai/notebook.md: in
// teams, easy 2 plies, medium 5k nodes and hard 25k for at most HardTime;
// solo, easy mixes 2 plies with greedy, medium 2 plies, hard 10k nodes and
// max 80k for at most SoloMaxTime; with 2 players medium 5k and hard 100k.
func TestInterceptFourPlayerBudgets(t *testing.T) {
	g := ic.Game{}
	cfg, err := game.NewConfig(g, map[string]string{"players": "4", "mode": "solo"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range 12 { // away from the start, where the evaluations may agree
		if err := st.Play(st.Moves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	two := ai.Limits{Depth: 2}
	tests := []struct {
		name             string
		teams, solo, two ai.Limits
	}{
		{"easy", two, two, two},
		{"medium", ai.Limits{Depth: 3, Nodes: 5_000}, two, ai.Limits{Depth: 3, Nodes: 5_000}},
		{"hard", ai.Limits{Nodes: 25_000, Time: HardTime}, ai.Limits{Depth: 3, Nodes: 10_000}, ai.Limits{Nodes: 100_000, Time: HardTime}},
		{"max", ai.Limits{Time: 5 * time.Second}, ai.Limits{Nodes: 80_000, Time: SoloMaxTime}, ai.Limits{Time: 5 * time.Second}},
	}
	for _, tt := range tests {
		p, err := New("intercept", tt.name, 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w := p.(*switcher)
		m, ok := w.many(w.seed, w.o).(*modeSwitch)
		if !ok {
			t.Fatalf("%s with 4 players: %T, want a switch between teams and solo", tt.name, w.many(w.seed, w.o))
		}
		if got := m.teams.(*ai.Search).Limits; got != tt.teams {
			t.Errorf("%s in teams: limits %+v, want %+v", tt.name, got, tt.teams)
		}
		solo := m.solo
		if tt.name == "easy" {
			mix, ok := solo.(*ai.Mix)
			if !ok || mix.P != SoloEasyMix {
				t.Fatalf("easy solo: %T %+v, want a Mix playing the search's move with probability %v", solo, solo, SoloEasyMix)
			}
			if _, ok := mix.Second.(*ai.Greedy); !ok {
				t.Errorf("easy solo mixes the search with %T, want greedy", mix.Second)
			}
			solo = mix.First
		}
		if got := solo.(*ai.Search).Limits; got != tt.solo {
			t.Errorf("%s solo: limits %+v, want %+v", tt.name, got, tt.solo)
		}
		if !solo.(*ai.Search).BestReply {
			t.Errorf("%s solo: not Best-Reply Search", tt.name)
		}
		if got, w := solo.(*ai.Search).Eval(st, 0), aiintercept.Eval(st, 0); got != w {
			t.Errorf("%s solo: values a solo position %v, want %v", tt.name, got, w)
		}
		if got := limitsOf(t, p); got != tt.two {
			t.Errorf("%s with 2 players: limits %+v, want %+v", tt.name, got, tt.two)
		}
	}
}

// Evaluation gives the evaluation of ai/<game> a level searches with, and
// none for levels without one of their own.
func TestEvaluation(t *testing.T) {
	g := ic.Game{}
	s, err := g.New(game.DefaultConfig(g))
	if err != nil {
		t.Fatal(err)
	}
	for range 7 { // away from the start, where the evaluations may agree
		if err := s.Play(s.Moves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if aiintercept.Eval(s, 0) == aiintercept.EvalV1(s, 0) {
		t.Fatalf("%s: Eval and EvalV1 agree, choose another position", s.Position())
	}
	tests := []struct {
		game, level string
		want        ai.Eval // nil: none
	}{
		{"dames", "hard", nil},
		{"benedictine", "max", nil},
		{"intercept", "random", nil},
		{"intercept", "greedy", aiintercept.Eval},
		{"intercept", "hard", aiintercept.Eval},
		{"intercept", "max", aiintercept.Eval},
		{"intercept", "no-such-level", nil},
		{"mahbousse", "medium", aimahbousse.Eval},
	}
	for _, tt := range tests {
		got := Evaluation(tt.game, tt.level)
		if (got == nil) != (tt.want == nil) {
			t.Errorf("Evaluation(%s, %s): nil %v, want nil %v", tt.game, tt.level, got == nil, tt.want == nil)
			continue
		}
		if tt.game == "intercept" && got != nil && got(s, 0) != tt.want(s, 0) {
			t.Errorf("Evaluation(%s, %s) values the start %v, want %v", tt.game, tt.level, got(s, 0), tt.want(s, 0))
		}
	}
	if Evaluation("mahbousse", "hard") == nil || Evaluation("mahbousse", "max") == nil {
		t.Error("Mahboussé's hard and max have no evaluation")
	}
}
