package mahbousse_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"plateau/ai"
	aimahbousse "plateau/ai/mahbousse"
	"plateau/game"
	"plateau/games/mahbousse"
)

// matchStates returns the positions of a random 5-point match, several
// games and their openings.
func matchStates(t testing.TB, seed uint64) []game.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []game.State
	var s game.State = mahbousse.NewState(mahbousse.Rules{Match: 5})
	for !s.Outcome().Over {
		var m game.Move
		var err error
		if s.ToMove() == game.Chance {
			cms := s.ChanceMoves(nil)
			m, err = game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
		} else {
			moves := s.Moves(nil)
			m = moves[rng.IntN(len(moves))]
		}
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s.Clone())
	}
	return out
}

// In a match the evaluations give the chance of winning the match: the
// two sides' values still add up to 1, lie in [0, 1], differ from the
// game's chance once the score or a mars matters, and the networks'
// evaluators do not allocate.
func TestMatchEvaluations(t *testing.T) {
	states := matchStates(t, 3)
	evals := map[string]ai.Eval{
		"linear":           aimahbousse.Eval,
		"networks":         aimahbousse.NetEval,
		"hard's evaluator": aimahbousse.NewNetEvaluator().Eval,
		"max's evaluator":  aimahbousse.NewMaxEvaluator().Eval,
		"the engine's":     ai.DefaultEval,
	}
	scores := map[string]bool{}
	for name, ev := range evals {
		differ := 0
		for _, s := range states {
			v0, v1 := ev(s, 0), ev(s, 1)
			if math.Abs(v0+v1-1) > 1e-9 || v0 < 0 || v0 > 1 {
				t.Fatalf("%s: %s: values %v and %v", name, s.Position(), v0, v1)
			}
			pos, score, _ := strings.Cut(s.Position(), " score=")
			if math.Abs(ev(parse(t, pos), 0)-v0) > 1e-6 {
				differ++
			}
			scores[score] = true
		}
		if differ < len(states)/2 {
			t.Errorf("%s: the match's value differs from the game's at %d of %d positions", name, differ, len(states))
		}
	}
	if len(scores) < 3 {
		t.Errorf("the match went through %d scores, want several games", len(scores))
	}
	ev := aimahbousse.NewNetEvaluator()
	i := 0
	if a := testing.AllocsPerRun(200, func() { ev.Eval(states[i%len(states)], 0); i++ }); a != 0 {
		t.Errorf("Evaluator.Eval in a match allocates %v times a call", a)
	}
}

// BenchmarkEvaluatorMatch is BenchmarkEvaluator's evaluator at the
// positions of a 5-point match: the networks and the match's chance.
func BenchmarkEvaluatorMatch(b *testing.B) {
	states := matchStates(b, 3)
	ev := aimahbousse.NewNetEvaluator()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ev.Eval(states[i%len(states)], game.Player(i&1))
	}
}
