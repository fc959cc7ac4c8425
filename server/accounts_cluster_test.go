package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"plateau/games"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
)

// TestSeatAccountAcrossInstances: two servers share one PostgreSQL; a seat
// given to an account through one is named to the clients of the other.
func TestSeatAccountAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	var ts [2]*testServer
	for i := range ts {
		st, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		srv := server.New(server.Options{Store: st, Games: games.Registry(), Passwords: fastPasswords, GamesPerMinute: -1, LiveGames: -1,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		h := httptest.NewServer(srv.Handler())
		t.Cleanup(func() { srv.Close(); h.Close(); st.Close() })
		ts[i] = &testServer{URL: h.URL, Store: st, Srv: srv, HTTP: h.Client()}
	}
	g := ts[0].create(t, "dames", nil, "hh", false)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	watcher := ts[1].dial(t, g.ID) // on the other instance
	if _, err := watcher.Hello(ctx, 0); err != nil {
		t.Fatal(err)
	}
	b := ts[0].browser(t)
	b.join(t, g.ID, g.Seats[1].Token) // claim-guest takes the seats this device joined
	b.signUp(t, "quinn", "correct horse")
	body := map[string]any{"seats": []map[string]string{{"game": g.ID, "token": g.Seats[1].Token}}}
	if a := b.do(t, "POST", "/api/account/claim-guest", body); a.status != 200 || !strings.Contains(a.raw, `"seats":[1]`) {
		t.Fatalf("claim: %d %s", a.status, a.raw)
	}
	for {
		m, err := watcher.Next(ctx)
		if err != nil {
			t.Fatalf("the other instance's client never heard quinn's name: %v", err)
		}
		if m.Type == "seats" && strings.Contains(string(m.Raw), `"name":"quinn"`) {
			break
		}
	}
	var sum struct {
		Seats []struct{ Name string } `json:"seats"`
	}
	if err := wsclient.GetJSON(ctx, ts[1].HTTP, ts[1].URL, "/api/games/"+g.ID, &sum); err != nil || len(sum.Seats) != 2 || sum.Seats[1].Name != "quinn" {
		t.Errorf("the game on the other instance: %+v, %v", sum, err)
	}
}
