package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"plateau/games"
)

// minMoves is how many moves the players make by clicks in each game,
// unless the game ends first.
const minMoves = 20

func TestBrowser(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	ids := games.Registry().IDs()
	if len(ids) == 0 {
		t.Fatal("no game registered")
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) { playGame(t, bctx, base, id) })
	}
	t.Run("shutbox-3", func(t *testing.T) { playVariant(t, bctx, base, "shutbox", map[string]string{"players": "3"}) })
	t.Run("intercept-4", func(t *testing.T) { playVariant(t, bctx, base, "intercept", map[string]string{"players": "4"}) })
	t.Run("lobby", func(t *testing.T) { lobbyLanguage(t, bctx, base) })
	t.Run("offers", func(t *testing.T) { offers(t, bctx, base) })
	t.Run("hotseat", func(t *testing.T) { hotseat(t, bctx, base) })
	t.Run("ai", func(t *testing.T) { versusAI(t, bctx, base) })
	t.Run("hints", func(t *testing.T) { hintsPanel(t, bctx, base) })
	t.Run("join", func(t *testing.T) { joinOpenSeat(t, bctx, base) })
	t.Run("take", func(t *testing.T) { takeSeat(t, bctx, base) })
	t.Run("clocks", func(t *testing.T) { clocks(t, bctx, base) })
	t.Run("ready", func(t *testing.T) { readyTimes(t, bctx, base) })
}

// open navigates a tab and waits for the page to be drawn. chromedp's
// Navigate can return on a load event of the page it leaves (one that
// fires after the navigation began: seen leaving a game page, 1 time in
// 30), before the new document exists; a poll (waitJS) then runs in the
// old document's context, which goes, and fails with "Cannot find context
// with specified id". So the page left is marked, and the wait evaluates
// in whatever document is current until one without the mark is ready.
func (tb *tab) open(url, ready string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	_, _ = chromedp.Run(ctx, chromedp.Evaluate[bool](`(window.e2eLeft = true)`)) // a new tab's blank page may refuse: nothing to mark
	cancel()
	tb.do("open "+url, chromedp.Navigate(url))
	tb.waitReload(ready, `!window.e2eLeft && (`+ready+`)`)
}

const boardReady = `!!document.querySelector('#board[data-version] svg')`

// createGame fills the lobby form in tab a for game id (seat 0 me, the
// others invited) and returns the game page's path and the invite URLs.
func createGame(t *testing.T, a *tab, base, id string) (string, []string) {
	return createVariant(t, a, base, id, nil)
}

// createVariant is createGame with variant options set in the form first.
func createVariant(t *testing.T, a *tab, base, id string, variant map[string]string) (string, []string) {
	fields := []string{"#new-game", id}
	for k, v := range variant {
		fields = append(fields, "#var-"+k, v)
	}
	newGameForm(t, a, base, fields...)
	a.waitJS("invite links", `document.querySelectorAll('.created input.invite').length > 0`)
	invites := eval[[]string](a, `[...document.querySelectorAll('.created input.invite')].map((i) => i.value)`)
	path := eval[string](a, `document.querySelector('#open-created').getAttribute('href')`)
	a.clickAt("#open-created")
	a.waitJS("game page", boardReady)
	return path, invites
}

