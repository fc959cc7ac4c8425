package ai

import (
	"context"
	"fmt"
	"math"
	"testing"

	"plateau/game"
)

// rollLine is a game whose value at a roll is above 0.99 without being
// proven. Player 0 either settles for a draw or goes for the roll; player 1
// then has one move; two dice are rolled: 35 rolls of 36 win for player 0
// at once, double six starts a line of tail forced moves after which player
// 0 loses. Every unfinished position evaluates to evalTo for player 0, so
// that at depth 2 the roll's expected value is 35/36 × 1 + 1/36 × evalTo.
type rollLine struct {
	step  int // 0: player 0 chooses; 1: player 1's move; 2: the roll; 3+: the tail
	tail  int
	lucky bool // the roll won
	safe  bool // the double six wins too
	drawn bool // player 0 settled for the draw
}

const (
	rollGo     game.Move = 1
	rollSettle game.Move = 2
	doubleSix  game.Move = 36
)

func (r *rollLine) Players() int { return 2 }
func (r *rollLine) over() bool   { return r.drawn || r.lucky || r.step >= 3+r.tail }
func (r *rollLine) ToMove() game.Player {
	switch {
	case r.over():
		return game.Nobody
	case r.step == 2:
		return game.Chance
	}
	return game.Player(r.step % 2)
}
func (r *rollLine) Moves(buf []game.Move) []game.Move {
	switch {
	case r.over() || r.step == 2:
		return buf
	case r.step == 0:
		return append(buf, rollGo, rollSettle)
	}
	return append(buf, rollGo)
}
func (r *rollLine) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove {
	if r.over() || r.step != 2 {
		return buf
	}
	for m := game.Move(1); m <= doubleSix; m++ {
		buf = append(buf, game.ChanceMove{Move: m, Weight: 1})
	}
	return buf
}
func (r *rollLine) Play(m game.Move) error {
	switch {
	case r.over():
		return game.ErrGameOver
	case r.step == 2 && m >= 1 && m <= doubleSix:
		r.lucky = r.safe || m != doubleSix
	case r.step == 0 && m == rollSettle:
		r.drawn = true
	case r.step != 2 && m == rollGo:
	default:
		return fmt.Errorf("roll line move %d at step %d: %w", m, r.step, game.ErrIllegal)
	}
	r.step++
	return nil
}
func (r *rollLine) Clone() game.State { c := *r; return &c }
func (r *rollLine) Outcome() game.Outcome {
	switch {
	case !r.over():
		return game.Outcome{}
	case r.drawn:
		return game.Drawn(2, "settled")
	case r.lucky:
		return game.Finished(2, "lucky roll", 0)
	}
	return game.Finished(2, "double six", 1)
}
func (r *rollLine) Hash() uint64 {
	h := uint64(r.step+1) * 0x9e3779b97f4a7c15
	if r.lucky {
		h ^= 1
	}
	if r.drawn {
		h ^= 2
	}
	return h
}
func (r *rollLine) Position() string                    { return fmt.Sprint(r.step, r.lucky, r.drawn) }
func (r *rollLine) FormatMove(m game.Move) string       { return fmt.Sprint(uint64(m)) }
func (r *rollLine) ParseMove(string) (game.Move, error) { return 0, game.ErrIllegal }
func (r *rollLine) DescribeMove(m game.Move) any        { return game.MoveText{Notation: r.FormatMove(m)} }
func (r *rollLine) Board() any                          { return nil }

