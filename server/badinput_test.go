package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/server"
	"plateau/server/wsclient"
)

type badCase struct {
	name    string
	as      string   // who connects: white, black, both, spectator, other (another game's token)
	noHello bool     // the bad message is the first message
	prep    []string // messages sent (and acknowledged) before the bad one
	casual  bool
	bad     string
	binary  bool
	code    string               // expected error code, or
	close   websocket.StatusCode // expected close code
}

func badCases() []badCase {
	h := func(name, msg, code string) badCase {
		return badCase{name: "hello/" + name, noHello: true, bad: msg, code: code}
	}
	w := func(name, msg, code string) badCase { return badCase{name: name, as: "white", bad: msg, code: code} }
	return []badCase{
		h("malformed JSON", `{`, "bad_message"),
		h("array", `[]`, "bad_message"),
		h("string", `"hello"`, "bad_message"),
		h("null", `null`, "bad_message"),
		h("empty", ``, "bad_message"),
		h("number", `42`, "bad_message"),
		h("not hello first", `{"type":"move","version":0,"move":"32-28"}`, "bad_message"),
		h("ping first", `{"type":"ping"}`, "bad_message"),
		h("no version", `{"type":"hello","tokens":[]}`, "bad_message"),
		h("negative version", `{"type":"hello","version":-1}`, "bad_message"),
		h("version ahead", `{"type":"hello","version":99}`, "stale_version"),
		h("version as string", `{"type":"hello","version":"0"}`, "bad_message"),
		h("fractional version", `{"type":"hello","version":0.5}`, "bad_message"),
		h("huge version", `{"type":"hello","version":1e30}`, "bad_message"),
		h("wrong token", `{"type":"hello","version":0,"tokens":["00000000000000000000000000000000"]}`, "bad_token"),
		h("empty token", `{"type":"hello","version":0,"tokens":[""]}`, "bad_token"),
		h("long token", `{"type":"hello","version":0,"tokens":["`+strings.Repeat("a", 65)+`"]}`, "bad_token"),
		h("too many tokens", `{"type":"hello","version":0,"tokens":["a","b","c","d","e","f","g","h","i"]}`, "bad_message"),
		h("tokens not array", `{"type":"hello","version":0,"tokens":"abc"}`, "bad_message"),
		h("token not string", `{"type":"hello","version":0,"tokens":[42]}`, "bad_message"),
		h("two objects", `{"type":"hello","version":0}{"type":"hello","version":0}`, "bad_message"),
		h("trailing garbage", `{"type":"hello","version":0} x`, "bad_message"),
		h("type is number", `{"type":1,"version":0}`, "bad_message"),
		h("type is object", `{"type":{"a":1},"version":0}`, "bad_message"),
		h("unknown type", `{"type":"helo","version":0}`, "bad_message"),
		h("deep nesting", strings.Repeat("[", 2000), "bad_message"),
		{name: "hello/binary", noHello: true, bad: `{"type":"hello","version":0}`, binary: true, code: "bad_message"},
		{name: "hello/other game's token", noHello: true, as: "other", code: "bad_token"},
		{name: "hello/oversize", noHello: true, bad: `{"type":"hello","version":0,"x":"` + strings.Repeat("x", 5000) + `"}`, close: websocket.StatusMessageTooBig},

		{name: "hello/invalid UTF-8", noHello: true, bad: "{\"type\":\"hello\",\"version\":0,\"tokens\":[\"\xff\"]}", close: websocket.StatusInvalidFramePayloadData},
		h("duplicate key", `{"type":"hello","version":0,"version":1}`, "bad_message"),
		h("key in upper case", `{"type":"hello","VERSION":0}`, "bad_message"),
		h("unknown field", `{"type":"hello","version":0,"name":"x"}`, "bad_message"),
		{name: "invalid UTF-8", as: "white", bad: "{\"type\":\"move\",\"version\":0,\"move\":\"32-28\xff\"}", close: websocket.StatusInvalidFramePayloadData},
		w("duplicate key", `{"type":"move","version":0,"move":"33-24","move":"32-28"}`, "bad_message"),
		w("duplicate type", `{"type":"ping","type":"resign"}`, "bad_message"),
		w("key in upper case", `{"type":"move","Version":0,"move":"32-28"}`, "bad_message"),
		w("unknown field", `{"type":"move","version":0,"move":"32-28","promote":true}`, "bad_message"),
		w("unknown type", `{"type":"jump"}`, "bad_message"),
		w("missing type", `{}`, "bad_message"),
		w("malformed JSON", `{"type":"move",`, "bad_message"),
		w("trailing garbage", `{"type":"ping"} x`, "bad_message"),
		w("move without version", `{"type":"move","move":"32-28"}`, "bad_message"),
		w("move without move", `{"type":"move","version":0}`, "bad_message"),
		w("move empty", `{"type":"move","version":0,"move":""}`, "bad_message"),
		w("move as number", `{"type":"move","version":0,"move":3228}`, "bad_message"),
		w("move too long", `{"type":"move","version":0,"move":"`+strings.Repeat("1", 300)+`"}`, "bad_message"),
		w("move negative version", `{"type":"move","version":-3,"move":"32-28"}`, "bad_message"),
		w("stale version", `{"type":"move","version":5,"move":"32-28"}`, "stale_version"),
		w("illegal move", `{"type":"move","version":0,"move":"33-24"}`, "illegal_move"),
		w("nonsense move", `{"type":"move","version":0,"move":"hello"}`, "illegal_move"),
		w("backward move", `{"type":"move","version":0,"move":"28-32"}`, "illegal_move"),
		w("opponent's piece", `{"type":"move","version":0,"move":"19-23"}`, "illegal_move"),
		w("second hello", `{"type":"hello","version":0}`, "bad_message"),
		w("draw bad action", `{"type":"draw","action":"maybe"}`, "bad_message"),
		w("draw no action", `{"type":"draw"}`, "bad_message"),
		w("draw accept without offer", `{"type":"draw","action":"accept"}`, "not_allowed"),
		w("undo in a rated game", `{"type":"undo","action":"request"}`, "not_allowed"),
		w("undo bad action", `{"type":"undo","action":"please"}`, "bad_message"),
		w("rematch before the end", `{"type":"rematch"}`, "not_allowed"),
		w("resign a seat not held", `{"type":"resign","seat":1}`, "not_allowed"),
		w("seat out of range", `{"type":"resign","seat":99}`, "bad_message"),
		w("negative seat", `{"type":"resign","seat":-1}`, "bad_message"),
		w("id too long", `{"type":"ping","id":"`+strings.Repeat("i", 65)+`"}`, "bad_message"),
		w("stale resign", `{"type":"resign","version":7}`, "stale_version"),
		{name: "binary after hello", as: "white", bad: `{"type":"ping"}`, binary: true, code: "bad_message"},
		{name: "oversize after hello", as: "white", bad: `{"type":"ping","x":"` + strings.Repeat("x", 5000) + `"}`, close: websocket.StatusMessageTooBig},
		{name: "not your turn", as: "black", bad: `{"type":"move","version":0,"move":"19-23"}`, code: "not_your_turn"},
		{name: "move for the seat not to move", as: "both", bad: `{"type":"move","version":0,"move":"32-28","seat":1}`, code: "not_your_turn"},
		{name: "spectator moves", as: "spectator", bad: `{"type":"move","version":0,"move":"32-28"}`, code: "not_allowed"},
		{name: "spectator resigns", as: "spectator", bad: `{"type":"resign"}`, code: "not_allowed"},
		{name: "spectator offers a draw", as: "spectator", bad: `{"type":"draw","action":"offer"}`, code: "not_allowed"},
		{name: "accept own draw offer", as: "white", prep: []string{`{"type":"draw","action":"offer"}`}, bad: `{"type":"draw","action":"accept"}`, code: "not_allowed"},
		{name: "second draw offer", as: "white", prep: []string{`{"type":"draw","action":"offer"}`}, bad: `{"type":"draw","action":"offer"}`, code: "not_allowed"},
		{name: "move after resigning", as: "white", prep: []string{`{"type":"resign"}`}, bad: `{"type":"move","version":3,"move":"32-28"}`, code: "game_over"}, // white's join, the resignation, the end
		{name: "resign twice", as: "white", prep: []string{`{"type":"resign"}`}, bad: `{"type":"resign"}`, code: "game_over"},
		{name: "duplicate move", as: "white", prep: []string{`{"type":"move","version":0,"move":"32-28"}`}, bad: `{"type":"move","version":0,"move":"32-28"}`, code: "stale_version"},
		{name: "undo with no move", as: "white", casual: true, bad: `{"type":"undo","action":"request"}`, code: "not_allowed"},
		{name: "undo accept without request", as: "white", casual: true, bad: `{"type":"undo","action":"accept"}`, code: "not_allowed"},
	}
}

