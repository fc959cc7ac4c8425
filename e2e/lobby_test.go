package e2e

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"plateau/ai/level"
	"plateau/games"
	"plateau/server"
	"plateau/server/levels"
)

// TestLobby walks the lobby as a newcomer: every game card's "Play the
// computer" reaches a playable board in one click, "Play a friend" gives a
// link that another browser joins, "Learn by playing" shows its first hint
// and the hints can be switched off, the variant help is on demand and
// translated, the lists show each game's age and move count, and on a
// phone the cards stack with the first card's buttons in view.
func TestLobby(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	var played []string
	t.Run("computer", func(t *testing.T) {
		for _, id := range games.Registry().IDs() {
			t.Run(id, func(t *testing.T) {
				played = append(played, playComputer(t, newTab(t, bctx, "newcomer "+id), base, id))
			})
		}
	})
	t.Run("lists", func(t *testing.T) {
		if len(played) == 0 {
			t.Skip("no game played")
		}
		a := newTab(t, bctx, "lists")
		id := played[0]
		a.open(base+"/", fmt.Sprintf(`!!document.querySelector('#live-games [data-listed=%q] [data-moves]')`, id))
		type row struct {
			Moves    int
			Age, Cnt string
		}
		r := eval[row](a, fmt.Sprintf(`(() => { const li = document.querySelector('#live-games [data-listed=%q]');
			return {Moves: +li.querySelector('[data-moves]').dataset.moves, Age: li.querySelector('.age').textContent, Cnt: li.querySelector('.count').textContent}; })()`, id))
		if r.Moves < 1 || !strings.Contains(r.Cnt, "move") || !strings.Contains(r.Age, "ago") {
			t.Errorf("the live game %s is listed with %q, %q (%d moves); want its age and at least one move", id, r.Age, r.Cnt, r.Moves)
		}
		// Games with invited friends only are nobody else's to take.
		if n := eval[int](a, `document.querySelectorAll('#open-games [data-listed]').length`); n != 0 {
			t.Errorf("the open games list %d games, but none has a seat anyone can take", n)
		}
		if got := eval[string](a, `document.querySelector('#inactive-games summary').textContent`); !strings.Contains(got, "Inactive") {
			t.Errorf("the inactive games' heading says %q", got)
		}
		// Each card's Rules link opens the game's rules page in the page's language.
		bad := eval[string](a, `(async () => { const out = [];
			for (const l of document.querySelectorAll('[data-rules]')) {
				const r = await fetch(l.href);
				if (r.status !== 200 || !l.href.endsWith('/rules/' + l.dataset.rules + '?lang=en')) out.push(l.href + ': ' + r.status);
			}
			return out.join(', '); })()`)
		if n := eval[int](a, `document.querySelectorAll('[data-rules]').length`); n != 5 || bad != "" {
			t.Errorf("%d rules links; wrong: %s", n, bad)
		}
	})
	t.Run("friend", func(t *testing.T) { playFriend(t, bctx, base) })
	t.Run("learn", func(t *testing.T) { learnByPlaying(t, newTab(t, bctx, "learner"), base) })
	t.Run("learn-shutbox", func(t *testing.T) { learnShutbox(t, newTab(t, bctx, "learner 2"), base) })
	t.Run("hints", func(t *testing.T) { guideMoments(t, newTab(t, bctx, "moments"), base) })
	t.Run("variants", func(t *testing.T) { variantHelp(t, newTab(t, bctx, "variants"), base) })
	t.Run("elo", func(t *testing.T) {
		eloBase, _ := startServerWith(t, func(o *server.Options) { o.Ladder = soloMaxNotShown })
		levelElo(t, newTab(t, bctx, "elo"), eloBase)
	})
	t.Run("phone", func(t *testing.T) { lobbyPhone(t, newTab(t, bctx, "phone"), base) })
}

