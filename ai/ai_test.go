package ai

import (
	"context"
	"errors"
	"math"
	"testing"

	"plateau/ai/internal/toy"
	"plateau/game"
)

// exact is a brute-force expectimax-minimax: the value of s for me, every
// other player against me.
func exact(s game.State, me game.Player) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(me)
	}
	switch p := s.ToMove(); p {
	case game.Chance:
		// An outcome that leaves the position as it was is a roll made
		// again: the roll ends with one of the others, in their
		// proportions.
		total, v := 0.0, 0.0
		for _, c := range s.ChanceMoves(nil) {
			st := s.Clone()
			st.Play(c.Move)
			if st.Position() == s.Position() {
				continue
			}
			total += float64(c.Weight)
			v += float64(c.Weight) * exact(st, me)
		}
		return v / total
	default:
		best := math.Inf(1)
		if p == me {
			best = math.Inf(-1)
		}
		for _, m := range s.Moves(nil) {
			st := s.Clone()
			st.Play(m)
			v := exact(st, me)
			if p == me {
				best = max(best, v)
			} else {
				best = min(best, v)
			}
		}
		return best
	}
}

// moveValues returns exact's value of each legal move for the mover.
func moveValues(s game.State) map[game.Move]float64 {
	me := s.ToMove()
	vals := map[game.Move]float64{}
	for _, m := range s.Moves(nil) {
		st := s.Clone()
		st.Play(m)
		vals[m] = exact(st, me)
	}
	return vals
}

func play(t *testing.T, s game.State, moves ...game.Move) game.State {
	t.Helper()
	for _, m := range moves {
		if err := s.Play(m); err != nil {
			t.Fatalf("play %d in %s: %v", m, s.Position(), err)
		}
	}
	return s
}

// players returns one of each search for tests, exhaustive where possible.
func searchers() map[string]func() Player {
	return map[string]func() Player{
		"alphabeta":      func() Player { return NewSearch(Limits{}, nil) },
		"alphabeta-noTT": func() Player { s := NewSearch(Limits{}, nil); s.TTBits = -1; return s },
	}
}

func TestSearchNim(t *testing.T) {
	tests := []struct {
		heaps []int
		win   bool
	}{
		{[]int{1}, true},
		{[]int{1, 1}, false},
		{[]int{3, 4, 5}, true},
		{[]int{1, 2, 3}, false},
		{[]int{2, 5, 6}, true},
		{[]int{4, 4}, false},
	}
	for name, newPlayer := range searchers() {
		for _, tt := range tests {
			s := toy.NewNim(tt.heaps...)
			d, err := newPlayer().Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if !d.Proven {
				t.Errorf("%s: nim %v: score %v not proven, want proven", name, tt.heaps, d.Score)
			}
			if got := isWin(d.Score); got != tt.win {
				t.Errorf("%s: nim %v: score %v, want win=%v", name, tt.heaps, d.Score, tt.win)
			}
			if tt.win {
				after := s.Clone().(*toy.Nim)
				after.Play(d.Move)
				x := 0
				for _, h := range after.Heaps {
					x ^= h
				}
				if x != 0 {
					t.Errorf("%s: nim %v: move %d leaves xor %d, want 0", name, tt.heaps, d.Move, x)
				}
			}
		}
	}
}

