package protocol

import (
	"errors"
	"strings"
	"testing"
)

type strictSeat struct {
	Kind  string `json:"kind"`
	Level string `json:"level,omitempty"`
}

type strictBase struct {
	ID string `json:"id"`
}

type strictRequest struct {
	strictBase
	Type    string            `json:"type"`
	Variant map[string]string `json:"variant,omitempty"`
	Seats   []strictSeat      `json:"seats"`
	Clock   *struct {
		Minutes float64 `json:"minutes"`
	} `json:"clock,omitempty"`
	Hidden string `json:"-"`
	Plain  int
}

func TestDecodeStrict(t *testing.T) {
	var ok strictRequest
	if err := DecodeStrict([]byte(`{"id":"x","type":"seek","variant":{"a":"1"},"seats":[{"kind":"ai"}],"clock":{"minutes":3},"Plain":2}`), &ok); err != nil {
		t.Fatalf("a good request: %v", err)
	}
	if ok.ID != "x" || ok.Type != "seek" || ok.Seats[0].Kind != "ai" || ok.Clock.Minutes != 3 || ok.Plain != 2 {
		t.Errorf("decoded %+v", ok)
	}
	for _, c := range []struct{ name, body, field, why string }{
		{"upper-case key", `{"TYPE":"seek"}`, "TYPE", `write "type"`},
		{"repeated key", `{"type":"seek","type":"other"}`, "type", "twice"},
		{"repeated key in a map", `{"variant":{"a":"1","a":"2"}}`, "variant.a", "twice"},
		{"upper-case nested key", `{"seats":[{"kind":"ai"},{"KIND":"ai"}]}`, "seats[1].KIND", `write "kind"`},
		{"unknown key", `{"type":"seek","admin":true}`, "admin", "unknown field"},
		{"unknown nested key", `{"clock":{"minutes":1,"hours":1}}`, "clock.hours", "unknown field"},
		{"ignored field", `{"Hidden":"x"}`, "Hidden", "unknown field"},
		{"wrong type", `{"type":3}`, "type", "not a string"},
		{"trailing data", `{"type":"seek"} {}`, "", "trailing"},
		{"not JSON", `{"type":`, "type", "not JSON"},
	} {
		var r strictRequest
		err := DecodeStrict([]byte(c.body), &r)
		var ke *KeyError
		if !errors.As(err, &ke) || ke.Field != c.field || !strings.Contains(ke.Message, c.why) {
			t.Errorf("%s: %s: %v; want field %q, %q", c.name, c.body, err, c.field, c.why)
		}
	}
	var r strictRequest
	if err := DecodeStrict([]byte("{\"type\":\"se\xffek\"}"), &r); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8: %v, want ErrInvalidUTF8", err)
	}
}

// TestDecodeStrictPaths: a key's path tells indexes from keys made of
// digits, reading the JSON itself.
func TestDecodeStrictPaths(t *testing.T) {
	for _, c := range []struct{ body, field, why string }{
		{`{"variant":{"1":"a","1":"b"}}`, "variant.1", "twice"},
		{`{"seats":[{"kind":"ai"},{"kind":"ai","kind":"x"}]}`, "seats[1].kind", "twice"},
		{`{"seats":[{"kind":1}]}`, "seats[0].kind", "a JSON number is not a string"},
		{`{"seats":{"kind":"ai"}}`, "seats", "a JSON object is not a []protocol.strictSeat"},
		{`{"seats":[[[[[[[[[[]]]]]]]]]]}`, "seats[0][0][0][0][0][0][0][0]", "nested too deep"},
		{`{"seats":[[[[[[[[]]]]]]]]}`, "seats[0]", "a JSON array is not a protocol.strictSeat"},
	} {
		var r strictRequest
		err := DecodeStrict([]byte(c.body), &r)
		var ke *KeyError
		if !errors.As(err, &ke) || ke.Field != c.field || !strings.Contains(ke.Message, c.why) {
			t.Errorf("%s: %v; want field %q, %q", c.body, err, c.field, c.why)
		}
	}
}
