package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"plateau/game"
	"plateau/games"
	"plateau/learn"
)

// TestRules solves every example of every rules page by clicks, in French
// and in English: a wrong answer (legal, but not the one asked for) is told
// apart, the right one accepted, and the board then shows the engine's
// position after it. It also follows the rules link of a game page.
func TestRules(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	for _, pg := range learn.Pages() {
		for _, lang := range []string{"en", "fr"} {
			t.Run(pg.Game+"-"+lang, func(t *testing.T) { rulesExamples(t, bctx, base, pg, lang) })
		}
	}
	t.Run("link", func(t *testing.T) { rulesLink(t, bctx, base) })
}

const rulesReady = `document.getElementById('rules')?.dataset.ready === '1'`

// rulesExample is what the page knows of one example.
type rulesExample struct {
	ID      string
	Answers []string
	Wrong   string
	Task    string
}

func rulesExamples(t *testing.T, bctx context.Context, base string, pg learn.Page, lang string) {
	tb := newTab(t, bctx, "rules-"+pg.Game+"-"+lang)
	tb.open(fmt.Sprintf("%s/rules/%s?lang=%s", base, pg.Game, lang), rulesReady)
	if got := eval[string](tb, `document.documentElement.lang`); got != lang {
		t.Errorf("page language %q, want %q", got, lang)
	}
	exs := eval[[]rulesExample](tb, `[...document.querySelectorAll('figure.example')].map((el) => {
		const b = JSON.parse(document.getElementById('rules-boot').textContent).boards[+el.dataset.board - 1];
		return {ID: el.id, Answers: b.answers, Wrong: b.wrong, Task: el.querySelector('.task').textContent};
	})`)
	want := pg.Examples()
	if len(exs) != len(want) {
		t.Fatalf("%d examples on the page, want %d", len(exs), len(want))
	}
	g, err := games.Registry().Lookup(pg.Game)
	if err != nil {
		t.Fatal(err)
	}
	for i, ex := range exs {
		e := want[i]
		if task := e.Task.In(lang); ex.Task != (map[string]string{"fr": "À vous : ", "en": "Your move: "})[lang]+task {
			t.Errorf("%s: task %q, want %q", ex.ID, ex.Task, task)
		}
		solve(t, tb, ex.ID, ex.Wrong, "wrong")
		shows(t, tb, ex.ID, ex.Wrong, positionAfter(t, g, e.Board, ex.Wrong))
		tb.clickAt("#" + ex.ID + " [data-role=again]")
		tb.waitJS("the example back to its start", fmt.Sprintf(`document.getElementById(%q).dataset.verdict === '' && !!document.querySelector('#%s [data-loc].target, #%s [data-role=actions] button')`, ex.ID, ex.ID, ex.ID))
		solve(t, tb, ex.ID, ex.Answers[0], "right")
		shows(t, tb, ex.ID, ex.Answers[0], positionAfter(t, g, e.Board, ex.Answers[0]))
		if i == 0 {
			rulesShots(t, tb, pg.Game, lang, ex.ID)
		}
	}
}

// shows checks that the example's board shows the engine's position after
// the move (the renderers label the board with its position).
func shows(t *testing.T, tb *tab, id, move, after string) {
	t.Helper()
	if got := eval[string](tb, fmt.Sprintf(`document.querySelector('#%s svg.board').getAttribute('aria-label')`, id)); got != after {
		t.Errorf("%s: after %s the board shows %q, want %q", id, move, got, after)
	}
}

// positionAfter is the engine's position after move on board b.
func positionAfter(t *testing.T, g game.Game, b learn.Board, move string) string {
	t.Helper()
	cfg, err := game.NewConfig(g, b.Variant)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.ParsePosition(cfg, b.Position)
	if err != nil {
		t.Fatal(err)
	}
	m, err := st.ParseMove(move)
	if err == nil {
		err = st.Play(m)
	}
	if err != nil {
		t.Fatalf("%s in %q: %v", move, b.Position, err)
	}
	return st.Position()
}

