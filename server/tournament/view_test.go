package tournament

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"plateau/store"
	"plateau/tournament/director"
)

// TestViewMe checks the reader's part of a view: the creator, and the
// bye of a Swiss round in progress.
func TestViewMe(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 18, 0, 0, 0, time.UTC)
	tr := &store.Tournament{ID: "t1", Kind: director.Swiss, Game: "dames", Name: "S", Creator: "a",
		Spec: []byte(`{"clock":{"minutes":3},"rounds":3}`), Starts: t0, Status: store.TournamentRunning}
	st, err := director.NewState(tr)
	if err != nil {
		t.Fatal(err)
	}
	events := []struct {
		typ  string
		data any
	}{
		{director.EvJoin, map[string]any{"account": "a", "name": "A", "rating": 1600}},
		{director.EvJoin, map[string]any{"account": "b", "name": "B", "rating": 1500}},
		{director.EvJoin, map[string]any{"account": "c", "name": "C", "rating": 1400}},
		{director.EvStart, map[string]any{"order": []string{"a", "b", "c"}}},
		{director.EvRound, map[string]any{"round": 1, "bye": "c",
			"games": []any{map[string]any{"id": "g1", "white": "a", "black": "b", "tokens": []string{"x", "y"}}}}},
	}
	for i, e := range events {
		b, _ := json.Marshal(e.data)
		if err := st.Apply(store.TournamentEvent{Seq: int64(i + 1), Type: e.typ, Data: b, Time: t0}); err != nil {
			t.Fatal(err)
		}
	}
	h := New(Deps{Now: func() time.Time { return t0 }})
	for _, tt := range []struct {
		account      string
		creator, bye bool
		game, guest  bool
	}{
		{account: "a", creator: true, game: true},
		{account: "b", game: true},
		{account: "c", bye: true},
		{account: "", guest: true},
	} {
		me := h.view(st, tt.account).Me
		if tt.guest {
			if me != nil {
				t.Errorf("guest: me %+v, want none", me)
			}
			continue
		}
		if me == nil || !me.Joined || me.Creator != tt.creator || me.Bye != tt.bye || (me.Game != nil) != tt.game {
			t.Errorf("%s: me %+v, want creator %v, bye %v, a game %v", tt.account, me, tt.creator, tt.bye, tt.game)
		}
	}
	b, _ := json.Marshal(h.view(st, "c").Me)
	if string(b) != `{"joined":true,"bye":true}` {
		t.Errorf("c's part: %s", b)
	}
}

// TestViewNextRound: a Swiss tournament with a round schedule says when
// its next round starts (next_round, RFC 3339) while that time is ahead:
// the start, then round 2's set time during round 1 and between rounds;
// not once it is past (the round starts when the last game ends), after
// the last round, nor without a schedule.
func TestViewNextRound(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 18, 0, 0, 0, time.UTC)
	newState := func(spec string) *director.State {
		tr := &store.Tournament{ID: "t1", Kind: director.Swiss, Game: "dames", Name: "S", Creator: "a",
			Spec: []byte(spec), Starts: t0, Status: store.TournamentOpen}
		st, err := director.NewState(tr)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	apply := func(st *director.State, typ string, data any) {
		b, _ := json.Marshal(data)
		if err := st.Apply(store.TournamentEvent{Seq: st.T.Version + 1, Type: typ, Data: b, Time: t0}); err != nil {
			t.Fatal(err)
		}
	}
	round := func(st *director.State, n int, result bool) {
		id := fmt.Sprintf("g%d", n)
		apply(st, director.EvRound, map[string]any{"round": n,
			"games": []any{map[string]any{"id": id, "white": "a", "black": "b", "tokens": []string{"x", "y"}}}})
		if result {
			apply(st, director.EvResult, map[string]any{"game": id, "result": "draw"})
		}
	}
	now := t0
	h := New(Deps{Now: func() time.Time { return now }})
	next := func(st *director.State) string {
		b, _ := json.Marshal(h.view(st, ""))
		var v map[string]any
		json.Unmarshal(b, &v)
		s, _ := v["next_round"].(string)
		return s
	}
	st := newState(`{"clock":{"minutes":3},"rounds":2,"round_every":20}`)
	apply(st, director.EvJoin, map[string]any{"account": "a", "name": "A", "rating": 1600})
	apply(st, director.EvJoin, map[string]any{"account": "b", "name": "B", "rating": 1500})
	now = t0.Add(-5 * time.Minute)
	if got := next(st); got != "2026-12-05T18:00:00Z" {
		t.Errorf("before the start: next_round %q, want the start", got)
	}
	apply(st, director.EvStart, map[string]any{"order": []string{"a", "b"}})
	round(st, 1, false)
	now = t0.Add(5 * time.Minute)
	if got := next(st); got != "2026-12-05T18:20:00Z" {
		t.Errorf("during round 1: next_round %q, want round 2's time", got)
	}
	apply(st, director.EvResult, map[string]any{"game": "g1", "result": "draw"})
	if got := next(st); got != "2026-12-05T18:20:00Z" {
		t.Errorf("between rounds: next_round %q, want round 2's time", got)
	}
	now = t0.Add(25 * time.Minute)
	if got := next(st); got != "" {
		t.Errorf("past round 2's time: next_round %q, want none", got)
	}
	round(st, 2, true)
	now = t0.Add(26 * time.Minute)
	if got := next(st); got != "" {
		t.Errorf("after the last round: next_round %q, want none", got)
	}
	st = newState(`{"clock":{"minutes":3},"rounds":2}`)
	now = t0.Add(-5 * time.Minute)
	if got := next(st); got != "" {
		t.Errorf("without a schedule: next_round %q, want none", got)
	}
}
