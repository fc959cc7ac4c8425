package puzzle_test

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/puzzle"
	"plateau/rating"
)

// MinSeed is the least number of seed puzzles shipped for a game.
const MinSeed = 200

// TestSeedVerified re-verifies every shipped puzzle with its game's
// verifier (the deeper search, or Shut the Box's exact solver): each move
// of each solution must be better than every other by the game's margin.
// Under the race detector, and with -short, every tenth puzzle is
// verified (Mahboussé's 2-ply searches take about a minute of CPU for its
// whole set).
func TestSeedVerified(t *testing.T) {
	reg := games.Registry()
	ids := puzzle.SeedGames()
	if got := strings.Join(ids, " "); got != "benedictine dames intercept mahbousse shutbox" {
		t.Errorf("seed sets shipped for %q, want the five games", got)
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			g, err := reg.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			c, err := puzzle.CriteriaOf(id)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := puzzle.Seed(id)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) < MinSeed {
				t.Errorf("%d seed puzzles of %s, want at least %d (issue 72)", len(ps), id, MinSeed)
			}
			start := time.Now()
			seen := map[string]bool{}
			var todo []puzzle.Puzzle
			for i, p := range ps {
				if seen[p.ID] {
					t.Errorf("puzzle %s twice", p.ID)
				}
				seen[p.ID] = true
				if p.Game != id || p.ID != puzzle.MakeID(id, p.Config, p.Position) {
					t.Errorf("puzzle %s: game %q, want %q, and the id of its position", p.ID, p.Game, id)
				}
				if (raceEnabled || testing.Short()) && i%10 != 0 {
					continue
				}
				todo = append(todo, p)
			}
			// One verifier a core: each search is its own (no shared
			// table), and the set is minutes of CPU.
			errs := make([]error, len(todo))
			next := make(chan int)
			var wg sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for i := range next {
						errs[i] = c.Verify(context.Background(), g, todo[i])
					}
				})
			}
			for i := range todo {
				next <- i
			}
			close(next)
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Error(err)
				}
			}
			t.Logf("%d puzzles of %s verified in %v", len(ps), id, time.Since(start))
		})
	}
}

