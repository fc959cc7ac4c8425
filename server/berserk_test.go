package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestArenaBerserk: in an arena created with berserk, a paired player
// berserks by the socket before their first move: the event reaches the
// seat with the clocks, the seat's time is half the initial, the stored
// game allows berserk; a second berserk is refused.
func TestArenaBerserk(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	bs := []*browser{ts.browser(t), ts.browser(t)}
	for i, n := range []string{"ana", "bob"} {
		bs[i].signUp(t, n, "correct horse battery staple 71")
	}
	arena := map[string]any{"kind": "arena", "game": "dames", "clock": map[string]any{"minutes": 3, "increment": 2}, "minutes": 30, "berserk": true}
	a := bs[0].do(t, "POST", "/api/tournaments", arena)
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id, _ := a.body["id"].(string)
	for i, b := range bs {
		if a := b.do(t, "POST", "/api/tournaments/"+id+"/join", nil); a.status != http.StatusOK {
			t.Fatalf("player %d joins: %d %s", i, a.status, a.raw)
		}
	}
	paired := waitPaired(t, bs, id, nil)
	if len(paired) != 2 {
		t.Fatalf("%d players paired, want 2", len(paired))
	}
	q, _ := url.Parse(paired[1])
	gameID := strings.TrimPrefix(q.Path, "/g/")
	seat := q.Query().Get("seat")
	p := joinAs(t, ts, "plateau_session="+bs[1].sessionCookie(t), gameID, q.Query().Get("token"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.conn.SendRaw(ctx, []byte(`{"type":"berserk","id":"b1","seat":`+seat+`}`)); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := p.conn.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for the berserk event: %v", err)
		}
		if m.Type == "error" {
			t.Fatalf("berserk refused: %s %s", m.Code, m.Message)
		}
		if m.Type == "event" && m.Event != nil && m.Event.Kind == "berserk" {
			if !strings.Contains(string(m.Raw), `"left_ms"`) || !strings.Contains(string(m.Raw), `"berserked"`) {
				t.Errorf("the berserk event's message has no clocks saying who berserked: %s", m.Raw)
			}
			break
		}
	}
	g, err := ts.Store.Game(ctx, gameID)
	if err != nil || !g.Clock.Berserk {
		t.Fatalf("the stored game: %+v, %v: want berserk allowed", g, err)
	}
	s := bs[1].do(t, "GET", "/api/games/"+gameID, nil)
	if !strings.Contains(s.raw, `"berserked"`) || !strings.Contains(s.raw, `90000`) {
		t.Errorf("the game after the berserk: %s, want seat %s berserked with 90,000 ms", s.raw, seat)
	}
	if err := p.conn.SendRaw(ctx, []byte(`{"type":"berserk","id":"b2","seat":`+seat+`}`)); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := p.conn.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for the second berserk's answer: %v", err)
		}
		if m.Type == "error" && m.ID == "b2" {
			if m.Code != "not_allowed" {
				t.Errorf("a second berserk: %s %s, want not_allowed", m.Code, m.Message)
			}
			break
		}
		if m.Type == "ack" && m.ID == "b2" {
			t.Fatal("a second berserk was accepted")
		}
	}
}
