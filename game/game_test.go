package game_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"plateau/game"
)

// toy is a minimal game used to test the package: players alternately
// remove one or two counters; whoever takes the last wins. An option sets
// the pile; a roll of one die (weights 1..2) happens before each turn when
// the option "dice" is on.
type toy struct{}

func (toy) ID() string              { return "toy" }
func (toy) Name(lang string) string { return "Toy" }
func (toy) Options() []game.Option {
	return []game.Option{
		{Key: "pile", Kind: game.Int, Default: "5", Min: 1, Max: 9, Help: "counters at the start"},
		{Key: "mode", Kind: game.Enum, Default: "plain", Values: []string{"plain", "fancy"}, Help: "a flag"},
	}
}
func (toy) New(cfg game.Config) (game.State, error) { return nil, nil }
func (toy) ParsePosition(cfg game.Config, text string) (game.State, error) {
	return nil, nil
}
func (toy) ExamplePosition() string { return "5" }

func TestNewConfig(t *testing.T) {
	tests := []struct {
		settings map[string]string
		want     string
		err      string
	}{
		{nil, "mode=plain pile=5", ""},
		{map[string]string{"pile": "9"}, "mode=plain pile=9", ""},
		{map[string]string{"mode": "fancy", "pile": "1"}, "mode=fancy pile=1", ""},
		{map[string]string{"pile": "10"}, "", `option pile: "10" is not a whole number from 1 to 9`},
		{map[string]string{"pile": "x"}, "", `"x" is not a whole number`},
		{map[string]string{"mode": "odd"}, "", `option mode: "odd" is not one of plain, fancy`},
		{map[string]string{"colour": "red"}, "", `toy has no option "colour" (options: pile, mode)`},
	}
	for _, tt := range tests {
		cfg, err := game.NewConfig(toy{}, tt.settings)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("NewConfig(%v) error = %v, want it to contain %q", tt.settings, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("NewConfig(%v): %v", tt.settings, err)
			continue
		}
		if got := cfg.String(); got != tt.want {
			t.Errorf("NewConfig(%v) = %q, want %q", tt.settings, got, tt.want)
		}
	}
}

func TestVariants(t *testing.T) {
	var got []string
	for _, cfg := range game.Variants(toy{}) {
		got = append(got, cfg.String())
	}
	want := []string{"mode=plain pile=5", "mode=plain pile=1", "mode=plain pile=9", "mode=fancy pile=5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Variants = %q, want %q", got, want)
	}
}

func TestParseSettings(t *testing.T) {
	m, err := game.ParseSettings([]string{"a=1", "b=x=y"})
	if err != nil || m["a"] != "1" || m["b"] != "x=y" {
		t.Errorf("ParseSettings = %v, %v", m, err)
	}
	for _, bad := range []string{"a", "=1"} {
		if _, err := game.ParseSettings([]string{bad}); err == nil {
			t.Errorf("ParseSettings(%q) accepted", bad)
		}
	}
}

func TestOutcomeValue(t *testing.T) {
	tests := []struct {
		o    game.Outcome
		want []float64
	}{
		{game.Finished(2, "won", 1), []float64{0, 1}},
		{game.Drawn(2, "repetition"), []float64{0.5, 0.5}},
		{game.Finished(4, "team", 0, 2), []float64{1, 0, 1, 0}},
		{game.Outcome{Over: true, Results: []game.Result{game.Draw, game.Loss, game.Draw}}, []float64{0.5, 0, 0.5}},
		{game.Outcome{}, []float64{0, 0}},
	}
	for _, tt := range tests {
		for p, want := range tt.want {
			if got := tt.o.Value(game.Player(p)); got != want {
				t.Errorf("%+v: Value(%d) = %v, want %v", tt.o, p, got, want)
			}
		}
	}
	if w := game.Finished(4, "team", 1, 3).Winners(); len(w) != 2 || w[0] != 1 || w[1] != 3 {
		t.Errorf("Winners = %v", w)
	}
}

