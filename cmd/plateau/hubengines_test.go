package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games/dames"
	"plateau/room"
)

// TestHubEngineLevel: serve's AI factory plays dames through a Hub engine
// (this binary as plateau hub) under the name --hub-engine gives it, and
// other games and names go to the levels.
func TestHubEngineLevel(t *testing.T) {
	t.Setenv("PLATEAU_TEST_MAIN", "1") // the child process is plateau
	engines, err := parseHubEngines([]string{"plateau-hub=" + os.Args[0] + ",hub,--tt-size,14"})
	if err != nil {
		t.Fatal(err)
	}
	factory := aiPlayers(50*time.Millisecond, 1, engines)
	p, err := factory("dames", "plateau-hub")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	s, _ := dames.Game{}.New(game.DefaultConfig(dames.Game{}))
	for ply := range 4 {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
		if err := s.Play(d.Move); err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
	}
	if _, err := factory("shutbox", "plateau-hub"); err == nil {
		t.Error("a Hub engine plays Shut the Box")
	}
	if p, err := factory("dames", "easy"); err != nil {
		t.Errorf("level easy: %v", err)
	} else {
		p.Close()
	}
	for _, bad := range []string{"noequals", "=/bin/x", "x=", "max=/bin/x", "a b=/bin/x"} {
		if _, err := parseHubEngines([]string{bad}); err == nil || !strings.Contains(err.Error(), "--hub-engine") {
			t.Errorf("--hub-engine %q: %v", bad, err)
		}
	}
}

// TestServeHubEngine: plateau serve --hub-engine plays an AI seat of a
// dames game through plateau hub run as its child process.
func TestServeHubEngine(t *testing.T) {
	_, base := startServe(t, "sqlite:"+filepath.Join(t.TempDir(), "db.sqlite"), "--hub-engine", "plateau-hub="+os.Args[0]+",hub,--tt-size,14", "--ai-time", "100ms")
	body := `{"game":"dames","seats":[{"kind":"ai","level":"plateau-hub"},{"kind":"human"}]}`
	resp, err := http.Post(base+"/api/games", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var created struct {
		ID string `json:"id"`
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode/100 != 2 || json.Unmarshal(b, &created) != nil || created.ID == "" {
		t.Fatalf("POST /api/games with a plateau-hub seat: %d %s", resp.StatusCode, b)
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/api/games/" + created.ID + "/export")
		if err != nil {
			t.Fatal(err)
		}
		var x room.Export
		json.NewDecoder(resp.Body).Decode(&x)
		resp.Body.Close()
		for _, e := range x.Events {
			if e.Kind == room.KindMove {
				t.Logf("the Hub engine played %s", e.Notation)
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("no move by the Hub engine's seat within 30s")
}
