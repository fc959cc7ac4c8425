package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"plateau/room"
	"plateau/server/wsclient"
)

func TestCreateWithClock(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	post := func(body string) (int, []byte) {
		resp, err := ts.HTTP.Post(ts.URL+"/api/games", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	for _, bad := range []string{`{"minutes": 0}`, `{"minutes": 5, "increment": -1}`, `{"minutes": 2000}`, `{"minutes": 5, "increment": 601}`} {
		if code, b := post(`{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}],"clock":` + bad + `}`); code != http.StatusBadRequest || !strings.Contains(string(b), "clock") {
			t.Errorf("clock %s: %d %s, want 400 naming the clock", bad, code, b)
		}
	}
	code, b := post(`{"game":"dames","seats":[{"kind":"human"},{"kind":"ai","level":"easy"}],"clock":{"minutes":0.5,"increment":2}}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	var c wsclient.Created
	json.Unmarshal(b, &c)
	var sum room.Summary
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+c.ID, &sum); err != nil {
		t.Fatal(err)
	}
	k := sum.Clock
	if k == nil || k.InitialMS != 30000 || k.IncrementMS != 2000 || k.Running != -1 || len(k.LeftMS) != 2 ||
		k.LeftMS[0] == nil || *k.LeftMS[0] != 30000 || k.LeftMS[1] != nil {
		t.Fatalf("summary clock = %+v, want 30 s + 2 s for seat 0 only, stopped", k)
	}
	var lobby []room.Summary
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games", &lobby); err != nil || len(lobby) != 1 || lobby[0].Clock == nil || lobby[0].Clock.InitialMS != 30000 {
		t.Errorf("lobby entry's clock: %+v, %v", lobby, err)
	}
	// The first move starts the clocks; the event carries them.
	p := join(t, ts, c.ID, 0, c.Seats[0].Token)
	if err := p.conn.Send(ctx, map[string]any{"type": "move", "version": p.version, "move": p.view.Moves[0].Notation}); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := p.conn.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type != "event" {
			continue
		}
		var ev struct{ Clock *room.ClockJSON }
		json.Unmarshal(m.Raw, &ev)
		if ev.Clock == nil || ev.Clock.Running != -1 || *ev.Clock.LeftMS[0] != 30000 {
			t.Errorf("event %d's clock: %+v; want seat 0 at 30 s, stopped (the AI is to move)", m.Version, ev.Clock)
		}
		break
	}
}