// playComputer clicks "Play the computer" on game id's card and checks
// that the game page has a playable board: legal targets highlighted on my
// turn, and a move made by clicks. It returns the game's id.
func playComputer(t *testing.T, a *tab, base, id string) string {
	a.open(base+"/", fmt.Sprintf(`!!document.querySelector('[data-quick=%q]') && !!document.querySelector('[data-thumb=%q] svg')`, id, id))
	if first := eval[string](a, `document.querySelector('.gamecard').dataset.game`); first != "dames" {
		t.Errorf("the first card is %q, want dames", first)
	}
	a.clickAt(fmt.Sprintf(`[data-quick=%q]`, id))
	a.waitJS("the game page", boardReady+` && location.pathname.startsWith('/g/')`)
	a.waitJS("my turn", `document.querySelector('#status').dataset.turn === 'me'`)
	if n := eval[int](a, `document.querySelectorAll('#board [data-loc].target, #actions [data-loc]').length`); n == 0 {
		t.Fatalf("%s: my turn with no highlighted target", id)
	}
	playMove(t, a, rand.New(rand.NewPCG(uint64(len(id)), 1)))
	return strings.TrimPrefix(eval[string](a, `location.pathname`), "/g/")
}

// playFriend: A clicks "Play a friend", copies the invite link; B opens
// it and takes seat 2; both play.
func playFriend(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "host")
	a.open(base+"/", `!!document.querySelector('[data-friend="dames"]')`)
	a.clickAt(`[data-friend="dames"]`)
	a.waitJS("the invite link", `!!document.querySelector('[data-game="dames"] .friend input.invite')`)
	link := eval[string](a, `document.querySelector('[data-game="dames"] .friend input.invite').value`)
	if !strings.Contains(link, "token=") || !strings.HasPrefix(link, base+"/g/") {
		t.Fatalf("the invite link is %q", link)
	}
	b := newTab(t, bctx, "friend")
	b.open(link, boardReady+` && !!document.querySelector('#players li.me[data-player="1"]')`)
	a.clickAt(`[data-game="dames"] .friend [data-open]`)
	a.waitJS("the host's game page", boardReady+` && !!document.querySelector('#players li.me[data-player="0"]')`)
	bothMove(t, a, b)
}

// cardSettled is true once game id's card has its row of computer levels,
// which GET /api/levels fills in after the card is drawn, moving the card's
// links below it: a click aimed at a link before then may land on a level.
func cardSettled(id string) string {
	return fmt.Sprintf(`!!document.querySelector('[data-learn=%q]') && !!document.querySelector('[data-levels=%q] [data-level-play]')`, id, id)
}

// learnByPlaying starts the guided game of draughts, sees its first hint,
// switches the hints off and finds them still off after a reload.
func learnByPlaying(t *testing.T, a *tab, base string) {
	a.open(base+"/", cardSettled("dames"))
	a.clickAt(`[data-learn="dames"]`)
	a.waitJS("the first hint", boardReady+` && document.querySelector('#guide-hint')?.dataset.hint === 'start'`)
	if got := eval[string](a, `document.querySelector('#guide-hint .guide-text').textContent`); !strings.Contains(got, "diagonally") {
		t.Errorf("the first hint says %q", got)
	}
	if got := eval[string](a, `document.querySelector('#players').textContent`); !strings.Contains(got, "easy") {
		t.Errorf("the guided game's players %q: want the easy computer", got)
	}
	screenshot(t, a, "learn-dames-desktop")
	a.clickAt(`#guide-off`)
	a.waitJS("the hints off", `!document.querySelector('#guide-hint') && !!document.querySelector('#guide-on')`)
	a.do("reload", chromedp.Reload())
	a.waitJS("the page again", boardReady+` && !!document.querySelector('#guide-on')`)
	if n := eval[int](a, `document.querySelectorAll('#guide-hint').length`); n != 0 {
		t.Error("after a reload the hints switched off show again")
	}
	// A game that is not a guided one has no hints at all.
	a.open(base+"/", `!!document.querySelector('[data-quick="dames"]')`)
	a.clickAt(`[data-quick="dames"]`)
	a.waitJS("a normal game", boardReady+` && location.pathname.startsWith('/g/')`)
	if n := eval[int](a, `document.querySelectorAll('#guide-hint, #guide-on').length`); n != 0 {
		t.Error("a game against the computer shows the learning hints")
	}
}

