package analysis_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"plateau/game"
	"plateau/games"
	"plateau/room"
	"plateau/server/analysis"
	"plateau/server/assets"
	"plateau/server/internal/httpx"
	"plateau/server/web"
	"plateau/store"
	"plateau/store/sqlite"
)

// liveGuard says that the requester plays a running game whose position
// is live, and no other.
type liveGuard struct{ live string }

func (g liveGuard) LivePlayed(_ context.Context, _ *http.Request, _ game.Game, st game.State) (string, error) {
	if st.Position() == g.live {
		return "g1", nil
	}
	return "", nil
}

func (liveGuard) SeatedAt(context.Context, *http.Request, *store.Game) (bool, error) {
	return false, nil
}

// An analysis handler made without the rest of the server answers
// position views and moves, reads PDN, and refuses help on the position
// of a game the requester plays.
func TestAnalysisAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := games.Registry()
	rooms := room.NewManager(room.Options{Store: st, Games: reg})
	defer rooms.Close()
	app, err := assets.New(web.FS)
	if err != nil {
		t.Fatal(err)
	}
	const live = "W:W28:B23"
	h := analysis.New(analysis.Config{Store: st, Games: reg, Rooms: rooms, Log: slog.New(slog.DiscardHandler), Pages: app,
		Catalog: func() json.RawMessage { return json.RawMessage("[]") }, Guard: liveGuard{live},
		ClientKey: func(*http.Request) string { return "net:192.0.2.1" }, Searches: httpx.NewPool("analysis", 1, 4, 2, 0)})
	defer h.Close()
	m := http.NewServeMux()
	h.Routes(m)
	ts := httptest.NewServer(m)
	defer ts.Close()
	for _, tt := range []struct {
		path, body string
		status     int
		want       string
	}{
		{"/api/positions", `{"game":"dames","position":"W:W31-50:B1-20"}`, 200, `"view"`},
		{"/api/positions/play", `{"game":"dames","position":"W:W28:B4,23,33","move":"28x19"}`, 200, `"move":"28x19"`},
		{"/api/positions", `{"game":"dames","position":"W:W28:B23","Position":"x"}`, 400, "bad_request"},
		{"/api/positions", `{"game":"chess","position":"x"}`, 400, "unknown_game"},
		{"/api/pdn", `{"pdn":"1. 32-28 19-23 *"}`, 200, `"moves"`},
		{"/api/pdn", `{"pdn":"1. 32-99 *"}`, 400, "bad_pdn"},
		{"/api/analysis", `{"game":"dames","position":"` + live + `"}`, 403, "live_game"},
	} {
		resp, err := http.Post(ts.URL+tt.path, "application/json", strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || !strings.Contains(string(b), tt.want) {
			t.Errorf("POST %s %s: %d %s; want %d with %q", tt.path, tt.body, resp.StatusCode, b, tt.status, tt.want)
		}
	}
}
