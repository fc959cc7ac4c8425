package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"plateau/server"
)

// TestArena: three accounts join an arena of 30 minutes, created from the
// lobby's form, and a guest watches its page, never reloaded. Two are
// paired within seconds and play from the tournament page's link; the
// third, waiting on its page, sees the result live and is paired next.
// One player, W (the first of the first game, by name), wins each of its
// games (two moves each, then the opponent resigns; a game between the two
// others is won by the first by name), until three wins in a row. The
// guest's page shows W's points game by game as tournament/arena scores
// them (docs/tournaments.md, lichess's rule: doubled once two wins in a row
// are behind, so W W W scores 2, 2, 4), the flame from the second win on,
// and at the end W the winner; so does every player's page. The end comes
// when the test moves the server's clock past it (the games keep theirs).
func TestArena(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	clock := &testClock{now: time.Now()}
	base, _ := startServerWith(t, func(o *server.Options) { o.Now = clock.Now })
	names := []string{"ana", "ben", "cyd"}
	tabs := signUpTabs(t, bctx, base, names, "71")
	ana := tabs["ana"]
	ana.waitJS("the tournaments' form", `!!document.querySelector('#tournaments details.tourney-create')`)
	ana.clickAt("#tournaments details.tourney-create summary")
	ana.do("an arena of 30 minutes, starting now",
		chromedp.SetValue(`#tournaments input[name="minutes"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="minutes"]`, "30"),
		chromedp.SetValue(`#tournaments input[name="startsIn"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="startsIn"]`, "0"),
		chromedp.SendKeys(`#tournaments input[name="name"]`, "Night arena"))
	ana.clickAt("#tourney-create")
	ana.waitJS("the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tjoin')`)
	id := eval[string](ana, `location.pathname.slice(3)`)
	guest := newTab(t, bctx, "guest")
	guest.open(base+"/t/"+id, `!!document.querySelector('#standings')`)
	eval[bool](guest, `(window.e2eNeverReloaded = true)`) // gone if the page reloads
	ana.clickAt("#tjoin")
	ana.waitJSWithin("ana in", `!!document.querySelector('#tleave')`, 10*time.Second)
	joinFromLobby(tabs, names[1:], id)
	guest.waitJSWithin("the three players on the guest's page", `document.querySelectorAll('#standings tbody tr').length === 3`, 10*time.Second)

	var w, waited string // the streak's player; the one who waited for the last game
	played := map[string]bool{}
	for game, wins := 1, 0; wins < 3; game++ {
		games := waitNewGames(t, tabs, names, played, 2, 20*time.Second)
		pair := paired(t, games, played)
		if waited != "" && !slices.Contains(pair, waited) {
			t.Errorf("%v paired, %s who waited left waiting", pair, waited)
		}
		if w == "" {
			w = pair[0]
		}
		winner, loser := pair[0], pair[1]
		if loser == w {
			winner, loser = w, pair[0]
		}
		for _, n := range names {
			if !slices.Contains(pair, n) {
				waited = n
			}
		}
		resignedGame(t, base, tabs[winner], tabs[loser], games[winner], games[loser])
		t.Logf("game %d: %s beat %s", game, winner, loser)
		if winner == w {
			wins++
			want := []struct{ score, sheet string }{{"2", "2"}, {"4", "2 2"}, {"8", "2 2 4"}}[wins-1]
			guest.waitJSWithin(fmt.Sprintf("%s's %s points after %d wins (sheet %s), on fire: %v", w, want.score, wins, want.sheet, wins >= 2),
				fmt.Sprintf(`(() => { const r = %s;
					return r?.dataset.score === %q && r.querySelector('.sheet')?.textContent === %q && !!r.querySelector('[data-fire]') === %v; })()`,
					standingRow(w), want.score, want.sheet, wins >= 2), 15*time.Second)
		}
		if game == 1 { // the third saw it live, on its page opened before the first game
			tabs[waited].waitJSWithin(waited+" sees "+winner+"'s 2 points live", fmt.Sprintf(`%s?.dataset.score === '2'`, standingRow(winner)), 15*time.Second)
		}
		for _, n := range pair {
			tabs[n].open(base+"/t/"+id, `!!document.querySelector('#standings')`)
		}
	}
	screenshot(t, guest, "tournament-arena-streak-desktop")
	// The end: the server's clock past the 30 minutes, the game paired
	// after the streak and never started is void; W is the winner on every
	// page.
	clock.add(31 * time.Minute)
	for _, tb := range append([]*tab{guest}, tabs["ana"], tabs["ben"], tabs["cyd"]) {
		tb.waitJSWithin(tb.name+" sees the winner", fmt.Sprintf(`document.querySelector('#winner')?.textContent === %q`, "Winner: "+w), 20*time.Second)
	}
	if !eval[bool](guest, `window.e2eNeverReloaded === true && `+standingRow(w)+`?.dataset.score === '8'`) {
		t.Errorf("the guest's page reloaded, or %s's final score is not 8", w)
	}
	screenshot(t, ana, "tournament-arena-end-desktop")
}

// standingRow is a JavaScript expression: the standings' row of the
// player named name, or undefined.
func standingRow(name string) string {
	return fmt.Sprintf(`[...document.querySelectorAll('#standings tbody tr')].find((r) => r.querySelector('a')?.textContent === %q)`, name)
}

// paired returns the two players of the one game in games (links by
// name), sorted, and records its links as played.
func paired(t *testing.T, games map[string]string, played map[string]bool) []string {
	t.Helper()
	byGame := map[string][]string{}
	for n, href := range games {
		played[href] = true
		page, _, _ := strings.Cut(href, "?") // each player's link has its seat's token
		byGame[page] = append(byGame[page], n)
	}
	if len(byGame) != 1 {
		t.Fatalf("games %v: want one game of two players", games)
	}
	for _, pair := range byGame {
		slices.Sort(pair)
		return pair
	}
	return nil
}

// resignedGame plays a tournament game from the players' links: two moves
// each (a rated game needs them, or the resignation aborts it), then the
// loser resigns and the winner sees the game over.
func resignedGame(t *testing.T, base string, winner, loser *tab, wHref, lHref string) {
	t.Helper()
	winner.open(base+wHref, boardReady)
	loser.open(base+lHref, boardReady)
	bothMove(t, winner, loser)
	bothMove(t, winner, loser)
	eval[bool](loser, `(window.plateauPage.request({type: 'resign'}), true)`)
	winner.waitJSWithin(winner.name+" sees the game won", `document.querySelector('#game')?.dataset.over === '1'`, 15*time.Second)
}

// signUpTabs opens the lobby in a tab per name and signs each up (its
// password ends with tag).
func signUpTabs(t *testing.T, bctx context.Context, base string, names []string, tag string) map[string]*tab {
	t.Helper()
	tabs := map[string]*tab{}
	for _, n := range names {
		tb := newTab(t, bctx, n)
		tb.open(base+"/", `!!document.querySelector('#signin-open') && !!document.querySelector('#tournaments h2')`)
		tb.signUp(n, "correct horse battery "+n[:1]+tag)
		tabs[n] = tb
	}
	return tabs
}

// joinFromLobby has each of names join tournament id from the lobby's
// list, and waits for its page.
func joinFromLobby(tabs map[string]*tab, names []string, id string) {
	for _, n := range names {
		tb := tabs[n]
		tb.t.Helper()
		sel := fmt.Sprintf(`[data-tjoin=%q]`, id)
		tb.waitJS(n+" sees the tournament in the lobby", fmt.Sprintf(`!!document.querySelector(%q)`, sel))
		tb.clickAt(sel)
		tb.waitJS(n+" on the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tleave')`)
	}
}
