package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games/dames"
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
	factory := aiPlayers(50*time.Millisecond, engines)
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
