package dames

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"plateau/games/dames"
)

// TestSelfPlayWorkers: the positions of self-play do not depend on how
// many games are played at once.
func TestSelfPlayWorkers(t *testing.T) {
	cfg := TrainConfig{Games: 5, Nodes: 200, Seed: 9, Lambda: 0.5}
	var files [][]byte
	for _, w := range []int{1, 3} {
		cfg.Workers = w
		ps, err := SelfPlay(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) == 0 {
			t.Fatal("no positions")
		}
		b, err := ps.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("1 and 3 workers give different positions")
	}
}

// TestPositionsFile: a positions file reads back to the same positions,
// two files append, and Fit on them gives Train's weights.
func TestPositionsFile(t *testing.T) {
	cfg := TrainConfig{Games: 3, Nodes: 300, Epochs: 2, Seed: 5, Lambda: 0.5}
	ps, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ps.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Positions
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(ps) {
		t.Fatalf("%d positions read back, want %d", len(back), len(ps))
	}
	for i := range ps {
		if back[i] != ps[i] {
			t.Fatalf("position %d: read back %+v, want %+v", i, back[i], ps[i])
		}
	}
	if err := back.UnmarshalBinary(b); err != nil || len(back) != 2*len(ps) {
		t.Fatalf("a second file: %v, %d positions, want %d", err, len(back), 2*len(ps))
	}
	want, wantLoss, err := Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, gotLoss := Fit(ps, cfg)
	if !bytes.Equal(got, want) || gotLoss != wantLoss {
		t.Error("Fit on SelfPlay's positions differs from Train")
	}
}

// TestPositionsFileRefused: files that are not positions files, or hold a
// position that cannot be, are refused with the reason.
func TestPositionsFileRefused(t *testing.T) {
	good, err := Positions{{pos: dames.StartPos(), result: 0.5}}.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	rec := len(positionsMagic) + 8
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "bad magic"},
		{"weights file", encodeWeights(make([]float64, nFeaturesV1)), "bad magic"},
		{"truncated", good[:len(good)-1], "positions in"},
		{"count", edit(func(b []byte) []byte { b[len(positionsMagic)] = 2; return b }), "positions in"},
		{"side", edit(func(b []byte) []byte { b[rec+24] = 2; return b }), "side to move"},
		{"both colours", edit(func(b []byte) []byte { copy(b[rec+8:rec+16], b[rec:rec+8]); return b }), "both colours"},
		{"off the board", edit(func(b []byte) []byte { b[rec+1] |= 1 << 2; return b }), "off the board"},
		{"target", edit(func(b []byte) []byte { b[rec+32] = 0x7f; return b }), "target"},
	} {
		var ps Positions
		err := ps.UnmarshalBinary(c.b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
		if len(ps) != 0 {
			t.Errorf("%s: %d positions kept from a refused file", c.name, len(ps))
		}
	}
}

// FuzzPositionsFile: any bytes are read or refused, and what is read is
// written back as it was.
func FuzzPositionsFile(f *testing.F) {
	good, _ := Positions{{pos: dames.StartPos(), result: 1}}.MarshalBinary()
	f.Add(good)
	f.Add([]byte(positionsMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		var ps Positions
		if err := ps.UnmarshalBinary(b); err != nil {
			return
		}
		back, err := ps.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(back, b) {
			t.Errorf("read and written back: %x, want %x", back, b)
		}
	})
}

// TestHoldout: the positions held out are not learnt (the weights are those
// of a fit of the others alone) and their log loss is printed each epoch.
func TestHoldout(t *testing.T) {
	cfg := TrainConfig{Games: 4, Nodes: 200, Epochs: 2, Seed: 11, Lambda: 0.5}
	ps, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ps = ps[:len(ps)&^1]
	want, _ := Fit(ps[:len(ps)/2], cfg)
	var log strings.Builder
	cfg.Log, cfg.Holdout = &log, 0.5
	got, _ := Fit(ps, cfg)
	if !bytes.Equal(got, want) {
		t.Error("a fit holding out the second half differs from a fit of the first half")
	}
	if n := strings.Count(log.String(), "held out, log loss"); n != cfg.Epochs {
		t.Errorf("%d held-out losses printed, want %d:\n%s", n, cfg.Epochs, log.String())
	}
}

// TestWindowsOnly: fitting the windows alone from a weights file keeps the
// file's other weights and learns windows.
func TestWindowsOnly(t *testing.T) {
	start, err := DecodeWeights(weightsFile)
	if err != nil {
		t.Fatal(err)
	}
	cfg := TrainConfig{Games: 3, Nodes: 200, Epochs: 2, Seed: 12, Windows: true, WindowsOnly: true, Start: start}
	ps, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Fit(ps, cfg)
	w, err := DecodeWeights(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(w) != nFeaturesWindows() {
		t.Fatalf("%d weights, want %d", len(w), nFeaturesWindows())
	}
	for i := range nFeatures() {
		if float32(w[i]) != float32(start[i]) {
			t.Fatalf("weight %d moved from %v to %v", i, start[i], w[i])
		}
	}
	learnt := 0
	for _, x := range w[nFeatures():] {
		if x != 0 {
			learnt++
		}
	}
	if learnt == 0 {
		t.Error("no window learnt")
	}
}

// TestExplore: random moves after the opening change the games, the same
// way for the same seed whatever the number of workers.
func TestExplore(t *testing.T) {
	cfg := TrainConfig{Games: 4, Nodes: 200, Seed: 13, Workers: 1}
	plain, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Explore = 0.3
	var files [][]byte
	for _, w := range []int{1, 2} {
		cfg.Workers = w
		ps, err := SelfPlay(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ps.MarshalBinary()
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("exploring self-play differs with 1 and 2 workers")
	}
	b, _ := plain.MarshalBinary()
	if bytes.Equal(b, files[0]) {
		t.Error("exploring self-play played the games of plain self-play")
	}
}