// TestVerifyRejects checks that Verify fails a second-best move, a move
// that does not play, and a solution given to the wrong side.
func TestVerifyRejects(t *testing.T) {
	reg := games.Registry()
	g, _ := reg.Lookup("shutbox")
	c, _ := puzzle.CriteriaOf("shutbox")
	ps, err := puzzle.Seed("shutbox")
	if err != nil || len(ps) == 0 {
		t.Fatalf("seed: %v, %d puzzles", err, len(ps))
	}
	p := ps[0]
	s, err := p.State(g)
	if err != nil {
		t.Fatal(err)
	}
	var other string
	for _, m := range s.Moves(nil) {
		if text := s.FormatMove(m); text != p.Solution[0] {
			other = text
			break
		}
	}
	tests := []struct {
		name string
		edit func(p *puzzle.Puzzle)
		want string
	}{
		{"second best", func(p *puzzle.Puzzle) { p.Solution = []string{other} }, "not unique"},
		{"illegal", func(p *puzzle.Puzzle) { p.Solution = []string{"1+2+3+4+5+6"} }, "solution move 1"},
		{"wrong side", func(p *puzzle.Puzzle) { p.Side = 1 - p.Side }, "is to move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := p
			q.Solution = append([]string(nil), p.Solution...)
			tt.edit(&q)
			err := c.Verify(context.Background(), g, q)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Verify = %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// TestFindShutbox mines five self-play games of Shut the Box and checks that
// what it finds verifies.
func TestFindShutbox(t *testing.T) {
	reg := games.Registry()
	g, _ := reg.Lookup("shutbox")
	c, _ := puzzle.CriteriaOf("shutbox")
	cfg := game.DefaultConfig(g)
	ps, st, err := c.MineSelfPlay(context.Background(), g, cfg, puzzle.MineOptions{Seed: 1, Games: 5})
	if err != nil {
		t.Fatal(err)
	}
	if st.Positions == 0 || st.Puzzles != len(ps) || len(ps) == 0 || st.Candidates < st.Puzzles {
		t.Fatalf("stats %+v with %d puzzles", st, len(ps))
	}
	for _, p := range ps {
		if err := c.Verify(context.Background(), g, p); err != nil {
			t.Error(err)
		}
		if !strings.HasPrefix(p.Source, "selfplay:shutbox:") || p.Roll == "" || len(p.Themes) == 0 {
			t.Errorf("puzzle %+v: want a self-play source, a roll and a theme", p)
		}
	}
}

func TestReadWrite(t *testing.T) {
	ps, err := puzzle.Seed("shutbox")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := puzzle.Write(&b, ps); err != nil {
		t.Fatal(err)
	}
	back, err := puzzle.Read(&b)
	if err != nil || len(back) != len(ps) {
		t.Fatalf("read back %d puzzles, %v; want %d", len(back), err, len(ps))
	}
	for _, bad := range []string{"{", `{"id":"x"}`, `{"id":"x","game":"g","position":"p","solution":["a","b"]}`} {
		if _, err := puzzle.Read(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("Read(%q) = %v, want an error naming line 1", bad, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`{"id":"x","game":"g","position":"p","solution":["a"]}`)
	f.Add("\n\n{")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := puzzle.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := puzzle.Write(&b, ps); err != nil {
			t.Fatal(err)
		}
		if back, err := puzzle.Read(&b); err != nil || len(back) != len(ps) {
			t.Fatalf("round trip: %d puzzles, %v; want %d", len(back), err, len(ps))
		}
	})
}

// TestAttempt checks that a solved attempt raises the player and lowers
// the puzzle, and a failed one the reverse.
func TestAttempt(t *testing.T) {
	for _, solved := range []bool{true, false} {
		p, z, err := puzzle.Attempt(rating.New(), puzzle.InitialRating(1), solved)
		if err != nil {
			t.Fatal(err)
		}
		up := p.Rating > rating.InitialRating
		if up != solved || (z.Rating < rating.InitialRating) != solved {
			t.Errorf("solved %v: player %.0f, puzzle %.0f", solved, p.Rating, z.Rating)
		}
	}
}

func TestCheck(t *testing.T) {
	ps, err := puzzle.Seed("dames")
	if err != nil {
		t.Fatal(err)
	}
	var p puzzle.Puzzle
	for _, q := range ps {
		if q.SolverMoves() == 3 {
			p = q
			break
		}
	}
	g, err := games.Registry().Lookup("dames")
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.State(g)
	if err != nil {
		t.Fatal(err)
	}
	var other string
	for _, m := range s.Moves(nil) {
		if n := s.FormatMove(m); n != p.Solution[0] {
			other = n
			break
		}
	}
	tests := []struct {
		name    string
		moves   []string
		want    puzzle.Step
		wantErr bool
	}{
		{"none", nil, puzzle.Step{Correct: true, Wrong: -1}, false},
		{"first", p.Solution[:1], puzzle.Step{Correct: true, Reply: p.Solution[1], Wrong: -1}, false},
		{"two", []string{p.Solution[0], p.Solution[2]}, puzzle.Step{Correct: true, Reply: p.Solution[3], Wrong: -1}, false},
		{"all", []string{p.Solution[0], p.Solution[2], p.Solution[4]}, puzzle.Step{Correct: true, Done: true, Wrong: -1}, false},
		{"wrong first", []string{other}, puzzle.Step{Wrong: 0}, false},
		{"illegal", []string{"1-50"}, puzzle.Step{}, true},
		{"too many", []string{p.Solution[0], p.Solution[2], p.Solution[4], "1-2"}, puzzle.Step{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := p.Check(g, tt.moves)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Check(%v) error = %v, want error %v", tt.moves, err, tt.wantErr)
			}
			if (got.State != nil) != got.Correct {
				t.Errorf("Check(%v): state %v with correct %v", tt.moves, got.State, got.Correct)
			}
			if (got.Moved != nil) != (got.Reply != "") {
				t.Errorf("Check(%v): moved %v with reply %q", tt.moves, got.Moved, got.Reply)
			}
			got.State, got.Moved = nil, nil
			if got != tt.want {
				t.Errorf("Check(%v) = %+v, want %+v", tt.moves, got, tt.want)
			}
		})
	}
}
