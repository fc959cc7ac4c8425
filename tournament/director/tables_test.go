package director

import (
	"slices"
	"testing"
	"time"

	"plateau/game"
)

func TestTablePoints(t *testing.T) {
	W, D, L := game.Win, game.Draw, game.Loss
	for _, c := range []struct {
		name string
		o    game.Outcome
		want []int
	}{
		{"shutbox 4: by open tiles", game.Outcome{Over: true, Results: []game.Result{L, W, L, L}, Scores: []int{12, 0, 30, 7}}, []int{1, 3, 0, 2}},
		{"shutbox 4: two share first", game.Outcome{Over: true, Results: []game.Result{D, D, L, L}, Scores: []int{3, 3, 9, 7}}, []int{2, 2, 0, 1}},
		{"shutbox 3: two share last", game.Outcome{Over: true, Results: []game.Result{W, L, L}, Scores: []int{0, 9, 9}}, []int{2, 0, 0}},
		{"shutbox 3: all tie", game.Outcome{Over: true, Results: []game.Result{D, D, D}, Scores: []int{5, 5, 5}}, []int{1, 1, 1}},
		{"intercept teams: 0 and 2 win", game.Finished(4, "", 0, 2), []int{2, 0, 2, 0}},
		{"intercept drawn", game.Drawn(4, ""), []int{1, 1, 1, 1}},
	} {
		if got := TablePoints(c.o); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestTablesPair(t *testing.T) {
	tb := newTables(3)
	for i, a := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		tb.join(a, 1000+100*i, t0.Add(time.Duration(i)*time.Second))
	}
	got := tb.pair()
	want := [][]string{{"f", "e", "d"}, {"c", "b", "a"}} // the six waiting longest, by rating; g waits
	if len(got) != 2 || !slices.Equal(got[0], want[0]) || !slices.Equal(got[1], want[1]) {
		t.Fatalf("pair: %v, want %v", got, want)
	}
	for _, s := range got {
		if err := tb.begin(s); err != nil {
			t.Fatal(err)
		}
	}
	if again := tb.pair(); again != nil {
		t.Errorf("one free player seated: %v", again)
	}
	if err := tb.begin([]string{"g", "a", "b"}); err == nil {
		t.Error("a and b seated twice")
	}
	if err := tb.finish(got[0], []int{2, 1, 0}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := tb.finish(got[0], nil, t0.Add(time.Minute)); err == nil {
		t.Error("a game finished twice")
	}
	if tb.ps["f"].score != 2 || tb.ps["d"].score != 0 || len(tb.ps["d"].sheet) != 1 {
		t.Errorf("scores after a game: f %d, d %+v", tb.ps["f"].score, tb.ps["d"])
	}
}
