package protocol_test

import (
	"encoding/json"
	"testing"
	"time"

	"plateau/game"
	"plateau/protocol"
)

// The server's messages keep the field names the web client reads.
func TestServerMessagesOnTheWire(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	seat := 0
	for _, tc := range []struct {
		msg  any
		want string
	}{
		{protocol.NewWelcome(3, 1, nil, protocol.Summary{ID: "g", Game: "dames", Status: "live", Version: 3}),
			`{"type":"welcome","protocol":1,"version":3,"since":1,"seats":[],"game":{"id":"g","game":"dames","variant":null,"casual":false,"status":"live","created":"0001-01-01T00:00:00Z","updated":"0001-01-01T00:00:00Z","seats":null,"version":3,"dice":{"commitment":""}}}`},
		{protocol.NewEventMsg(protocol.Event{Kind: "move", Seq: 4, Player: 1, Notation: "pass", Auto: true, Time: at}, game.View{}, nil),
			`{"type":"event","version":4,"event":{"kind":"move","seq":4,"player":1,"notation":"pass","auto":true,"time":"2026-11-23T10:00:00Z"},"view":{}}`},
		{protocol.NewEventMsg(protocol.Event{Kind: "undo_accept", Seq: 5, Player: 1, Seat: &seat, Time: at}, game.View{}, &protocol.Clock{InitialMS: 60000, Running: -1}),
			`{"type":"event","version":5,"event":{"kind":"undo_accept","seq":5,"player":1,"seat":0,"time":"2026-11-23T10:00:00Z"},"view":{},"clock":{"initial_ms":60000,"increment_ms":0,"running":-1}}`},
		{protocol.NewAck("c7", 12, ""), `{"type":"ack","id":"c7","version":12}`},
		{protocol.NewAck("", 40, "k3f9"), `{"type":"ack","version":40,"rematch_id":"k3f9"}`},
		{protocol.NewError("c7", "illegal_move", "no"), `{"type":"error","id":"c7","code":"illegal_move","message":"no"}`},
		{protocol.NewSeatsMsg("live", []protocol.Seat{{Seat: 1, Kind: "human", Joined: true}}),
			`{"type":"seats","game":{"status":"live","seats":[{"seat":1,"kind":"human","joined":true}]}}`},
		{protocol.NewPong(), `{"type":"pong"}`},
	} {
		b, err := protocol.Marshal(tc.msg)
		if err != nil {
			t.Fatalf("%T: %v", tc.msg, err)
		}
		if !jsonEqual(t, b, []byte(tc.want)) {
			t.Errorf("%T:\n got %s\nwant %s", tc.msg, b, tc.want)
		}
	}
	if b := protocol.ErrorJSON("", "rate_limited", "slow down"); string(b) != `{"type":"error","code":"rate_limited","message":"slow down"}` {
		t.Errorf("ErrorJSON: %s", b)
	}
}

// jsonEqual compares two JSON objects, but for their "view" (the
// engine's, package game's to test).
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y map[string]any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	if _, vx := x["view"]; vx != (y["view"] != nil) {
		return false
	}
	delete(x, "view")
	delete(y, "view")
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return string(ja) == string(jb)
}

func TestDecodeProtocolVersion(t *testing.T) {
	for _, tc := range []struct {
		in   string
		code string
	}{
		{`{"type":"hello","version":0}`, ""},
		{`{"type":"hello","version":0,"protocol":1}`, ""},
		{`{"type":"hello","version":0,"protocol":2}`, "bad_message"},
		{`{"type":"hello","version":0,"protocol":-1}`, "bad_message"},
	} {
		_, ref := protocol.Decode([]byte(tc.in))
		code := ""
		if ref != nil {
			code = ref.Code
		}
		if code != tc.code {
			t.Errorf("%s: refusal %v, want %q", tc.in, ref, tc.code)
		}
	}
}
