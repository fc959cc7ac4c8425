package director

import (
	"context"
	"slices"
	"testing"
	"time"

	"plateau/store"
)

// TestSwissFivePlayers runs through the director the 4-round Swiss of 5
// players worked out by hand in package swiss (TestFivePlayersFourRounds):
// the same pairings, one bye a round, the same final tie-breaks.
func TestSwissFivePlayers(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, Swiss, Spec{Rounds: 4}, "p1", "p2", "p3", "p4", "p5", "late")
	d := r.director("i1", time.Minute)
	for i, a := range []string{"p3", "p1", "p5", "p2", "p4"} { // joining order does not matter: ratings do
		rating := map[string]int{"p1": 2000, "p2": 1990, "p3": 1980, "p4": 1970, "p5": 1960}[a]
		if err := d.Join(ctx, "t1", a, "N"+a, rating); err != nil {
			t.Fatalf("join %d: %v", i, err)
		}
	}
	rounds := []struct{ want, results string }{
		{"p1-p3 p4-p2 bye p5", "1 ="},
		{"p5-p1 p3-p4 bye p2", "0 1"},
		{"p2-p1 p3-p5 bye p4", "= 0"},
		{"p1-p4 p5-p2 bye p3", "1 0"},
	}
	r.now = t0
	for i, rd := range rounds {
		if err := d.Step(ctx); err != nil {
			t.Fatalf("round %d: %v", i+1, err)
		}
		if i == 1 { // late entries close once half the rounds have started
			if err := d.Join(ctx, "t1", "late", "Nlate", 2100); err != ErrStarted {
				t.Errorf("join once round 2 of 4 has started: %v, want ErrStarted", err)
			}
		}
		live := r.g.live()
		got := ""
		for _, g := range live {
			got += g.Seats[0].Account + "-" + g.Seats[1].Account + " "
		}
		var bye string
		d.View(ctx, "t1", func(s *State) { bye = s.Bye() })
		got += "bye " + bye
		if got != rd.want {
			t.Fatalf("round %d: %q, want %q", i+1, got, rd.want)
		}
		for j, res := range []string{rd.results[0:1], rd.results[2:3]} {
			r.g.finish(t, live[j].ID, res)
		}
		r.now = r.now.Add(10 * time.Minute)
	}
	if err := d.Step(ctx); err != nil {
		t.Fatal(err)
	}
	d.View(ctx, "t1", func(s *State) {
		if b := s.Bye(); b != "" {
			t.Errorf("bye %q after the end, want none", b)
		}
	})
	if tr, _ := r.s.Tournament(ctx, "t1"); tr.Status != store.TournamentFinished {
		t.Fatalf("status %s after 4 rounds, want finished", tr.Status)
	}
	st := r.standings(t, New(Config{Store: r.g}))
	want := []Line{
		{Rank: 1, Account: "p1", Score: 3.5, Buchholz: 8.5, SonnebornBerger: 7},
		{Rank: 2, Account: "p2", Score: 3, Buchholz: 8.5, SonnebornBerger: 6},
		{Rank: 3, Account: "p5", Score: 2, Buchholz: 10, SonnebornBerger: 3.5},
		{Rank: 4, Account: "p3", Score: 2, Buchholz: 8, SonnebornBerger: 2.5},
		{Rank: 5, Account: "p4", Score: 1.5, Buchholz: 9.5, SonnebornBerger: 2.5},
	}
	if !st.Ended || st.Winner != "p1" || len(st.Lines) != 5 {
		t.Fatalf("standings %+v", st)
	}
	for i, w := range want {
		l := st.Lines[i]
		if l.Rank != w.Rank || l.Account != w.Account || l.Score != w.Score || l.Buchholz != w.Buchholz || l.SonnebornBerger != w.SonnebornBerger {
			t.Errorf("line %d: %+v, want %+v", i+1, l, w)
		}
	}
}

