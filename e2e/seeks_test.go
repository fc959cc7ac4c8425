package e2e

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"plateau/rating"
	"plateau/store"
)

// TestSeeks: two players sign up, seek the same rated game from the
// lobby, are paired, play it to its end (a resignation), and find their
// new ratings — as rating.Game computes them — on their pages.
func TestSeeks(t *testing.T) {
	t.Parallel()
	base, st := startServerStore(t)
	bctx := browser(t)
	ann, bob := newTab(t, bctx, "ann"), newTab(t, bctx, "bob")
	for _, p := range []struct {
		tb   *tab
		name string
	}{{ann, "ann"}, {bob, "bob"}} {
		p.tb.open(base+"/", `!!document.querySelector('#seeks h2')`)
		if !eval[bool](p.tb, fmt.Sprintf(`fetch('/api/account/signup', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({name: %q, password: 'correct horse battery'})}).then((r) => r.status === 201)`, p.name)) {
			t.Fatalf("%s: sign up refused", p.name)
		}
		// The lobby's connection now carries the session.
		p.tb.open(base+"/", `!!document.querySelector('#seek-submit') && !document.querySelector('#seek-submit').disabled`)
	}
	choose := func(tb *tab, sel, value string) {
		t.Helper()
		eval[bool](tb, fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event('change')); return true; })()`, sel, value))
	}
	choose(ann, "#seek-game", "dames")
	if !eval[bool](ann, `document.querySelector('#seek-rated').checked`) {
		t.Fatal("a seek is not rated by default")
	}
	ann.clickAt("#seek-submit")
	ann.waitJS("ann's seek open", `!!document.querySelector('#seeks .seeking')`)
	bob.waitJS("ann's seek listed", `[...document.querySelectorAll('#seek-list [data-seek]')].some((li) => li.textContent.includes('ann') && li.textContent.includes('1500?'))`)
	screenshot(t, bob, "lobby-seeks-desktop")
	// On a phone, in French: the form and the list fit the screen's width.
	bob.do("phone size", chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
	bob.open(base+"/", `!!document.querySelector('#seek-list [data-accept]')`)
	eval[bool](bob, `(() => { document.querySelector('[data-lang="fr"]').click(); return true; })()`)
	bob.waitJS("the seeks in French", `document.querySelector('#seeks h2').textContent === 'Jouer contre quelqu’un' && !!document.querySelector('#seek-list [data-accept]')`)
	if w := eval[float64](bob, `(() => { document.querySelector('#seeks').scrollIntoView(); return document.documentElement.scrollWidth - innerWidth; })()`); w > 0 {
		t.Errorf("the lobby with seeks is %.0f px wider than a phone", w)
	}
	screenshot(t, bob, "lobby-seeks-phone-fr")
	eval[bool](bob, `(() => { document.querySelector('[data-lang="en"]').click(); return true; })()`)
	bob.do("desktop size", chromedp.EmulateViewport(1280, 900))
	choose(bob, "#seek-game", "dames")
	bob.clickAt("#seek-submit")
	onGame := `location.pathname.startsWith('/g/') && ` + boardReady
	ann.waitJS("ann's game", onGame)
	bob.waitJS("bob's game", onGame)
	path := eval[string](ann, `location.pathname`)
	if p := eval[string](bob, `location.pathname`); p != path {
		t.Fatalf("paired into %s and %s", path, p)
	}
	id := path[len("/g/"):]
	// Both seats joined, with their accounts' names: nothing redraws the
	// controls between the two clicks on resign.
	ann.waitJS("ann holds a seat, both joined", `document.querySelector('#players li.me') !== null && !!document.querySelector('#resign') &&
		[...document.querySelectorAll('#players a.account-name')].map((a) => a.textContent).sort().join() === 'ann,bob' &&
		!document.querySelector('#players').textContent.includes('waiting for a player')`)
	if eval[bool](ann, `!!document.querySelector('#undo-request')`) {
		t.Error("an undo button in a rated game")
	}
	// Two moves each: a rated game ended sooner is aborted, not rated.
	bothMove(t, ann, bob)
	bothMove(t, ann, bob)
	// A third person's lobby lists the game in progress (it has moves), marked rated.
	cid := newTab(t, bctx, "cid")
	cid.open(base+"/", `!!document.querySelector('[data-listed="`+id+`"] [data-rated]')`)
	ann.clickAt("#resign")
	ann.waitJS("the resign confirmation", `document.querySelector('#resign').dataset.armed === '1'`)
	ann.clickAt("#resign")
	bob.waitJS("bob's win", `document.querySelector('dialog#result[open] h2')?.textContent === '★ You won!'`)
	wantBob, wantAnn, err := rating.Game(rating.New(), rating.New(), 1)
	if err != nil {
		t.Fatal(err)
	}
	rb, ra := int(math.Round(wantBob.Rating)), int(math.Round(wantAnn.Rating))
	bob.waitJS("the rating changes in the result", fmt.Sprintf(`document.querySelector('#result-ratings [data-rating-change="bob"]')?.textContent === 'bob 1500 → %d (+%d)' &&
		document.querySelector('#result-ratings [data-rating-change="ann"]')?.textContent === 'ann 1500 → %d (−%d)'`, rb, rb-1500, ra, 1500-ra))
	screenshot(t, bob, "rated-result-desktop")

	// The lobby's leaderboard lists both, provisional, the winner first.
	bob.open(base+"/", `!!document.querySelector('#leaderboard')`)
	eval[bool](bob, `(() => { document.querySelector('#leaderboard').open = true; return true; })()`)
	choose(bob, "#board-game", "dames")
	bob.waitJS("the leaderboard", `[...document.querySelectorAll('#board-body tr[data-player]')].map((r) => r.dataset.player).join() === 'bob,ann'`)
	// One game is fewer than --provisional-games: bob's rating shows
	// provisional ("1662?"), unranked.
	bob.waitJS("bob's provisional rating", fmt.Sprintf(`(() => { const tds = document.querySelector('#board-body tr[data-player="bob"]').children;
		return tds[0].textContent === '' && tds[2].textContent === '%d?'; })()`, rb))
	eval[bool](bob, `(() => { document.querySelector('#leaderboard').scrollIntoView(); return true; })()`)
	screenshot(t, bob, "lobby-leaderboard-desktop")

	ctx := context.Background()
	g, err := st.Game(ctx, id)
	if err != nil || !g.Rated || g.Status != store.StatusFinished {
		t.Fatalf("game %s: %+v, %v; want rated and finished", id, g, err)
	}
	for _, p := range []struct {
		tb   *tab
		name string
		want rating.Rating
	}{{ann, "ann", wantAnn}, {bob, "bob", wantBob}} {
		acc, err := st.AccountByName(ctx, p.name)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := st.Ratings(ctx, acc.ID)
		if err != nil || len(rs) != 1 || math.Abs(rs[0].Rating.Rating-p.want.Rating) > 1e-9 || math.Abs(rs[0].RD-p.want.RD) > 1e-9 {
			t.Errorf("%s's ratings %+v, %v; want dames %+v", p.name, rs, err, p.want)
		}
		r := strconv.Itoa(int(math.Round(p.want.Rating)))
		p.tb.open(base+"/@/"+p.name, `!!document.querySelector('#ratings [data-rating]')`)
		p.tb.waitJS(p.name+"'s rating and chart", `document.querySelector('#ratings [data-rating-game="dames"] [data-rating]').dataset.rating === '`+r+`' &&
			!!document.querySelector('#ratings svg.rating-chart path.line')`)
		p.tb.waitJS(p.name+"'s game on the page", `!!document.querySelector('#player-games tr[data-game="`+id+`"] a[href^="/g/`+id+`"]')`)
		if p.name == "bob" {
			screenshot(t, p.tb, "player-ratings-desktop")
		}
	}

	// A rated game resigned before each side made two moves is aborted: the
	// result says so, and no rating changes.
	for _, tb := range []*tab{ann, bob} {
		tb.open(base+"/", `!!document.querySelector('#seek-submit') && !document.querySelector('#seek-submit').disabled`)
		choose(tb, "#seek-game", "dames")
	}
	ann.clickAt("#seek-submit")
	ann.waitJS("ann's second seek open", `!!document.querySelector('#seeks .seeking')`)
	bob.clickAt("#seek-submit")
	other := onGame + ` && location.pathname !== '/g/` + id + `'`
	ann.waitJS("ann's second game", other)
	bob.waitJS("bob's second game", other)
	ann.waitJS("ann holds a seat", `document.querySelector('#players li.me') !== null && !!document.querySelector('#resign')`)
	ann.clickAt("#resign")
	ann.waitJS("the resign confirmation", `document.querySelector('#resign').dataset.armed === '1'`)
	ann.clickAt("#resign")
	bob.waitJS("the abort", `document.querySelector('dialog#result[open] #result-text')?.textContent === 'Game aborted, not rated: it ended before each player made two moves'`)
	for _, name := range []string{"ann", "bob"} {
		acc, err := st.AccountByName(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if rs, err := st.Ratings(ctx, acc.ID); err != nil || len(rs) != 1 || rs[0].Games != 1 {
			t.Errorf("%s's ratings after an aborted game: %+v, %v; want one game", name, rs, err)
		}
	}
}
