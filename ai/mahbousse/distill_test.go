package mahbousse

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"

	"plateau/games/mahbousse"
)

// naiveLookahead is the label of s written again plainly: every one of the
// 36 ordered rolls, equally likely, then the roller's best move by n, x's
// value after it.
func naiveLookahead(t *testing.T, n *Net, s *mahbousse.State) float64 {
	t.Helper()
	sum := 0.0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			hi, lo := max(a, b), min(a, b)
			r := s.Clone()
			roll, err := s.ParseMove(fmt.Sprintf("%d-%d", hi, lo))
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Play(roll); err != nil {
				t.Fatalf("roll %d-%d: %v", a, b, err)
			}
			mover := r.ToMove()
			best := -1.0
			for _, m := range r.Moves(nil) {
				after := r.Clone()
				if err := after.Play(m); err != nil {
					t.Fatal(err)
				}
				if v := n.Eval(after, mover); v > best {
					best = v
				}
			}
			if mover == 1 {
				best = 1 - best
			}
			sum += best
		}
	}
	return sum / 36
}

func TestLabelIsOnePlyDeeper(t *testing.T) {
	n := randomNet(t, 6, 3)
	positions := 40
	if raceEnabled {
		positions = 10
	}
	data, err := Label(context.Background(), n, DistillOptions{Positions: positions, Seed: 4, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != positions {
		t.Fatalf("%d samples, want %d", len(data), positions)
	}
	// The samples' positions are those of the teacher's self-play games:
	// replay game 0 to rebuild their states and check each label.
	l := newLabeller(n, DistillOptions{Seed: 4, Explore: 0.05})
	states := l.states(t, 0)
	checked := 0
	for i, s := range states {
		if i >= len(data) {
			break
		}
		if got := s.Layout(); got != data[i].Layout {
			t.Fatalf("sample %d: layout differs from the replayed game's", i)
		}
		want := naiveLookahead(t, n, s)
		if math.Abs(data[i].Value-want) > 1e-12 {
			t.Errorf("sample %d: label %v, the naive lookahead %v", i, data[i].Value, want)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d samples checked", checked)
	}
}

// states replays self-play game g as labeller.game plays it and returns
// the positions it labels.
func (l *labeller) states(t *testing.T, g int) []*mahbousse.State {
	t.Helper()
	var out []*mahbousse.State
	l.record = func(s *mahbousse.State) { out = append(out, s.Clone().(*mahbousse.State)) }
	defer func() { l.record = nil }()
	if _, err := l.game(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestLabelDeterministic(t *testing.T) {
	n := randomNet(t, 4, 5)
	o := DistillOptions{Positions: 300, Seed: 9}
	if raceEnabled {
		o.Positions = 40
	}
	o.Workers = 1
	one, err := Label(context.Background(), n, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Workers = 3
	three, err := Label(context.Background(), n, o)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Fatal("1 and 3 workers labelled different samples")
	}
}

func TestFitLowersError(t *testing.T) {
	teacher := randomNet(t, 6, 7)
	o := DistillOptions{Positions: 400, Seed: 1}
	if raceEnabled {
		o.Positions = 150
	}
	data, err := Label(context.Background(), teacher, o)
	if err != nil {
		t.Fatal(err)
	}
	student := randomNet(t, 6, 8)
	before := student.meanSquaredError(data)
	fitted, err := Fit(context.Background(), student, data, DistillOptions{Epochs: 20, Alpha: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if after := fitted.meanSquaredError(data); !(after < before/2) {
		t.Fatalf("mean squared error %v before fitting, %v after: want at most half", before, after)
	}
	if student.meanSquaredError(data) != before {
		t.Fatal("Fit changed the network given")
	}
}

func TestSamplesRoundTrip(t *testing.T) {
	o := DistillOptions{Positions: 50, Seed: 3}
	if raceEnabled {
		o.Positions = 20
	}
	data, err := Label(context.Background(), randomNet(t, 3, 2), o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteSamples(&b, data); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSamples(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, data) {
		t.Fatal("samples read back differ from those written")
	}
	bad := func(edit func(r []byte)) []byte {
		r := bytes.Clone(b.Bytes()[:4+sampleSize])
		edit(r[4:])
		return r
	}
	for _, bad := range [][]byte{nil, []byte("MBN1"), append([]byte("MBS1"), 1, 2, 3),
		bad(func(r []byte) { r[3] = 0xff }),                                       // -1 checkers
		bad(func(r []byte) { r[50] = 2 }),                                         // a pin neither true nor false
		bad(func(r []byte) { r[100] = 16 }),                                       // 16 borne off
		bad(func(r []byte) { r[102] = 2 }),                                        // a third player
		bad(func(r []byte) { r[sampleSize-1] = 0x7f }),                            // a value far above 1
		bad(func(r []byte) { copy(r[103:], "\x00\x00\x00\x00\x00\x00\xf8\x7f") }), // NaN
	} {
		if _, err := ReadSamples(bytes.NewReader(bad)); err == nil {
			t.Errorf("ReadSamples(%q) accepted", bad)
		}
	}
}

func FuzzReadSamples(f *testing.F) {
	var b bytes.Buffer
	if err := WriteSamples(&b, []Sample{{Layout: mahbousse.NewState(mahbousse.Rules{}).Layout(), Value: 0.5}}); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte("MBS1"))
	f.Fuzz(func(t *testing.T, in []byte) {
		data, err := ReadSamples(bytes.NewReader(in))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteSamples(&out, data); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSamples(&out)
		if err != nil || !reflect.DeepEqual(back, data) {
			t.Fatalf("samples written again read back as %v (%v), want %v", back, err, data)
		}
	})
}