func TestBadInput(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Rate, o.Burst = 0, 0 })
	cases := badCases()
	if len(cases) < 50 {
		t.Fatalf("only %d bad inputs", len(cases))
	}
	other := ts.create(t, "dames", nil, "hh", false)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			g := ts.create(t, "dames", nil, "hh", tc.casual)
			tokens := map[string][]string{"white": {g.Seats[0].Token}, "black": {g.Seats[1].Token},
				"both": {g.Seats[0].Token, g.Seats[1].Token}, "spectator": {}, "other": {other.Seats[0].Token}}[tc.as]
			c := ts.dial(t, g.ID)
			if !tc.noHello {
				if _, err := c.Hello(ctx, 0, tokens...); err != nil {
					t.Fatal(err)
				}
				for _, p := range tc.prep {
					if err := c.SendRaw(ctx, []byte(p)); err != nil {
						t.Fatal(err)
					}
					for {
						m, err := c.Next(ctx)
						if err != nil {
							t.Fatalf("prep %s: %v", p, err)
						}
						if m.Type == "error" {
							t.Fatalf("prep %s: %s", p, m.Raw)
						}
						if m.Type == "ack" {
							break
						}
					}
				}
			}
			before := snapshot(t, ts, g.ID)
			bad := []byte(tc.bad)
			if tc.as == "other" {
				bad = []byte(`{"type":"hello","version":0,"tokens":["` + tokens[0] + `"]}`)
			}
			typ := websocket.MessageText
			if tc.binary {
				typ = websocket.MessageBinary
			}
			if err := c.C.Write(ctx, typ, bad); err != nil {
				t.Fatal(err)
			}
			for {
				m, err := c.Next(ctx)
				if err != nil {
					if tc.close != 0 && websocket.CloseStatus(err) == tc.close {
						break
					}
					t.Fatalf("want error %q / close %d, got %v", tc.code, tc.close, err)
				}
				if m.Type == "event" || tc.close != 0 && m.Type == "error" { // the error explaining the close
					continue
				}
				if m.Type != "error" || m.Code != tc.code || m.Message == "" {
					t.Fatalf("want error %q, got %s", tc.code, m.Raw)
				}
				break
			}
			if tc.noHello && tc.close == 0 { // a refused hello closes the connection
				if _, err := c.Next(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
					t.Errorf("after a refused hello: %v, want close 1008", err)
				}
			}
			if after := snapshot(t, ts, g.ID); after != before {
				t.Errorf("stored game changed: %+v -> %+v", before, after)
			}
		})
	}
}

