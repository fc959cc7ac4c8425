// Package wsclient is a small client of Plateau's API (docs/api.md) for
// tests and "plateau loadtest".
package wsclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/coder/websocket"
	jsonv2 "github.com/go-json-experiment/json"

	"plateau/game"
	"plateau/protocol"
)

// View is the part of a game view that clients need to play.
type View struct {
	Position string          `json:"position"`
	ToMove   int             `json:"toMove"`
	Moves    []game.MoveText `json:"moves"`
	Outcome  json.RawMessage `json:"outcome"`
}

// Msg is any server message.
type Msg struct {
	Type    string          `json:"type"`
	ID      string          `json:"id"`
	Version int64           `json:"version"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Seats   []int           `json:"seats"`
	Event   *protocol.Event `json:"event"`
	View    *View           `json:"view"`
	Game    *struct {
		Version int64  `json:"version"`
		Status  string `json:"status"`
		View    *View  `json:"view"`
	} `json:"game"`
	Raw []byte `json:"-"`
}

// Conn is one WebSocket connection to a game.
type Conn struct {
	C *websocket.Conn
}

// Dial opens the WebSocket of game id on the server at base ("http://host:port").
func Dial(ctx context.Context, base, id string) (*Conn, error) {
	return DialHeader(ctx, base, id, nil)
}

// DialHeader is Dial with the request's headers (a session's cookie).
func DialHeader(ctx context.Context, base, id string, h http.Header) (*Conn, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(16 << 20)
	return &Conn{C: c}, nil
}

// Send writes v as JSON.
func (c *Conn) Send(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.C.Write(ctx, websocket.MessageText, b)
}

// SendRaw writes raw bytes as a text message.
func (c *Conn) SendRaw(ctx context.Context, b []byte) error {
	return c.C.Write(ctx, websocket.MessageText, b)
}

// Next reads the next message.
func (c *Conn) Next(ctx context.Context) (Msg, error) {
	_, b, err := c.C.Read(ctx)
	if err != nil {
		return Msg{}, err
	}
	var m Msg
	// json v2 decodes in one pass where encoding/json validates the whole
	// message first and then decodes it: the load generator spent a third
	// of its time there (plateau loadtest --cpuprofile).
	if err := jsonv2.Unmarshal(b, &m); err != nil {
		return Msg{}, fmt.Errorf("server message %.200s: %w", b, err)
	}
	m.Raw = b
	return m, nil
}

// Close closes the connection normally.
func (c *Conn) Close() { c.C.Close(websocket.StatusNormalClosure, "") }

// Hello sends hello and reads the welcome; an error reply is returned as an error.
func (c *Conn) Hello(ctx context.Context, version int64, tokens ...string) (Msg, error) {
	if tokens == nil {
		tokens = []string{}
	}
	if err := c.Send(ctx, map[string]any{"type": "hello", "version": version, "tokens": tokens}); err != nil {
		return Msg{}, err
	}
	m, err := c.Next(ctx)
	if err != nil {
		return m, err
	}
	if m.Type != "welcome" {
		return m, fmt.Errorf("hello answered by %s: %s %s", m.Type, m.Code, m.Message)
	}
	return m, nil
}

// Seat is one seat of a create request.
type Seat struct {
	Kind  string `json:"kind"`
	Level string `json:"level,omitempty"`
}

// CreateRequest is POST /api/games's body.
type CreateRequest struct {
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant,omitempty"`
	Seats   []Seat            `json:"seats"`
	Casual  bool              `json:"casual,omitempty"`
	Clock   *Clock            `json:"clock,omitempty"`
}

// Clock is a create request's time control: minutes and increment
// seconds, or for correspondence days a move.
type Clock struct {
	Minutes   float64 `json:"minutes,omitempty"`
	Increment float64 `json:"increment,omitempty"`
	Days      int     `json:"days,omitempty"`
}

// Created is POST /api/games's answer.
type Created struct {
	ID    string `json:"id"`
	Seats []struct {
		Seat  int    `json:"seat"`
		Kind  string `json:"kind"`
		Token string `json:"token"`
	} `json:"seats"`
	DiceCommitment string `json:"dice_commitment"`
}

// Create creates a game.
func Create(ctx context.Context, hc *http.Client, base string, req CreateRequest) (Created, error) {
	var out Created
	b, _ := json.Marshal(req)
	hr, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/games", bytes.NewReader(b))
	hr.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(hr)
	if err != nil {
		return out, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return out, fmt.Errorf("create %s: %s: %s", req.Game, resp.Status, body)
	}
	return out, json.Unmarshal(body, &out)
}

// GetJSON decodes GET base+path into v.
func GetJSON(ctx context.Context, hc *http.Client, base, path string, v any) error {
	hr, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	resp, err := hc.Do(hr)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s: %s", path, resp.Status, body)
	}
	return json.Unmarshal(body, v)
}