// learnShutbox: the guided Shut the Box game names the roll to cover at
// the first turn, in French too; "Got it" puts the hint away and it does
// not come back.
func learnShutbox(t *testing.T, a *tab, base string) {
	a.open(base+"/", cardSettled("shutbox"))
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("French", `document.documentElement.lang === 'fr'`)
	a.clickAt(`[data-learn="shutbox"]`)
	a.waitJS("the roll's hint", boardReady+` && document.querySelector('#guide-hint')?.dataset.hint === 'cover'`)
	roll := eval[string](a, `String(plateauPage.view.moves.find((m) => m.kind === 'cover').sum)`)
	if got := eval[string](a, `document.querySelector('#guide-hint .guide-text').textContent`); !strings.Contains(got, "fermez") || !strings.Contains(got, roll) {
		t.Errorf("the French hint for a roll of %s says %q", roll, got)
	}
	a.clickAt(`#guide-ok`)
	a.waitJS("the hint put away", `!document.querySelector('#guide-hint')`)
	playMove(t, a, rand.New(rand.NewPCG(5, 6)))
	a.waitJS("my turn again or the end", `document.querySelector('#status').dataset.turn === 'me' || document.querySelector('#game').dataset.over === '1'`)
	if got := eval[string](a, `document.querySelector('#guide-hint')?.dataset.hint || ''`); got == "cover" {
		t.Error("the roll's hint came back after it was put away")
	}
	// A round can end the game, and then the result dialog covers the page.
	if eval[bool](a, `!!document.querySelector('#result')?.open`) {
		a.clickAt(`#dialog-close`)
		a.waitJS("the result dialog closed", `!document.querySelector('#result').open`)
	}
	a.clickAt(`[data-lang="en"]`)
	a.waitJS("English", `document.documentElement.lang === 'en'`)
}

// guideMoments checks, in the browser, that guide.js finds each game's key
// moments in the legal moves (as the engines describe them) and shows each
// hint once.
func guideMoments(t *testing.T, a *tab, base string) {
	a.open(base+"/", `!!document.querySelector('.gamecard')`)
	got := eval[string](a, `(async () => {
		await import('/static/js/lobby-text.js'); // the strings, which a guided game page loads
		const { nextHint } = await import('/static/js/guide.js');
		const fail = [];
		const key = (game, moves, seen) => nextHint(game, moves, seen)?.key ?? null;
		const eq = (what, x, y) => { if (x !== y) fail.push(what + ': ' + x + ' != ' + y); };
		const step = {notation: '32-28', captured: []}, take = {notation: '28x19', captured: [23]};
		eq('dames start', key('dames', [step], []), 'start');
		eq('dames no capture', key('dames', [step], ['start']), null);
		eq('dames capture', key('dames', [take], ['start']), 'capture');
		eq('dames capture once', key('dames', [take], ['start', 'capture']), null);
		const turn = {kind: 'turn', steps: [{pins: false}]}, pin = {kind: 'turn', steps: [{pins: false}, {pins: true}]};
		eq('mahbousse start', key('mahbousse', [turn], []), 'start');
		eq('mahbousse no pin', key('mahbousse', [turn], ['start']), null);
		eq('mahbousse pin', key('mahbousse', [turn, pin], ['start']), 'pin');
		const cover = {kind: 'cover', sum: 7, tiles: [7]};
		eq('shutbox cover', key('shutbox', [cover], []), 'cover');
		eq('shutbox cover names the roll', nextHint('shutbox', [cover], []).text.includes('7'), true);
		eq('shutbox choose', key('shutbox', [{kind: 'choose'}], ['cover']), 'choose');
		const bottle = {bottle: ['c2', 'c3'], ball: []}, ball = {bottle: ['c2', 'c3'], ball: ['d4', 'b2']}, tr = {bottle: ['c6', 'c7'], ball: ['d6', 'd8'], try: true};
		eq('benedictine ball', key('benedictine', [bottle, ball], ['start']), 'ball');
		eq('benedictine no ball', key('benedictine', [bottle], ['start']), null);
		eq('benedictine try', key('benedictine', [bottle, tr], ['start', 'ball']), 'try');
		eq('intercept ball', key('intercept', [{kind: 'slide'}, {kind: 'slide', ball: ['g7', 'g9']}], ['start']), 'ball');
		eq('intercept no ball', key('intercept', [{kind: 'slide'}], ['start']), null);
		return fail.join('\n');
	})()`)
	if got != "" {
		t.Error(got)
	}
}

