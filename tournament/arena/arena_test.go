package arena

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 5, 20, 0, 0, 0, time.UTC)

func newArena(t testing.TB, berserk bool, ratings map[string]int) *Arena {
	t.Helper()
	a := New(Config{Start: t0, Duration: time.Hour, Berserk: berserk})
	ids := make([]string, 0, len(ratings))
	for id := range ratings {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := a.Join(id, ratings[id], t0); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// games formats pairings as sorted "white-black" strings.
func games(ps []Pairing) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.White+"-"+p.Black)
	}
	slices.Sort(out)
	return out
}

// pairOf returns the ids of ps as unordered pairs "x/y" with x < y, sorted.
func pairsOf(ps []Pairing) []string {
	var out []string
	for _, p := range ps {
		out = append(out, min(p.White, p.Black)+"/"+max(p.White, p.Black))
	}
	slices.Sort(out)
	return out
}

func TestScoring(t *testing.T) {
	// One player's games against another: 2, 2, then on fire 4 (+1
	// berserk = 5), a draw on fire 2 ends the streak, 2, a loss 0, 2.
	a := newArena(t, true, map[string]int{"a": 1500, "b": 1500})
	results := []struct {
		r       Result
		berserk bool
		points  int
		fire    bool
	}{
		{WhiteWins, false, 2, false},
		{WhiteWins, false, 2, false},
		{WhiteWins, true, 5, true},
		{Draw, false, 2, true},
		{WhiteWins, false, 2, false},
		{BlackWins, true, 0, false},
		{WhiteWins, false, 2, false},
	}
	now := t0
	total := 0
	for i, r := range results {
		now = now.Add(time.Minute)
		ps, err := a.Pair(now, nil)
		if err != nil || len(ps) != 1 {
			t.Fatalf("game %d: pairing %v, %v", i+1, ps, err)
		}
		// "a" plays white in every game of the list: swap the result when
		// the pairing gave "a" black.
		r.r, _ = orient(ps[0], "a", r.r)
		bw, bb := r.berserk, false
		if ps[0].White != "a" {
			bw, bb = bb, bw
		}
		if err := a.Finish(ps[0].White, ps[0].Black, r.r, bw, bb, now); err != nil {
			t.Fatal(err)
		}
		st := standing(a, "a")
		m := st.Sheet[len(st.Sheet)-1]
		total += r.points
		if m.Points != r.points || m.Fire != r.fire || st.Score != total {
			t.Fatalf("game %d: %+v (score %d), want %d points, fire %v, score %d", i+1, m, st.Score, r.points, r.fire, total)
		}
	}
	if st := standing(a, "b"); st.Score != 3 { // b's draw and win, no berserk
		t.Errorf("b's score %d, want 3", st.Score)
	}
}

// orient turns a result given for id as white into the game's result.
func orient(p Pairing, id string, r Result) (Result, bool) {
	if p.White == id {
		return r, false
	}
	return 4 - r, true
}

func standing(a *Arena, id string) Standing {
	for _, s := range a.Standings() {
		if s.ID == id {
			return s
		}
	}
	return Standing{}
}

func TestBerserkNotAllowed(t *testing.T) {
	a := newArena(t, false, map[string]int{"a": 1500, "b": 1500})
	ps, _ := a.Pair(t0, nil)
	if err := a.Finish(ps[0].White, ps[0].Black, WhiteWins, true, true, t0); err != nil {
		t.Fatal(err)
	}
	if st := standing(a, ps[0].White); st.Score != 2 || st.Sheet[0].Berserk {
		t.Errorf("berserk win in an arena without berserk: %+v", st)
	}
	if ini, inc := Berserk(3*time.Minute, 2*time.Second); ini != 90*time.Second || inc != 0 {
		t.Errorf("berserk clock %v+%v, want 1m30s+0s", ini, inc)
	}
}

