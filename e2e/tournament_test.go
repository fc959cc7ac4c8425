package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestArena: three accounts join an arena of one minute, created from the
// lobby's form; two are paired within seconds and play their game from
// the tournament page's link; when one resigns, the third player's page
// (never reloaded) shows the winner's 2 points live; the third is paired
// next; once the time is up and the last game over, every page shows the
// winner.
func TestArena(t *testing.T) {
	bctx := browser(t)
	base := startServer(t)
	names := []string{"ana", "ben", "cyd"}
	tabs := map[string]*tab{}
	for _, n := range names {
		tb := newTab(t, bctx, n)
		tb.open(base+"/", `!!document.querySelector('#signin-open') && !!document.querySelector('#tournaments h2')`)
		tb.signUp(n, "correct horse battery "+n[:1]+"71")
		tabs[n] = tb
	}
	ana := tabs["ana"]
	ana.waitJS("the tournaments' form", `!!document.querySelector('#tournaments details.tourney-create')`)
	ana.clickAt("#tournaments details.tourney-create summary")
	ana.do("an arena of one minute, starting now",
		chromedp.SetValue(`#tournaments input[name="minutes"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="minutes"]`, "1"),
		chromedp.SetValue(`#tournaments input[name="startsIn"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="startsIn"]`, "0"),
		chromedp.SendKeys(`#tournaments input[name="name"]`, "Night arena"))
	ana.clickAt("#tourney-create")
	ana.waitJS("the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tjoin')`)
	id := eval[string](ana, `location.pathname.slice(3)`)
	ana.clickAt("#tjoin")
	ana.waitJSWithin("ana in", `!!document.querySelector('#tleave')`, 10*time.Second)
	for _, n := range []string{"ben", "cyd"} {
		tb := tabs[n]
		sel := fmt.Sprintf(`[data-tjoin=%q]`, id)
		tb.waitJS(n+" sees the arena in the lobby", fmt.Sprintf(`!!document.querySelector(%q)`, sel))
		tb.clickAt(sel)
		tb.waitJS(n+" on the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tleave')`)
	}
	// Two are paired within seconds; the third waits.
	paired := waitGames(t, tabs, names, 2, 10*time.Second)
	var waiting string
	for _, n := range names {
		if _, ok := paired[n]; !ok {
			waiting = n
		}
	}
	var players []string
	for n := range paired {
		players = append(players, n)
	}
	a, b := tabs[players[0]], tabs[players[1]]
	for _, n := range players {
		tabs[n].open(base+paired[n], boardReady)
	}
	bothMove(t, a, b)
	bothMove(t, a, b)
	eval[bool](a, `(window.plateauPage.request({type: 'resign'}), true)`)
	winner := players[1]
	w := tabs[waiting]
	w.waitJSWithin(waiting+" sees "+winner+"'s 2 points live", fmt.Sprintf(`(() => {
		const row = [...document.querySelectorAll('#standings tbody tr')].find((r) => r.querySelector('a')?.textContent === %q);
		return row?.dataset.score === '2'; })()`, winner), 15*time.Second)
	// The one who waited is paired next, on its page without a reload.
	w.waitJSWithin(waiting+"'s game link", `!!document.querySelector('#tgame')`, 15*time.Second)
	href := eval[string](w, `document.querySelector('#tgame').getAttribute('href')`)
	for _, n := range players {
		tabs[n].open(base+"/t/"+id, `!!document.querySelector('#standings')`)
	}
	next := waitGames(t, tabs, players, 1, 15*time.Second)
	var opp string
	for n := range next {
		opp = n
	}
	o := tabs[opp]
	oHref := eval[string](o, `document.querySelector('#tgame').getAttribute('href')`)
	w.open(base+href, boardReady)
	o.open(base+oHref, boardReady)
	bothMove(t, w, o)
	bothMove(t, w, o)
	eval[bool](o, `(window.plateauPage.request({type: 'resign'}), true)`)
	// The end: after the minute and the last game, the winner shows.
	for _, n := range names {
		tabs[n].open(base+"/t/"+id, `!!document.querySelector('#standings')`)
	}
	for _, n := range names {
		tabs[n].waitJSWithin(n+" sees the winner", `/Winner: /.test(document.querySelector('#winner')?.textContent || '')`, 90*time.Second)
	}
	screenshot(t, ana, "tournament-arena-end-desktop")
}

// waitGames waits until want of the tabs (on the tournament page) show
// their game's link and returns the links by name.
func waitGames(t *testing.T, tabs map[string]*tab, names []string, want int, d time.Duration) map[string]string {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		out := map[string]string{}
		for _, n := range names {
			if href := eval[string](tabs[n], `document.querySelector('#tgame')?.getAttribute('href') || ''`); href != "" {
				out[n] = href
			}
		}
		if len(out) >= want {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v, %d players paired, want %d: %v", d, len(out), want, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
