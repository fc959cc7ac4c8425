package ladder

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestPut(t *testing.T) {
	var f File
	for _, l := range []Ladder{
		{Game: "shutbox", Variant: "tiles=9", Players: 2, Seed: 1},
		{Game: "dames", Variant: "", Players: 2, Seed: 2},
		{Game: "intercept", Variant: "", Players: 4, Seed: 3},
		{Game: "intercept", Variant: "", Players: 2, Seed: 4},
		{Game: "shutbox", Variant: "tiles=9", Players: 2, Seed: 5}, // replaces seed 1
	} {
		f.Put(l)
	}
	var got []uint64
	for _, l := range f.Ladders {
		got = append(got, l.Seed)
	}
	if want := []uint64{2, 4, 3, 5}; !reflect.DeepEqual(got, want) {
		t.Errorf("seeds in order %v, want %v", got, want)
	}
}

func TestStronger(t *testing.T) {
	l := Ladder{Levels: []Level{{Name: "random"}, {Name: "easy", GapLo: 12}, {Name: "medium", GapLo: -3}}}
	for i, want := range []bool{false, true, false, false} {
		if got := l.Stronger(i); got != want {
			t.Errorf("Stronger(%d) = %v, want %v", i, got, want)
		}
	}
}

// TestFileJSON: the file's names are those of ai/level/ladder.json.
func TestFileJSON(t *testing.T) {
	in := `{"ladders":[{"game":"dames","variant":"","players":2,"seed":7,"anchor":0,"levels":[{"name":"easy","elo":10,"lo":1,"hi":20,"gap":10,"gapLo":1,"gapHi":20}],"pairings":[{"a":"easy","b":"random","games":4,"wins":3,"draws":0,"losses":1,"score":0.75,"elo":191,"adjusted":0.7,"seconds":1.5,"aNodes":100,"bNodes":0,"aMillis":2,"bMillis":0}],"seconds":1.5}]}`
	var f File
	if err := json.Unmarshal([]byte(in), &f); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("round trip:\n got %s\nwant %s", out, in)
	}
}