func TestPairNearest(t *testing.T) {
	tests := []struct {
		name    string
		ratings map[string]int
		last    [][2]string // games played and finished just before
		later   []string    // players who became free 5 s after the others
		want    []string
	}{{
		name:    "nearest ratings",
		ratings: map[string]int{"a": 1500, "b": 2010, "c": 1700, "d": 1510, "e": 2000, "f": 1720},
		want:    []string{"a/d", "b/e", "c/f"},
	}, {
		name:    "no rematch while others wait: crossing",
		ratings: map[string]int{"a": 1500, "b": 1510, "c": 1520, "d": 1530},
		last:    [][2]string{{"a", "b"}},
		want:    []string{"a/c", "b/d"},
	}, {
		name:    "odd: the latest arrival waits",
		ratings: map[string]int{"a": 1500, "b": 1600, "c": 1550},
		later:   []string{"c"},
		want:    []string{"a/b"},
	}, {
		name:    "odd: with equal waits, the nearest pair plays",
		ratings: map[string]int{"a": 1500, "b": 1900, "c": 1550},
		want:    []string{"a/c"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(Config{Start: t0, Duration: time.Hour})
			for id, r := range tt.ratings {
				if slices.Contains(tt.later, id) {
					continue
				}
				a.Join(id, r, t0)
			}
			for _, g := range tt.last {
				p := a.start(nil, a.idx[g[0]], a.idx[g[1]])[0]
				if err := a.Finish(p.White, p.Black, Draw, false, false, t0); err != nil {
					t.Fatal(err)
				}
			}
			now := t0.Add(5 * time.Second)
			for _, id := range tt.later {
				a.Join(id, tt.ratings[id], now)
			}
			ps, err := a.Pair(now, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := pairsOf(ps); !slices.Equal(got, tt.want) {
				t.Errorf("pairs %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRematchAlone(t *testing.T) {
	a := newArena(t, false, map[string]int{"a": 1500, "b": 1500, "c": 1500})
	a.Leave("c")
	ps, _ := a.Pair(t0, nil)
	a.Finish(ps[0].White, ps[0].Black, Draw, false, false, t0)
	if ps, _ := a.Pair(t0.Add(9*time.Second), nil); len(ps) != 0 {
		t.Fatalf("rematch after 9 s: %v", ps)
	}
	a.Join("c", 1500, t0.Add(9*time.Second))
	if ps, _ := a.Pair(t0.Add(9*time.Second), nil); len(ps) != 1 || pairsOf(ps)[0] == "a/b" {
		t.Fatalf("with c back: %v, want c with a or b", ps)
	}
	b := newArena(t, false, map[string]int{"a": 1500, "b": 1500})
	ps, _ = b.Pair(t0, nil)
	b.Finish(ps[0].White, ps[0].Black, Draw, false, false, t0)
	if ps, _ := b.Pair(t0.Add(10*time.Second), nil); len(ps) != 1 {
		t.Fatalf("alone after 10 s: %v, want the rematch", ps)
	}
}

func TestLifecycle(t *testing.T) {
	a := newArena(t, false, map[string]int{"a": 1500, "b": 1600})
	if _, err := a.Pair(t0.Add(-time.Second), nil); !errors.Is(err, ErrNotStarted) {
		t.Errorf("pairing before the start: %v", err)
	}
	ps, _ := a.Pair(t0, nil)
	if got := games(ps); !slices.Equal(got, []string{"b-a"}) {
		t.Fatalf("first game %v, want b-a (the higher rated white)", got)
	}
	if err := a.Leave("b"); err != nil {
		t.Fatal(err)
	}
	if err := a.Finish("a", "b", WhiteWins, false, false, t0); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("finish with the colours swapped: %v", err)
	}
	if err := a.Finish("b", "x", WhiteWins, false, false, t0); !errors.Is(err, ErrUnknown) {
		t.Errorf("finish with an unknown player: %v", err)
	}
	if err := a.Finish("b", "a", BlackWins, false, false, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := a.Leave("x"); !errors.Is(err, ErrUnknown) {
		t.Errorf("leave by an unknown player: %v", err)
	}
	st := a.Standings()
	if st[0].ID != "a" || st[0].Score != 2 || st[1].ID != "b" || !st[1].Left {
		t.Errorf("standings %+v", st)
	}
	if ps, _ := a.Pair(t0.Add(2*time.Minute), nil); len(ps) != 0 {
		t.Errorf("paired a player who left: %v", ps)
	}
	a.Join("b", 1590, t0.Add(2*time.Minute))
	if ps, _ := a.Pair(t0.Add(15*time.Minute), nil); len(ps) != 1 {
		t.Errorf("b back, alone with a for 13 min: %v", ps)
	}
	if ps, _ := a.Pair(t0.Add(time.Hour), nil); len(ps) != 0 || !a.Over(t0.Add(time.Hour)) {
		t.Errorf("pairing at the end: %v", ps)
	}
	if err := a.Join("c", 1500, t0.Add(time.Hour)); !errors.Is(err, ErrOver) {
		t.Errorf("join after the end: %v", err)
	}
}

// TestSimulation plays a 20-minute arena of 60 players with random game
// lengths and results (seeded), pairing every second, and checks that no
// player is in two games, that last opponents never meet again while
// others are free, and that the score of each equals its sheet's.
func TestSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 2))
	a := New(Config{Start: t0, Duration: 20 * time.Minute, Berserk: true})
	for i := range 60 {
		a.Join(fmt.Sprint("p", i), 1000+rng.IntN(1500), t0)
	}
	type game struct {
		p   Pairing
		end time.Time
	}
	var live []game
	var buf []Pairing
	for now := t0; now.Before(t0.Add(26 * time.Minute)); now = now.Add(time.Second) {
		kept := live[:0]
		for _, g := range live {
			if now.Before(g.end) {
				kept = append(kept, g)
				continue
			}
			if err := a.Finish(g.p.White, g.p.Black, Result(1+rng.IntN(3)), rng.IntN(4) == 0, false, now); err != nil {
				t.Fatal(err)
			}
		}
		live = kept
		free := 0
		for _, p := range a.ps {
			if p.in && p.playing < 0 {
				free++
			}
		}
		var err error
		if buf, err = a.Pair(now, buf); err != nil {
			t.Fatal(err)
		}
		for _, p := range buf {
			w, b := a.idx[p.White], a.idx[p.Black]
			if free > 2 && a.ps[w].sheet != nil && (a.ps[w].last == b) {
				t.Fatalf("%v: %s and %s meet again while %d are free", now, p.White, p.Black, free)
			}
			live = append(live, game{p, now.Add(time.Duration(30+rng.IntN(300)) * time.Second)})
		}
		if free >= 3 && len(buf) == 0 && !a.Over(now) {
			t.Fatalf("%v: %d players free, none paired", now, free)
		}
	}
	for _, s := range a.Standings() {
		sum := 0
		for _, m := range s.Sheet {
			sum += m.Points
		}
		if sum != s.Score || s.Playing {
			t.Errorf("%s: score %d, sheet's sum %d, playing %v", s.ID, s.Score, sum, s.Playing)
		}
	}
}

func BenchmarkPair1000(b *testing.B) {
	rng := rand.New(rand.NewPCG(71, 3))
	a := New(Config{Start: t0, Duration: time.Hour})
	for i := range 1000 {
		a.Join(fmt.Sprint("p", i), 800+rng.IntN(2000), t0)
	}
	var buf []Pairing
	b.ReportAllocs()
	for b.Loop() {
		var err error
		buf, err = a.Pair(t0.Add(time.Minute), buf)
		if err != nil || len(buf) != 500 {
			b.Fatalf("%d games, %v", len(buf), err)
		}
		for i := range a.ps {
			a.ps[i].playing = -1
		}
	}
}

func TestBeginVoid(t *testing.T) {
	a := newArena(t, false, map[string]int{"a": 1500, "b": 1600, "c": 1700})
	if err := a.Begin("a", "b"); err != nil {
		t.Fatal(err)
	}
	if err := a.Begin("c", "b"); err == nil {
		t.Error("Begin with a player already playing: no error")
	}
	if err := a.Begin("a", "x"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Begin with an unknown player: %v", err)
	}
	if err := a.Void("b", "a", t0); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("Void with the colours swapped: %v", err)
	}
	if err := a.Void("a", "b", t0); err != nil {
		t.Fatal(err)
	}
	if st := standing(a, "a"); st.Games != 0 || st.Playing {
		t.Errorf("after Void: %+v", st)
	}
}
