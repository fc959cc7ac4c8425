package lobby_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/games"
	"plateau/room"
	"plateau/seek"
	"plateau/server/internal/wsconn"
	"plateau/server/lobby"
	"plateau/store"
	"plateau/store/sqlite"
)

// guests are the Players of a lobby whose every visitor is a guest.
type guests struct{}

func (guests) Seeker(*http.Request) (*store.Account, error) { return nil, nil }
func (guests) WatchSeeker(context.Context, *http.Request, *store.Account) (string, <-chan struct{}, func()) {
	return "", nil, func() {}
}
func (guests) LiveSession(context.Context, string) bool                     { return false }
func (guests) SeekRefusal(string, string) string                            { return "" }
func (guests) PairRefusal(context.Context, string, seek.Seek) string        { return "" }
func (guests) PairedOut(context.Context, seek.Seek) func(seek.Seek) bool    { return nil }
func (guests) MarkedReason(context.Context, *store.Account) (string, error) { return "", nil }
func (guests) RatingIn(context.Context, string, string) (int, bool, error)  { return 1500, true, nil }

type gauge struct{ n float64 }

func (g *gauge) Add(d float64) { g.n += d }

// A lobby handler made without the rest of the server serves its socket:
// the open seeks first, a guest's seek refused, a message with an
// unknown field refused by the strict decoder, and the connection kept.
func TestSeeksSocketAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rooms := room.NewManager(room.Options{Store: st, Games: games.Registry()})
	defer rooms.Close()
	log := slog.New(slog.DiscardHandler)
	h := lobby.New(lobby.Config{Store: st, Games: games.Registry(), Rooms: rooms, Log: log, Players: guests{},
		Limits: &wsconn.Limits{MaxMessage: 4096, Rate: 20, Burst: 40, BytesPerSecond: 64 << 10, HelloTimeout: time.Second, PingInterval: time.Minute, PingTimeout: time.Minute},
		Gate:   wsconn.NewGate(4), Conns: &gauge{}, ClientAddr: func(r *http.Request) string { return "192.0.2.1" },
		Closing: func(p context.Context) (context.Context, context.CancelFunc) { return context.WithCancel(p) }})
	m := http.NewServeMux()
	h.Routes(m)
	ts := httptest.NewServer(m)
	defer ts.Close()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/seeks/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	next := func() lobby.SeekMessage {
		t.Helper()
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		_, b, err := c.Read(rctx)
		if err != nil {
			t.Fatal(err)
		}
		var m lobby.SeekMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := next(); m.Type != "seeks" || len(m.Seeks) != 0 || m.Account != "" {
		t.Errorf("first message %+v: want the empty list of seeks, no account", m)
	}
	for _, tt := range []struct{ send, code, message string }{
		{`{"type":"seek","game":"dames"}`, "sign_in", "sign in"},
		{`{"type":"seek","game":"dames","colour":"white"}`, "bad_message", "colour"},
		{`{"type":"seek","Game":"dames"}`, "bad_message", "Game"},
		{`{"type":"dance"}`, "bad_message", "unknown message type"},
	} {
		if err := c.Write(ctx, websocket.MessageText, []byte(tt.send)); err != nil {
			t.Fatal(err)
		}
		if m := next(); m.Type != "error" || m.Code != tt.code || !strings.Contains(m.Message, tt.message) {
			t.Errorf("%s: answered %+v; want error %s naming %q", tt.send, m, tt.code, tt.message)
		}
	}
}
