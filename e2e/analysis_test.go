package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The analysis board, in a real browser: for each game a typed position
// is shown and evaluated, a move is made on it and evaluated again; the
// dice games offer the rolls to pick; draughts imports a PDN game that is
// stepped through and exports the line; the editor changes a position
// under the server's checks.
func TestAnalysisBoard(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	bctx := browser(t)
	tests := []struct {
		game, variant, position string
	}{
		{"dames", "", "W:W28,33,45:B4,19,23"},
		{"mahbousse", "", "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3"},
		{"shutbox", "players=2", "12345678/1234679 1 cover:6-3"},
		{"benedictine", "", "...AA../A..O.../....A../......./..GA.../G...G../..GG... g"},
		{"intercept", "", "NpNr1NrNpNrNPNpNrNp3/10NpNr1/13/13/13/13/13/13/13/13/4SP8/10Sr1Sr/1SpSrSpSrSp1SrSp1Sp2 S g7 6 0"},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			tb := newTab(t, bctx, "analysis-"+tt.game)
			url := base + "/analysis/" + tt.game
			if tt.variant != "" {
				url += "?" + tt.variant
			}
			tb.open(url, analysisReady)
			tb.typePosition(tt.position)
			tb.waitJS("the typed position on the board", fmt.Sprintf(`document.querySelector('#board')?.dataset.position === %q`, tt.position))
			tb.waitEval()
			best := eval[string](tb, `document.querySelector('#an-best')?.dataset.move || ''`)
			legal := eval[[]string](tb, `window.plateauPage.view.moves.map((m) => m.notation)`)
			if !slices.Contains(legal, best) {
				t.Fatalf("best move %q is not among the legal moves %v", best, legal)
			}
			// A move other than the engine's, typed as a player would.
			move := legal[0]
			if move == best && len(legal) > 1 {
				move = legal[1]
			}
			tb.typeInto("#move-input", move)
			tb.waitJS("the move played", `document.querySelector('#game')?.dataset.at === '1' && document.querySelector('#movelist [data-seq="1"]') !== null`)
			tb.waitJS("the position after the move evaluated or waiting for dice",
				`['ready', 'none'].includes(document.querySelector('#an-ceval')?.dataset.state) && window.plateauPage.view.position !== `+fmt.Sprintf("%q", tt.position))
			// Back and forward through the move list.
			tb.clickAt("#an-prev")
			tb.waitJS("back at the typed position", fmt.Sprintf(`document.querySelector('#board')?.dataset.position === %q`, tt.position))
			tb.clickAt("#an-next")
			tb.waitJS("forward again", `document.querySelector('#game')?.dataset.at === '1'`)
			// The arrow keys step too (the focus off the board and the inputs).
			eval[bool](tb, `(document.activeElement.blur(), true)`)
			tb.do("the left arrow key", chromedp.KeyEvent(kb.ArrowLeft))
			tb.waitJS("back by the arrow key", `document.querySelector('#game')?.dataset.at === '0'`)
			eval[bool](tb, `(document.activeElement.blur(), true)`)
			tb.do("the right arrow key", chromedp.KeyEvent(kb.ArrowRight))
			tb.waitJS("forward by the arrow key", `document.querySelector('#game')?.dataset.at === '1'`)
			analysisShot(t, tb, "analysis-"+tt.game)
		})
	}

	t.Run("dames by clicks, editor and bad position", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-dames-edit")
		tb.open(base+"/analysis/dames", analysisReady)
		tb.waitEval()
		tb.clickAt(`#board svg [data-loc="32"]`)
		tb.clickAt(`#board svg [data-loc="28"]`)
		tb.waitJS("32-28 played by clicks", `document.querySelector('#movelist [data-seq="1"]')?.textContent === '32-28'`)
		tb.waitEval()
		if got := eval[string](tb, `window.plateauPage.view.position`); !strings.HasPrefix(got, "B:") {
			t.Errorf("after 32-28 the position is %q, Black to move", got)
		}
		// A position that does not read: the error names it, the board stays.
		tb.allow("400")
		tb.typePosition("W:W99:B1")
		tb.waitJS("the position's error shown", `!document.querySelector('#an-pos-error').hidden && document.querySelector('#an-pos-error').textContent.includes('W99')`)
		// The editor: a black king on 23, White to move, then analyse it.
		tb.typePosition("W:W28:B4")
		tb.waitJS("the typed position on the board", `document.querySelector('#board')?.dataset.position === 'W:W28:B4'`)
		tb.waitEval()
		tb.clickAt("#an-edit")
		tb.clickAt(`[data-tool="bk"]`)
		tb.clickAt(`#board svg [data-loc="23"]`)
		tb.waitJS("a black king on 23", `window.plateauPage.view.position.includes('K23')`)
		// A white man on the crowning row is refused by the server, named.
		tb.clickAt(`[data-tool="wm"]`)
		tb.clickAt(`#board svg [data-loc="3"]`)
		tb.waitJS("the editor's error shown", `!document.querySelector('#an-edit-error').hidden && document.querySelector('#an-edit-error').textContent.length > 0`)
		if got := eval[string](tb, `window.plateauPage.view.position`); strings.Contains(got, "W3,") || strings.Contains(got, ",3:") {
			t.Errorf("a refused edit changed the position to %q", got)
		}
		tb.clickAt("#an-edit-done")
		tb.waitEval()
		if got := eval[string](tb, `window.plateauPage.view.position`); got != "W:W28:B4,K23" {
			t.Errorf("edited position %q, want W:W28:B4,K23", got)
		}
		if best := eval[string](tb, `document.querySelector('#an-best').dataset.move`); best != "28x19" {
			t.Errorf("best move %q in W:W28:B4,K23, want the forced capture 28x19", best)
		}
		tb.waitJS("the best move's arrow on the board", `document.querySelector('#board svg .an-arrow')?.dataset.move === '28x19'`)
		analysisShot(t, tb, "analysis-dames-editor")
	})

	t.Run("dames PDN", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-pdn")
		tb.open(base+"/analysis/dames", analysisReady)
		pdn := "[Event \"Test\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *\n"
		tb.paste("#pdn-text", pdn)
		tb.clickAt("#pdn-import")
		tb.waitJS("the PDN's moves listed", `document.querySelectorAll('#movelist [data-seq]').length === 5 && document.querySelector('#game').dataset.at === '0'`)
		want := []string{"B:W28,31,33-50:B1-20", "W:W28,31,33-50:B1-18,20,23", "B:W19,31,33-50:B1-18,20"}
		for i, w := range want {
			tb.clickAt("#an-next")
			tb.waitJS(fmt.Sprintf("step %d of the PDN", i+1), fmt.Sprintf(`document.querySelector('#game').dataset.at === '%d' && document.querySelector('#board').dataset.position === %q`, i+1, w))
		}
		tb.waitEval()
		tb.clickAt(`#movelist [data-seq="5"]`)
		tb.waitJS("the PDN's last position", `document.querySelector('#board').dataset.position === 'B:W31-36,38-50:B1-13,15-18,20,23'`)
		// A move that differs from the PDN's starts a variation there.
		tb.clickAt(`#movelist [data-seq="4"]`)
		tb.waitJS("at move 4", `document.querySelector('#game').dataset.at === '4'`)
		tb.waitEval()
		tb.typeInto("#move-input", "38-32")
		tb.waitJS("the new line", `document.querySelectorAll('#movelist [data-seq]').length === 5 && document.querySelector('#movelist [data-seq="5"]').textContent === '38-32'`)
		tb.waitEval() // the side column's layout settles
		tb.clickAt("#pdn-export")
		tb.waitJS("the PDN exported", `document.querySelector('#pdn-text').value.includes('1. 32-28 19-23 2. 28x19 14x23 3. 38-32 *')`)
		// The PDN's move is kept as a variation: back one move, both are offered.
		tb.clickAt("#an-prev")
		tb.waitJS("the moves played here", `[...document.querySelectorAll('#an-vars [data-var]')].map((b) => b.dataset.var).join(' ') === '37-32 38-32'`)
		tb.clickAt(`#an-vars [data-var="37-32"]`)
		tb.waitJS("the PDN's line again", `document.querySelector('#game').dataset.at === '5' && document.querySelector('#movelist [data-seq="5"]').textContent === '37-32' && document.querySelector('#board').dataset.position === 'B:W31-36,38-50:B1-13,15-18,20,23'`)
		// A bad PDN names the move at fault.
		tb.allow("400")
		tb.paste("#pdn-text", "1. 32-28 19-23 2. 28-22 *")
		tb.clickAt("#pdn-import")
		tb.waitJS("the PDN error", `document.querySelector('#pdn-note').textContent.includes('28-22')`)
		analysisShot(t, tb, "analysis-dames-pdn")
	})

	t.Run("dice rolls picked", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-rolls")
		tb.open(base+"/analysis/mahbousse?position="+strings.ReplaceAll("o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 x:roll", "*", "%2A"), analysisReady)
		tb.waitJS("the 21 rolls offered", `document.querySelectorAll('#an-rolls [data-roll]').length === 21`)
		analysisShot(t, tb, "analysis-mahbousse-rolls")
		tb.clickAt(`#an-rolls [data-roll="6-3"]`)
		tb.waitJS("the roll played", `window.plateauPage.view.position.endsWith('x:6-3') && document.querySelector('#movelist .roll') !== null`)
		tb.waitEval()
		// Shut the Box: pick the roll, then the solver's verdict.
		tb.open(base+"/analysis/shutbox?players=1&position=123456789+1+roll2", analysisReady)
		tb.waitJS("the rolls offered", `document.querySelectorAll('#an-rolls [data-roll]').length === 21`)
		tb.clickAt(`#an-rolls [data-roll="6-6"]`)
		tb.waitEval()
		if got := eval[int](tb, `document.querySelectorAll('#an-top tr').length`); got < 2 {
			t.Errorf("the solver's best choices: %d rows, want several", got)
		}
		// The editor: lower tile 9, then analyse.
		tb.clickAt("#an-edit")
		tb.clickAt(`.an-box [data-tile="9"]`)
		tb.waitJS("tile 9 lowered", `window.plateauPage.view.position.startsWith('12345678 ')`)
		tb.clickAt("#an-edit-done")
		tb.waitJS("the edited position analysed", `document.querySelector('#an-rolls [data-roll]') !== null && document.querySelector('#game').dataset.at === '0'`)
		analysisShot(t, tb, "analysis-shutbox-editor")
	})

	t.Run("phone", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-phone")
		tb.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
		tb.open(base+"/analysis/dames?position=W:W28,33,45:B19,23,4", analysisReady)
		tb.waitEval()
		wide := eval[bool](tb, `document.documentElement.scrollWidth <= window.innerWidth + 1`)
		if !wide {
			t.Errorf("the analysis page scrolls sideways on a phone (%v px wide)", eval[float64](tb, `document.documentElement.scrollWidth`))
		}
		// In French, the board and the panel redrawn in place.
		tb.clickAt(`[data-lang="fr"]`)
		tb.waitJS("the page in French", `document.querySelector('h1.title').textContent.startsWith('Analyse') && document.querySelector('#an-ceval').textContent.includes('chances de gain') && document.querySelector('#an-pos-input').value === 'W:W28,33,45:B4,19,23'`)
		analysisShot(t, tb, "analysis-dames-phone")
	})

	t.Run("editors", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-editors")
		tb.allow("400")
		// Mahboussé: checkers per point, 15 a side, pins.
		tb.open(base+"/analysis/mahbousse?position="+strings.ReplaceAll("o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3", "*", "%2A"), analysisReady)
		tb.clickAt("#an-edit")
		tb.clickAt(`[data-tool="remove"]`)
		tb.clickAt(`#board svg [data-loc="24"]`)
		tb.waitJS("a checker of x off", `window.plateauPage.view.position === 'o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x7 off=1-0 o:roll'`)
		tb.clickAt(`[data-tool="x"]`)
		tb.clickAt(`#board svg [data-loc="20"]`)
		tb.waitJS("x pins o's single checker", `window.plateauPage.view.position.startsWith('o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,x1*,')`)
		tb.clickAt(`#board svg [data-loc="24"]`)
		tb.waitJS("the 16th checker refused", `!document.querySelector('#an-edit-error').hidden && document.querySelector('#an-edit-error').textContent.includes('15')`)
		analysisShot(t, tb, "analysis-mahbousse-editor")
		tb.clickAt("#an-edit-done")
		tb.waitJS("the rolls of the edited position", `document.querySelectorAll('#an-rolls [data-roll]').length === 21`)
		// Bénédictine: the ball moves where it is put, on a ball square
		// only (the server names the rule).
		tb.open(base+"/analysis/benedictine", analysisReady)
		tb.waitEval()
		tb.clickAt("#an-edit")
		tb.clickAt(`[data-tool="O"]`)
		tb.clickAt(`#board svg [data-loc="d3"]`)
		tb.waitJS("the ball refused on d3", `document.querySelector('#an-edit-error').textContent.includes('not a ball square')`)
		tb.clickAt(`#board svg [data-loc="d2"]`)
		tb.waitJS("the ball on d2", `window.plateauPage.view.position === '..AAA../..A.A../......./......./......./..GOG../..GGG.. g'`)
		tb.clickAt(`[data-tool="G"]`)
		tb.clickAt(`#board svg [data-loc="a4"]`)
		tb.waitJS("a sixth green bottle refused", `!document.querySelector('#an-edit-error').hidden`)
		tb.choose("#an-side", "a")
		tb.waitJS("amber to move", `window.plateauPage.view.position.endsWith(' a')`)
		tb.clickAt("#an-edit-done")
		tb.waitEval()
		// Intercept: a piece taken off, the South side's piece put back.
		tb.open(base+"/analysis/intercept", analysisReady)
		tb.waitEval()
		tb.clickAt("#an-edit")
		tb.clickAt(`[data-tool="empty"]`)
		tb.clickAt(`#board svg [data-loc="b1"]`)
		tb.waitJS("b1 emptied", `window.plateauPage.view.position.split(' ')[0].split('/')[12].startsWith('2Sr')`)
		analysisShot(t, tb, "analysis-intercept-editor")
		tb.clickAt("#an-edit-done")
		tb.waitEval()
	})

	// Each editor writes back the position it read (in the server's own
	// form: the page keeps an edit as the server writes it).
	t.Run("editor formats", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-formats")
		tb.open(base+"/analysis/dames", analysisReady)
		tests := []struct{ game, position string }{
			{"dames", "W:W28,33,45:B4,19,23"},
			{"dames", "B:W33,K46:BK5,12"},
			{"mahbousse", "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 x:roll"},
			{"shutbox", "12345678/1234679 2 roll2"},
			{"shutbox", "-/1234679 2 choose"},
			{"benedictine", "...AA../A..O.../....A../......./..GA.../G...G../..GG... a"},
			{"intercept", "NpNr1NrNpNrNPNpNrNp3/10NpNr1/13/13/13/13/13/13/13/13/4SP8/10Sr1Sr/1SpSrSpSrSp1SrSp1Sp2 S g7 6 0"},
			{"intercept", "1NrNpNr1(NrSr)NPNp5/13/13/13/13/13/13/13/13/13/13/13/1SpSrSpSrSpSPSrSpSrSpSr1 N g7 3 0"},
		}
		for _, tt := range tests {
			got := eval[string](tb, fmt.Sprintf(`import('/static/js/analysis-edit.js').then(({editorFor}) => { const e = editorFor(%q); return e.write(e.parse(%q, {board: {tiles: 9}})); })`, tt.game, tt.position))
			if got != tt.position {
				t.Errorf("%s editor: %q written back as %q", tt.game, tt.position, got)
			}
		}
	})

	t.Run("from a finished game only", func(t *testing.T) {
		a := newTab(t, bctx, "analysis-finished")
		createGame(t, a, base, "dames")
		a.waitJS("my turn, connected", `document.querySelector('#status').dataset.turn === 'me' && window.plateauPage.conn?.ws?.readyState === 1`)
		a.clickAt(`#board svg [data-loc="32"]`)
		a.clickAt(`#board svg [data-loc="28"]`)
		a.waitJS("the move played", `window.plateauPage.moves.some((m) => m.notation === '32-28') && !!document.querySelector('#movelist [data-seq]')`)
		if eval[bool](a, `!!document.querySelector('#analyse-link')`) {
			t.Errorf("the analysis board is linked from a game in progress")
		}
		a.clickAt("#resign")
		a.waitJS("the resign confirmation", `document.querySelector('#resign').dataset.armed === '1'`)
		a.clickAt("#resign")
		a.waitJS("the result dialog", `!!document.querySelector('dialog#result[open]')`)
		a.clickAt("#dialog-close")
		a.waitJS("the analysis link", `!!document.querySelector('#analyse-link')`)
		// At the move selected in the replay: the start position.
		a.clickAt(`#movelist [data-seq]`) // the first move (seats' events come before it in the log)
		a.waitJS("the link at the selected move", `decodeURIComponent(document.querySelector('#analyse-link').href).includes('position=B:W28,31,33-50:B1-20')`)
		href := eval[string](a, `document.querySelector('#analyse-link').href`)
		a.open(href, analysisReady)
		a.waitJS("the game's position on the analysis board", `document.querySelector('#board').dataset.position === 'B:W28,31,33-50:B1-20'`)
		a.waitEval()
	})

	// Issue 66: the position of a game the player is playing is shown,
	// its analysis refused with the server's reason.
	t.Run("refused on one's running game", func(t *testing.T) {
		a := newTab(t, bctx, "analysis-refused")
		a.allow("403") // the refused page and analyses
		createGame(t, a, base, "dames")
		a.waitJS("my turn, connected", `document.querySelector('#status').dataset.turn === 'me' && window.plateauPage.conn?.ws?.readyState === 1`)
		a.clickAt(`#board svg [data-loc="32"]`)
		a.clickAt(`#board svg [data-loc="28"]`)
		a.waitJS("the move played", `document.querySelectorAll('#movelist [data-seq]').length === 1 && document.querySelector('#status').dataset.turn !== 'me'`)
		pos := eval[string](a, `window.plateauPage.view.position`)
		game := eval[string](a, `location.pathname.split('/').pop()`)
		a.open(base+"/analysis/dames?position="+url.QueryEscape(pos), analysisReady)
		a.waitJS("the refusal shown", fmt.Sprintf(`document.querySelector('#an-ceval').dataset.state === 'refused' && document.querySelector('#an-refused')?.textContent.includes('you play game %s')`, game))
		if eval[bool](a, `!!document.querySelector('#an-best')`) {
			t.Errorf("a best move shown on the position of a running game")
		}
		// Typed in the position box: the API refuses it, the page says why.
		a.typePosition("W:W31-50:B1-20")
		a.waitEval()
		a.typePosition(pos)
		a.waitJS("the API's refusal shown", fmt.Sprintf(`document.querySelector('#an-ceval').dataset.state === 'refused' && document.querySelector('#an-refused')?.textContent.includes('you play game %s')`, game))
	})

	t.Run("index and lobby link", func(t *testing.T) {
		tb := newTab(t, bctx, "analysis-index")
		tb.open(base+"/", `!!document.querySelector('[data-analysis="benedictine"]')`)
		if href := eval[string](tb, `document.querySelector('[data-analysis="benedictine"]').getAttribute('href')`); href != "/analysis/benedictine" {
			t.Errorf("the lobby links the analysis board at %q", href)
		}
		tb.open(base+"/analysis", `document.querySelectorAll('#an-index [data-game]').length === 5`)
		// More than two players: no bar, the side to move's chance.
		if !eval[bool](tb, `!!document.querySelector('#an-index a[href="/analysis/intercept?players=4"]')`) {
			t.Errorf("the index does not link four-player Intercept")
		}
		tb.open(base+"/analysis/intercept?players=4", analysisReady+` && window.plateauPage?.view?.players === 4`)
		tb.waitEval()
		if eval[bool](tb, `!document.querySelector('#an-evalbar').hidden`) {
			t.Errorf("an evaluation bar for four players")
		}
		tb.open(base+"/analysis/chess", `document.querySelector('#not-found')?.textContent.includes('chess')`)
		tb.open(base+"/analysis/shutbox?players=3", analysisReady)
		tb.waitJS("three boxes' rolls offered", `window.plateauPage?.view?.players === 3 && document.querySelectorAll('#an-rolls [data-roll]').length === 21`)
	})
}