// solve makes the move of the example by clicking its locations, on the
// board or among the buttons under it, then its confirm button if the
// move needs one, and waits for the verdict.
func solve(t *testing.T, tb *tab, id, notation, verdict string) {
	t.Helper()
	clicks := eval[[]string](tb, fmt.Sprintf(`(() => {
		const b = window.plateauRules.find((x) => x.el.id === %q);
		const m = b.view.moves.find((x) => x.notation === %q);
		if (!m) return null;
		return (m.paths && m.paths.length ? m.paths[0] : m.clicks).map(String);
	})()`, id, notation))
	if clicks == nil {
		t.Fatalf("%s: %s is not among the legal moves of the page", id, notation)
	}
	for _, loc := range clicks {
		sel := fmt.Sprintf("#%s [data-role=board] [data-loc=%q]", id, loc)
		if !eval[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			sel = fmt.Sprintf("#%s [data-role=actions] [data-loc=%q]", id, loc)
		}
		tb.clickAt(sel)
	}
	confirm := fmt.Sprintf("#%s [data-role=actions] [data-move=%q]", id, notation)
	if eval[bool](tb, fmt.Sprintf(`document.getElementById(%q).dataset.verdict === '' && !!document.querySelector(%q)`, id, confirm)) {
		tb.clickAt(confirm)
	}
	tb.waitJS(id+" judged "+verdict, fmt.Sprintf(`document.getElementById(%q).dataset.verdict === %q`, id, verdict))
	type shown struct {
		Right, Wrong, Played string
	}
	got := eval[shown](tb, fmt.Sprintf(`(() => { const el = document.getElementById(%q);
		const vis = (r) => { const x = el.querySelector('[data-role=' + r + ']'); return x.hidden ? '' : x.textContent; };
		return {Right: vis('right'), Wrong: vis('wrong'), Played: el.dataset.played}; })()`, id))
	if (verdict == "right") != (got.Right != "") || (verdict == "wrong") != (got.Wrong != "") || got.Played != notation {
		t.Errorf("%s after %s: shows right %q, wrong %q, played %q", id, notation, got.Right, got.Wrong, got.Played)
	}
}

// rulesShots takes the pictures of a rules page: the desktop one in
// English, the phone one in French, each with its first example solved.
func rulesShots(t *testing.T, tb *tab, gameID, lang, id string) {
	name := "rules-" + gameID + "-desktop"
	if lang == "fr" {
		name = "rules-" + gameID + "-phone"
		tb.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
		tb.waitJS("the boards drawn for a phone", `document.getElementById('rules').dataset.drawnAt === '390'`)
		// Back to the desktop size, once the boards are drawn for it again,
		// so that the next clicks aim at the boards they reach.
		defer tb.waitJS("the boards drawn for a desktop", `document.getElementById('rules').dataset.drawnAt === '1280'`)
		defer tb.do("desktop size", chromedp.EmulateViewport(1280, 900))
	}
	file := filepath.Join("..", "docs", "screenshots", name+".png")
	if _, err := os.Stat(file); err == nil && os.Getenv("PLATEAU_SCREENSHOTS") != "1" {
		return
	}
	eval[bool](tb, fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: 'start'}), window.scrollBy(0, -8), true)`, id))
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rulesLink opens a game page: its header links to the game's rules in
// the page's language, in a new tab.
func rulesLink(t *testing.T, bctx context.Context, base string) {
	tb := newTab(t, bctx, "rules-link")
	tb.open(base+"/rules/dames?lang=fr", rulesReady)
	id := eval[string](tb, `fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'dames', seats: [{kind: 'human'}, {kind: 'human'}]})}).then((r) => r.json()).then((c) => c.id)`)
	tb.open(base+"/g/"+id, `!!document.querySelector('#rules-link:not([hidden])')`)
	type link struct{ Href, Target, Text string }
	got := eval[link](tb, `(() => { const a = document.querySelector('#rules-link'); return {Href: a.getAttribute('href'), Target: a.target, Text: a.textContent}; })()`)
	if got.Href != "/rules/dames?lang=fr" || got.Target != "_blank" || got.Text != "Règles ↗" {
		t.Errorf("the game page's rules link: %+v", got)
	}
	tb.open(base+got.Href, rulesReady)
}