// variantHelp opens "More options": the variants have translated names,
// and a one-line help shown on demand.
func variantHelp(t *testing.T, a *tab, base string) {
	a.open(base+"/", `!!document.querySelector('#more-options')`)
	if open := eval[bool](a, `document.querySelector('#more-options').open`); open {
		t.Error("the full form is open at first")
	}
	if got := eval[string](a, `document.querySelector('#new-game').value`); got != "dames" {
		t.Errorf("the form starts on %q, want dames", got)
	}
	a.clickAt(`#more-options summary`)
	a.waitJS("the form", `!!document.querySelector('#more-options[open] #create')`)
	if n := eval[int](a, `[...document.querySelectorAll('.vhelp')].filter((e) => !e.hidden).length`); n != 0 {
		t.Errorf("%d variant helps shown before any was asked for", n)
	}
	a.clickAt(`[data-help="huffing"]`)
	a.waitJS("the huffing help", `!document.querySelector('#help-huffing').hidden`)
	help := eval[string](a, `document.querySelector('#help-huffing').textContent`)
	if strings.Contains(help, "\n") || len(help) > 120 || help == "" {
		t.Errorf("the huffing help %q is not one short line", help)
	}
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("French", `document.documentElement.lang === 'fr' && document.querySelector('[data-quick="dames"]').textContent === 'Jouer contre l’ordinateur'`)
	if !eval[bool](a, `document.querySelector('#more-options').open`) {
		t.Error("switching the language closed the form")
	}
	got := eval[string](a, `document.querySelector('label[for="var-huffing"]').textContent + ' | ' + document.querySelector('#var-huffing option[value="on"]').textContent + ' | ' + document.querySelector('#help-huffing').textContent`)
	if !strings.Contains(got, "Soufflage | oui | ") || !strings.Contains(got, "prise") {
		t.Errorf("the French huffing option reads %q", got)
	}
	screenshot(t, a, "lobby-options-fr")
	a.clickAt(`[data-lang="en"]`)
	a.waitJS("English", `document.documentElement.lang === 'en'`)
}

