package intercept_test

import (
	"context"
	"testing"

	"plateau/ai"
	aiintercept "plateau/ai/intercept"
	"plateau/ai/level"
	"plateau/game"
	ic "plateau/games/intercept"
)

func parseVariant(t testing.TB, settings map[string]string, text string) *ic.State {
	t.Helper()
	g := ic.Game{}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition(cfg, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return s.(*ic.State)
}

// partnerGoal is a 4-player team position, S to move (turn order S, W,
// N, E): the ball rests on N's repos on k7; N, S's partner, scores on E's
// empty Arrivée m7 by sliding its passage piece k8-l7 and hopping the ball
// k7-m7 over it. S cannot reach l7 and W cannot stop it, so every move of
// S wins if S counts on its partner, and none does if N is an opponent.
var partnerGoal = map[string]string{
	"k7": "Nr", "k8": "Np", "b2": "Sp", "a12": "Wp", "f13": "Ep",
}

func TestTeamSearchCountsOnPartner(t *testing.T) {
	s := parseVariant(t, map[string]string{"players": "4", "mode": "teams"}, position(partnerGoal, "S", "k7"))
	// Check the position: after any S move and any W move, N scores.
	for _, m := range s.Moves(nil) {
		c := s.Clone()
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.Moves(nil) {
			d := c.Clone()
			if err := d.Play(w); err != nil {
				t.Fatal(err)
			}
			if d.ToMove() != 2 || !scoresInOne(d) {
				t.Fatalf("after %s %s, N (to move %d) cannot score", s.FormatMove(m), c.FormatMove(w), d.ToMove())
			}
		}
	}
	tests := []struct {
		name   string
		allies func(game.State, game.Player, game.Player) bool
		win    bool
	}{
		{"team", aiintercept.Allies, true},
		{"paranoid", nil, false},
	}
	for _, tc := range tests {
		sr := ai.NewSearch(ai.Limits{Depth: 3}, aiintercept.Eval)
		sr.Order, sr.Allies = aiintercept.Order, tc.allies
		d, err := sr.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if win := d.Proven && d.Score > 0.99; win != tc.win {
			t.Errorf("%s search: score %.4f proven %v, want a proven win %v", tc.name, d.Score, d.Proven, tc.win)
		}
	}
}

func TestAllies(t *testing.T) {
	teams := parseVariant(t, map[string]string{"players": "4", "mode": "teams"}, position(partnerGoal, "S", "k7"))
	solo := parseVariant(t, map[string]string{"players": "4", "mode": "solo"}, position(partnerGoal, "S", "k7"))
	two := parse(t, position(threat, "S", "g9"))
	tests := []struct {
		name    string
		s       game.State
		root, p game.Player
		want    bool
	}{
		{"teams self", teams, 0, 0, true},
		{"teams partner", teams, 0, 2, true},
		{"teams partner of W", teams, 3, 1, true},
		{"teams opponent", teams, 0, 1, false},
		{"teams opponent E", teams, 2, 3, false},
		{"solo other", solo, 0, 2, false},
		{"solo self", solo, 1, 1, true},
		{"two players", two, 0, 1, false},
	}
	for _, tc := range tests {
		if got := aiintercept.Allies(tc.s, tc.root, tc.p); got != tc.want {
			t.Errorf("%s: Allies(%d, %d) = %v, want %v", tc.name, tc.root, tc.p, got, tc.want)
		}
	}
}

// TestFourPlayerGoalInOne checks that every level scores when it can with
// 4 players, in teams through the partner's pieces.
func TestFourPlayerGoalInOne(t *testing.T) {
	// N to move, after S and W: the same goal as partnerGoal.
	s := parseVariant(t, map[string]string{"players": "4", "mode": "teams"}, position(partnerGoal, "N", "k7"))
	ps := map[string]ai.Player{}
	for _, name := range []string{"easy", "medium", "hard", "hard-v4"} {
		p, err := level.New("intercept", name, 1, level.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ps[name] = p
	}
	checkScores(t, s, ps)
}
