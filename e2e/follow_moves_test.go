package e2e

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/animation"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"plateau/game"
	"plateau/games"
	"plateau/room"
	"plateau/store"
)

// seededVsComputer creates, straight in the store, a two-seat game of
// gameID whose dice come from seed: seat 0 a person (its token returned),
// seat 1 the computer at level.
func seededVsComputer(t *testing.T, st store.Store, gameID, level string, seed []byte) (string, string) {
	t.Helper()
	g, err := games.Registry().Lookup(gameID)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	tok := room.NewToken()
	rec, err := room.NewGameRecord(gameID, cfg, true, []store.Seat{{Kind: store.Human, TokenHash: room.HashToken(tok)}, {Kind: store.AI, Level: level}})
	if err != nil {
		t.Fatal(err)
	}
	rec.DiceSeed = seed
	if err := st.Create(context.Background(), rec); err != nil {
		t.Fatalf("creating the game: %v", err)
	}
	return rec.ID, tok
}

// glideSample is the moving checker, once a frame, while the page shows
// the computer's turn: where it is drawn, where its step starts and ends
// (screen px), and the dice drawn.
type glideSample struct {
	X, Y, FromX, FromY, ToX, ToY float64
	Dice                         []int
}

// samplerJS records, at every animation frame, the checker that glides
// (data-gliding) and the dice on the board, in window.glides.
const samplerJS = `(() => { window.glides = []; const tick = () => {
	const el = document.querySelector('#board [data-gliding]');
	if (el) { const r = el.getBoundingClientRect(), g = JSON.parse(el.dataset.gliding);
		window.glides.push({X: r.left + r.width / 2, Y: r.top + r.height / 2, FromX: g.from.x, FromY: g.from.y, ToX: g.to.x, ToY: g.to.y,
			Dice: [...document.querySelectorAll('#board .die')].map((d) => +d.dataset.value)}); }
	requestAnimationFrame(tick); }; requestAnimationFrame(tick); return true; })()`

// slowAnimations turns motion on (newTab asks for reduced motion) and
// plays the page's animations at a fifth of their speed, so that a loaded
// machine's sparse frames still sample each glide mid-way.
func slowAnimations(t *testing.T, a *tab) {
	t.Helper()
	a.motion(true)
	if _, err := chromedp.Call(a.ctx, animation.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("enabling the Animation domain: %v", err)
	}
	if _, err := chromedp.Call(a.ctx, animation.SetPlaybackRate, animation.SetPlaybackRateParams{PlaybackRate: 0.2}); err != nil {
		t.Fatalf("slowing the animations: %v", err)
	}
}