// TestSwissLateEntry: a player who joins a 4-round Swiss tournament after
// round 1 has started is paired from round 2, absent (no points, no game)
// in round 1, last in the initial order; a reload of the log gives the
// same state; once round 2 has started nobody else may join.
func TestSwissLateEntry(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, Swiss, Spec{Rounds: 4}, "p1", "p2", "p3", "p4", "late", "later")
	d := r.director("i1", time.Minute)
	for i, a := range []string{"p1", "p2", "p3", "p4"} {
		if err := d.Join(ctx, "t1", a, "N"+a, 2000-10*i); err != nil {
			t.Fatal(err)
		}
	}
	r.now = t0
	if err := d.Step(ctx); err != nil {
		t.Fatal(err)
	}
	round1 := r.g.live()
	if len(round1) != 2 {
		t.Fatalf("round 1: %d games, want 2", len(round1))
	}
	if err := d.Join(ctx, "t1", "late", "Nlate", 2100); err != nil {
		t.Fatalf("a late entry during round 1 of 4: %v", err)
	}
	for _, g := range round1 {
		r.g.finish(t, g.ID, "1")
	}
	r.now = r.now.Add(10 * time.Minute)
	if err := d.Step(ctx); err != nil {
		t.Fatal(err)
	}
	var order []string
	var bye string
	d.View(ctx, "t1", func(s *State) { order, bye = slices.Clone(s.order), s.Bye() })
	if want := []string{"p1", "p2", "p3", "p4", "late"}; !slices.Equal(order, want) {
		t.Errorf("the initial order %v, want %v (the late entry last)", order, want)
	}
	inRound2 := bye == "late"
	for _, g := range r.g.live() {
		inRound2 = inRound2 || g.Seats[0].Account == "late" || g.Seats[1].Account == "late"
	}
	if !inRound2 {
		t.Errorf("round 2 %v, bye %q: the late entry neither paired nor given the bye", r.g.live(), bye)
	}
	if err := d.Join(ctx, "t1", "later", "Nlater", 1500); err != ErrStarted {
		t.Errorf("a join once round 2 of 4 has started: %v, want ErrStarted", err)
	}
	st := r.standings(t, d)
	for _, l := range st.Lines {
		if l.Account == "late" && (l.Score != 0 || l.Games != 0) {
			t.Errorf("the late entry after round 1: %+v, want no points, no game", l)
		}
	}
	// A fresh director replays the log to the same order.
	d2 := r.director("i2", time.Minute)
	d2.View(ctx, "t1", func(s *State) { order = slices.Clone(s.order) })
	if want := []string{"p1", "p2", "p3", "p4", "late"}; !slices.Equal(order, want) {
		t.Errorf("the replayed initial order %v, want %v", order, want)
	}
}

// TestSwissRoundEvery: with a round schedule (Spec.RoundEvery), round 2
// waits for its set time though round 1 ended early, and round 3 starts
// at once when round 2 ends past its set time; the time is the log's (a
// fresh replay agrees), and the last round's end ends the tournament at
// once.
func TestSwissRoundEvery(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, Swiss, Spec{Rounds: 3, RoundEvery: 30}, "a", "b", "c", "d")
	d := r.director("i1", time.Minute)
	for i, a := range []string{"a", "b", "c", "d"} {
		if err := d.Join(ctx, "t1", a, "N"+a, 1500+10*i); err != nil {
			t.Fatal(err)
		}
	}
	// state reads the rounds paired, the games in progress and the next
	// round's time, from d or from a fresh replay of the log.
	state := func(d *Director) (rounds, playing int, next time.Time, ok bool) {
		t.Helper()
		if err := d.View(ctx, "t1", func(s *State) {
			rounds, playing = len(s.rounds), len(s.Playing())
			next, ok = s.NextRound()
		}); err != nil {
			t.Fatal(err)
		}
		return
	}
	if _, _, next, ok := state(d); !ok || !next.Equal(t0) {
		t.Fatalf("before the start: next round %v %v, want the start %v", next, ok, t0)
	}
	step := func(at time.Time) {
		t.Helper()
		r.now = at
		if err := d.Step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	finishAll := func() {
		t.Helper()
		for _, g := range r.g.live() {
			r.g.finish(t, g.ID, "1")
		}
	}
	step(t0)
	if n, p, next, ok := state(d); n != 1 || p != 2 || !ok || !next.Equal(t0.Add(30*time.Minute)) {
		t.Fatalf("at the start: %d rounds, %d games, next %v %v; want round 1's 2 games, round 2 at +30 min", n, p, next, ok)
	}
	finishAll()
	step(t0.Add(10 * time.Minute)) // round 1 over early: round 2 waits
	step(t0.Add(30*time.Minute - time.Second))
	if n, p, _, _ := state(d); n != 1 || p != 0 {
		t.Fatalf("1 s before round 2's time: %d rounds, %d games in progress; want round 1 only, over", n, p)
	}
	if n, _, next, ok := state(New(Config{Store: r.g})); n != 1 || !ok || !next.Equal(t0.Add(30*time.Minute)) {
		t.Fatalf("a fresh replay: %d rounds, next %v %v; want round 2 at +30 min", n, next, ok)
	}
	step(t0.Add(30 * time.Minute))
	if n, p, next, ok := state(d); n != 2 || p != 2 || !ok || !next.Equal(t0.Add(60*time.Minute)) {
		t.Fatalf("at round 2's time: %d rounds, %d games, next %v %v; want round 2 paired, round 3 at +60 min", n, p, next, ok)
	}
	step(t0.Add(65 * time.Minute)) // round 2 runs late: round 3 waits for its games
	if n, _, _, _ := state(d); n != 2 {
		t.Fatalf("round 2 in progress past round 3's time: %d rounds paired", n)
	}
	finishAll()
	step(t0.Add(70 * time.Minute)) // round 2 ends: round 3 at once
	var paired time.Time
	d.View(ctx, "t1", func(s *State) { paired = s.Games[len(s.Games)-1].Paired })
	if n, p, _, ok := state(d); n != 3 || p != 2 || ok || !paired.Equal(t0.Add(70*time.Minute)) {
		t.Fatalf("round 2 over late: %d rounds, %d games, paired %v, a next round %v; want round 3 at once, the last", n, p, paired, ok)
	}
	finishAll()
	step(t0.Add(75 * time.Minute))
	if tr, _ := r.s.Tournament(ctx, "t1"); tr.Status != store.TournamentFinished {
		t.Fatalf("status %s after the last round, want finished at once", tr.Status)
	}
}
