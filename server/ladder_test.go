package server_test

import (
	"encoding/json"
	"testing"

	"plateau/ai/level"
)

// TestCatalogLadder checks that the catalog carries every game's published
// Elo ladder (ai/level/ladder.json), which the lobby shows beside the
// levels.
func TestCatalogLadder(t *testing.T) {
	ts := newTestServer(t, nil)
	_, body := get(t, ts, "/api/catalog", nil)
	var cat []struct {
		ID     string        `json:"id"`
		Ladder []level.Rated `json:"ladder"`
	}
	if err := json.Unmarshal([]byte(body), &cat); err != nil {
		t.Fatalf("catalog %s: %v", body, err)
	}
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
