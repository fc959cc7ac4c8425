package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestClaimGuestKeepsFriendsSeat: the host created a game (holding every
// seat's token) and joined seat 0; a friend joined seat 1 from another
// browser. Signed in, the host can claim seat 0 only, by claim-guest or by
// connecting with seat 1's token; the friend then claims seat 1. Red on
// main b61b991: the host took seat 1 and the friend could not get it back.
func TestClaimGuestKeepsFriendsSeat(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	host, friend := ts.browser(t), ts.browser(t)
	a := host.do(t, "POST", "/api/games", map[string]any{"game": "dames", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id := a.body["id"].(string)
	var tok [2]string
	for i, s := range a.body["seats"].([]any) {
		tok[i] = s.(map[string]any)["token"].(string)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := host.dialAs(t, id).Hello(ctx, 0, tok[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := friend.dialAs(t, id).Hello(ctx, 0, tok[1]); err != nil {
		t.Fatal(err)
	}
	host.signUp(t, "hosta", "correct horse")
	claim := func(b *browser, toks ...string) string {
		t.Helper()
		var seats []map[string]string
		for _, tk := range toks {
			seats = append(seats, map[string]string{"game": id, "token": tk})
		}
		a := b.do(t, "POST", "/api/account/claim-guest", map[string]any{"seats": seats})
		if a.status != http.StatusOK {
			t.Fatalf("claim-guest: %d %s", a.status, a.raw)
		}
		return strings.TrimSpace(a.raw)
	}
	got := claim(host, tok[0], tok[1])
	if !strings.Contains(got, `"seats":[0]`) || !strings.Contains(got, "another device") {
		t.Errorf("the host's claim: %s; want seat 0 only, seat 1 refused as joined by another device", got)
	}
	friend.signUp(t, "frieda", "battery staple")
	if got := claim(friend, tok[1]); !strings.Contains(got, `"seats":[1]`) {
		t.Errorf("the friend's claim: %s; want seat 1", got)
	}
	if got := strings.Join(seatNames(t, ts, id), " "); got != "hosta frieda" {
		t.Errorf("seat names %q, want \"hosta frieda\"", got)
	}
	// Nor does connecting signed in with a friend's token take the seat.
	a = host.do(t, "POST", "/api/games", map[string]any{"game": "dames", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	id = a.body["id"].(string)
	tok1 := a.body["seats"].([]any)[1].(map[string]any)["token"].(string)
	guest := ts.browser(t)
	if _, err := guest.dialAs(t, id).Hello(ctx, 0, tok1); err != nil {
		t.Fatal(err)
	}
	hc := host.dialAs(t, id)
	if _, err := hc.Hello(ctx, 0, tok1); err != nil {
		t.Fatal(err)
	}
	if err := hc.Send(ctx, map[string]any{"type": "ping"}); err != nil { // answered once the seats are attached
		t.Fatal(err)
	}
	for m, err := hc.Next(ctx); m.Type != "pong"; m, err = hc.Next(ctx) {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(seatNames(t, ts, id), ","); got != "," {
		t.Errorf("seat names %q after the host connected with the guest's token, want none", got)
	}
}

// TestClaimGuestNeedsOwnJoin: a seat that no device joined (the invite not
// yet used) cannot be claimed by the host who holds its token.
func TestClaimGuestNeedsOwnJoin(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	host := ts.browser(t)
	a := host.do(t, "POST", "/api/games", map[string]any{"game": "dames", "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id := a.body["id"].(string)
	tok := a.body["seats"].([]any)[1].(map[string]any)["token"].(string)
	host.signUp(t, "hosta", "correct horse")
	b := host.do(t, "POST", "/api/account/claim-guest", map[string]any{"seats": []map[string]string{{"game": id, "token": tok}}})
	if b.status != http.StatusOK || strings.Contains(b.raw, `"seats"`) && strings.Contains(b.raw, `[1]`) || !strings.Contains(b.raw, "not joined") {
		t.Errorf("claim of an unused invite: %d %s; want refused as not joined from this device", b.status, b.raw)
	}
}