type stored struct {
	version, events int64
	status, result  string
}

func snapshot(t *testing.T, ts *testServer, id string) stored {
	ctx := context.Background()
	g, err := ts.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := ts.Store.Events(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return stored{g.Version, int64(len(evs)), g.Status, string(g.Result)}
}

func TestFloodIsRateLimitedThenClosed(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Rate, o.Burst = 5, 5 })
	g := ts.create(t, "dames", nil, "hh", false)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := ts.dial(t, g.ID)
	if _, err := c.Hello(ctx, 0, g.Seats[0].Token); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, ts, g.ID)
	go func() {
		for range 100 {
			if c.SendRaw(ctx, []byte(`{"type":"move","version":0,"move":"33-24"}`)) != nil {
				return
			}
		}
	}()
	limited := false
	for {
		m, err := c.Next(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("flood ended with %v, want close 1008", err)
			}
			break
		}
		limited = limited || m.Code == "rate_limited"
	}
	if !limited {
		t.Error("no rate_limited error before the close")
	}
	if after := snapshot(t, ts, g.ID); after != before {
		t.Errorf("stored game changed: %+v -> %+v", before, after)
	}
}

func TestConnectionsPerIP(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.ConnsPerIP = 3 })
	g := ts.create(t, "dames", nil, "hh", false)
	for range 3 {
		ts.dial(t, g.ID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+g.ID+"/ws", nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("4th connection: %v, want 429", err)
	}
}

func TestOriginChecked(t *testing.T) {
	ts := newTestServer(t, nil)
	g := ts.create(t, "dames", nil, "hh", false)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+g.ID+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign Origin: %v, want 403", err)
	}
}

func TestUnknownGame(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := wsclient.Dial(ctx, ts.URL, "nosuchgame"); err == nil {
		t.Error("WebSocket to an unknown game opened")
	}
	var v any
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/nosuchgame", &v); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("GET unknown game: %v, want 404", err)
	}
}
