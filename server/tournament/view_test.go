package tournament

import (
	"encoding/json"
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
