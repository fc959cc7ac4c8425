package correspondence_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"plateau/server/correspondence"
	"plateau/store"
	"plateau/store/sqlite"
	"plateau/store/storetest"
)

func TestCheckDays(t *testing.T) {
	for _, c := range []struct {
		days int
		ok   bool
	}{{1, true}, {2, true}, {3, true}, {5, true}, {7, true}, {14, true}, {0, false}, {4, false}, {-1, false}, {15, false}, {30, false}} {
		if err := correspondence.CheckDays(c.days); (err == nil) != c.ok {
			t.Errorf("CheckDays(%d) = %v, want ok %v", c.days, err, c.ok)
		}
	}
	if c := correspondence.Clock(3); c.PerMove != 72*time.Hour || c.Initial != 0 || !c.Correspondence() {
		t.Errorf("Clock(3) = %+v", c)
	}
}

// fixture stores ann's games: two with her clock running (due in 2 and 1
// days), one whose first move is hers, one whose first move is bob's, one
// with bob's clock running, a blitz game and a finished one.
func fixture(t *testing.T) (store.Store, time.Time) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, a := range []string{"ann", "bob"} {
		if err := st.CreateAccount(ctx, storetest.NewAccount(a, a)); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)
	for _, g := range []struct {
		id      string
		clock   store.Clock
		moves   int
		running int // the seat whose clock runs (-1: none); ann is seat 0
		due     time.Duration
		status  string
	}{
		{"later", correspondence.Clock(3), 3, 0, 48 * time.Hour, store.StatusLive},
		{"sooner", correspondence.Clock(1), 1, 0, 24 * time.Hour, store.StatusLive},
		{"first-ann", correspondence.Clock(2), 0, -1, 0, store.StatusLive},
		{"first-bob", correspondence.Clock(2), 0, -1, 0, store.StatusLive},
		{"bobs", correspondence.Clock(2), 2, 1, time.Hour, store.StatusLive},
		{"blitz", store.Clock{Initial: time.Minute}, 2, 0, time.Minute, store.StatusLive},
		{"over", correspondence.Clock(2), 2, 0, time.Hour, store.StatusLive},
	} {
		rec := storetest.NewGame(g.id)
		rec.Seats = []store.Seat{{Kind: store.Human, Account: "ann"}, {Kind: store.Human, Account: "bob"}}
		rec.Status, rec.Clock = g.status, g.clock
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		var evs []store.Event
		for i := range g.moves {
			evs = append(evs, store.Event{Seq: int64(i + 1), Kind: store.KindMove, Player: i % 2, Notation: "x", Time: now})
		}
		var upd *store.Update
		if g.id == "over" {
			upd = &store.Update{Status: store.StatusFinished, Result: json.RawMessage(`{"over":true}`)}
		}
		if len(evs) > 0 {
			if err := st.Append(ctx, g.id, evs, upd); err != nil {
				t.Fatal(err)
			}
		}
		if g.running >= 0 {
			if err := st.SetDeadline(ctx, g.id, now.Add(g.due), g.running); err != nil {
				t.Fatal(err)
			}
		}
	}
	return st, now
}

func TestYourMove(t *testing.T) {
	st, now := fixture(t)
	h := &correspondence.Handler{Store: st, Now: func() time.Time { return now.Add(time.Hour) },
		Account: func(r *http.Request) (string, error) {
			switch a := r.Header.Get("X-Test-Account"); a {
			case "broken":
				return "", errors.New("no session store")
			default:
				return a, nil
			}
		},
		ToMove: func(_ context.Context, id string) (int, error) {
			return map[string]int{"first-ann": 0, "first-bob": 1}[id], nil
		}}
	get := func(account string) (int, correspondence.List, string) {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodGet, "/api/account/your-move", nil)
		r.Header.Set("X-Test-Account", account)
		h.ServeHTTP(w, r)
		var l correspondence.List
		json.Unmarshal(w.Body.Bytes(), &l)
		var e struct{ Error struct{ Code string } }
		json.Unmarshal(w.Body.Bytes(), &e)
		return w.Code, l, e.Error.Code
	}
	if code, _, e := get(""); code != http.StatusUnauthorized || e != "sign_in" {
		t.Errorf("a guest: %d %s, want 401 sign_in", code, e)
	}
	if code, _, e := get("broken"); code != http.StatusInternalServerError || e != "internal" {
		t.Errorf("a session that cannot be read: %d %s, want 500 internal", code, e)
	}
	code, l, _ := get("ann")
	var ids []string
	for _, g := range l.Games {
		ids = append(ids, g.ID)
	}
	if code != http.StatusOK || l.Count != 3 || !slices.Equal(ids, []string{"sooner", "later", "first-ann"}) {
		t.Fatalf("ann's list: %d %+v; want sooner, later (by deadline), then first-ann", code, l)
	}
	if g := l.Games[0]; g.Seat != 0 || !g.Deadline.Equal(now.Add(24*time.Hour)) || *g.LeftMS != (23*time.Hour).Milliseconds() ||
		g.PerMoveMS != (24*time.Hour).Milliseconds() || !slices.Equal(g.Opponents, []string{"bob"}) || g.URL != "/g/sooner" {
		t.Errorf("the game due sooner: %+v", g)
	}
	if g := l.Games[2]; g.Deadline != nil || g.LeftMS != nil {
		t.Errorf("a first move has no deadline: %+v", g)
	}
	if _, l, _ := get("bob"); l.Count != 2 || l.Games[0].ID != "bobs" || l.Games[1].ID != "first-bob" {
		t.Errorf("bob's list: %+v; want bobs, then first-bob", l)
	}
}
