package review

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games"
)

// record plays a game with greedy players (seeded; random moves with
// probability noise) and returns its notated moves, rolls included, capped
// at maxMoves decisions.
func record(t *testing.T, g game.Game, cfg game.Config, seed uint64, noise float64, maxMoves int) []string {
	t.Helper()
	s, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	greedy := ai.NewGreedy(nil, seed)
	var out []string
	for decisions := 0; s.ToMove() != game.Nobody && decisions < maxMoves; {
		var m game.Move
		ms := s.Moves(nil)
		switch {
		case s.ToMove() == game.Chance:
			cms := s.ChanceMoves(nil)
			total := 0
			for _, c := range cms {
				total += c.Weight
			}
			k := rng.IntN(total)
			for _, c := range cms {
				if k -= c.Weight; k < 0 {
					m = c.Move
					break
				}
			}
		case rng.Float64() < noise:
			m = ms[rng.IntN(len(ms))]
			decisions++
		default:
			d, err := greedy.Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			m = d.Move
			decisions++
		}
		out = append(out, s.FormatMove(m))
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func config(t *testing.T, id string, settings map[string]string) (game.Game, game.Config) {
	t.Helper()
	g, err := games.Registry().Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		t.Fatal(err)
	}
	return g, cfg
}

// TestRecordedGames reviews a recorded game of each game and checks the
// report against the move list and the verdict rules.
func TestRecordedGames(t *testing.T) {
	tests := []struct {
		id       string
		settings map[string]string
		level    string
		moves    int
	}{
		{"dames", nil, "hard", 16},
		{"mahbousse", nil, "medium", 12}, // greedy on the trained evaluation: hard's 2 plies over every roll take seconds a move
		{"shutbox", map[string]string{"players": "2"}, "", 40},
		{"shutbox", map[string]string{"players": "1"}, "", 40},
		{"benedictine", nil, "medium", 8},
		{"intercept", nil, "medium", 10},
		{"intercept", map[string]string{"players": "4"}, "medium", 8},
	}
	for _, tt := range tests {
		t.Run(tt.id+"/players="+tt.settings["players"], func(t *testing.T) {
			g, cfg := config(t, tt.id, tt.settings)
			moves := record(t, g, cfg, 3, 0.3, tt.moves)
			r, err := Review(context.Background(), g, cfg, moves, Options{Level: tt.level})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := g.New(cfg)
			if r.Game != tt.id || r.Players != s.Players() || len(r.Summaries) != s.Players() {
				t.Fatalf("report of %s: game %q, %d players, %d summaries", tt.id, r.Game, r.Players, len(r.Summaries))
			}
			k := 0
			counts := make([][4]int, s.Players())
			for i, text := range moves {
				m, err := s.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				if s.ToMove() != game.Chance {
					if k >= len(r.Moves) {
						t.Fatalf("move %d %q is not in the report", i+1, text)
					}
					rm := r.Moves[k]
					k++
					if rm.Ply != i+1 || rm.Move != s.FormatMove(m) || rm.Player != int(s.ToMove()) {
						t.Errorf("report move %d: ply %d %q player %d, want ply %d %q player %d", k, rm.Ply, rm.Move, rm.Player, i+1, text, s.ToMove())
					}
					checkMove(t, rm, len(s.Moves(nil)))
					counts[rm.Player][0]++
					switch rm.Verdict {
					case Inaccuracy:
						counts[rm.Player][1]++
					case Mistake:
						counts[rm.Player][2]++
					case Blunder:
						counts[rm.Player][3]++
					}
				}
				if err := s.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if k != len(r.Moves) {
				t.Errorf("the report has %d moves, the game %d decisions", len(r.Moves), k)
			}
			for p, sm := range r.Summaries {
				got := [4]int{sm.Moves, sm.Inaccuracies, sm.Mistakes, sm.Blunders}
				if sm.Player != p || got != counts[p] {
					t.Errorf("summary %d: %+v, want moves/inaccuracies/mistakes/blunders %v", p, sm, counts[p])
				}
			}
		})
	}
}

// checkMove checks one reviewed move's values and verdict.
func checkMove(t *testing.T, rm Move, legal int) {
	t.Helper()
	for _, v := range []float64{rm.Before, rm.After, rm.Loss} {
		if v < 0 || v > 1 || v != v {
			t.Errorf("%d %q: value %v out of [0, 1]: %+v", rm.Ply, rm.Move, v, rm)
		}
	}
	if want := max(rm.Before-rm.After, 0); rm.Loss != want {
		t.Errorf("%d %q: loss %v, want %v", rm.Ply, rm.Move, rm.Loss, want)
	}
	if rm.Forced != (legal == 1) {
		t.Errorf("%d %q: forced %v with %d legal moves", rm.Ply, rm.Move, rm.Forced, legal)
	}
	want := VerdictOf(rm.Loss)
	if rm.Forced || rm.Move == rm.Best {
		want = ""
	}
	if rm.Verdict != want {
		t.Errorf("%d %q (best %q, loss %.3f, forced %v): verdict %q, want %q", rm.Ply, rm.Move, rm.Best, rm.Loss, rm.Forced, rm.Verdict, want)
	}
	if rm.Best == "" || len(rm.Line) == 0 || rm.Line[0] != rm.Best {
		t.Errorf("%d %q: best %q, line %q", rm.Ply, rm.Move, rm.Best, rm.Line)
	}
}

func TestVerdictOf(t *testing.T) {
	for _, tt := range []struct {
		loss float64
		want Verdict
	}{{0, ""}, {0.049, ""}, {0.05, Inaccuracy}, {0.099, Inaccuracy}, {0.1, Mistake}, {0.199, Mistake}, {0.2, Blunder}, {1, Blunder}} {
		if got := VerdictOf(tt.loss); got != tt.want {
			t.Errorf("VerdictOf(%v) = %q, want %q", tt.loss, got, tt.want)
		}
	}
}

// TestDamesBlunder: in W:W33,38:B22 White wins by 38-32 (both replies of
// the black man are taken) and loses by 33-28 (22x33x43 takes both white
// men), as a search that reaches the end of the game proves.
func TestDamesBlunder(t *testing.T) {
	g, cfg := config(t, "dames", nil)
	const pos = "W:W33,38:B22"
	start, err := g.ParsePosition(cfg, pos)
	if err != nil {
		t.Fatal(err)
	}
	// The proof: the side to move after each move, searched to the end.
	for _, c := range []struct {
		move string
		opp  float64 // the proven value for Black after the move
	}{{"38-32", 0}, {"33-28", 1}} {
		s := start.Clone()
		if err := game.Replay(s, []string{c.move}); err != nil {
			t.Fatal(err)
		}
		v := s.Outcome().Value(1)
		if !s.Outcome().Over {
			d, err := ai.NewSearch(ai.Limits{Depth: 8}, nil).Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if !d.Proven {
				t.Fatalf("%s %s: the search proves nothing: %+v", pos, c.move, d)
			}
			v = d.Score
		}
		if math.Abs(v-c.opp) > 1e-3 { // a proven win is worth 1 less 1e-6 a ply

			t.Fatalf("%s %s: Black's proven value %v, want %v", pos, c.move, v, c.opp)
		}
	}
	for _, tt := range []struct {
		move    string
		verdict Verdict
		after   float64
	}{{"33-28", Blunder, 0}, {"38-32", "", 1}} {
		r, err := ReviewFrom(context.Background(), g, start.Clone(), []string{tt.move}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rm := r.Moves[0]
		if rm.Verdict != tt.verdict || rm.Best != "38-32" || rm.Before != 1 || rm.After != tt.after || rm.BeforeUnit != nil {
			t.Errorf("%s %s: %+v; want verdict %q, best 38-32, before 1 (no men: proven), after %v", pos, tt.move, rm, tt.verdict, tt.after)
		}
		checkMove(t, rm, 3)
		if want := (Summary{Player: 0, Moves: 1, AverageLoss: rm.Loss, Blunders: map[Verdict]int{Blunder: 1}[tt.verdict]}); r.Summaries[0] != want || r.Summaries[1].Moves != 0 {
			t.Errorf("%s %s: summaries %+v, want %+v first", pos, tt.move, r.Summaries, want)
		}
	}
}

// TestShutboxBlunder: the exact solver's values of hand-built positions.
func TestShutboxBlunder(t *testing.T) {
	tests := []struct {
		players, pos, move, best string
		verdict                  Verdict
		before, after            float64 // win (two players) or shut (alone) probability
		beforeScore, afterScore  float64 // expected final score
	}{
		// Player 1 is blocked on 4. Covering the 4 leaves 1 2 3 (a one-die
		// roll of 6 or less always covers something), 3+1 leaves 2 4.
		{"2", "4x/1234 2 cover:2-2", "3+1", "4", Blunder, 0.875, 0.431, 1.694, 3.833},
		{"2", "4x/1234 2 cover:2-2", "4", "4", "", 0.875, 0.875, 1.694, 1.694},
		// Alone the box is shut a third of the time after 4, two ninths
		// after 3+1: a mistake, and 2.1 points more expected.
		{"1", "1234 1 cover:2-2", "3+1", "4", Mistake, 1.0 / 3, 2.0 / 9, 1.694, 3.833},
	}
	for _, tt := range tests {
		g, cfg := config(t, "shutbox", map[string]string{"players": tt.players})
		s, err := g.ParsePosition(cfg, tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ReviewFrom(context.Background(), g, s, []string{tt.move}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rm := r.Moves[0]
		near := func(a, b float64) bool { return math.Abs(a-b) < 1e-3 }
		if rm.Verdict != tt.verdict || rm.Best != tt.best || !near(rm.Before, tt.before) || !near(rm.After, tt.after) ||
			!near(*rm.BeforeUnit, tt.beforeScore) || !near(*rm.AfterUnit, tt.afterScore) {
			t.Errorf("%s %s: %+v (scores %v %v); want verdict %q best %s values %.3f %.3f scores %.3f %.3f", tt.pos, tt.move, rm, *rm.BeforeUnit, *rm.AfterUnit,
				tt.verdict, tt.best, tt.before, tt.after, tt.beforeScore, tt.afterScore)
		}
		checkMove(t, rm, 2)
	}
}

// TestCancel: a cancelled context stops the review with its error.
func TestCancel(t *testing.T) {
	g, cfg := config(t, "dames", nil)
	moves := record(t, g, cfg, 1, 0.3, 10)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Review(ctx, g, cfg, moves, Options{Progress: func(done, total int) {
		if n++; n == 2 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || n != 2 {
		t.Fatalf("after cancelling at the second move: %d moves, error %v", n, err)
	}
}

// TestBadMoves: a move that does not replay is named.
func TestBadMoves(t *testing.T) {
	g, cfg := config(t, "dames", nil)
	for _, tt := range []struct {
		moves []string
		want  string
	}{
		{[]string{"32-28", "32-28"}, `move 2 "32-28"`},
		{[]string{"zz"}, `move 1 "zz"`},
	} {
		_, err := Review(context.Background(), g, cfg, tt.moves, Options{Level: "easy"})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Review(%q): error %v, want one naming %s", tt.moves, err, tt.want)
		}
	}
	if _, err := Review(context.Background(), g, cfg, nil, Options{Level: "best"}); err == nil || !strings.Contains(err.Error(), `"best"`) {
		t.Errorf("level best: error %v", err)
	}
}

// TestWorker: every search holds a worker, one at a time; a search whose
// worker is taken back is done again, and the review is the one without
// workers; a worker's error stops the review.
func TestWorker(t *testing.T) {
	g, cfg := config(t, "dames", nil)
	moves := record(t, g, cfg, 5, 0.3, 6)
	want, err := Review(context.Background(), g, cfg, moves, Options{Level: "medium"})
	if err != nil {
		t.Fatal(err)
	}
	held, calls, taken := 0, 0, 0
	worker := func(ctx context.Context) (context.Context, func(), error) {
		if held != 0 {
			t.Errorf("a worker asked for while %d are held", held)
		}
		held++
		calls++
		wctx, cancel := context.WithCancel(ctx)
		if calls%3 == 1 { // taken back at once: the search must be redone
			cancel()
			taken++
		}
		return wctx, func() { held--; cancel() }, nil
	}
	got, err := Review(context.Background(), g, cfg, moves, Options{Level: "medium", Worker: worker})
	if err != nil {
		t.Fatal(err)
	}
	if held != 0 || taken == 0 || calls <= taken {
		t.Errorf("%d workers held at the end, %d asked for, %d taken back", held, calls, taken)
	}
	if len(got.Moves) != len(want.Moves) {
		t.Fatalf("with workers taken back: %d moves reviewed, want %d", len(got.Moves), len(want.Moves))
	}
	for i, m := range got.Moves {
		w := want.Moves[i]
		if m.Best != w.Best || m.Before != w.Before || m.After != w.After || m.Verdict != w.Verdict {
			t.Errorf("move %d with workers taken back: %+v, without: %+v", i+1, m, w)
		}
	}

	refused := errors.New("no worker today")
	_, err = Review(context.Background(), g, cfg, moves, Options{Level: "medium",
		Worker: func(context.Context) (context.Context, func(), error) { return nil, nil, refused }})
	if !errors.Is(err, refused) || !strings.Contains(err.Error(), "waiting for a worker") {
		t.Errorf("a worker's error: %v, want it wrapped", err)
	}
}

// TestBlunders: hand-built positions of the other games where the mover
// wins at once with one move and, with another, lets the opponent win at
// once (after every roll, in a dice game), as brute force over the
// replies proves: the review marks the second a blunder from a certain
// win to a certain loss, and the first no verdict.
func TestBlunders(t *testing.T) {
	tests := []struct {
		id, level, pos, good, blunder string
	}{
		// Green's ball jumps its d7 bottle for a try; a bottle step alone
		// leaves amber the chain d6xd4xd2xd0 over its d5, d3, d1 bottles.
		{"benedictine", "", "...G..A/...O.../...A.../......./...A.../......./G..A... g", "a1-b1 d6xd8", "a1-a2"},
		// S's carrier at g11 passes the ball over g12 onto the empty
		// Arrivée g13; without it, N slides h9-g9 and intercepts the ball
		// down the g file onto S's Arrivée g1.
		{"intercept", "", "13/6Sp6/6Sr6/6Np6/7Nr5/6Np6/6Nr6/6Np6/6Nr6/6Np6/6Nr6/6Np6/Sp12 S g11 20 0", "a1-b1/g11-g13", "a1-b1"},
		// x bears off its last two checkers with 4-2 (3/off 1/off); 1/off
		// 3/1 leaves one, and o bears off its last checker with any roll.
		{"mahbousse", "medium", "x1,.,x1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o1 off=13-14 x:4-2", "3/off 1/off", "1/off 3/1"},
		{"mahbousse", "hard", "x1,.,x1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o1 off=13-14 x:4-2", "3/off 1/off", "1/off 3/1"},
	}
	for _, tt := range tests {
		name := tt.level
		if name == "" {
			name = "hard"
		}
		t.Run(tt.id+"/"+name, func(t *testing.T) {
			g, cfg := config(t, tt.id, nil)
			start, err := g.ParsePosition(cfg, tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			me := start.ToMove()
			// The proof.
			s := start.Clone()
			if err := game.Replay(s, []string{tt.good}); err != nil {
				t.Fatal(err)
			}
			if o := s.Outcome(); !o.Over || o.Value(me) != 1 {
				t.Fatalf("%s: %s does not win at once: %+v", tt.pos, tt.good, o)
			}
			s = start.Clone()
			if err := game.Replay(s, []string{tt.blunder}); err != nil {
				t.Fatal(err)
			}
			positions := []game.State{s} // the opponent's decisions: after each roll in a dice game
			if s.ToMove() == game.Chance {
				positions = nil
				for _, cm := range s.ChanceMoves(nil) {
					c := s.Clone()
					if err := c.Play(cm.Move); err != nil {
						t.Fatal(err)
					}
					positions = append(positions, c)
				}
			}
			for _, p := range positions {
				wins := false
				for _, m := range p.Moves(nil) {
					c := p.Clone()
					if err := c.Play(m); err != nil {
						t.Fatal(err)
					}
					if o := c.Outcome(); o.Over && o.Value(me) == 0 {
						wins = true
					}
				}
				if !wins {
					t.Fatalf("%s %s: the opponent cannot win at once in %s", tt.pos, tt.blunder, p.Position())
				}
			}
			// The review.
			for _, c := range []struct {
				move    string
				verdict Verdict
				after   float64
			}{{tt.blunder, Blunder, 0}, {tt.good, "", 1}} {
				r, err := ReviewFrom(context.Background(), g, start.Clone(), []string{c.move}, Options{Level: tt.level})
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Moves) != 1 {
					t.Fatalf("%s %s: %d moves reviewed", tt.pos, c.move, len(r.Moves))
				}
				rm := r.Moves[0]
				near := func(a, b float64) bool { return math.Abs(a-b) < 1e-3 }
				if rm.Verdict != c.verdict || !near(rm.Before, 1) || !near(rm.After, c.after) || rm.Player != int(me) {
					t.Errorf("%s %s: %+v; want verdict %q, before 1, after %v", tt.pos, c.move, rm, c.verdict, c.after)
				}
				checkMove(t, rm, len(start.Moves(nil)))
				if c.verdict == Blunder && (r.Summaries[me].Blunders != 1 || !near(r.Summaries[me].AverageLoss, 1)) {
					t.Errorf("%s %s: summary %+v, want one blunder losing 1", tt.pos, c.move, r.Summaries[me])
				}
				if c.verdict == Blunder {
					if s := start.Clone(); game.Replay(s, []string{rm.Best}) != nil || !s.Outcome().Over || s.Outcome().Value(me) != 1 {
						t.Errorf("%s %s: best %q does not win at once", tt.pos, c.move, rm.Best)
					}
				}
			}
		})
	}
}
