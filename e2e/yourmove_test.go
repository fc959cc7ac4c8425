package e2e

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// notificationStub stands for the browser's Notification API, which a
// headless browser does not show: the permission the player gave is kept
// in localStorage as a browser keeps it, each notification is recorded in
// window.notes, each request for permission counted.
const notificationStub = `(() => {
	const notes = [];
	window.notes = notes;
	window.Notification = class {
		constructor(title, o) { notes.push({title, body: (o && o.body) || '', tag: (o && o.tag) || ''}); }
		static get permission() { return localStorage.getItem('stub.permission') || 'default'; }
		static requestPermission() {
			localStorage.setItem('stub.asks', String(+(localStorage.getItem('stub.asks') || 0) + 1));
			localStorage.setItem('stub.permission', 'granted');
			return Promise.resolve('granted');
		}
	};
})()`

// TestYourMove: two players seek a correspondence game of 3 days a move
// from the lobby and are paired; the game page shows the time control;
// the lobby's "your move" block lists the game for the player to move
// only, and once the other has moved it lists it for its player, with the
// time left, and notifies them (the permission asked once, by the block's
// button).
func TestYourMove(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	bctx := browser(t)
	tabs := map[string]*tab{}
	for _, name := range []string{"ann", "bob"} {
		tb := newTab(t, bctx, name)
		if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: notificationStub}); err != nil {
			t.Fatal(err)
		}
		tb.open(base+"/", `!!document.querySelector('#seeks h2')`)
		if !eval[bool](tb, `document.querySelector('#your-move').hidden`) {
			t.Errorf("%s: the your-move block shows to a guest", name)
		}
		if !eval[bool](tb, fmt.Sprintf(`fetch('/api/account/signup', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({name: %q, password: 'correct horse battery'})}).then((r) => r.status === 201)`, name)) {
			t.Fatalf("%s: sign up refused", name)
		}
		tb.open(base+"/", `document.querySelector('#awaiting-count')?.dataset.count === '0' && !!document.querySelector('#seek-submit') && !document.querySelector('#seek-submit').disabled`)
		tb.clickAt("#notify-me")
		tb.waitJS("notifications allowed", `document.querySelector('#notify-state')?.textContent === 'Notifications on'`)
		tabs[name] = tb
	}
	ann, bob := tabs["ann"], tabs["bob"]
	ann.open(base+"/", `!!document.querySelector('#notify-state') && !document.querySelector('#notify-me')`)
	if n := eval[string](ann, `localStorage.getItem('stub.asks')`); n != "1" {
		t.Errorf("the permission was asked %s times, want once", n)
	}
	choose := func(tb *tab, sel, value string) {
		t.Helper()
		eval[bool](tb, fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event('change')); return true; })()`, sel, value))
	}
	for _, tb := range []*tab{ann, bob} {
		choose(tb, "#seek-game", "dames")
		idx := eval[string](tb, `[...document.querySelectorAll('#seek-clock option')].find((o) => o.textContent === '3 days a move')?.value || ''`)
		if idx == "" {
			t.Fatalf("%s: no seek of 3 days a move offered", tb.name)
		}
		choose(tb, "#seek-clock", idx)
		tb.clickAt("#seek-submit")
		if tb == ann {
			bob.waitJS("ann's seek listed", `[...document.querySelectorAll('#seek-list [data-seek]')].some((li) => li.textContent.includes('3 days a move'))`)
		}
	}
	onGame := `location.pathname.startsWith('/g/') && ` + boardReady
	ann.waitJS("ann's game", onGame)
	bob.waitJS("bob's game", onGame)
	path := eval[string](ann, `location.pathname`)
	for _, tb := range []*tab{ann, bob} {
		tb.waitJS("the time control on the game page", `[...document.querySelectorAll('#players [data-clock]')].map((e) => e.textContent).join() === '3 days a move,3 days a move'`)
	}
	first, second := ann, bob
	if !ann.turn().Mine {
		first, second = bob, ann
	}
	listed := fmt.Sprintf(`document.querySelector('#awaiting-count')?.dataset.count === '1' && !!document.querySelector('#awaiting a[href=%q]')`, path)
	first.open(base+"/", listed)
	if got := eval[string](first, `document.querySelector('#awaiting li').textContent`); got != "International draughts · vs "+second.name+" · 3 days a move" {
		t.Errorf("%s's game awaiting the first move: %q", first.name, got)
	}
	second.open(base+"/", `document.querySelector('#awaiting-count')?.dataset.count === '0'`)
	first.open(base+path, boardReady)
	playMove(t, first, rand.New(rand.NewPCG(7, 1)))
	first.waitJS("the move made", `document.querySelector('#status')?.dataset.turn !== 'me'`)
	// The second player's lobby, open meanwhile, reads the list again when
	// its tab is shown.
	eval[bool](second, `(() => { document.dispatchEvent(new Event('visibilitychange')); return true; })()`)
	second.waitJS("the game awaiting the second player's move", listed)
	text := eval[string](second, `document.querySelector('#awaiting li').textContent`)
	if want := "International draughts · vs " + first.name + " · 3 days a move · "; !strings.HasPrefix(text, want) || !strings.HasSuffix(text, " left") {
		t.Errorf("the second player's entry %q, want %q and the time left", text, want)
	}
	if got := eval[string](second, `document.querySelector('#awaiting-count').textContent`); got != "1 game awaits your move" {
		t.Errorf("count %q", got)
	}
	second.waitJS("a notification", `window.notes.length === 1 && window.notes[0].title === 'Your move: International draughts'`)
	screenshot(t, second, "lobby-your-move")
	second.clickAt("#awaiting a")
	second.waitJS("the game from the list, the clock running", onGame+` && [...document.querySelectorAll('#players [data-clock]')].some((e) => /^3 days a move, (2 days 23|3 days 0) h left$/.test(e.textContent))`)
}

// TestCorrespondenceForm: a hot-seat draughts game of 2 days a move made
// with the lobby's full form: the game page shows the time control on both
// clocks, then after the first move the running one with its time left;
// the lobby's list of games in progress shows the time control.
func TestCorrespondenceForm(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	a := newTab(t, browser(t), "corr")
	newGameForm(t, a, base, "#new-game", "dames", "#seat-1", "me", "#clock-days", "2")
	clocks := `[...document.querySelectorAll('#players [data-clock]')].map((e) => e.textContent).join('|')`
	a.waitJS("the game page with two clocks", boardReady+` && `+clocks+` === '2 days a move|2 days a move'`)
	playMove(t, a, rand.New(rand.NewPCG(5, 5))) // free: starts the clocks
	a.waitJS("seat 2's clock running", clocks+` === '2 days a move|2 days a move, 2 days 0 h left' &&
		document.querySelector('#players [data-clock="1"]').classList.contains('running')`)
	path := eval[string](a, `location.pathname`)
	a.open(base+"/", fmt.Sprintf(`document.querySelector('[data-listed=%q] .tc')?.textContent === '2 days a move'`, strings.TrimPrefix(path, "/g/")))
}