func TestSearchTicTacToe(t *testing.T) {
	tests := []struct {
		name, cells string
		want        []game.Move // acceptable moves; nil: any
		value       float64
	}{
		{"start draws", ".........", nil, 0.5},
		{"X wins in one", "XX.OO....", []game.Move{2}, 1},
		{"O must block", "XX..O....", []game.Move{2}, 0.5},
		{"X forks", "X...O...X", nil, 0.5},
		{"O lost", "X.X.O.X.O", nil, 0}, // X threatens 1, 3 and 5... O to move cannot stop both
	}
	for name, newPlayer := range searchers() {
		for _, tt := range tests {
			if name == "alphabeta-noTT" && tt.cells == "........." {
				continue // slow without the table, under -race
			}
			s := toy.ParseTicTacToe(tt.cells)
			d, err := newPlayer().Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != nil && d.Move != tt.want[0] {
				t.Errorf("%s: %s: move %d, want %d", name, tt.name, d.Move, tt.want[0])
			}
			if e := exact(s, s.ToMove()); math.Abs(e-tt.value) > 1e-9 {
				t.Fatalf("%s: test is wrong: exact value %v, want %v", tt.name, e, tt.value)
			}
			if math.Abs(d.Score-tt.value) > 0.01 {
				t.Errorf("%s: %s: score %v, want %v", name, tt.name, d.Score, tt.value)
			}
		}
	}
}

// diceStates returns decision states of the dice game reached by fixed rolls.
func diceStates(t *testing.T) []game.State {
	var out []game.State
	for _, c := range []struct {
		players, rounds int
		moves           []game.Move
	}{
		{2, 1, []game.Move{1}},
		{2, 1, []game.Move{3, toy.Keep, 2}},
		{2, 1, []game.Move{1, toy.Keep, 1}},
		{2, 2, []game.Move{2}},
		{2, 2, []game.Move{3, toy.Gamble, toy.Tails, 2}},
		{3, 1, []game.Move{2, toy.Keep, 3, toy.Keep, 2}},
	} {
		out = append(out, play(t, toy.NewDice(c.players, c.rounds), c.moves...))
	}
	return out
}

func TestSearchDiceExact(t *testing.T) {
	for _, s := range diceStates(t) {
		vals := moveValues(s)
		want := math.Inf(-1)
		for _, v := range vals {
			want = max(want, v)
		}
		for name, newPlayer := range searchers() {
			d, err := newPlayer().Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(d.Score-want) > 1e-4 {
				t.Errorf("%s: %s: score %.6f, exact %.6f", name, s.Position(), d.Score, want)
			}
			if math.Abs(vals[d.Move]-want) > 1e-9 {
				t.Errorf("%s: %s: move %d is worth %.6f, the best %.6f", name, s.Position(), d.Move, vals[d.Move], want)
			}
		}
	}
}

func TestMCTSAgreesWithExpectimax(t *testing.T) {
	for i, s := range diceStates(t) {
		if i%2 == 1 {
			continue // every other state keeps the test short under -race
		}
		vals := moveValues(s)
		best := math.Inf(-1)
		for _, v := range vals {
			best = max(best, v)
		}
		m := NewMCTS(Limits{Nodes: 250000}, nil, uint64(i+1))
		d, err := m.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if vals[d.Move] < best-0.03 {
			t.Errorf("%s: MCTS plays %d worth %.4f, best is %.4f", s.Position(), d.Move, vals[d.Move], best)
		}
		if math.Abs(d.Score-best) > 0.06 {
			t.Errorf("%s: MCTS score %.4f, exact %.4f", s.Position(), d.Score, best)
		}
	}
}

func TestMCTSTicTacToe(t *testing.T) {
	for _, tt := range []struct {
		cells string
		want  game.Move
	}{
		{"XX.OO....", 2},
		{"XX..O....", 2},
		{"OO.XX...X", 2},
	} {
		s := toy.ParseTicTacToe(tt.cells)
		d, err := NewMCTS(Limits{Nodes: 50000}, nil, 7).Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if d.Move != tt.want {
			t.Errorf("%s: MCTS plays %d, want %d", tt.cells, d.Move, tt.want)
		}
	}
}

