package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"plateau/games"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
)

// Two instances on one PostgreSQL database each name themselves, their
// database and the games they own in /healthz and /metrics: the game
// with an AI seat is owned by the instance that loaded it first.
func TestClusterHealthAndMetrics(t *testing.T) {
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var bases []string
	for _, name := range []string{"web-1", "web-2"} {
		st, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		srv := server.New(server.Options{Store: st, Games: games.Registry(), AITime: 100 * time.Millisecond,
			GamesPerMinute: -1, LiveGames: -1, Instance: name, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		hs := httptest.NewServer(srv.Handler())
		t.Cleanup(func() {
			srv.Close()
			hs.Close()
			st.Close()
		})
		bases = append(bases, hs.URL)
	}
	get := func(base, path string) string {
		t.Helper()
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s %s", path, resp.Status, b)
		}
		return string(b)
	}
	c, err := wsclient.Create(ctx, http.DefaultClient, bases[0], wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "ai", Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	// A spectator on web-1 first, then the player on web-2.
	for i, toks := range [][]string{nil, {c.Seats[0].Token}} {
		conn, err := wsclient.Dial(ctx, bases[i], c.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.C.CloseNow()
		if _, err := conn.Hello(ctx, 0, toks...); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range []struct {
		name  string
		owned int
	}{{"web-1", 1}, {"web-2", 0}} {
		health := get(bases[i], "/healthz")
		line := regexp.MustCompile(`^ok\ninstance ` + want.name + ` on database "[^"]+" on \S+ as user "[^"]+": 1 games loaded, (\d) owned\n$`)
		if m := line.FindStringSubmatch(health); m == nil || m[1] != string(rune('0'+want.owned)) {
			t.Errorf("%s /healthz = %q, want it to own %d game", want.name, health, want.owned)
		}
		metrics := get(bases[i], "/metrics")
		for _, l := range []string{`plateau_instance_info{instance="` + want.name + `"} 1`, "plateau_database_up 1",
			"plateau_games_owned " + string(rune('0'+want.owned)), "plateau_games_live 1"} {
			if !strings.Contains(metrics, "\n"+l+"\n") {
				t.Errorf("%s /metrics lacks %q", want.name, l)
			}
		}
	}
}
