package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"plateau/games"
)

// phoneJS measures the board of a game page from the DOM: the least side
// of a location, the least size of a visible text (its font size in the
// SVG times the board's scale), and whether the status and the actions are
// in sight without scrolling.
const phoneJS = `(() => {
	const root = document.querySelector('#board svg');
	const vb = root.viewBox.baseVal, scale = root.getBoundingClientRect().width / vb.width;
	let tap = Infinity, tapLoc = '', text = Infinity, textOf = '';
	for (const el of root.querySelectorAll('[data-loc]')) {
		const r = el.getBoundingClientRect();
		if (!r.width && !r.height) continue;
		if (Math.min(r.width, r.height) < tap) { tap = Math.min(r.width, r.height); tapLoc = el.dataset.loc; }
	}
	for (const el of root.querySelectorAll('text')) {
		if (!el.textContent.trim() || !el.getClientRects().length) continue;
		const px = parseFloat(getComputedStyle(el).fontSize) * scale;
		if (px < text) { text = px; textOf = el.textContent; }
	}
	const inView = (el) => { if (!el) return true; const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0 && r.right <= innerWidth + 0.5; };
	const acts = [...document.querySelectorAll('#actions button')];
	const targets = [...root.querySelectorAll('[data-loc].target')];
	return {Tap: tap === Infinity ? 0 : tap, TapLoc: tapLoc, Text: text === Infinity ? 99 : text, TextOf: textOf, Locs: root.querySelectorAll('[data-loc]').length,
		Targets: targets.length, TargetInView: targets.some(inView), Status: inView(document.querySelector('#status')), Actions: acts.every(inView), NActions: acts.length,
		PageWide: document.documentElement.scrollWidth > innerWidth + 1,
		Whole: root.getBoundingClientRect().left >= -0.5 && root.getBoundingClientRect().right <= innerWidth + 0.5 && !document.querySelector('#board').classList.contains('zoomed'),
		ZoomOffered: !document.querySelector('#zoom').hidden};
})()`

type phoneInfo struct {
	Tap, Text      float64
	TapLoc, TextOf string
	Locs, NActions int
	Targets        int
	TargetInView   bool
	Status         bool
	Actions        bool
	PageWide       bool
	Whole          bool
	ZoomOffered    bool
}

// stableBoardJS is true once the board's width is the one it had at the
// call before: the layout has settled after a resize.
const stableBoardJS = `(() => { const r = document.querySelector('#board svg').getBoundingClientRect(); const ok = window.__w === r.width; window.__w = r.width; return ok; })()`

