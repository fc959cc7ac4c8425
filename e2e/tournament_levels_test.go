package e2e

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTournamentLevels: an account creates a 4-player Intercept arena
// from the lobby's form (the players a game show only for the games with
// multi-player events, and only for arenas; the tournament's spec has the
// seats), then enters a computer level from the tournament page and sees
// it in the standings, marked as the computer; with two more levels and
// the creator, a table of four is paired and the games' list names all
// four. Another account sees no level form.
func TestTournamentLevels(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	waitDailyPuzzle(t, base)
	ana := newTab(t, bctx, "ana")
	ana.open(base+"/", `!!document.querySelector('#signin-open') && !!document.querySelector('#tournaments h2')`)
	ana.signUp("ana", "correct horse battery a73")
	ana.waitJS("the tournaments' form", `!!document.querySelector('#tournaments details.tourney-create')`)
	ana.clickAt("#tournaments details.tourney-create summary")
	ana.choose(`#tournaments select[name="game"]`, "dames")
	if eval[bool](ana, `!!document.querySelector('#tournaments select[name="seats"]')`) {
		t.Error("dames: the form offers players a game")
	}
	ana.choose(`#tournaments select[name="game"]`, "intercept")
	ana.waitJS("the players a game", `!!document.querySelector('#tournaments select[name="seats"]')`)
	if got := eval[[]string](ana, `[...document.querySelectorAll('#tournaments select[name="seats"] option')].map((o) => o.value)`); len(got) != 2 || got[0] != "2" || got[1] != "4" {
		t.Errorf("intercept: players a game %v, want [2 4]", got)
	}
	ana.choose(`#tournaments select[name="kind"]`, "swiss")
	ana.waitJS("no players a game in a Swiss", `!document.querySelector('#tournaments select[name="seats"]')`)
	ana.choose(`#tournaments select[name="kind"]`, "arena")
	ana.waitJS("the players a game again", `!!document.querySelector('#tournaments select[name="seats"]')`)
	ana.choose(`#tournaments select[name="seats"]`, "4")
	ana.waitJS("no berserk in a casual event", `!document.querySelector('#tournaments input[name="berserk"]')`)
	ana.do("a 4-player arena of 30 minutes",
		chromedp.SetValue(`#tournaments input[name="minutes"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="minutes"]`, "30"),
		chromedp.SetValue(`#tournaments input[name="startsIn"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="startsIn"]`, "0"),
		chromedp.SendKeys(`#tournaments input[name="name"]`, "Intercept night"))
	screenshot(t, ana, "tournament-form-seats-desktop")
	ana.clickAt("#tourney-create")
	ana.waitJS("the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tjoin')`)
	id := eval[string](ana, `location.pathname.slice(3)`)
	type spec struct {
		Kind, Game string
		Seats      int
		Berserk    bool
		Minutes    int
		Creator    bool
	}
	got := eval[spec](ana, `fetch('/api/tournaments/`+id+`').then((r) => r.json()).then((v) => ({
		Kind: v.kind, Game: v.game, Seats: v.spec.seats || 0, Berserk: !!v.spec.berserk, Minutes: v.spec.minutes, Creator: !!v.me?.creator }))`)
	if got != (spec{Kind: "arena", Game: "intercept", Seats: 4, Minutes: 30, Creator: true}) {
		t.Errorf("the tournament %+v, want a 4-player Intercept arena of 30 minutes, ana its creator", got)
	}
	ana.waitJS("the level form", `!!document.querySelector('#tlevel option') && !document.querySelector('#tlevel-enter').disabled`)
	ana.choose("#tlevel", "easy")
	ana.clickAt("#tlevel-enter")
	ana.waitJSWithin("the level in the standings", `(() => {
		const tag = document.querySelector('#standings tbody tr [data-level="easy"]');
		return !!tag && /computer/.test(tag.textContent); })()`, 10*time.Second)
	for i, lv := range []string{"medium", "hard"} {
		ana.waitJS("the level form again", `!document.querySelector('#tlevel-enter').disabled`)
		ana.choose("#tlevel", lv)
		ana.clickAt("#tlevel-enter")
		ana.waitJSWithin(lv+" in the standings", fmt.Sprintf(`document.querySelectorAll('#standings tbody tr [data-level]').length === %d`, i+2), 10*time.Second)
	}
	ana.clickAt("#tjoin")
	// Four players: a table of ana and the three levels, every one of
	// them named in the games' list.
	ana.waitJSWithin("the table of four", `(() => {
		const g = document.querySelector('[data-tgame][data-seats="4"]');
		return !!g && ['ana', 'Plateau easy', 'Plateau medium', 'Plateau hard'].every((n) => g.textContent.includes(n)); })()`, 20*time.Second)
	ana.waitJSWithin("ana's game link", `!!document.querySelector('#tgame')`, 10*time.Second)
	screenshot(t, ana, "tournament-levels-desktop")
	// The creator withdraws a level: its line stays, marked left.
	ana.clickAt(`[data-withdraw="hard"]`)
	ana.waitJSWithin("hard withdrawn", `(() => {
		const tr = document.querySelector('#standings tbody tr [data-level="hard"]')?.closest('tr');
		return !!tr && tr.classList.contains('muted') && !document.querySelector('[data-withdraw="hard"]'); })()`, 10*time.Second)
	screenshot(t, ana, "tournament-level-withdrawn-desktop")

	ben := newTab(t, bctx, "ben")
	ben.open(base+"/", `!!document.querySelector('#signin-open')`)
	ben.signUp("ben", "correct horse battery b73")
	ben.open(base+"/t/"+id, `!!document.querySelector('#standings tbody tr [data-level="easy"]')`)
	if eval[bool](ben, `!!document.querySelector('#tlevels')`) {
		t.Error("ben, not the creator, sees the level form")
	}
	if eval[bool](ben, `!!document.querySelector('[data-withdraw]')`) {
		t.Error("ben, not the creator, may withdraw a level")
	}
}

// waitDailyPuzzle waits until the server has loaded its seed puzzles (in
// the background at its start): until then the lobby's daily puzzle
// answers 500, a console error that fails the test.
func waitDailyPuzzle(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(base + "/api/puzzles/daily")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the daily puzzle after 20 s: %v %v", resp, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
