package server_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

// A draw is offered only in the games whose rules have a draw by agreement
// (game.DrawByAgreement); the catalog says which.
func TestDrawOfferByGame(t *testing.T) {
	ts := newTestServer(t, nil)
	cases := []struct {
		game string
		want string // "ack" or the error code
	}{
		{"dames", "ack"},
		{"benedictine", "ack"},
		{"intercept", "ack"},
		{"mahbousse", "not_allowed"},
		{"shutbox", "not_allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			g := ts.create(t, tc.game, nil, "hh", false)
			p := join(t, ts, g.ID, 0, g.Seats[0].Token)
			if err := p.conn.SendRaw(ctx, []byte(`{"type":"draw","action":"offer","seat":0}`)); err != nil {
				t.Fatal(err)
			}
			for {
				m, err := p.conn.Next(ctx)
				if err != nil {
					t.Fatalf("waiting for the answer to the draw offer: %v", err)
				}
				if m.Type == "ack" || m.Type == "error" {
					got := m.Type
					if m.Type == "error" {
						got = m.Code
					}
					if got != tc.want {
						t.Errorf("draw offer in %s: %s, want %s", tc.game, m.Raw, tc.want)
					}
					break
				}
			}
		})
	}
	_, body := get(t, ts, "/api/catalog", nil)
	var cat []struct {
		ID        string `json:"id"`
		DrawOffer bool   `json:"draw_offer"`
	}
	if err := json.Unmarshal([]byte(body), &cat); err != nil {
		t.Fatalf("catalog %s: %v", body, err)
	}
	for _, c := range cat {
		for _, tc := range cases {
			if c.ID == tc.game && c.DrawOffer != (tc.want == "ack") {
				t.Errorf("the catalog says draw_offer=%v for %s", c.DrawOffer, c.ID)
			}
		}
	}
}
