package arena

import (
	"strings"
	"testing"
)

func TestParseSPRT(t *testing.T) {
	for _, tt := range []struct {
		text string
		ok   bool
	}{{"0,50", true}, {"-10,20", true}, {"100,0", false}, {"x", false}, {"0,50,", false}, {"", false}} {
		got, err := ParseSPRT(tt.text, 0.05, 0.05)
		if (err == nil) != tt.ok {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want ok %v", tt.text, got, err, tt.ok)
		}
	}
}

func TestReadGames(t *testing.T) {
	gs, err := ReadGames(strings.NewReader("{\"index\":3}\n\n{\"index\":5}\n"), "f")
	if err != nil || len(gs) != 2 || gs[0].Index != 3 || gs[1].Index != 5 {
		t.Errorf("ReadGames = %+v, %v; want games 3 and 5", gs, err)
	}
	if _, err := ReadGames(strings.NewReader("{\"index\":3}\nnot json\n"), "f"); err == nil || !strings.Contains(err.Error(), "f:2") {
		t.Errorf("a bad line: %v; want an error naming f:2", err)
	}
}

func TestResultWriteText(t *testing.T) {
	r := Result{Game: "dames", Variant: "default", A: "hard", B: "random", Games: 2, Wins: 2, Score: 1,
		Ends: map[string]int{"no moves": 2}, Adjusted: &Adjusted{Games: 2, Score: 0.9}}
	for _, paired := range []bool{true, false} {
		var b strings.Builder
		if err := r.WriteText(&b, paired); err != nil {
			t.Fatal(err)
		}
		units := map[bool]string{true: "over the same pairs", false: "over the same games"}[paired]
		for _, want := range []string{"dames (default): hard vs random, 2 games", "+2 =0 -0", "ends: no moves 2", units} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("paired %v: %q lacks %q", paired, b.String(), want)
			}
		}
	}
}
