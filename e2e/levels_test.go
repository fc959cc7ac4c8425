package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLobbyLevelRatings: each game's card shows every computer level one
// click away, labelled with the level account's rating in that game's
// pool ("hard · 3525", GET /api/levels), not the ladder's figure over
// random moves; the pictures are docs/screenshots/lobby-levels-*.png.
// Red on main 3f11557: the cards had no level buttons.
func TestLobbyLevelRatings(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	resp, err := http.Get(base + "/api/levels")
	if err != nil {
		t.Fatal(err)
	}
	var ls struct {
		Games []struct {
			Game   string
			Levels []struct {
				Level  string
				Rating int
			}
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&ls)
	resp.Body.Close()
	if err != nil || len(ls.Games) == 0 {
		t.Fatalf("GET /api/levels: %+v, %v", ls, err)
	}
	a := newTab(t, bctx, "levels")
	a.do("desktop size", chromedp.EmulateViewport(1280, 900))
	a.open(base+"/", `document.querySelectorAll('[data-level-play]').length > 0`)
	for _, g := range ls.Games {
		for _, l := range g.Levels {
			sel := fmt.Sprintf(`[data-level-play="%s:%s"]`, g.Game, l.Level)
			a.waitJS(sel, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
			got := eval[string](a, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
			name := map[string]string{"random": "random moves", "greedy": "greedy", "easy": "easy", "medium": "medium", "hard": "hard", "max": "strongest"}[l.Level]
			if want := fmt.Sprintf("%s · %d", name, l.Rating); got != want {
				t.Errorf("%s %s: the card says %q, want %q (the level account's rating)", g.Game, l.Level, got, want)
			}
		}
	}
	screenshot(t, a, "lobby-levels-desktop")
	a.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
	a.open(base+"/", `document.querySelectorAll('[data-level-play]').length > 0`)
	screenshot(t, a, "lobby-levels-phone")
}
