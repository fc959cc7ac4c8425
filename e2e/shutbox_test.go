package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestShutboxLastMove plays two covers on one screen and checks that each
// time the tiles just covered are marked in the box of the player who
// covered them, and nowhere else.
func TestShutboxLastMove(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)
	id, toks := seededGame(t, st, "shutbox", map[string]string{"players": "2"}, testSeed("shutbox-last"))
	a := newTab(t, bctx, "shutbox")
	openHotseat(a, base, id, toks)
	type cover struct {
		Notation string
		Kind     string
		Clicks   []string
	}
	for turn := range 2 {
		a.waitJS("a cover to make", `document.querySelector('#status').dataset.turn === 'me' && plateauPage.view.moves.some((m) => m.kind === 'cover')`)
		mover := eval[int](a, `plateauPage.view.toMove`)
		moves := eval[[]cover](a, `plateauPage.view.moves`)
		i := slices.IndexFunc(moves, func(m cover) bool { return m.Kind == "cover" })
		m := moves[i]
		v := a.turn().Version
		for _, tile := range m.Clicks {
			a.clickAt(fmt.Sprintf(`#board .box[data-player="%d"] [data-loc=%q]`, mover, tile))
		}
		a.waitJS("the cover played", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy && plateauPage.view.toMove !== %d; })()`, turnJS, v, mover))
		for p := range 2 {
			got := eval[[]string](a, fmt.Sprintf(`[...document.querySelectorAll('#board .box[data-player="%d"] [data-last]')].map((e) => e.dataset.last)`, p))
			slices.Sort(got)
			want := []string{}
			if p == mover {
				want = slices.Clone(m.Clicks)
				slices.Sort(want)
			}
			if !slices.Equal(got, want) {
				t.Errorf("turn %d: after player %d covered %s, box %d marks %v as the last move, want %v", turn, mover+1, m.Notation, p+1, got, want)
			}
		}
		if turn == 0 {
			shoot(t, a, a, "shutbox")
			tileSizes(t, a)
		}
		if n := eval[int](a, `document.querySelectorAll('#board .last').length`); n != 0 {
			t.Errorf("turn %d: %d tiles of the box to move are marked as the last move", turn, n)
		}
		if s := eval[string](a, `document.querySelector('#board .box.active')?.dataset.player ?? ''`); s == fmt.Sprint(mover) {
			t.Errorf("turn %d: player %d's box is still the active one after the cover (%s)", turn, mover+1, strings.TrimSpace(s))
		}
	}
}

// tileSizes checks that at desktop and phone sizes the boxes fit the screen
// (no zoomed board) with every tile at least 40 CSS px wide and tall.
func tileSizes(t *testing.T, a *tab) {
	t.Helper()
	const js = `(() => { const sides = [...document.querySelectorAll('#board .tile .hit')].map((e) => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); });
		const w = document.querySelector('#board'); return {Least: Math.min(...sides), Zoomed: w.classList.contains('zoomed'), Tiles: sides.length, Fits: w.scrollWidth <= w.clientWidth + 1}; })()`
	for _, size := range [][2]int64{{1280, 900}, {1024, 700}, {390, 844}, {360, 640}} {
		eval[bool](a, `(() => { document.querySelector('#board svg').dataset.stale = '1'; return true; })()`)
		if size[0] < 700 {
			a.do("phone size", chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
		} else {
			a.do("desktop size", chromedp.EmulateViewport(size[0], size[1]))
		}
		// The page draws the board again 150 ms after a resize.
		a.waitJS("the board drawn again", fmt.Sprintf(`innerWidth === %d && !document.querySelector('#board svg').dataset.stale`, size[0]))
		got := eval[string](a, `JSON.stringify(`+js+`)`)
		t.Logf("at %dx%d: %s", size[0], size[1], got)
		if !eval[bool](a, fmt.Sprintf(`(() => { const x = %s; return x.Tiles === 18 && x.Least >= 40 && !x.Zoomed && x.Fits; })()`, js)) {
			t.Errorf("at %dx%d: %s, want 18 tiles of at least 40 px, the board not zoomed and fitting", size[0], size[1], got)
		}
	}
	a.do("desktop size", chromedp.EmulateViewport(1280, 900))
}
