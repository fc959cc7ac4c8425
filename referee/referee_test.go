package referee

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"plateau/ai"
	"plateau/ai/arena"
	"plateau/game"
	"plateau/games/dames"
)

// TestOpenings: every opening is two legal plies after which White has no
// capture, and no two are alike.
func TestOpenings(t *testing.T) {
	seen := map[Opening]bool{}
	for _, op := range Openings {
		if seen[op] {
			t.Errorf("%s twice", op)
		}
		seen[op] = true
		s, err := opening(op)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range s.Moves(nil) {
			if len(s.DescribeMove(m).(dames.MoveInfo).Captured) > 0 {
				t.Errorf("%s forces a capture on the third ply (%s)", op, s.FormatMove(m))
			}
		}
	}
	if _, err := opening(Opening{"32-28", "32-28"}); err == nil {
		t.Error("an illegal opening plays")
	}
}

// fake is a player whose every move is made by f.
type fake func(ctx context.Context, s *dames.State) (ai.Decision, error)

func (f fake) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	return f(ctx, s.(*dames.State))
}
func (fake) Close() {}

func entrant(name string, p ai.Player) arena.Entrant {
	return arena.Entrant{Name: name, New: func(uint64) (ai.Player, error) { return p, nil }}
}

// first plays the first legal move.
var first = fake(func(_ context.Context, s *dames.State) (ai.Decision, error) {
	return ai.Decision{Move: s.Moves(nil)[0]}, nil
})

// TestMatchLevels plays two levels: every game starts with its pair's
// opening, replays legally to its recorded end, and the counts add up.
func TestMatchLevels(t *testing.T) {
	a, err := Entrant("greedy", 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	var ended []Game
	m := Match{A: a, B: entrant("first", first), Games: 4, Time: 10 * time.Millisecond, Seed: 3, Finished: func(g Game) { ended = append(ended, g) }}
	r, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(ended) != 4 || r.Wins+r.Draws+r.Losses != 4 || len(r.Games) != 4 || r.Games[0].Opening != Openings[3] || r.Games[2].Opening != Openings[4] {
		t.Fatalf("result %+v", r)
	}
	for _, g := range r.Games {
		if g.Opening != r.Games[g.Index/2*2].Opening || g.Fault != "" {
			t.Errorf("game %d: %+v", g.Index, g)
		}
		white := map[bool]string{true: "greedy", false: "first"}[g.Index%2 == 0]
		if g.White != white {
			t.Errorf("game %d: White %q, want %q", g.Index, g.White, white)
		}
		s, _ := dames.Game{}.New(config())
		for _, text := range g.Moves {
			mv, err := s.ParseMove(text)
			if err == nil {
				err = s.Play(mv)
			}
			if err != nil {
				t.Fatalf("game %d: %q: %v", g.Index, text, err)
			}
		}
		o := s.Outcome()
		if !o.Over || o.Reason != g.Reason || dames.PDNResult(o) != g.Result {
			t.Errorf("game %d: recorded %s (%s), replayed %+v", g.Index, g.Result, g.Reason, o)
		}
	}
	if r.EloLo > r.Elo || r.Elo > r.EloHi || r.A != "greedy" {
		t.Errorf("Elo %v [%v, %v], A %q", r.Elo, r.EloLo, r.EloHi, r.A)
	}
}

// TestFaults: an illegal move, an error and a late move lose the game.
func TestFaults(t *testing.T) {
	tests := []struct {
		name, reason string
		p            fake
	}{
		{"illegal", "illegal move", func(_ context.Context, s *dames.State) (ai.Decision, error) {
			return ai.Decision{Move: ^game.Move(0)}, nil
		}},
		{"error", "no move", func(context.Context, *dames.State) (ai.Decision, error) {
			return ai.Decision{}, errors.New("engine crashed")
		}},
		{"late", "late move", func(_ context.Context, s *dames.State) (ai.Decision, error) {
			time.Sleep(60 * time.Millisecond) // ignores its context
			return ai.Decision{Move: s.Moves(nil)[0]}, nil
		}},
	}
	for _, tt := range tests {
		m := Match{A: entrant("first", first), B: entrant(tt.name, tt.p), Games: 2, Time: 10 * time.Millisecond, Grace: 20 * time.Millisecond}
		r, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r.Wins != 2 || r.Games[0].Reason != tt.reason || r.Games[1].Reason != tt.reason || r.Games[0].Fault == "" {
			t.Errorf("%s: %d-%d-%d, games %+v", tt.name, r.Wins, r.Draws, r.Losses, r.Games)
		}
		if g := r.Games[0]; g.Result != "2-0" || r.Games[1].Result != "0-2" {
			t.Errorf("%s: results %s, %s", tt.name, g.Result, r.Games[1].Result)
		}
	}
	for _, spec := range []string{"hub:", "hub1:", "hub1:,hub", "best"} {
		if _, err := Entrant(spec, time.Second); err == nil || !strings.Contains(err.Error(), spec) {
			t.Errorf("Entrant(%q) = %v", spec, err)
		}
	}
	if _, err := (Match{A: entrant("a", first), B: entrant("b", first)}).Run(context.Background()); err == nil {
		t.Error("a match of 0 games runs")
	}
}

// TestMatchStops: a context cancelled after the second game stops the
// match in the third; the result is that of the two games played, with an
// error wrapping context.Canceled, and the players are closed.
func TestMatchStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	closed := 0
	p := &closing{Player: first, closed: &closed}
	m := Match{A: entrant("a", p), B: entrant("b", p), Games: 6, Time: time.Second,
		Finished: func(g Game) {
			if g.Index == 1 {
				cancel()
			}
		}}
	r, err := m.Run(ctx)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped after 2 of 6 games") {
		t.Errorf("Run = %v, want a stop after 2 of 6 games wrapping context.Canceled", err)
	}
	if len(r.Games) != 2 || r.Result.Games != 2 || r.Wins+r.Draws+r.Losses != 2 || closed != 2 {
		t.Errorf("%d games, result of %d (%d/%d/%d), %d players closed; want 2 games and both players closed",
			len(r.Games), r.Result.Games, r.Wins, r.Draws, r.Losses, closed)
	}
	// Stopped before the first game ends: no result, the error alone.
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if r, err := (Match{A: entrant("a", first), B: entrant("b", first), Games: 2}).Run(ctx2); !errors.Is(err, context.Canceled) || len(r.Games) != 0 {
		t.Errorf("cancelled at once: %d games, %v", len(r.Games), err)
	}
}

// closing counts its Close calls.
type closing struct {
	ai.Player
	closed *int
}

func (c *closing) Close() { *c.closed++ }
