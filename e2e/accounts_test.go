package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// signUp signs up in tab tb from the header's dialog, and waits for the
// page to show the account.
func (tb *tab) signUp(name, password string) {
	tb.t.Helper()
	tb.clickAt("#signin-open")
	tb.waitJS("the sign-in dialog", `!!document.querySelector('#account-dialog[open] #account-switch')`)
	tb.clickAt("#account-switch")
	tb.waitJS("the sign-up form", `document.querySelector('#account-submit').textContent === 'Create the account'`)
	tb.do("type the name and password",
		chromedp.SendKeys(chromedp.CSS("#account-name"), name),
		chromedp.SendKeys(chromedp.CSS("#account-password"), password))
	tb.clickAt("#account-submit")
	tb.waitReload("signed in as "+name, fmt.Sprintf(`document.querySelector('#account-me')?.textContent === %q`, name))
}

// waitReload waits until expr is true on the page, which reloads meanwhile
// (the evaluations the reload interrupts are retried).
func (tb *tab) waitReload(what, expr string) {
	tb.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("%s: waiting for %s (%s): %v", tb.name, what, expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAccounts: Ana creates a game for a friend as a guest, then signs up
// (the game becomes hers); Ben signs up and opens the invite link; both
// see each other's names on the game page, play, and find the game on
// their player pages, with its links. A wrong password is refused in the
// dialog; signing out brings the sign-in button back.
func TestAccounts(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)

	ana := newTab(t, bctx, "ana")
	ana.open(base+"/", `!!document.querySelector('#signin-open') && !!document.querySelector('[data-friend="dames"]')`)
	ana.clickAt(`[data-friend="dames"]`)
	ana.waitJS("the invite link", `!!document.querySelector('[data-game="dames"] .friend input.invite')`)
	link := eval[string](ana, `document.querySelector('[data-game="dames"] .friend input.invite').value`)
	id := strings.TrimPrefix(strings.SplitN(link, "?", 2)[0], base+"/g/")
	if id == "" || !strings.Contains(link, "token=") {
		t.Fatalf("the invite link is %q", link)
	}
	ana.signUp("Ana", "correct horse")

	ben := newTab(t, bctx, "ben")
	ben.open(base+"/", `!!document.querySelector('#signin-open')`)
	screenshot(t, ben, "account-header-desktop")
	ben.signUp("ben", "battery staple")
	ben.open(link, boardReady+` && !!document.querySelector('#players li.me[data-player="1"]')`)

	ana.open(base+"/g/"+id, boardReady+` && !!document.querySelector('#players li.me[data-player="0"]')`)
	named := `(() => { const n = (p) => document.querySelector('#players li[data-player="' + p + '"] a.account-name')?.textContent;
		return n(0) === 'Ana' && n(1) === 'ben'; })()`
	ana.waitJS("both names on Ana's game page", named)
	ben.waitJS("both names on Ben's game page", named)
	bothMove(t, ana, ben)
	screenshot(t, ben, "account-game-names-desktop")

	// Each finds the game on their page, reached from the header.
	for _, p := range []struct {
		tb   *tab
		name string
	}{{ana, "Ana"}, {ben, "ben"}} {
		p.tb.clickAt("#account-me")
		row := fmt.Sprintf(`#player-games tr[data-game=%q]`, id)
		p.tb.waitJS(p.name+"'s page lists the game", fmt.Sprintf(`location.pathname === '/@/%s' && document.querySelector('#player-name')?.textContent === %q && !!document.querySelector(%q)`, p.name, p.name, row))
		links := eval[[]string](p.tb, fmt.Sprintf(`[...document.querySelectorAll('%s a')].map((a) => a.getAttribute('href'))`, row))
		want := fmt.Sprintf("[/@/%s /g/%s /api/games/%s/export]", map[string]string{"Ana": "ben", "ben": "Ana"}[p.name], id, id)
		if fmt.Sprint(links) != want {
			t.Errorf("%s's row links to %v, want %s", p.name, links, want)
		}
	}
	screenshot(t, ana, "account-player-page-desktop")
	// The game is not finished: no win on Ana's page.
	if !eval[bool](ana, `(() => { const s = document.querySelector('#filter-result'); s.value = 'win'; s.dispatchEvent(new Event('change')); return true; })()`) {
		t.Fatal("no result filter")
	}
	ana.waitJS("no win listed", `!!document.querySelector('#player-none') && location.search === '?result=win'`)
	// On a phone, the header and the player page fit the width.
	ana.do("phone size", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
	ana.open(base+"/@/Ana", fmt.Sprintf(`!!document.querySelector('#player-games tr[data-game=%q]')`, id))
	if wide := eval[bool](ana, `document.documentElement.scrollWidth > innerWidth + 1`); wide {
		t.Errorf("the player page is wider than a 360 px phone")
	}
	screenshot(t, ana, "account-player-page-phone")
	// From the player page, the game opens.
	ben.clickAt(fmt.Sprintf(`#player-games tr[data-game=%q] a.open`, id))
	ben.waitJS("the game from the player page", boardReady+` && !!document.querySelector('#players li.me[data-player="1"]')`)

	// A wrong password is refused in the dialog, in the page's words.
	eve := newTab(t, bctx, "eve")
	eve.allow("401") // the refused sign-in's answer
	eve.open(base+"/rules/dames?lang=en", `!!document.querySelector('#signin-open')`)
	eve.clickAt("#signin-open")
	eve.waitJS("the sign-in dialog", `!!document.querySelector('#account-dialog[open]')`)
	eve.do("type a wrong password",
		chromedp.SendKeys(chromedp.CSS("#account-name"), "Ana"),
		chromedp.SendKeys(chromedp.CSS("#account-password"), "wrong horse"))
	eve.clickAt("#account-submit")
	eve.waitJS("the refusal", `document.querySelector('#account-error')?.textContent === 'Wrong name or password.'`)

	// In French, the control speaks French.
	eve.open(base+"/rules/dames?lang=fr", `document.querySelector('#signin-open')?.textContent === 'Se connecter'`)

	// Signing out brings the sign-in button back, and forgets the seats
	// this browser held (the next person on it cannot play them).
	if !eval[bool](ben, `!!JSON.parse(localStorage.getItem('plateau.mine') || '{}')[`+fmt.Sprintf("%q", id)+`]`) {
		t.Fatal("ben's browser does not hold the game's seat before signing out")
	}
	// The game page, reloaded, lists the game again, watched: no token.
	noSeats := `Object.values(JSON.parse(localStorage.getItem('plateau.mine') || '{}')).every((g) => Object.keys(g.tokens || {}).length === 0)`
	ben.clickAt("#signout")
	ben.waitReload("signed out", `!!document.querySelector('#signin-open') && !document.querySelector('#account-me') && `+noSeats)

	// Signing out everywhere from another browser closes Ana's game page's
	// socket: the page reloads signed out and forgets her seats.
	ana.open(base+"/g/"+id, boardReady+` && !!document.querySelector('#players li.me[data-player="0"]')`)
	elsewhere := newTab(t, bctx, "ana-elsewhere")
	elsewhere.open(base+"/@/Ana", `!!document.querySelector('#signin-open')`)
	elsewhere.signIn("Ana", "correct horse")
	elsewhere.waitJS("the sign-out-everywhere button", `!!document.querySelector('#signout-all')`)
	elsewhere.clickAt("#signout-all")
	ana.waitReload("Ana's page signed out by another browser", `!!document.querySelector('#signin-open') && `+noSeats)
	// The reloaded page connects without the forgotten tokens: it watches.
	ana.waitJS("Ana's page reloaded, watching", boardReady+` && window.plateauPage?.conn?.welcomed === true`)
	if eval[bool](ana, `!!document.querySelector('#players li.me') || window.plateauPage.conn.tokens.length > 0`) {
		t.Error("the page reloaded signed out still plays Ana's seat")
	}
}

// signIn signs in in tab tb from the header's dialog.
func (tb *tab) signIn(name, password string) {
	tb.t.Helper()
	tb.clickAt("#signin-open")
	tb.waitJS("the sign-in dialog", `!!document.querySelector('#account-dialog[open] #account-name')`)
	tb.do("type the name and password",
		chromedp.SendKeys(chromedp.CSS("#account-name"), name),
		chromedp.SendKeys(chromedp.CSS("#account-password"), password))
	tb.clickAt("#account-submit")
	tb.waitReload("signed in as "+name, fmt.Sprintf(`document.querySelector('#account-me')?.textContent === %q`, name))
}