func TestPick(t *testing.T) {
	ms := []game.ChanceMove{{Move: 10, Weight: 1}, {Move: 20, Weight: 2}, {Move: 30, Weight: 3}}
	if game.TotalWeight(ms) != 6 {
		t.Fatalf("TotalWeight = %d", game.TotalWeight(ms))
	}
	want := []game.Move{10, 20, 20, 30, 30, 30}
	for r, w := range want {
		if m, err := game.Pick(ms, r); err != nil || m != w {
			t.Errorf("Pick(%d) = %v, %v; want %v", r, m, err, w)
		}
	}
	if _, err := game.Pick(ms, 6); err == nil {
		t.Error("Pick beyond the total weight succeeded")
	}
	p := game.Probability(ms)
	if p[0] != 1.0/6 || p[2] != 0.5 {
		t.Errorf("Probability = %v", p)
	}
}

func TestRegistry(t *testing.T) {
	r := game.NewRegistry(toy{})
	if g, err := r.Lookup("toy"); err != nil || g.ID() != "toy" {
		t.Errorf("Lookup(toy) = %v, %v", g, err)
	}
	if _, err := r.Lookup("chess"); err == nil || !strings.Contains(err.Error(), "games: toy") {
		t.Errorf("Lookup(chess) error = %v, want the list of games", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a duplicate id did not panic")
		}
	}()
	r.Register(toy{})
}

func TestOutcomeJSON(t *testing.T) {
	o := game.Finished(3, "ball on the Arrivée", 1)
	o.Scores = []int{4, 0, 7}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var back game.Outcome
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("Unmarshal(%s): %v", b, err)
	}
	if fmt.Sprint(back) != fmt.Sprint(o) {
		t.Errorf("round trip: %+v, want %+v", back, o)
	}
	if err := json.Unmarshal([]byte(`{"results":["won"]}`), &back); err == nil {
		t.Error("a bad result was accepted")
	}
}

func TestKeySource(t *testing.T) {
	// The first outputs of splitmix64 seeded with 0, as published with the
	// reference implementation.
	k := game.NewKeySource(0)
	for _, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := k.Next(); got != want {
			t.Errorf("Next() = %#x, want %#x", got, want)
		}
	}
}

// playing counts the calls of Play; trusting also has PlayListed.
type playing struct {
	game.State
	played, listed int
}

func (p *playing) Play(game.Move) error { p.played++; return nil }

type trusting struct{ playing }

func (t *trusting) PlayListed(game.Move) error { t.listed++; return nil }

func TestPlayListed(t *testing.T) {
	p, tr := &playing{}, &trusting{}
	if err := game.PlayListed(p, 1); err != nil || p.played != 1 {
		t.Errorf("a state without PlayListed: %v, Play called %d times, want once", err, p.played)
	}
	if err := game.PlayListed(tr, 1); err != nil || tr.listed != 1 || tr.played != 0 {
		t.Errorf("a Trusting state: %v, PlayListed called %d times and Play %d, want once and never", err, tr.listed, tr.played)
	}
}

// counter is a state holding a number, a Copier of its own type.
type counter struct {
	game.State
	n int
}

func (c *counter) Clone() game.State { return &counter{n: c.n} }
func (c *counter) CopyFrom(src game.State) bool {
	o, ok := src.(*counter)
	if ok {
		c.n = o.n
	}
	return ok
}

func TestCopyOf(t *testing.T) {
	src, dst := &counter{n: 7}, &counter{n: 1}
	if got := game.CopyOf(dst, src); got != game.State(dst) || dst.n != 7 {
		t.Errorf("a Copier of src's type: got %p (dst %p), n %d: want dst written over with 7", got, dst, dst.n)
	}
	for _, d := range []game.State{nil, &playing{}} {
		got := game.CopyOf(d, src)
		if c, ok := got.(*counter); !ok || c == src || c.n != 7 {
			t.Errorf("dst %T: got %#v, want a clone of src", d, got)
		}
	}
}