// newGameForm opens the lobby in a, sets the form's fields (selector and
// value pairs, in order: the game first) and clicks Create.
func newGameForm(t *testing.T, a *tab, base string, fields ...string) {
	t.Helper()
	a.open(base+"/", `!!document.querySelector('#new-game option')`)
	// The full form is behind "More options".
	eval[bool](a, `document.querySelector('#more-options').open = true`)
	a.waitJS("the form", `!!document.querySelector('#more-options[open]')`)
	for i := 0; i+1 < len(fields); i += 2 {
		if !eval[bool](a, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) return false;
			s.value = %q; s.dispatchEvent(new Event('change')); return s.value === %[2]q; })()`, fields[i], fields[i+1])) {
			t.Fatalf("the lobby form has no %s = %q", fields[i], fields[i+1])
		}
	}
	a.clickAt("#create")
}

type turnInfo struct {
	Version  int
	Prefix   string
	Position string
	Mine     bool
	Over     bool
	Busy     bool
}

const turnJS = `(() => { const b = document.querySelector('#board'), g = document.querySelector('#game');
	return {Version: +(b && b.dataset.version || -1), Prefix: (b && b.dataset.prefix) || '', Position: (b && b.dataset.position) || '',
		Mine: document.querySelector('#status')?.dataset.turn === 'me', Over: g?.dataset.over === '1', Busy: g?.dataset.busy === '1'}; })()`

func (tb *tab) turn() turnInfo { tb.t.Helper(); return eval[turnInfo](tb, turnJS) }

// pickJS marks one clickable target, chosen by the number r in [0, 1), and
// returns where to click it, with the page's version and partial move.
const pickJS = `(() => {
	const all = [...document.querySelectorAll('#board [data-loc].target, #actions [data-loc], #actions [data-move]')];
	const b = document.querySelector('#board');
	const res = {N: all.length, X: 0, Y: 0, OK: false, Version: +(b.dataset.version || -1), Prefix: b.dataset.prefix || ''};
	if (!all.length) return res;
	const el = all[Math.floor(%v * all.length)];
	el.scrollIntoView({block: 'nearest', inline: 'nearest'});
	const r = el.getBoundingClientRect();
	for (const [fx, fy] of [[.5, .5], [.5, .3], [.5, .7], [.3, .5], [.7, .5], [.5, .15], [.5, .85]]) {
		const x = r.left + r.width * fx, y = r.top + r.height * fy;
		const top = document.elementFromPoint(x, y);
		if (top && (top === el || el.contains(top))) { res.X = x; res.Y = y; res.OK = true; break; }
	}
	return res;
})()`

type picked struct {
	N, Version int
	X, Y       float64
	OK         bool
	Prefix     string
}

// playMove makes one move in tb by clicking highlighted targets (chosen by
// rng) until the move is sent and applied.
func playMove(t *testing.T, tb *tab, rng *rand.Rand) {
	t.Helper()
	start, startMoves := -1, 0
	for step := 0; step < 16; step++ {
		p := eval[picked](tb, fmt.Sprintf(pickJS, rng.Float64()))
		if start < 0 {
			start, startMoves = p.Version, eval[int](tb, movesJS)
		}
		if p.N == 0 {
			dbg := eval[string](tb, `document.querySelector('#status').textContent + ' | ' + document.querySelector('#board').dataset.position + ' | ' + document.querySelector('#actions').outerHTML`)
			t.Fatalf("%s: no target to click at version %d, prefix %q: %s", tb.name, p.Version, p.Prefix, dbg)
		}
		if !p.OK {
			t.Fatalf("%s: the chosen target is hidden or covered", tb.name)
		}
		tb.do("click", chromedp.MouseClickXY(p.X, p.Y))
		tb.waitJS("the click to take effect", fmt.Sprintf(`(() => { const x = %s; return x.Version !== %d || x.Prefix !== %q || x.Busy; })()`, turnJS, p.Version, p.Prefix))
		// The move is in the page's list of moves: the version alone also
		// counts the seats' events (a join arriving as the page loads).
		if now := tb.turn(); eval[int](tb, movesJS) != startMoves || now.Busy {
			tb.waitJS("the move to be applied", fmt.Sprintf(`(() => { const x = %s; return %s > %d && !x.Busy; })()`, turnJS, movesJS, startMoves))
			return
		}
	}
	t.Fatalf("%s: 16 clicks did not make a move from version %d", tb.name, start)
}

// movesJS is the number of moves (and rolls) the game page lists.
const movesJS = `(window.plateauPage?.moves || []).length`

// illegalClick clicks a location that is not highlighted and checks that
// nothing changed. It reports whether there was such a location.
func illegalClick(t *testing.T, tb *tab) bool {
	t.Helper()
	ok := eval[bool](tb, `(() => { document.querySelectorAll('[data-pick]').forEach((e) => e.removeAttribute('data-pick'));
		const all = [...document.querySelectorAll('#board [data-loc]:not(.target)')];
		if (!all.length) return false; all[Math.floor(all.length / 2)].setAttribute('data-pick', ''); return true; })()`)
	if !ok {
		return false
	}
	before := tb.turn()
	tb.clickAt("[data-pick]")
	time.Sleep(150 * time.Millisecond)
	if after := tb.turn(); after != before {
		t.Fatalf("%s: a click on a location that is no target changed the page: %+v -> %+v", tb.name, before, after)
	}
	return true
}

func screenshot(t *testing.T, tb *tab, name string) {
	t.Helper()
	dir := filepath.Join("..", "docs", "screenshots")
	file := filepath.Join(dir, name+".png")
	if _, err := os.Stat(file); err == nil && os.Getenv("PLATEAU_SCREENSHOTS") != "1" {
		return // keep the committed picture; PLATEAU_SCREENSHOTS=1 renews it
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

func playGame(t *testing.T, bctx context.Context, base, id string) {
	playVariant(t, bctx, base, id, nil)
}

// playVariant plays a game of a variant, one browser context per seat
// (invite links), with a watcher; the screenshots are those of the
// default variant only.
func playVariant(t *testing.T, bctx context.Context, base, id string, variant map[string]string) {
	a := newTab(t, bctx, "player1")
	path, invites := createVariant(t, a, base, id, variant)
	if len(invites) == 0 {
		t.Fatal("no invite link for the second player")
	}
	players := []*tab{a}
	for i, inv := range invites {
		p := newTab(t, bctx, fmt.Sprintf("player%d", i+2))
		p.open(inv, boardReady)
		if strings.Contains(eval[string](p, `location.href`), "token=") {
			t.Errorf("the invite token stays in the address bar")
		}
		players = append(players, p)
	}
	watcher := newTab(t, bctx, "watcher")
	began := time.Now()
	watcher.open(base+path, boardReady)
	t.Logf("%s: the watcher's page showed the board %v after the navigation began", id, time.Since(began).Round(time.Millisecond))
	if got := eval[string](watcher, `document.querySelector('#status').textContent`); !strings.Contains(got, "watching") {
		t.Errorf("watcher status %q does not say it is watching", got)
	}

	rng := rand.New(rand.NewPCG(uint64(len(id)), 7))
	moves, checkedIllegal, reloaded := 0, false, false
	for moves < minMoves {
		var mover *tab
		deadline := time.Now().Add(20 * time.Second)
		over := false
		for mover == nil && !over {
			for _, p := range players {
				ti := p.turn()
				if ti.Over {
					over = true
					break
				}
				if ti.Mine && !ti.Busy {
					mover = p
					break
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %d moves nobody can move: %+v", moves, a.turn())
			}
			if mover == nil && !over {
				time.Sleep(30 * time.Millisecond)
			}
		}
		if over {
			break
		}
		if !checkedIllegal {
			checkedIllegal = illegalClick(t, mover)
		}
		playMove(t, mover, rng)
		moves++
		if moves == 6 && !reloaded {
			reloaded = true
			p := players[1]
			before := p.turn()
			p.do("reload", chromedp.Reload())
			p.waitJS("the game after a reload", fmt.Sprintf(`(() => { const x = %s; return x.Version >= %d; })()`, turnJS, before.Version))
			if after := p.turn(); after.Position == "" {
				t.Fatalf("reload lost the game: %+v", after)
			}
		}
		// Shut the Box's games here often end by move 4: TestShutboxLastMove
		// takes its screenshots mid-game.
		if (moves == 4 || moves == 10) && variant == nil && id != "shutbox" {
			shoot(t, a, watcher, id) // at 4 in case the game ends before 10
		}
	}
	// Everyone, the watcher too, sees the same board.
	// Rolls and AI moves may still be arriving: settle on the newest version.
	all := append(players[:len(players):len(players)], watcher)
	var final turnInfo
	for _, p := range all {
		if ti := p.turn(); ti.Version > final.Version {
			final = ti
		}
	}
	for _, p := range all {
		p.waitJS("the newest version", fmt.Sprintf(`(() => { const x = %s; return x.Version >= %d; })()`, turnJS, final.Version))
		if ti := p.turn(); ti.Version > final.Version {
			final = ti
		}
	}
	for _, p := range all {
		p.waitJS("the same version as player 1", fmt.Sprintf(`(() => { const x = %s; return x.Version >= %d; })()`, turnJS, final.Version))
		if got := p.turn(); got.Position != final.Position || got.Version != final.Version {
			t.Errorf("%s sees %q at version %d, player 1 %q at %d", p.name, got.Position, got.Version, final.Position, final.Version)
		}
	}
	t.Logf("%s %v: %d players, %d moves by clicks, version %d, over=%v, illegal click checked=%v", id, variant, len(players), moves, final.Version, final.Over, checkedIllegal)
	if want := eval[int](watcher, `document.querySelectorAll('#players li').length`); want != len(players) {
		t.Errorf("the watcher's page lists %d players, want %d", want, len(players))
	}
	if final.Over {
		a.waitJS("the result dialog", `!!document.querySelector('dialog#result[open]')`)
	}
}

// shoot takes the desktop screenshot from a player and the phone one from
// the watcher.
func shoot(t *testing.T, a, watcher *tab, id string) {
	screenshot(t, a, id+"-desktop")
	watcher.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
	time.Sleep(250 * time.Millisecond)
	screenshot(t, watcher, id+"-phone")
	watcher.do("desktop size", chromedp.EmulateViewport(1280, 900))
}

// lobbyLanguage checks the language switch on the lobby and on a game page.
func lobbyLanguage(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "lobby")
	a.open(base+"/", `!!document.querySelector('#create')`)
	if got := eval[string](a, `document.querySelector('#create').textContent`); got != "Create" {
		t.Errorf("English create button says %q", got)
	}
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("French", `document.documentElement.lang === 'fr' && document.querySelector('#create').textContent === 'Créer'`)
	a.do("reload", chromedp.Reload())
	a.waitJS("French kept after a reload", `document.documentElement.lang === 'fr' && document.querySelector('#create')?.textContent === 'Créer'`)
	a.clickAt(`[data-lang="en"]`)
	a.waitJS("English", `document.documentElement.lang === 'en' && document.querySelector('#create').textContent === 'Create'`)
	a.allow("404 (Not Found) " + base + "/api/games/nosuchgame")
	a.open(base+"/g/nosuchgame", `!!document.querySelector('#not-found')`)
}
