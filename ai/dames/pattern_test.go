package dames

import (
	"bytes"
	"context"
	"testing"

	"plateau/games/dames"
)

func TestFlip(t *testing.T) {
	for _, p := range playouts(10, 40, 3) {
		q := flip(p)
		if flip(q) != p {
			t.Fatalf("flip twice changes %s into %s", p.FEN(), flip(q).FEN())
		}
		if dames.Perft(p, 3) != dames.Perft(q, 3) {
			t.Errorf("%s and its flip %s have different move trees", p.FEN(), q.FEN())
		}
	}
}

func TestWeightsFile(t *testing.T) {
	w := make([]float64, nFeatures())
	for i := range w {
		w[i] = float64(i%7) / 8
	}
	back, err := decodeWeights(encodeWeights(w))
	if err != nil {
		t.Fatal(err)
	}
	for i := range w {
		if back[i] != w[i] {
			t.Fatalf("weight %d: %v, want %v", i, back[i], w[i])
		}
	}
	for _, bad := range [][]byte{nil, []byte("PLDW1\n\x01\x00\x00\x00"), encodeWeights(w[:10])} {
		if _, err := decodeWeights(bad); err == nil {
			t.Errorf("%q decodes", bad)
		}
	}
	if _, err := LearntPatterns(); err != nil {
		t.Fatal(err)
	}
}

// TestTrainReproducible: the same seed gives the same weights file.
func TestTrainReproducible(t *testing.T) {
	cfg := TrainConfig{Games: 3, Nodes: 300, Epochs: 2, Seed: 5}
	a, lossA, err := Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, lossB, err := Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || lossA != lossB {
		t.Error("two trainings with the same seed differ")
	}
	cfg.Seed = 6
	c, _, err := Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) {
		t.Error("two seeds give the same weights")
	}
	if _, err := decodeWeights(a); err != nil {
		t.Error(err)
	}
	cfg.Windows = true
	d, _, err := Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if w, err := decodeWeights(d); err != nil || len(w) != nFeaturesWindows() {
		t.Errorf("trained with windows: %d weights, %v; want %d", len(w), err, nFeaturesWindows())
	}
}

// TestLearntEvaluation: the learnt evaluation scores the start position
// near zero and a piece up as better, from either side.
func TestLearntEvaluation(t *testing.T) {
	pt, err := LearntPatterns()
	if err != nil {
		t.Fatal(err)
	}
	start := dames.StartPos()
	if v := pt.Evaluate(&start); v < -60 || v > 60 {
		t.Errorf("start position: %d centi-men", v)
	}
	for _, fen := range []string{"W:W31-50:B1-19", "B:W31-49:B1-20"} {
		p, err := dames.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if v := pt.Evaluate(&p); v < 40 {
			t.Errorf("%s, a man up for the side to move: %d centi-men", fen, v)
		}
	}
}

func BenchmarkPatterns(b *testing.B) {
	pt, err := LearntPatterns()
	if err != nil {
		b.Fatal(err)
	}
	ps := playouts(16, 30, 1)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += pt.Evaluate(&ps[n&15])
	}
}

// BenchmarkPatternsWindows: the learnt evaluation with the windows (weights
// of no meaning: the cost is the same).
func BenchmarkPatternsWindows(b *testing.B) {
	w := make([]float64, nFeaturesWindows())
	for i := range w {
		w[i] = float64(i%13-6) / 100
	}
	pt := newPatterns(w)
	ps := playouts(16, 30, 1)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += pt.Evaluate(&ps[n&15])
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := playouts(16, 30, 1)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += Evaluate(&ps[n&15])
	}
}

// TestExtrasMirror: the features of danger of a position turned half a
// turn with the colours swapped are those of the position, negated.
func TestExtrasMirror(t *testing.T) {
	seen := [nExtra]bool{}
	var ps []dames.Pos
	for plies := 20; plies <= 100; plies += 10 {
		ps = append(ps, playouts(30, plies, uint64(plies))...)
	}
	for _, p := range ps {
		f, g := extras(&p), extras(new(flip(p)))
		for k := range nExtra {
			if f[k] != -g[k] {
				t.Fatalf("%s: feature %d is %d, %d in the flipped position", p.FEN(), k, f[k], g[k])
			}
			seen[k] = seen[k] || f[k] != 0
		}
	}
	for k, ok := range seen {
		if !ok {
			t.Errorf("feature %d is 0 in every position", k)
		}
	}
}
