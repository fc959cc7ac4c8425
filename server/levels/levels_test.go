package levels_test

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

	"plateau/ai/level"
	"plateau/games"
	"plateau/room"
	"plateau/server/accounts"
	"plateau/server/internal/httpx"
	"plateau/server/levels"
	"plateau/store"
	"plateau/store/sqlite"
)

// signedIn is the Sessions of a server where ann is always signed in.
type signedIn struct{ acc *store.Account }

func (s signedIn) MustSession(http.ResponseWriter, *http.Request) *accounts.Session {
	return &accounts.Session{Account: s.acc}
}

// A levels handler made without the rest of the server makes one account
// a level, seeded at Anchor plus its ladder Elo, lists them, and makes a
// rated game against a level, or refuses it for each rule of rated games
// in turn.
func TestLevelsAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := games.Registry()
	rooms := room.NewManager(room.Options{Store: st, Games: reg})
	defer rooms.Close()
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	ann := &store.Account{ID: "a1", Name: "ann", Created: now}
	if err := st.CreateAccount(ctx, ann); err != nil {
		t.Fatal(err)
	}
	var marked, seekRefused, paired bool
	h := levels.New(levels.Config{Store: st, Games: reg, Rooms: rooms, Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now },
		Levels: []string{"easy", "hard"},
		Ladder: func(gameID string) []level.Rated {
			if gameID != "dames" {
				return nil
			}
			return []level.Rated{{Players: 2, Elo: map[string]float64{"easy": 100, "hard": 900}}}
		},
		WriteTimeout: 5 * time.Second, Sessions: signedIn{ann}, Provisional: func(r store.Rating) bool { return r.Provisional() },
		MarkedReason: func(context.Context, *store.Account) (string, error) {
			if marked {
				return "marked", nil
			}
			return "", nil
		},
		SeekRefusal: func(string, string) string {
			if seekRefused {
				return "too many seeks"
			}
			return ""
		},
		PairedToday:     func(context.Context, string, string) (bool, error) { return paired, nil },
		PairGamesPerDay: 10, ClientAddr: func(*http.Request) string { return "192.0.2.1" },
		WriteFailed: func(w http.ResponseWriter, what string, err error) {
			httpx.Error(w, http.StatusInternalServerError, "internal", what+": "+err.Error())
		}})
	h.Start(ctx)
	m := http.NewServeMux()
	h.Routes(m)
	w := httptest.NewRecorder()
	m.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/levels", nil))
	var list levels.List
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil {
		t.Fatalf("GET /api/levels: %d %s", w.Code, w.Body)
	}
	if list.Anchor != levels.Anchor || len(list.Games) != 1 || list.Games[0].Game != "dames" || len(list.Games[0].Levels) != 2 ||
		list.Games[0].Levels[1] != (levels.Rating{Level: "hard", Account: "Plateau hard", Rating: levels.Anchor + 900, RD: levels.RD, Provisional: true}) {
		t.Errorf("GET /api/levels: %+v", list)
	}
	for _, tc := range []struct {
		name                        string
		body                        string
		marked, seekRefused, paired bool
		code                        int
		has                         string
	}{
		{"created", `{"game":"dames","level":"hard"}`, false, false, false, http.StatusCreated, `"level":"hard"`},
		{"no such level", `{"game":"dames","level":"max"}`, false, false, false, http.StatusBadRequest, `is not a level of the rating pools`},
		{"no ladder", `{"game":"shutbox","level":"hard"}`, false, false, false, http.StatusBadRequest, `no published rating of the level hard`},
		{"marked", `{"game":"dames","level":"hard"}`, true, false, false, http.StatusForbidden, `"fair_play"`},
		{"seeks", `{"game":"dames","level":"hard"}`, false, true, false, http.StatusTooManyRequests, `too many seeks`},
		{"paired", `{"game":"dames","level":"hard"}`, false, false, true, http.StatusConflict, `you and Plateau hard have played 10 rated games`},
	} {
		marked, seekRefused, paired = tc.marked, tc.seekRefused, tc.paired
		r := httptest.NewRequest(http.MethodPost, "/api/levels/games", strings.NewReader(tc.body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		m.ServeHTTP(w, r)
		if w.Code != tc.code || !strings.Contains(w.Body.String(), tc.has) {
			t.Errorf("%s: %d %s, want %d with %q", tc.name, w.Code, w.Body, tc.code, tc.has)
		}
		if tc.code != http.StatusCreated {
			continue
		}
		var g levels.Game
		if err := json.Unmarshal(w.Body.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		rec, err := st.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Rated || rec.Seats[g.Seat].Account != ann.ID || rec.Seats[1-g.Seat].Account != levels.AccountID("hard") || rec.Seats[1-g.Seat].Kind != store.AI {
			t.Errorf("%s: the game's record %+v", tc.name, rec)
		}
	}
}