// analysisReady: the analysis board is drawn.
const analysisReady = `!!document.querySelector('#game.analysis #board svg') && !!document.querySelector('#an-ceval')`

// typePosition loads a position text through the position box.
func (tb *tab) typePosition(p string) {
	tb.t.Helper()
	tb.typeInto("#an-pos-input", p)
}

// typeInto types text into the input sel, replacing its value, and
// presses Enter.
func (tb *tab) typeInto(sel, text string) {
	tb.t.Helper()
	if !eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.focus(); el.select(); return document.activeElement === el; })()`, sel)) {
		tb.t.Fatalf("%s: %s cannot take the focus", tb.name, sel)
	}
	tb.do("type into "+sel, chromedp.KeyEvent(text), chromedp.KeyEvent("\r"))
}

// choose picks value in the select sel, as a player does.
func (tb *tab) choose(sel, value string) {
	tb.t.Helper()
	if !eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.value = %q; el.dispatchEvent(new Event('change', {bubbles: true})); return el.value === %q; })()`, sel, value, value)) {
		tb.t.Fatalf("%s: no option %q in %s", tb.name, value, sel)
	}
}

// paste puts text into the text field sel, as a paste does.
func (tb *tab) paste(sel, text string) {
	tb.t.Helper()
	if !eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.value = %q; el.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, sel, text)) {
		tb.t.Fatalf("%s: no %s to paste into", tb.name, sel)
	}
}

// waitEval waits for the engine's evaluation of the position shown.
func (tb *tab) waitEval() {
	tb.t.Helper()
	tb.waitJSWithin("the evaluation", `document.querySelector('#an-ceval')?.dataset.state === 'ready' && document.querySelector('#an-ceval').dataset.position === window.plateauPage.view.position && !!document.querySelector('#an-best')`, 60*time.Second)
}

// analysisShot saves a screenshot under PLATEAU_SCREENSHOTS=1.
func analysisShot(t *testing.T, tb *tab, name string) {
	t.Helper()
	if os.Getenv("PLATEAU_SCREENSHOTS") != "1" {
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	eval[bool](tb, `(window.scrollTo(0, 0), true)`)
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join("..", "docs", "screenshots", name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}