// TestSearchChanceAboveThresholdIsNotProven: an expectation of 35/36 × 1 +
// 1/36 × 0.98 ≈ 0.9994 is above any "proven" threshold, but one roll was cut
// by the horizon: iterative deepening goes on and the table does not keep
// it as a proof. Once the search reaches the end of the double six's line,
// the value 35/36 is proven and the search stops there.
func TestSearchChanceAboveThresholdIsNotProven(t *testing.T) {
	const evalTo = 0.98
	eval := func(s game.State, p game.Player) float64 {
		if o := s.Outcome(); o.Over {
			return o.Value(p)
		}
		if p == 0 {
			return evalTo
		}
		return 1 - evalTo
	}
	const tail = 6
	tests := []struct {
		name       string
		depth      int
		wantProven bool
		wantDepth  int
		wantScore  float64 // ±1e-3
	}{
		// Depth 3: the roll is expanded (a roll at the horizon is
		// evaluated), the double six's line evaluated after one move.
		{"depth 3, horizon in the tail", 3, false, 3, 35.0/36 + evalTo/36},
		{"depth 5, horizon in the tail", 5, false, 5, 35.0/36 + evalTo/36},
		// The line ends after 2 + tail plies of decisions: proven, and
		// iterative deepening stops there even when allowed to go on.
		{"unbounded", 0, true, 2 + tail, 35.0 / 36},
		{"depth 40", 40, true, 2 + tail, 35.0 / 36},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSearch(Limits{Depth: tt.depth}, eval)
			st := &rollLine{tail: tail}
			d, err := s.Choose(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			if d.Move != rollGo {
				t.Errorf("move %d, want %d (the roll)", d.Move, rollGo)
			}
			if d.Proven != tt.wantProven {
				t.Errorf("proven %v, want %v (score %v)", d.Proven, tt.wantProven, d.Score)
			}
			if d.Depth != tt.wantDepth {
				t.Errorf("depth %d, want %d: iterative deepening stopped at the wrong place", d.Depth, tt.wantDepth)
			}
			if math.Abs(d.Score-tt.wantScore) > 1e-3 {
				t.Errorf("score %v, want %v", d.Score, tt.wantScore)
			}
			// Player 1's node, above the roll: its table entry is
			// proven exactly when the search proved the line.
			after := st.Clone()
			after.Play(rollGo)
			e, ok := s.tt.probe(ttKey(after.(game.Hasher).Hash(), 1, 0))
			if !ok {
				t.Fatal("player 1's node is not in the table")
			}
			if e.proven != tt.wantProven {
				t.Errorf("table entry proven %v, want %v (value %v)", e.proven, tt.wantProven, e.value)
			}
			if !tt.wantProven && e.value != fromTT(e.value, 1, false) {
				t.Errorf("unproven value %v stored with a distance correction", e.value)
			}
		})
	}
}

// TestSearchChanceProofAllWins: when every roll wins, the roll's expected
// value is a proven win as soon as the roll is expanded (depth 3), and
// iterative deepening stops there.
func TestSearchChanceProofAllWins(t *testing.T) {
	s := NewSearch(Limits{}, nil)
	d, err := s.Choose(context.Background(), &rollLine{tail: 6, safe: true})
	if err != nil {
		t.Fatal(err)
	}
	if d.Move != rollGo || !d.Proven || d.Depth != 3 || d.Score < 1-1e-5 {
		t.Errorf("move %d proven %v depth %d score %v, want the roll, proven at depth 3, a win", d.Move, d.Proven, d.Depth, d.Score)
	}
}

// TestHeuristicKeepsOrderBelowProofs: heuristic values keep their order over
// the whole of [0, 1] and stay strictly between every proven loss and win.
func TestHeuristicKeepsOrderBelowProofs(t *testing.T) {
	worstWin := terminalValue(game.Finished(2, "", 0), 0, maxPly)
	bestLoss := terminalValue(game.Finished(2, "", 1), 0, maxPly)
	prev := -1.0
	for _, v := range []float64{0, 1e-9, 0.01, 0.02, 0.5, 0.98, 0.99, 0.999999, 1} {
		h := heuristic(v)
		if h <= prev {
			t.Errorf("heuristic(%v) = %v, not above the previous %v", v, h, prev)
		}
		if h >= worstWin || h <= bestLoss || isWin(h) || isLoss(h) {
			t.Errorf("heuristic(%v) = %v, not strictly between proven loss %v and win %v", v, h, bestLoss, worstWin)
		}
		if got := unheuristic(h); math.Abs(got-v) > 1e-12 {
			t.Errorf("unheuristic(heuristic(%v)) = %v", v, got)
		}
		prev = h
	}
	if !isWin(worstWin) || !isLoss(bestLoss) {
		t.Errorf("terminal values at ply %d: win %v loss %v not recognised", maxPly, worstWin, bestLoss)
	}
}
