package protocol

import (
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"
)

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"hello","version":0,"tokens":["9f2c0000000000000000000000000000"]}`,
		`{"type":"move","version":3,"move":"32-28","id":"c7"}`,
		`{"type":"draw","action":"offer"}`, `{"type":"undo","action":"request","seat":1}`,
		`{"type":"resign","seat":0}`, `{"type":"rematch"}`, `{"type":"ping"}`,
		`{`, `[]`, `null`, `{"type":1}`, `{"type":"move","version":-1}`, `{"type":"ping"} {}`,
		`{"type":"move","version":0,"move":"32-28","move":"33-29"}`, `{"Type":"ping"}`, `{"type":"ping","x":1}`,
		"{\"type\":\"move\",\"version\":0,\"move\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, ref := Decode(data)
		if ref != nil {
			if ref.Code != "bad_message" && ref.Code != "bad_token" || ref.Message == "" {
				t.Fatalf("Decode(%q): refusal %+v", data, ref)
			}
			return
		}
		if !utf8.Valid(data) {
			t.Fatalf("Decode accepted invalid UTF-8 %q", data)
		}
		// An accepted message is well-formed: re-encoding and decoding it
		// gives it back.
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, ref := Decode(b)
		if ref != nil || m2.Type != m.Type || m2.ID != m.ID || (m.Version == nil) != (m2.Version == nil) {
			t.Fatalf("Decode(%q) = %+v, re-encoded %s decodes to %+v, %v", data, m, b, m2, ref)
		}
		switch m.Type {
		case "hello":
			if m.Version == nil || *m.Version < 0 || len(m.Tokens) > maxTokens {
				t.Fatalf("accepted bad hello %q", data)
			}
		case "move":
			if m.Version == nil || m.Move == nil || *m.Move == "" || len(*m.Move) > maxMoveLen {
				t.Fatalf("accepted bad move %q", data)
			}
		case "draw", "undo", "resign", "rematch", "ping":
		default:
			t.Fatalf("accepted type %q", m.Type)
		}
	})
}

// FuzzDecodeStrict: DecodeStrict never panics, refuses invalid UTF-8, and
// answers every other refusal with a *KeyError that says why.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{
		`{"id":"x","type":"seek","variant":{"a":"1"},"seats":[{"kind":"ai"}],"clock":{"minutes":3},"Plain":2}`,
		`{"TYPE":"seek"}`, `{"variant":{"a":"1","a":"2"}}`, `{"seats":[{"kind":"ai"},{"KIND":"ai"}]}`,
		`{"clock":{"minutes":1,"hours":1}}`, `{"type":3}`, `{"type":"seek"} {}`, `{"type":`,
		`{"seats":[[[[[[[[[[[]]]]]]]]]]]}`, `{"variant":{"1":[]}}`, `[]`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r strictRequest
		err := DecodeStrict(data, &r)
		if err == nil {
			if !utf8.Valid(data) {
				t.Fatalf("DecodeStrict accepted invalid UTF-8 %q", data)
			}
			return
		}
		var ke *KeyError
		if !errors.Is(err, ErrInvalidUTF8) && (!errors.As(err, &ke) || ke.Message == "") {
			t.Fatalf("DecodeStrict(%q) = %v, want ErrInvalidUTF8 or a *KeyError with a message", data, err)
		}
	})
}