// TestBrowserFollowComputer plays Mahboussé against the computer and
// checks that its turn is shown as it happened: its roll drawn, its
// checkers sampled mid-way between their points, then its last move
// marked and the position the server's (issue 68 point 2). Red on main
// 7cb4e6d: the checkers jumped, no roll drawn.
func TestBrowserFollowComputer(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)
	id, tok := seededVsComputer(t, st, "mahbousse", "random", testSeed("follow-computer"))
	a := newTab(t, bctx, "mahbousse")
	a.open(fmt.Sprintf("%s/g/%s?seat=0&token=%s", base, id, tok), boardReady)
	slowAnimations(t, a)
	eval[bool](a, samplerJS)
	rng := rand.New(rand.NewPCG(68, 2))
	shot := false
	for turn := 0; ; turn++ {
		if turn == 6 {
			t.Fatal("in 6 turns the computer never moved a checker")
		}
		a.waitJS("my turn", `document.querySelector('#status').dataset.turn === 'me' || document.querySelector('#game').dataset.over === '1'`)
		if a.turn().Over {
			t.Fatal("the game ended before the computer moved a checker")
		}
		v := a.turn().Version
		if !shot {
			// Hold the first glide still for the screenshot, then let it go on.
			eval[bool](a, `(() => { window.held = false; const hold = () => { const run = document.getAnimations(); if (document.querySelector('#board [data-gliding]') && run.some((x) => x.currentTime >= 90)) { run.forEach((x) => x.pause()); window.held = true; } else requestAnimationFrame(hold); };
				requestAnimationFrame(hold); return true; })()`)
		}
		playMove(t, a, rng)
		a.waitJS("the computer's turn shown", fmt.Sprintf(`plateauPage.moves.some((m) => m.seq > %d && m.player === 1) && (document.querySelector('#status').dataset.turn === 'me' || window.held === true || document.querySelector('#game').dataset.over === '1')`, v))
		if !shot && eval[bool](a, `window.held === true`) {
			screenshot(t, a, "mahbousse-follow")
			shot = true
			eval[bool](a, `(() => { document.getAnimations().forEach((x) => x.play()); return true; })()`)
			a.waitJS("my turn again", `document.querySelector('#status').dataset.turn === 'me' || document.querySelector('#game').dataset.over === '1'`)
		}
		samples := eval[[]glideSample](a, `window.glides.splice(0)`)
		type ev struct {
			Seq      int
			Player   int
			Kind     string
			Notation string
		}
		moves := eval[[]ev](a, fmt.Sprintf(`plateauPage.moves.filter((m) => m.seq > %d)`, v))
		i := slices.IndexFunc(moves, func(m ev) bool { return m.Player == 1 && m.Kind != "roll" })
		if i < 1 || moves[i-1].Kind != "roll" {
			t.Fatalf("no roll before the computer's move: %+v", moves)
		}
		theirs, roll := moves[i], moves[i-1].Notation
		if theirs.Notation == "pass" {
			if len(samples) > 0 {
				t.Errorf("the computer passed (%s) but %d frames show a checker gliding", roll, len(samples))
			}
			continue
		}
		// The roll drawn while the checkers move: its dice, four for a double.
		want := []int{}
		for _, d := range strings.Split(roll, "-") {
			var n int
			fmt.Sscan(d, &n)
			want = append(want, n)
		}
		if want[0] == want[1] {
			want = append(want, want...)
		}
		mid := 0
		for _, s := range samples {
			got := slices.Clone(s.Dice)
			slices.Sort(got)
			w := slices.Clone(want)
			slices.Sort(w)
			if !slices.Equal(got, w) {
				t.Errorf("while the computer plays %s (roll %s) the board draws the dice %v", theirs.Notation, roll, s.Dice)
				break
			}
			// Mid-way: off both ends of the step, near the line between them.
			dx, dy := s.ToX-s.FromX, s.ToY-s.FromY
			l := math.Hypot(dx, dy)
			if l < 10 {
				continue
			}
			along := ((s.X-s.FromX)*dx + (s.Y-s.FromY)*dy) / (l * l)
			across := math.Abs((s.X-s.FromX)*dy-(s.Y-s.FromY)*dx) / l
			if along > 0.05 && along < 0.95 && across < 2 {
				mid++
			}
		}
		t.Logf("the computer's %s (roll %s): %d frames gliding, %d mid-way", theirs.Notation, roll, len(samples), mid)
		if mid == 0 {
			t.Fatalf("the computer played %s with %s, and no frame showed a checker between its points (%d samples)", theirs.Notation, roll, len(samples))
		}
		// Then the game as it is: the server's position, the last move marked.
		a.waitJS("the position drawn", `document.querySelector('#board').dataset.position === plateauPage.view.position && !document.querySelector('#board svg.following')`)
		if !shot {
			continue
		}
		screenshot(t, a, "movelist-mahbousse")
		return
	}
}

// TestBrowserFollowDraughts checks that the computer's draughts move
// glides from its square to the next, sampled mid-way, before the page
// draws the position (issue 68 point 2).
func TestBrowserFollowDraughts(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)
	id, tok := seededVsComputer(t, st, "dames", "random", testSeed("follow-dames"))
	a := newTab(t, bctx, "dames")
	a.open(fmt.Sprintf("%s/g/%s?seat=0&token=%s", base, id, tok), boardReady)
	slowAnimations(t, a)
	eval[bool](a, samplerJS)
	a.waitJS("my turn", `document.querySelector('#status').dataset.turn === 'me'`)
	playMove(t, a, rand.New(rand.NewPCG(68, 3)))
	a.waitJS("the computer's move drawn", `document.querySelector('#status').dataset.turn === 'me' && document.querySelector('#board').dataset.position === plateauPage.view.position`)
	mid := 0
	samples := eval[[]glideSample](a, `window.glides`)
	for _, s := range samples {
		dx, dy := s.ToX-s.FromX, s.ToY-s.FromY
		if l := math.Hypot(dx, dy); l > 10 {
			if along := ((s.X-s.FromX)*dx + (s.Y-s.FromY)*dy) / (l * l); along > 0.05 && along < 0.95 {
				mid++
			}
		}
	}
	t.Logf("the computer's move: %d frames gliding, %d mid-way", len(samples), mid)
	if mid == 0 {
		t.Errorf("no frame showed the computer's piece between its squares (%d samples)", len(samples))
	}
}
