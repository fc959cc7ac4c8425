package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestURLNumbersStrict asks URLs whose numbers are spelled in every
// lenient way (issue 67: seats/+1/claim, seats/01/claim, ?limit=+5 were
// read as numbers): each is a 400 naming its parameter.
func TestURLNumbersStrict(t *testing.T) {
	ts := newTestServer(t, nil)
	g := ts.create(t, "dames", nil, "hh", false)
	claim := "/api/games/" + g.ID + "/seats/"
	tests := []struct {
		method, path string
		status       int
		field        string // of the 400
	}{
		{"POST", claim + "+1/claim", 400, "seat"},
		{"POST", claim + "01/claim", 400, "seat"},
		{"POST", claim + "-1/claim", 400, "seat"},
		{"POST", claim + "1e0/claim", 400, "seat"},
		{"POST", claim + "0x1/claim", 400, "seat"},
		{"POST", claim + "%201/claim", 400, "seat"},
		{"POST", claim + "%EF%BC%91/claim", 400, "seat"}, // a fullwidth digit one
		{"POST", claim + "99999999999999999999/claim", 400, "seat"},
		{"POST", claim + "64/claim", 400, "seat"},
		{"POST", claim + "1/claim", 409, ""}, // well spelled: the seat is not open
		{"POST", claim + "2/claim", 404, ""}, // well spelled: no such seat
		{"GET", "/api/games?limit=+5", 400, "limit"},
		{"GET", "/api/games?limit=05", 400, "limit"},
		{"GET", "/api/games?limit=0", 400, "limit"},
		{"GET", "/api/games?limit=201", 400, "limit"},
		{"GET", "/api/games?limit=", 400, "limit"},
		{"GET", "/api/games?limit=5&limit=6", 400, "limit"},
		{"GET", "/api/games?limit=%205", 400, "limit"},
		{"GET", "/api/games?limit=5.0", 400, "limit"},
		{"GET", "/api/games?limit=5", 200, ""},
		{"GET", "/api/games?limit=200", 200, ""},
		{"GET", "/api/players/nobody?page=+2", 400, "page"},
		{"GET", "/api/players/nobody?page=02", 400, "page"},
		{"GET", "/api/players/nobody?page=0", 400, "page"},
		{"GET", "/api/players/nobody?page=1&page=1", 400, "page"},
		{"GET", "/api/players/nobody?page=2", 404, ""}, // well spelled: no such player
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, ts.URL+tt.path, nil)
		resp, err := ts.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s %s: %d %s, want %d", tt.method, tt.path, resp.StatusCode, body, tt.status)
			continue
		}
		if tt.status != 400 {
			continue
		}
		var e struct {
			Error struct{ Code, Field, Message string }
		}
		if err := json.Unmarshal(body, &e); err != nil || e.Error.Code != "bad_request" || e.Error.Field != tt.field ||
			!strings.HasPrefix(e.Error.Message, tt.field+":") {
			t.Errorf("%s %s: %s, want bad_request naming %s", tt.method, tt.path, body, tt.field)
		}
	}
}
