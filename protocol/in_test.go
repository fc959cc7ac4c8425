package protocol

import (
	"strings"
	"testing"
)

func TestDecodeRefuses(t *testing.T) {
	tests := []struct {
		name, data string
		msg        string // a part of the refusal's message
	}{
		{"invalid UTF-8", "{\"type\":\"move\",\"version\":0,\"move\":\"32-2\xff\"}", "not valid UTF-8"},
		{"duplicate key", `{"type":"move","version":0,"move":"32-28","move":"33-29"}`, `field move: the key is given twice`},
		{"duplicate type", `{"type":"ping","type":"resign"}`, `field type: the key is given twice`},
		{"upper-case key", `{"type":"move","version":0,"MOVE":"32-28"}`, `field MOVE: write "move": keys are case-sensitive`},
		{"key in title case", `{"Type":"ping"}`, `field Type: write "type"`},
		{"unknown field", `{"type":"ping","colour":"white"}`, `field colour: unknown field (fields: type, id, version, tokens, move, seat, action, protocol)`},
		{"unknown nested", `{"type":"hello","version":0,"tokens":[{"a":1}]}`, "malformed JSON message"},
		{"trailing object", `{"type":"ping"} {}`, "one JSON object per message"},
		{"not JSON", `{"type":`, "malformed JSON message: type: not JSON"},
		{"too deep", strings.Repeat("[", 100), "nested too deep"},
		{"array", `[]`, "malformed JSON message"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ref := Decode([]byte(tt.data))
			if ref == nil {
				t.Fatalf("Decode(%q) accepted", tt.data)
			}
			if ref.Code != "bad_message" || !strings.Contains(ref.Message, tt.msg) {
				t.Errorf("Decode(%q) = %s, want bad_message containing %q", tt.data, ref, tt.msg)
			}
		})
	}
}

func TestDecodeAccepts(t *testing.T) {
	for _, data := range []string{
		`{"type":"hello","version":0,"tokens":["abc"],"protocol":1}`,
		`{"type":"move","version":3,"move":"32-28","id":"c7","seat":0}`,
		`{"type":"draw","action":"offer","id":"x"}`,
		`{"type":"ping"}`,
		"{\"type\":\"move\",\"version\":1,\"move\":\"caf\u00e9\"}",
	} {
		if _, ref := Decode([]byte(data)); ref != nil {
			t.Errorf("Decode(%s): %s", data, ref)
		}
	}
}
