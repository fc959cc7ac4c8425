package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestSeeksStrictKeys: the seeks WebSocket reads its messages as the game
// socket does (issue 66: on main b61b991 {"TYPE":"seek","GAME":"dames"}
// created a seek, and a repeated key won): keys spelled exactly, each
// once, known; invalid UTF-8 closes the connection with 1007.
func TestSeeksStrictKeys(t *testing.T) {
	ts := newTestServer(t, nil)
	hal := dialSeeks(t, ts, signedIn(t, ts, "hal"))
	hal.next("seeks")
	raw := func(msg string) {
		t.Helper()
		if err := hal.c.Write(context.Background(), websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ msg, part string }{
		{`{"TYPE":"seek","GAME":"dames"}`, `write "type"`},
		{`{"type":"seek","GAME":"dames"}`, `write "game"`},
		{`{"type":"seek","game":"chess","game":"dames"}`, "twice"},
		{`{"type":"dance","type":"seek","game":"dames"}`, "twice"},
		{`{"type":"seek","game":"dames","variant":{"a":"1","a":"2"}}`, "twice"},
		{`{"type":"seek","game":"dames","clock":{"Minutes":3,"increment":2}}`, `write "minutes"`},
		{`{"type":"seek","game":"dames"} {"type":"seek"}`, "trailing"},
	} {
		raw(c.msg)
		if m := hal.next("error", "seeking"); m.Type != "error" || m.Code != "bad_message" || !strings.Contains(m.Message, c.part) {
			t.Errorf("%s: %+v, want bad_message saying %q", c.msg, m, c.part)
		}
	}
	raw(`{"type":"seek","game":"dames"}`)
	if m := hal.next("error", "seeking"); m.Type != "seeking" {
		t.Errorf("a well-formed seek after the refusals: %+v, want seeking", m)
	}
	raw("{\"type\":\"cancel\",\"id\":\"\xff\"}")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, _, err := hal.c.Read(ctx)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusInvalidFramePayloadData {
			t.Errorf("after invalid UTF-8: %v, want a close with 1007", err)
		}
		break
	}
}

// TestHTTPBodiesStrictKeys: every JSON body of the HTTP API is read
// strictly too (issue 66: on main b61b991 /api/analysis let a repeated
// key win, and matched keys in any case).
func TestHTTPBodiesStrictKeys(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	for _, c := range []struct{ path, body, part string }{
		{"/api/analysis", `{"game":"chess","game":"dames","position":"W:W28:B23"}`, "twice"},
		{"/api/analysis", `{"GAME":"dames","position":"W:W28:B23"}`, `write "game"`},
		{"/api/analysis", "{\"game\":\"dames\",\"position\":\"W:W28:B23\xff\"}", "UTF-8"},
		{"/api/positions", `{"game":"dames","position":"W:W28:B23","position":"W:W28:B4"}`, "twice"},
		{"/api/positions/play", `{"game":"dames","Position":"W:W28:B23","move":"28x19"}`, `write "position"`},
		{"/api/pdn/export", `{"position":"","moves":[],"moves":["32-28"]}`, "twice"},
		{"/api/account/signup", `{"name":"ivy","password":"x","password":"correct horse"}`, "twice"},
		{"/api/account/signin", `{"Name":"ivy","password":"correct horse"}`, `write "name"`},
		{"/api/games", `{"game":"dames","game":"shutbox"}`, "twice"},
		{"/api/games", "{\"game\":\"dames\xff\"}", "UTF-8"},
	} {
		code, body := post(t, ts, c.path, c.body)
		var e struct {
			Error struct{ Code, Message string }
		}
		if code != http.StatusBadRequest || json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error.Message, c.part) {
			t.Errorf("POST %s %q: %d %s, want 400 saying %q", c.path, c.body, code, body, c.part)
		}
	}
	if _, err := ts.Store.AccountByName(context.Background(), "ivy"); err == nil {
		t.Error("the sign-up with a repeated password key created the account")
	}
}
