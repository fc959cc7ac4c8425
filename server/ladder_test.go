package server_test

import (
	"encoding/json"
	"testing"

	"plateau/ai/level"
	"plateau/server"
)

// TestCatalogLadder checks that the catalog carries every game's published
// Elo ladder (ai/level/ladder.json), which the lobby shows beside the
// levels.
func TestCatalogLadder(t *testing.T) {
	ts := newTestServer(t, nil)
	cat := catalogLadders(t, ts)
	if len(cat) < 5 {
		t.Fatalf("catalog of %d games", len(cat))
	}
	for _, c := range cat {
		want := level.Ratings(c.ID)
		if len(want) == 0 || len(c.Ladder) != len(want) {
			t.Errorf("%s: catalog ladder %+v, want the %d published", c.ID, c.Ladder, len(want))
			continue
		}
		for i, r := range want {
			got := c.Ladder[i]
			if got.Players != r.Players || len(got.Elo) != len(r.Elo) || got.Elo["hard"] != r.Elo["hard"] {
				t.Errorf("%s: catalog ladder %+v, want %+v", c.ID, got, r)
			}
		}
	}
}

// TestCatalogLadderOption checks that Options.Ladder replaces the published
// ladder in the catalog.
func TestCatalogLadderOption(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) {
		o.Ladder = func(id string) []level.Rated {
			if id != "dames" {
				return nil
			}
			return []level.Rated{{Players: 2, Elo: map[string]float64{"easy": 10, "hard": 20}, NotShown: map[string]string{"hard": "easy"}}}
		}
	})
	cat := catalogLadders(t, ts)
	for _, c := range cat {
		switch {
		case c.ID == "dames" && (len(c.Ladder) != 1 || c.Ladder[0].Elo["hard"] != 20 || c.Ladder[0].NotShown["hard"] != "easy"):
			t.Errorf("dames: catalog ladder %+v, want Options.Ladder's", c.Ladder)
		case c.ID != "dames" && len(c.Ladder) != 0:
			t.Errorf("%s: catalog ladder %+v, want none", c.ID, c.Ladder)
		}
	}
}

// catalogLadders returns the games of GET /api/catalog with their ladders.
func catalogLadders(t *testing.T, ts *testServer) []catalogGame {
	t.Helper()
	_, body := get(t, ts, "/api/catalog", nil)
	var cat []catalogGame
	if err := json.Unmarshal([]byte(body), &cat); err != nil {
		t.Fatalf("catalog %s: %v", body, err)
	}
	return cat
}

type catalogGame struct {
	ID     string        `json:"id"`
	Ladder []level.Rated `json:"ladder"`
}
