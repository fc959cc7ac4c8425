package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"plateau/games"
)

func runAI(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, games: games.Registry()}
	code = run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

func TestHint(t *testing.T) {
	code, out, errs := runAI("", "hint", "dames", "--position", "W:W28,K46:B12,19", "--level", "medium", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var h struct {
		Move  string   `json:"move"`
		Score float64  `json:"score"`
		PV    []string `json:"pv"`
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	if h.Move != "28-23" || h.Score < 0.99 || len(h.PV) < 3 || h.PV[2] != "46x7" {
		t.Errorf("hint %+v, want 28-23 winning with 19x28 46x7", h)
	}
	for _, args := range [][]string{
		{"hint", "dames", "--level", "grandmaster"},
		{"hint", "shutbox", "--position", "12345678/1234679 1 roll2"},
	} {
		if code, _, _ := runAI("", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestArena(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "chart.svg")
	code, out, errs := runAI("", "arena", "shutbox", "--a", "hard", "--b", "random", "--games", "6", "--json", "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Games, Wins, Draws, Losses int
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Games != 6 || r.Wins+r.Draws+r.Losses != 6 {
		t.Errorf("result %s (%v)", out, err)
	}
	if !strings.Contains(errs, "6/6") {
		t.Errorf("no progress bar on stderr: %q", errs)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.HasPrefix(b, []byte("<svg")) {
		t.Errorf("svg: %v", err)
	}
	if code, _, _ := runAI("", "arena", "dames", "--a", "nobody"); code != 2 {
		t.Errorf("unknown player: exit %d, want 2", code)
	}
}

func TestPlayVersus(t *testing.T) {
	// The computer plays seat 1; the human's input runs out at seat 2.
	code, out, errs := runAI("", "play", "dames", "--vs", "easy", "--seat", "2")
	if code != 1 || !strings.Contains(out, "Player 1 (easy) plays") || !strings.Contains(errs, "no more input") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errs)
	}
}