// phoneSizes opens a game page of every game, as a player, at two phone
// sizes and measures the board: the whole board in the screen's width (as
// on lidraughts; issue 68), a zoom offered where a location is under 40
// CSS px, text at least 9 px, the status and the game's actions in sight,
// and no page wider than the screen.
func phoneSizes(t *testing.T, bctx context.Context, base string) {
	for _, id := range games.Registry().IDs() {
		a := newTab(t, bctx, id)
		path, _ := createGame(t, a, base, id)
		for _, size := range [][2]int64{{390, 844}, {360, 640}} {
			a.do("phone size", chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
			a.open(base+path, boardReady)
			a.waitJS("the board laid out for the phone", fmt.Sprintf(`innerWidth === %d`, size[0]))
			a.waitJS("a stable board", stableBoardJS)
			p := eval[phoneInfo](a, phoneJS)
			if dir := os.Getenv("PLATEAU_PHONE_SHOTS"); dir != "" { // pictures to look at, not kept
				buf, err := chromedp.Run(a.ctx, chromedp.CaptureScreenshot())
				if err == nil {
					err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", id, size[0])), buf, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s at %dx%d: %d locations, least side %.1f px (%s), least text %.1f px (%q), %d actions, %d targets, status in sight %v", id, size[0], size[1], p.Locs, p.Tap, p.TapLoc, p.Text, p.TextOf, p.NActions, p.Targets, p.Status)
			if p.Locs == 0 {
				t.Errorf("%s at %dx%d: no location on the board", id, size[0], size[1])
			}
			if !p.Whole {
				t.Errorf("%s at %dx%d: the board is zoomed or reaches past the screen", id, size[0], size[1])
			}
			if p.Tap < 40 && !p.ZoomOffered {
				t.Errorf("%s at %dx%d: location %s is %.1f px, under 40, and no zoom is offered", id, size[0], size[1], p.TapLoc, p.Tap)
			}
			if p.Text < 9 {
				t.Errorf("%s at %dx%d: text %q is %.1f px, under 9", id, size[0], size[1], p.TextOf, p.Text)
			}
			if !p.Actions {
				t.Errorf("%s at %dx%d: the actions are not all in sight", id, size[0], size[1])
			}
			if p.Targets > 0 && !p.TargetInView {
				t.Errorf("%s at %dx%d: none of the %d targets on the board is in sight", id, size[0], size[1], p.Targets)
			}
			if p.Targets > 0 && size[1] == 640 {
				// A tap on a target: the actions it brings (Back, Confirm...) are in sight.
				// By its name: a redrawing of the board (a late resize) replaces the elements.
				loc := eval[string](a, `(() => { const r0 = (el) => el.getBoundingClientRect();
					const el = [...document.querySelectorAll('#board svg [data-loc].target')].find((el) => { const r = r0(el); return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; });
					return el ? el.dataset.loc : ''; })()`)
				if loc == "" {
					t.Fatalf("%s at %dx%d: no target in sight to tap", id, size[0], size[1])
				}
				before := a.turn()
				a.clickAt(fmt.Sprintf(`#board svg [data-loc=%q]`, loc))
				a.waitJS("the tap", fmt.Sprintf(`(() => { const x = %s; return x.Prefix !== %q || x.Version !== %d || x.Busy; })()`, turnJS, before.Prefix, before.Version))
				if q := eval[phoneInfo](a, phoneJS); !q.Actions {
					t.Errorf("%s at %dx%d: after a tap, the %d actions are not all in sight", id, size[0], size[1], q.NActions)
				} else {
					t.Logf("%s at %dx%d: after a tap, %d actions in sight", id, size[0], size[1], q.NActions)
				}
			}
			if p.PageWide {
				t.Errorf("%s at %dx%d: the page is wider than the screen", id, size[0], size[1])
			}
		}
	}
}

// desktopJS measures the board frame of a game page on a screen with a
// mouse: whether it is zoomed or scrolls sideways, where the board and
// the turn's actions end, and the least side of a location.
const desktopJS = `(() => {
	const w = document.querySelector('#board'), r = w.querySelector('svg').getBoundingClientRect();
	let tap = Infinity;
	for (const el of w.querySelectorAll('svg [data-loc]')) {
		const b = el.getBoundingClientRect();
		if (b.width || b.height) tap = Math.min(tap, b.width, b.height);
	}
	const acts = [...document.querySelectorAll('#actions button')].map((b) => b.getBoundingClientRect().bottom);
	return {Zoomed: w.classList.contains('zoomed'), Scrolls: w.scrollWidth > w.clientWidth + 1, Right: r.right, Bottom: r.bottom,
		ActionsBottom: Math.max(0, ...acts), Tap: tap === Infinity ? 0 : tap, Width: innerWidth, Height: innerHeight};
})()`

type desktopInfo struct {
	Zoomed, Scrolls                   bool
	Right, Bottom, ActionsBottom, Tap float64
	Width, Height                     float64
}

// desktopSizes opens a game page of every game, as a player, at laptop and
// desktop sizes: the whole board shows (no zoom, no sideways scroll), and it
// and the turn's actions fit the screen without scrolling, as on the
// draughts and backgammon sites, whatever the board's shape. On a tablet the
// whole board shows too, its locations big enough to tap.
func desktopSizes(t *testing.T, bctx context.Context, base string) {
	for _, id := range games.Registry().IDs() {
		a := newTab(t, bctx, id)
		path, _ := createGame(t, a, base, id)
		for _, size := range [][2]int64{{1200, 657}, {1366, 768}, {1920, 1080}} {
			a.do("desktop size", chromedp.EmulateViewport(size[0], size[1]))
			a.open(base+path, boardReady)
			a.waitJS("the board laid out", fmt.Sprintf(`innerWidth === %d`, size[0]))
			a.waitJS("a stable board", stableBoardJS)
			d := eval[desktopInfo](a, desktopJS)
			t.Logf("%s at %dx%d: %+v", id, size[0], size[1], d)
			if d.Zoomed || d.Scrolls {
				t.Errorf("%s at %dx%d: the board is zoomed or scrolls sideways: %+v", id, size[0], size[1], d)
			}
			if d.Right > d.Width+0.5 || d.Bottom > d.Height+0.5 || d.ActionsBottom > d.Height+0.5 {
				t.Errorf("%s at %dx%d: the board or its actions reach past the screen: %+v", id, size[0], size[1], d)
			}
			if d.Tap < 28 {
				t.Errorf("%s at %dx%d: a location is %.1f px, under 28", id, size[0], size[1], d.Tap)
			}
		}
		// A tablet held sideways: a touch screen, where a location must
		// stay big enough to tap without the zoom.
		a.do("tablet size", chromedp.EmulateViewport(1024, 700, chromedp.EmulateMobile, chromedp.EmulateLandscape))
		if _, err := chromedp.Call(a.ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
			t.Fatal(err)
		}
		a.open(base+path, boardReady)
		a.waitJS("a touch screen", `matchMedia('(pointer: coarse)').matches && innerWidth === 1024`)
		a.waitJS("a stable board", stableBoardJS)
		d := eval[desktopInfo](a, desktopJS)
		t.Logf("%s on a 1024x700 tablet: %+v", id, d)
		if d.Zoomed || d.Scrolls || d.Tap < 40 {
			t.Errorf("%s on a 1024x700 tablet: the board is zoomed, or a location is under 40 px: %+v", id, d)
		}
	}
}