// lobbyPhone checks the phone sizes: the cards stack, and the first card's
// buttons are in view without scrolling.
func lobbyPhone(t *testing.T, a *tab, base string) {
	screenshotSize := map[string]string{"en 390x844": "lobby-phone"}
	for _, l := range []string{"en", "fr"} {
		for _, sz := range []struct{ w, h int64 }{{390, 844}, {360, 640}} {
			at := fmt.Sprintf("%s %dx%d", l, sz.w, sz.h)
			a.do("phone size", chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
			a.open(base+"/", `document.querySelectorAll('[data-thumb] svg').length === 5 && !!document.querySelector('#live-games')`)
			if eval[string](a, `document.documentElement.lang`) != l {
				a.clickAt(fmt.Sprintf(`[data-lang=%q]`, l))
				a.waitJS(l, fmt.Sprintf(`document.documentElement.lang === %q && document.querySelectorAll('[data-thumb] svg').length === 5`, l))
			}
			type geo struct {
				Bottom, Height, X0, X1, Y0, Y1, Width, Scroll float64
			}
			g := eval[geo](a, `(() => { scrollTo(0, 0); const cards = document.querySelectorAll('.gamecard'); const r0 = cards[0].getBoundingClientRect(), r1 = cards[1].getBoundingClientRect();
				const b = Math.max(...[...cards[0].querySelectorAll('[data-quick], [data-friend], [data-learn]')].map((e) => e.getBoundingClientRect().bottom));
				return {Bottom: b, Height: innerHeight, X0: r0.left, X1: r1.left, Y0: r0.bottom, Y1: r1.top, Width: document.documentElement.scrollWidth, Scroll: innerWidth}; })()`)
			if g.Bottom > g.Height {
				t.Errorf("%s: the first card's buttons end at %.0f px, below the screen's %.0f", at, g.Bottom, g.Height)
			}
			if g.X0 != g.X1 || g.Y1 < g.Y0 {
				t.Errorf("%s: the cards do not stack: second card at (%.0f, %.0f), first at x %.0f ending at y %.0f", at, g.X1, g.Y1, g.X0, g.Y0)
			}
			if g.Width > g.Scroll {
				t.Errorf("%s: the page is %.0f px wide, wider than the screen", at, g.Width)
			}
			if name := screenshotSize[at]; name != "" {
				screenshot(t, a, name)
			}
		}
	}
	a.clickAt(`[data-lang="en"]`)
	a.do("desktop size", chromedp.EmulateViewport(1280, 900))
	a.open(base+"/", `document.querySelectorAll('[data-thumb] svg').length === 5 && !!document.querySelector('#live-games') && !document.querySelector('#live-games').textContent.includes('…')`)
	screenshot(t, a, "lobby-desktop")
}

// soloMaxNotShown is the published ladder (level.Ratings), but for
// 4-player solo Intercept's max, which it says is not shown stronger than
// hard: the lobby's words for such a level are checked whatever the
// published ladder shows.
func soloMaxNotShown(gameID string) []level.Rated {
	rs := level.Ratings(gameID)
	for i, r := range rs {
		if gameID == "intercept" && isSolo(r) {
			rs[i].NotShown = map[string]string{"max": "hard"}
		}
	}
	return rs
}

func isSolo(r level.Rated) bool {
	return r.Players == 4 && strings.Contains(" "+r.Variant+" ", " mode=solo ")
}

// levelElo checks the figure shown beside the computer's levels: on a
// game's card for its default rules, and in the full form for the number of
// players and the options chosen, the ladder's Elo measured under them
// (ai/level/ladder.json) put on the players' scale by levels.Anchor,
// or none when no ladder was.
func levelElo(t *testing.T, a *tab, base string) {
	aboutLevel := func(name string, players int, mode string) string {
		for _, r := range level.Ratings("intercept") {
			if r.Players == players && strings.Contains(" "+r.Variant+" ", " mode="+mode+" ") {
				return fmt.Sprintf("%s, about %d", name, int(math.Round((levels.Anchor+r.Elo[name])/10))*10)
			}
		}
		return name
	}
	about := func(players int, mode string) string { return aboutLevel("hard", players, mode) }
	a.open(base+"/", `!!document.querySelector('[data-level="intercept"]') && !!document.querySelector('#new-game option')`)
	if got, want := eval[string](a, `document.querySelector('[data-level="intercept"]').textContent`), "Computer — "+aboutLevel("medium", 2, "teams"); got != want {
		t.Errorf("the Intercept card says %q, want %q", got, want)
	}
	eval[bool](a, `document.querySelector('#more-options').open = true`)
	a.waitJS("the form", `!!document.querySelector('#more-options[open] #create')`)
	set := func(sel, value string) {
		t.Helper()
		if !eval[bool](a, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) return false;
			s.value = %q; s.dispatchEvent(new Event('change')); return s.value === %[2]q; })()`, sel, value)) {
			t.Fatalf("the lobby form has no %s = %q", sel, value)
		}
	}
	hard := func() string {
		return eval[string](a, `document.querySelector('#seat-1 option[value="ai:hard"]').textContent`)
	}
	set("#new-game", "intercept")
	for _, c := range []struct {
		sel, value, want string
	}{
		{"#var-players", "2", about(2, "teams")},
		{"#var-players", "4", about(4, "teams")},
		{"#var-mode", "solo", about(4, "solo")},
		{"#var-mode", "teams", about(4, "teams")},
		{"#var-players", "2", about(2, "teams")},
		// No ladder was measured with covering read freely.
		{"#var-cover", "free", "hard"},
		{"#var-cover", "arriving", about(2, "teams")},
	} {
		set(c.sel, c.value)
		if got := hard(); got != "Computer — "+c.want {
			t.Errorf("with %s = %s, seat 2's hard level reads %q, want %q", c.sel, c.value, got, "Computer — "+c.want)
		}
		// The figures' scale is said where there are figures.
		scale := eval[string](a, `document.querySelector('#elo-scale')?.textContent ?? ''`)
		if want := c.want != "hard"; (scale != "") != want || want && !strings.Contains(scale, "random moves = 400") {
			t.Errorf("with %s = %s, the form says of the figures' scale %q, want it said: %v", c.sel, c.value, scale, want)
		}
	}

	// A level the ladder does not show stronger than the one below it says
	// so: 4-player solo Intercept's max, in the ladder of soloMaxNotShown.
	set("#var-players", "4")
	set("#var-mode", "solo")
	var r level.Rated
	for _, x := range soloMaxNotShown("intercept") {
		if isSolo(x) {
			r = x
		}
	}
	if r.NotShown["max"] != "hard" {
		t.Fatalf("soloMaxNotShown has no solo Intercept ladder (%v)", r)
	}
	seat := func(lv string) string {
		return eval[string](a, fmt.Sprintf(`document.querySelector('#seat-1 option[value="ai:%s"]').textContent`, lv))
	}
	elo := func(lv string) int { return int(math.Round((levels.Anchor+r.Elo[lv])/10)) * 10 }
	if got, want := seat("max"), fmt.Sprintf("Computer — strongest, about %d (≈ hard)", elo("max")); got != want {
		t.Errorf("solo Intercept's max reads %q, want %q", got, want)
	}
	if got, want := eval[string](a, `document.querySelector('#seat-1 option[value="ai:max"]').title`), "Not measurably stronger than hard: in the published ladder the two score about even."; got != want {
		t.Errorf("solo Intercept's max has the title %q, want %q", got, want)
	}
	if got, want := seat("hard"), fmt.Sprintf("Computer — hard, about %d", elo("hard")); got != want {
		t.Errorf("solo Intercept's hard reads %q, want %q", got, want)
	}
	if got := eval[string](a, `document.querySelector('#seat-1 option[value="ai:hard"]').title`); got != "" {
		t.Errorf("solo Intercept's hard has the title %q, want none", got)
	}
	// Chosen, it says so under the seat too; another level does not.
	note := func() string {
		return eval[string](a, `(() => { const n = document.querySelector('#seat-note-1'); return n.hidden ? '' : n.textContent; })()`)
	}
	set("#seat-1", "ai:max")
	if got, want := note(), "Not measurably stronger than hard: in the published ladder the two score about even."; got != want {
		t.Errorf("under seat 2, with max chosen: %q, want %q", got, want)
	}
	// The select shows the level whole on a desktop screen, in either
	// language (the French is the longer).
	fits := func(lang string) {
		t.Helper()
		// The text's width, measured in a span of the select's font, and
		// the select's paddings and drop-down arrow (about 24 px).
		if got := eval[string](a, `(() => { const s = document.querySelector('#seat-1'), cs = getComputedStyle(s), sp = document.createElement('span');
			sp.style.font = cs.font; sp.style.whiteSpace = 'pre'; sp.textContent = s.options[s.selectedIndex].textContent; document.body.append(sp);
			const need = sp.getBoundingClientRect().width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 24; sp.remove();
			return need <= s.clientWidth ? '' : Math.ceil(need) + ' px in ' + s.clientWidth; })()`); got != "" {
			t.Errorf("%s: seat 2's select cuts %q: %s", lang, seat("max"), got)
		}
	}
	fits("en")
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("the French lobby", `document.querySelector('#seat-1 option[value="ai:max"]')?.textContent.startsWith('Ordinateur')`)
	fits("fr")
	a.clickAt(`[data-lang="en"]`)
	a.waitJS("the English lobby", `document.querySelector('#seat-1 option[value="ai:max"]')?.textContent.startsWith('Computer')`)
	set("#seat-1", "ai:hard")
	if got := note(); got != "" {
		t.Errorf("under seat 2, with hard chosen: %q, want nothing", got)
	}

	// The game page names the computer's level as the lobby did.
	set("#seat-1", "ai:max")
	set("#seat-2", "ai:easy")
	set("#seat-3", "ai:easy")
	a.clickAt("#create")
	a.waitJS("the game page", boardReady+` && !!document.querySelector('#players li[data-player="1"]')`)
	label := `document.querySelector('#players li[data-player="1"] span.muted')`
	if got, want := eval[string](a, label+`.textContent`), fmt.Sprintf(" AI strongest, about %d (≈ hard)", elo("max")); got != want {
		t.Errorf("the game page names the computer %q, want %q", got, want)
	}
	if got := eval[string](a, label+`.title`); !strings.HasPrefix(got, "Not measurably stronger than hard") {
		t.Errorf("the game page's label has the title %q, want the note", got)
	}
}