func TestGreedy(t *testing.T) {
	s := toy.ParseTicTacToe("XX.OO....")
	d, err := NewGreedy(nil, 1).Choose(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if d.Move != 2 || d.Score != 1 {
		t.Errorf("greedy: move %d score %v, want 2 and 1", d.Move, d.Score)
	}
	// In the dice game, greedy averages the roll after Reroll and Gamble.
	dice := play(t, toy.NewDice(1, 1), 1)
	if _, err := NewGreedy(nil, 1).Choose(context.Background(), dice); err != nil {
		t.Fatal(err)
	}
}

// TestRollAgain: a roll that may have to be made again (backgammon's
// opening roll, a double) is worth the mean of its other outcomes, and
// neither greedy nor the search follows the repeats: greedy used to follow
// them 8 rolls deep, and the search until its node budget ran out.
func TestRollAgain(t *testing.T) {
	for _, moves := range [][]game.Move{{2}, {1, toy.Keep, 3}} {
		g := toy.NewDice(2, 2)
		g.Again = true
		s := play(t, g, moves...)
		vals := moveValues(s)
		want := math.Inf(-1)
		for _, v := range vals {
			want = max(want, v)
		}
		players := searchers()
		players["greedy-exact"] = func() Player { return NewGreedy(exact, 1) }
		for name, newPlayer := range players {
			// (One ply on the exact values is the exact value.)
			d, err := newPlayer().Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(d.Score-want) > 1e-4 {
				t.Errorf("%s: %s: score %.6f, exact %.6f", name, s.Position(), d.Score, want)
			}
			// The game's whole tree without the repeats: tens of
			// thousands of positions without the table. Following the
			// repeats, the search never ended.
			if d.Nodes > 100_000 {
				t.Errorf("%s: %s: %d nodes", name, s.Position(), d.Nodes)
			}
		}
		// Greedy on an evaluation follows the rolls to the next
		// decision, not into the repeats: Keep, then the next turn's
		// roll (3 outcomes and the repeat); Reroll, its roll, then the
		// next turn's; Gamble, its coin, then the next turn's roll:
		// (1+3) + (1+3*(1+3)) + (1+2*(1+3)) = 26 positions. Following
		// the repeats 8 rolls deep, it looked at about 10^5.
		d, err := NewGreedy(nil, 1).Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if d.Nodes != 26 {
			t.Errorf("greedy: %s: %d nodes, want 26", s.Position(), d.Nodes)
		}
	}
}

func TestDeterministic(t *testing.T) {
	players := map[string]func(seed uint64) Player{
		"random": func(seed uint64) Player { return NewRandom(seed) },
		"greedy": func(seed uint64) Player { return NewGreedy(nil, seed) },
		"mcts":   func(seed uint64) Player { return NewMCTS(Limits{Nodes: 3000}, nil, seed) },
		"search": func(uint64) Player { return NewSearch(Limits{Nodes: 3000}, nil) },
	}
	for name, newPlayer := range players {
		game := func() []game.Move {
			p := newPlayer(42)
			s := game.State(new(toy.TicTacToe))
			var moves []game.Move
			for !s.Outcome().Over {
				d, err := p.Choose(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				moves = append(moves, d.Move)
				s.Play(d.Move)
			}
			return moves
		}
		a, b := game(), game()
		if len(a) != len(b) {
			t.Errorf("%s: two runs with one seed differ: %v and %v", name, a, b)
			continue
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("%s: two runs with one seed differ: %v and %v", name, a, b)
				break
			}
		}
	}
}

func TestNoDecision(t *testing.T) {
	s := toy.NewDice(2, 1) // a roll is pending
	players := []Player{NewRandom(1), NewGreedy(nil, 1), NewMCTS(Limits{Nodes: 10}, nil, 1), NewSearch(Limits{Depth: 1}, nil)}
	for _, p := range players {
		if _, err := p.Choose(context.Background(), s); !errors.Is(err, ErrNoDecision) {
			t.Errorf("%T at a roll: err %v, want ErrNoDecision", p, err)
		}
	}
}

func TestNodeLimit(t *testing.T) {
	s := new(toy.TicTacToe)
	for _, p := range []Player{NewMCTS(Limits{Nodes: 500}, nil, 1), NewSearch(Limits{Nodes: 500}, nil)} {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if d.Nodes > 600 {
			t.Errorf("%T: %d nodes with a limit of 500", p, d.Nodes)
		}
	}
}
