package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"plateau/game"
	"plateau/games"
)

// touchPhone makes tb a w x h touch phone: a coarse pointer, touch
// events, a mobile viewport.
func touchPhone(t *testing.T, tb *tab, w, h int64) {
	t.Helper()
	tb.do("phone size", chromedp.EmulateViewport(w, h, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
	if _, err := chromedp.Call(tb.ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
		t.Fatal(err)
	}
}

// tap touches the screen at the centre of the element sel selects (after
// scrolling it into sight) and lifts the finger where it touched, as a
// finger does: a touch start, a short press, a touch end.
func (tb *tab) tap(sel string) {
	tb.t.Helper()
	type pt struct {
		X, Y float64
		OK   bool
	}
	p := eval[pt](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el) return {X: 0, Y: 0, OK: false};
		const r = el.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) el.scrollIntoView({block: 'center', inline: 'center'});
		const q = el.getBoundingClientRect(), x = q.left + q.width / 2, y = q.top + q.height / 2, top = document.elementFromPoint(x, y);
		return {X: x, Y: y, OK: !!top && (top === el || el.contains(top))};
	})()`, sel))
	if !p.OK {
		tb.t.Fatalf("%s: %s is not in sight to tap", tb.name, sel)
	}
	id := 1.0
	touch := func(typ input.DispatchTouchEventType, pts []*input.TouchPoint) {
		if _, err := chromedp.Call(tb.ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			tb.t.Fatalf("%s: touch %s on %s: %v", tb.name, typ, sel, err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, []*input.TouchPoint{{X: p.X, Y: p.Y, ID: &id}})
	time.Sleep(80 * time.Millisecond) // a finger's press
	touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
}

// touchSeed finds the first seed "touch-N" whose first turn is White's
// (seat 0) with a 6 to play from the 24 point.
func touchSeed(t *testing.T) []byte {
	t.Helper()
	g, err := games.Registry().Lookup("mahbousse")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 1000 {
		seed := testSeed(fmt.Sprintf("touch-%d", n))
		st, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var rolls uint64
		rollAll(t, st, seed, &rolls)
		if st.ToMove() != 0 {
			continue
		}
		for _, m := range st.Moves(nil) {
			if strings.HasPrefix(st.FormatMove(m), "24/18") {
				return seed
			}
		}
	}
	t.Fatal("no seed touch-0 to touch-999 gives White a 6 from 24 first")
	return nil
}

// TestPhoneTouchMahbousse: on a 390x844 touch phone, a tap on the 24
// point picks its checker up and a tap on 18 puts it down there: the
// partial turn is exactly 24/18, the board drawn with one checker fewer
// on 24 and one more on 18 (issue 68 point 1: the redrawn board moved
// under the finger and the lift was read as a drag to another point).
func TestPhoneTouchMahbousse(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)
	id, toks := seededGame(t, st, "mahbousse", nil, touchSeed(t))
	a := newTab(t, bctx, "phone")
	touchPhone(t, a, 390, 844)
	openHotseat(a, base, id, toks)
	a.waitJS("a touch phone", `matchMedia('(pointer: coarse)').matches && innerWidth === 390`)
	a.waitJS("a stable board", stableBoardJS)
	from, to := a.drawn("24"), a.drawn("18")

	a.tap(`#board [data-loc="24"]`)
	a.waitJS("the tap on 24 taken", `document.querySelector('#board').dataset.prefix !== ''`)
	if got := a.prefix(); got != "24" {
		t.Fatalf("after a tap on 24 the partial turn is %q, want \"24\"", got)
	}
	a.tap(`#board [data-loc="18"]`)
	a.waitJS("the tap on 18 taken", `document.querySelector('#board').dataset.prefix !== '24'`)
	if got := a.prefix(); got != "24 18" {
		t.Fatalf("after taps on 24 and 18 the partial turn is %q, want \"24 18\"", got)
	}
	from2, to2 := a.drawn("24"), a.drawn("18")
	if from2.Own[0] != from.Own[0]-1 || to2.Own[0] != to.Own[0]+1 {
		t.Errorf("after 24/18 the board draws 24 with %d and 18 with %d white checkers, want %d and %d",
			from2.Own[0], to2.Own[0], from.Own[0]-1, to.Own[0]+1)
	}
}
