package play_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/games"
	"plateau/mint"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/server/internal/wsconn"
	"plateau/server/play"
	"plateau/store"
	"plateau/store/sqlite"
)

// noSessions are the Sessions of a server without accounts.
type noSessions struct{}

func (noSessions) Cookie(*http.Request) string { return "" }
func (noSessions) ConnSession(context.Context, string) (string, <-chan struct{}, func()) {
	return "", nil, func() {}
}
func (noSessions) SignedIn(context.Context, string) bool                      { return false }
func (noSessions) LiveSession(context.Context, string) bool                   { return false }
func (noSessions) AttachJoined(context.Context, *room.Room, string, []string) {}
func (noSessions) Joined(context.Context, string, []string)                   {}

type plainErrors struct{}

func (plainErrors) StoreError(w http.ResponseWriter, id string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", "no game "+id)
		return
	}
	httpx.Error(w, http.StatusInternalServerError, "internal", err.Error())
}
func (plainErrors) StorageUnavailable(w http.ResponseWriter, secs int) {
	httpx.Error(w, http.StatusServiceUnavailable, "storage_unavailable", "retry")
}

type counter struct{}

func (counter) Add(float64) {}

// A play handler made without the rest of the server serves a game: its
// summary, refusals naming what is wrong, and its socket's hello.
func TestPlayAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := games.Registry()
	rooms := room.NewManager(room.Options{Store: st, Games: reg})
	defer rooms.Close()
	tok := mint.Token()
	rec, err := room.NewGameRecord("dames", nil, false, []store.Seat{{Kind: store.Human, TokenHash: mint.HashToken(tok)}, {Kind: store.Human, Open: true}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	h := play.New(play.Config{Store: st, Games: reg, Rooms: rooms, Log: slog.New(slog.DiscardHandler), Sessions: noSessions{}, Errors: plainErrors{},
		Limits: &wsconn.Limits{MaxMessage: 4096, Rate: 20, Burst: 40, BytesPerSecond: 64 << 10, HelloTimeout: time.Second, PingInterval: time.Minute, PingTimeout: time.Minute},
		Gate:   wsconn.NewGate(4), Conns: counter{}, IdleClosed: counter{}, ClientAddr: func(*http.Request) string { return "192.0.2.1" },
		Closing: func(p context.Context) (context.Context, context.CancelFunc) { return context.WithCancel(p) }})
	m := http.NewServeMux()
	h.Routes(m)
	ts := httptest.NewServer(m)
	defer ts.Close()
	for _, tt := range []struct {
		method, path string
		status       int
		want         string
	}{
		{"GET", "/api/games/" + rec.ID, 200, `"id":"` + rec.ID + `"`},
		{"GET", "/api/games/nosuchgame", 404, "not_found"},
		{"GET", "/api/games/" + rec.ID + "/export.pdn", 200, "[Result"},
		{"GET", "/api/games/" + rec.ID + "/hints", 404, "no_hints"},
		{"POST", "/api/games/" + rec.ID + "/seats/01/claim", 400, `"field":"seat"`},
		{"POST", "/api/games/" + rec.ID + "/seats/0/claim", 409, "error"},
	} {
		req, _ := http.NewRequest(tt.method, ts.URL+tt.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		_, _ = io.Copy(&b, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s %s: %d %s; want %d with %q", tt.method, tt.path, resp.StatusCode, b.String(), tt.status, tt.want)
		}
	}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+rec.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	hello, _ := json.Marshal(map[string]any{"type": "hello", "version": 0, "tokens": []string{tok}})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, b, err := c.Read(rctx)
	if err != nil || !strings.Contains(string(b), `"type":"welcome"`) {
		t.Errorf("hello answered %s, %v; want the welcome", b, err)
	}
}
