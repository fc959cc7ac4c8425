package ratings_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"plateau/games"
	"plateau/rating"
	"plateau/server/ratings"
	"plateau/store"
)

// A ratings handler made without the rest of the server lists a seeded
// rating on the leaderboard, ranked or provisional by its number of
// games, serves the player's ratings, 404 for an unknown player, and
// gives a new player's rating to one who has none.
func TestRatingsAlone(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	ann := store.Rating{Account: "a1", Name: "ann", Game: "dames", Rating: rating.Rating{Rating: 1700.4, RD: 50, Vol: rating.InitialVol}, Games: 3, Updated: now}
	st := oneRating{r: ann}
	for _, tc := range []struct {
		provisionalGames int
		ranked           bool
	}{{-1, true}, {0, true}, {10, false}} {
		h := ratings.New(ratings.Config{Store: st, Games: games.Registry(), Log: slog.New(slog.DiscardHandler), ProvisionalGames: tc.provisionalGames})
		m := http.NewServeMux()
		h.Routes(m)
		var lb ratings.Leaderboard
		get(t, m, "/api/leaderboard/dames", http.StatusOK, &lb)
		list := lb.Provisional
		if tc.ranked {
			list = lb.Players
		}
		if len(lb.Players)+len(lb.Provisional) != 1 || len(list) != 1 || list[0].Name != "ann" || list[0].Rating != 1700 || list[0].RD != 50 {
			t.Errorf("ProvisionalGames %d: leaderboard %+v, want ann at 1700 (ranked: %v)", tc.provisionalGames, lb, tc.ranked)
		}
		var pr ratings.PlayerRatings
		get(t, m, "/api/players/ann/ratings", http.StatusOK, &pr)
		if len(pr.Ratings) != 1 || pr.Ratings[0].Game != "dames" || pr.Ratings[0].Provisional == tc.ranked {
			t.Errorf("ProvisionalGames %d: ann's ratings %+v", tc.provisionalGames, pr)
		}
		get(t, m, "/api/players/nobody/ratings", http.StatusNotFound, nil)
		get(t, m, "/api/leaderboard/chess", http.StatusNotFound, nil)
		r, prov, err := h.RatingIn(ctx, "a1", "mahbousse")
		if err != nil || r != 1500 || !prov {
			t.Errorf("a new player's rating: %d provisional=%v (%v), want 1500 provisional", r, prov, err)
		}
		if r, prov, err := h.RatingIn(ctx, "a1", "dames"); err != nil || r != 1700 || prov == tc.ranked {
			t.Errorf("ProvisionalGames %d: ann's rating: %d provisional=%v (%v)", tc.provisionalGames, r, prov, err)
		}
	}
}

func get(t *testing.T, h http.Handler, path string, code int, out any) {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	if w.Code != code {
		t.Fatalf("GET %s: %d %s, want %d", path, w.Code, w.Body, code)
	}
	if out != nil {
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
}

// oneRating is a store of one account, ann, with one rating.
type oneRating struct {
	store.Store // nil: the handler calls only the methods below
	r           store.Rating
}

func (o oneRating) Leaderboard(_ context.Context, b store.Board) ([]store.Rating, error) {
	if b.Game != o.r.Game || (b.MaxRD > 0 && o.r.RD > b.MaxRD) || o.r.Games < b.MinGames {
		return nil, nil
	}
	return []store.Rating{o.r}, nil
}

func (o oneRating) Ratings(_ context.Context, account string) ([]store.Rating, error) {
	if account != o.r.Account {
		return nil, nil
	}
	return []store.Rating{o.r}, nil
}

func (o oneRating) RatingHistory(context.Context, string, string) ([]store.RatingChange, error) {
	return nil, nil
}

func (o oneRating) AccountByName(_ context.Context, name string) (*store.Account, error) {
	if name != o.r.Name {
		return nil, store.ErrNotFound
	}
	return &store.Account{ID: o.r.Account, Name: o.r.Name}, nil
}
