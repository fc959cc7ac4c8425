package protocol

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Types of client messages.
const (
	TypeHello   = "hello"
	TypeMove    = "move"
	TypeResign  = "resign"
	TypeDraw    = "draw"
	TypeUndo    = "undo"
	TypeRematch = "rematch"
	TypePing    = "ping"
	TypeBerserk = "berserk"
)

// ClientMsg is a decoded client message: one struct for every type, with
// the fields that apply to it.
//
//	{"type":"hello","version":V,"tokens":["..."],"protocol":1}
//	{"type":"move","version":V,"move":"32-28","id":"c7","seat":S}
//	{"type":"resign","seat":S}
//	{"type":"draw","action":"offer"|"accept"|"decline","seat":S}
//	{"type":"undo","action":"request"|"accept"|"decline","seat":S}
//	{"type":"rematch"}
//	{"type":"berserk","seat":S}
//	{"type":"ping"}
type ClientMsg struct {
	Type    string   `json:"type"`
	ID      string   `json:"id"`
	Version *int64   `json:"version"`
	Tokens  []string `json:"tokens"`
	Move    *string  `json:"move"`
	Seat    *int     `json:"seat"`
	Action  string   `json:"action"`
	// Protocol is the version of the protocol the client speaks (hello
	// only; 0 or absent: version 1).
	Protocol int `json:"protocol,omitempty"`
}

// Limits of message fields.
const (
	maxIDLen     = 64
	maxMoveLen   = 256
	maxTokens    = 8
	maxTokenLen  = 64
	maxVersion   = 1 << 40
	maxSeatIndex = 64
)

// Decode parses and checks one client message: valid UTF-8, one JSON
// object whose keys are ClientMsg's fields, each at most once and spelled
// exactly (DecodeStrict). Errors are refusals with code bad_message (or bad_token for
// malformed tokens) naming what is wrong.
func Decode(data []byte) (ClientMsg, *Refusal) {
	var m ClientMsg
	bad := func(format string, args ...any) (ClientMsg, *Refusal) {
		return m, &Refusal{Code: "bad_message", Message: fmt.Sprintf(format, args...)}
	}
	if !utf8.Valid(data) {
		return bad("the message is not valid UTF-8")
	}
	if err := DecodeStrict(data, &m); err != nil {
		var ke *KeyError
		switch {
		case !errors.As(err, &ke):
			return bad("malformed JSON message: %v", err)
		case ke.reason == badKey:
			return bad("field %s", ke)
		case ke.reason == badTrailing:
			return bad("one JSON object per message")
		}
		return bad("malformed JSON message: %s", ke)
	}
	if len(m.ID) > maxIDLen {
		return bad("id is longer than %d characters", maxIDLen)
	}
	if m.Version != nil && (*m.Version < 0 || *m.Version > maxVersion) {
		return bad("version %d is out of range", *m.Version)
	}
	if m.Seat != nil && (*m.Seat < 0 || *m.Seat >= maxSeatIndex) {
		return bad("seat %d is out of range", *m.Seat)
	}
	switch m.Type {
	case "hello":
		if m.Protocol < 0 || m.Protocol > Version {
			return bad("protocol version %d is not supported (this server speaks 1 to %d)", m.Protocol, Version)
		}
		if m.Version == nil {
			return bad("hello needs the client's version (0 for none)")
		}
		if len(m.Tokens) > maxTokens {
			return bad("at most %d tokens", maxTokens)
		}
		for i, t := range m.Tokens {
			if t == "" || len(t) > maxTokenLen {
				return m, &Refusal{Code: "bad_token", Message: fmt.Sprintf("token %d is empty or too long", i+1)}
			}
		}
	case "move":
		if m.Version == nil {
			return bad("a move needs the version it was made on")
		}
		if m.Move == nil || *m.Move == "" {
			return bad("a move needs its notation in \"move\"")
		}
		if len(*m.Move) > maxMoveLen {
			return bad("move is longer than %d characters", maxMoveLen)
		}
	case "draw":
		if m.Action != "offer" && m.Action != "accept" && m.Action != "decline" {
			return bad("draw action %q is not offer, accept or decline", m.Action)
		}
	case "undo":
		if m.Action != "request" && m.Action != "accept" && m.Action != "decline" {
			return bad("undo action %q is not request, accept or decline", m.Action)
		}
	case "resign", "rematch", "ping", "berserk":
	case "":
		return bad("message has no type")
	default:
		if len(m.Type) > 32 {
			return bad("unknown message type")
		}
		return bad("unknown message type %q", m.Type)
	}
	return m, nil
}
