package e2e

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"plateau/game"
	"plateau/review"
	"plateau/server"
	"plateau/store"
)

// TestReview plays games to their end, asks for the computer review on the
// game page and checks what it shows: the evaluation graph, the verdict
// marks in the move list (those of the server's report, move by move), the
// summary per player, and for a selected move the best one, in words and
// on the board (an arrow in draughts, the tiles in Shut the Box).
func TestReview(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	// Searches of 200 ms (750 by default): the reviews of these short games take a few seconds.
	base, st := startServerWith(t, func(o *server.Options) { o.ReviewBudget = 200 * time.Millisecond })
	t.Run("shutbox", func(t *testing.T) { reviewShutbox(t, bctx, base, st, 2) })
	t.Run("shutbox-3", func(t *testing.T) { reviewShutbox(t, bctx, base, st, 3) })
	t.Run("shutbox-1", func(t *testing.T) { reviewShutbox(t, bctx, base, st, 1) })
	t.Run("dames", func(t *testing.T) { reviewDames(t, bctx, base) })
	for _, g := range []string{"benedictine", "intercept", "mahbousse"} {
		t.Run(g, func(t *testing.T) { reviewResigned(t, bctx, base, g) })
	}
	t.Run("failed", func(t *testing.T) { reviewFailed(t, bctx) })
}

// reviewFailed checks that the page says a review failed, and that asking
// again starts a new one (POST) whose report the page shows: the server's
// first review fails.
func reviewFailed(t *testing.T, bctx context.Context) {
	var calls atomic.Int32
	base, st := startServerWith(t, func(o *server.Options) {
		o.Reviewer = func(ctx context.Context, g game.Game, cfg game.Config, moves []string, opts review.Options) (review.Report, error) {
			if calls.Add(1) == 1 {
				return review.Report{}, errors.New("a failure for the test")
			}
			return review.Review(ctx, g, cfg, moves, opts)
		}
	})
	id, toks := seededGame(t, st, "shutbox", map[string]string{"players": "2"}, testSeed("review-shutbox-2"))
	a := newTab(t, bctx, "failed")
	a.allow("500 (Internal Server Error)")
	openHotseat(a, base, id, toks)
	playShutbox(t, a)
	a.waitJS("the review button", `!!document.querySelector('#review-start')`)
	if eval[bool](a, `!!document.querySelector('dialog#result[open]')`) {
		a.clickAt("#dialog-close")
	}
	a.clickAt("#review-start")
	a.waitJSWithin("the failure said", `/^The review failed: .*a failure for the test/.test(document.querySelector('#review-error')?.textContent || '')`, time.Minute)
	a.clickAt("#review-start")
	// Within 30 s: a GET would answer the failure for a minute.
	a.waitJSWithin("the review", `!!document.querySelector('#review-graph') && document.querySelectorAll('#movelist .rv-mark').length > 0`, 30*time.Second)
	if n := calls.Load(); n != 2 {
		t.Errorf("the server reviewed the game %d times, want 2", n)
	}
}

// reviewResigned plays the first legal move eight times in a game of two
// people on one screen, resigns, and checks the review and the best move
// drawn on the board for the first move the engine would not have played.
func reviewResigned(t *testing.T, bctx context.Context, base, game string) {
	a := newTab(t, bctx, game)
	newGameForm(t, a, base, "#new-game", game, "#seat-1", "me")
	a.waitJS("the game page", boardReady+` && document.querySelector('#status').dataset.turn === 'me'`)
	id := eval[string](a, `plateauPage.id`)
	for range 8 {
		a.waitJS("a move to make", `(() => { const x = `+turnJS+`; return x.Mine && !x.Busy && (plateauPage.view.moves || []).length > 0; })()`)
		v := a.turn().Version
		eval[bool](a, `(() => { plateauPage.send(plateauPage.view.moves[0]); return true; })()`)
		a.waitJS("the move played", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	}
	a.waitJS("my turn", turnJS+`.Mine`)
	a.clickAt("#resign")
	a.clickAt("#resign")
	a.waitJS("the game over", turnJS+`.Over`)
	r := openReview(t, a, id, false)
	i := slices.IndexFunc(r.Moves, func(m review.Move) bool { return m.Best != m.Move })
	if i < 0 {
		t.Fatalf("the engine would have played every move of the game: %+v", r.Moves)
	}
	m := r.Moves[i]
	drawn := `document.querySelectorAll('#board .rv-best .rv-arrow, #board .rv-best .rv-hl').length > 0`
	if game == "mahbousse" {
		drawn = `document.querySelectorAll('#board .rv-best .rv-hl').length > 0`
	}
	selectReviewed(t, a, r, m, drawn)
	screenshot(t, a, "review-"+game+"-desktop")
}

// playShutbox plays the game of Shut the Box open in a to its end, always
// covering with the most tiles (the low ones, which the solver judges
// worse than the high ones).
func playShutbox(t *testing.T, a *tab) {
	t.Helper()
	for i := 0; !a.turn().Over; i++ {
		if i > 200 {
			t.Fatal("the game did not end in 200 moves")
		}
		a.waitJS("a move to make or the end", `(() => { const x = `+turnJS+`; return x.Over || (x.Mine && !x.Busy && (plateauPage.view.moves || []).length > 0); })()`)
		if a.turn().Over {
			break
		}
		v := a.turn().Version
		eval[bool](a, `(() => { const ms = plateauPage.view.moves; const covers = ms.filter((m) => m.kind === 'cover');
			const pick = covers.length ? covers.sort((p, q) => q.clicks.length - p.clicks.length || p.notation.localeCompare(q.notation))[0] : ms[0];
			plateauPage.send(pick); return true; })()`)
		a.waitJS("the move played", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	}
}

// reviewShutbox plays a game of Shut the Box between players on one
// screen (or solitaire) to its end (playShutbox) and checks its review.
func reviewShutbox(t *testing.T, bctx context.Context, base string, st store.Store, players int) {
	id, toks := seededGame(t, st, "shutbox", map[string]string{"players": fmt.Sprint(players)}, testSeed(fmt.Sprintf("review-shutbox-%d", players)))
	a := newTab(t, bctx, "shutbox")
	openHotseat(a, base, id, toks)
	playShutbox(t, a)
	// Alone, the chance to shut the box is small and so are its losses:
	// this game has no verdict, only moves the solver would not have made.
	solo := players == 1
	r := openReview(t, a, id, !solo)
	var m review.Move
	if solo {
		i := slices.IndexFunc(r.Moves, func(m review.Move) bool { return m.Best != m.Move })
		if i < 0 {
			t.Fatalf("the solver would have made every move: %+v", r.Moves)
		}
		m = r.Moves[i]
	} else {
		m = pickVerdict(t, r)
	}
	tiles := len(strings.Split(m.Best, "+"))
	selectReviewed(t, a, r, m, fmt.Sprintf(`document.querySelectorAll('#board .rv-best .rv-hl').length === %d`, tiles))
	if got := eval[int](a, fmt.Sprintf(`document.querySelectorAll('#board .box[data-player="%d"] [data-tile]').length`, m.Player)); got == 0 {
		t.Errorf("player %d's box has no tile to outline", m.Player+1)
	}
	// Two players: the first one's win chance, an area under it; one, three or four: a line each.
	type graph struct{ Areas, Lines, Legend int }
	g := eval[graph](a, `({Areas: document.querySelectorAll('#review-graph .rv-area').length, Lines: document.querySelectorAll('#review-graph .rv-pline').length,
		Legend: document.querySelectorAll('#review .rv-legend li').length})`)
	if want := (graph{Areas: 1}); players != 2 {
		want = graph{Lines: players, Legend: players}
		if g != want {
			t.Errorf("the graph of %d players has %+v, want %+v", players, g, want)
		}
	} else if g != want {
		t.Errorf("the graph of 2 players has %+v, want %+v", g, want)
	}
	graphJump(t, a, r)
	screenshot(t, a, fmt.Sprintf("review-shutbox-%d-desktop", players))
}

// reviewDames plays a short game of draughts in which Black gives a man
// away (18-23: White takes it for nothing), then White resigns.
func reviewDames(t *testing.T, bctx context.Context, base string) {
	a := hotseatDames(t, bctx, base, "dames")
	id := eval[string](a, `plateauPage.id`)
	playNotations(t, a, "32-27", "19-24", "33-28", "18-23", "28x30", "20-24", "30x19", "14x23", "39-33", "13-18")
	if eval[bool](a, `!!document.querySelector('#review-start')`) {
		t.Error("the review is offered while the game runs")
	}
	a.clickAt("#resign")
	a.clickAt("#resign")
	a.waitJS("the game over", turnJS+`.Over`)
	r := openReview(t, a, id, true)
	m := pickVerdict(t, r)
	if m.Ply != 4 || m.Verdict == "" {
		t.Errorf("the review judges move %d (%s, %s) first, want 18-23 (4) marked", m.Ply, m.Move, m.Verdict)
	}
	selectReviewed(t, a, r, m, `document.querySelectorAll('#board .rv-best .rv-arrow').length === 1`)
	// The arrow goes from the best move's first square to its last.
	sq := strings.FieldsFunc(m.Best, func(c rune) bool { return c == '-' || c == 'x' })
	type pt struct{ X, Y float64 }
	centre := func(loc string) pt {
		return eval[pt](a, fmt.Sprintf(`(() => { const r = document.querySelector('#board svg [data-loc="%s"] .sq').getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2}; })()`, loc))
	}
	from, to := centre(sq[0]), centre(sq[len(sq)-1])
	tip := eval[pt](a, `(() => { const r = document.querySelector('#board .rv-arrow .head').getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2}; })()`)
	if d1, d2 := (tip.X-to.X)*(tip.X-to.X)+(tip.Y-to.Y)*(tip.Y-to.Y), (tip.X-from.X)*(tip.X-from.X)+(tip.Y-from.Y)*(tip.Y-from.Y); d1 >= d2 {
		t.Errorf("the arrow of %s points at %v, nearer its start %v than its end %v", m.Best, tip, from, to)
	}
	graphJump(t, a, r)
	// A count of the summary goes to the player's next move of its verdict, after the one shown.
	at := eval[int](a, `+document.querySelector('#review-move').dataset.ply`)
	var want review.Move
	for _, x := range r.Moves {
		if x.Player == m.Player && x.Verdict == m.Verdict && (want.Ply == 0 || want.Ply <= at && x.Ply > at) {
			want = x
		}
	}
	a.clickAt(fmt.Sprintf(`#review-summary tr[data-player="%d"] [data-next=%q]`, m.Player, m.Verdict))
	a.waitJS("the next "+string(m.Verdict), fmt.Sprintf(`document.querySelector('#review-move')?.dataset.ply === '%d'`, want.Ply))
	selectReviewed(t, a, r, m, `document.querySelectorAll('#board .rv-best .rv-arrow').length === 1`)
	screenshot(t, a, "review-dames-desktop")
	a.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
	a.waitJS("the phone layout", `innerWidth === 390 && document.querySelector('#review-graph').getBoundingClientRect().width <= 390`)
	screenshot(t, a, "review-dames-phone")
	a.do("desktop size", chromedp.EmulateViewport(1280, 900))
	// French.
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("the review in French", `document.querySelector('#review h2')?.textContent === 'Analyse de l’ordinateur' && document.querySelector('#review-best')?.textContent.startsWith('Meilleur : ')`)
	a.clickAt(`[data-lang="en"]`)
}

// openReview asks for the review of the finished game id in tab a, waits
// for the graph, checks it and the marks against the server's report (at
// least one mark if marked) and returns it.
func openReview(t *testing.T, a *tab, id string, marked bool) review.Report {
	t.Helper()
	a.waitJS("the review button", `!!document.querySelector('#review-start')`)
	if eval[bool](a, `!!document.querySelector('dialog#result[open]')`) {
		a.clickAt("#dialog-close")
		a.waitJS("the result closed", `!document.querySelector('dialog#result[open]')`)
	}
	if n := eval[int](a, `document.querySelectorAll('#movelist .rv-mark').length`); n != 0 {
		t.Errorf("%d verdict marks before the review", n)
	}
	a.clickAt("#review-start")
	// The first answer is always 202: that request starts the job.
	a.waitJS("the review's progress", `/\d+\/\d+/.test(document.querySelector('#review-progress')?.textContent || '') && !!document.querySelector('#review-progress progress')`)
	a.waitJSWithin("the graph", `!!document.querySelector('#review-graph')`, 3*time.Minute)
	type status struct {
		Status string
		Report review.Report
	}
	s := eval[status](a, fmt.Sprintf(`fetch('/api/games/%s/review').then((r) => r.json())`, id))
	if s.Status != "done" {
		t.Fatalf("the review's status is %q once the page shows it", s.Status)
	}
	r := s.Report
	// The marks: each reviewed move's verdict, on the move of its ply.
	// A turn of the list holds its roll and its move (data-seqs: their
	// versions, the ply of each).
	type entry struct {
		Seqs     string
		Text     string
		Verdicts map[string]string
	}
	list := eval[[]entry](a, `[...document.querySelectorAll('#movelist button[data-seq]')].map((b) => ({Seqs: ' ' + b.dataset.seqs + ' ', Text: b.textContent,
		Verdicts: Object.fromEntries([...b.querySelectorAll('.rv-mark')].map((k) => [k.dataset.for, k.dataset.verdict]))}))`)
	marks := 0
	// A move's ply is its place in the move list; its version (data-seq)
	// counts the seats' events before it too.
	seqs := eval[[]int](a, `plateauPage.moves.map((m) => m.seq)`)
	for _, m := range r.Moves {
		if m.Ply < 1 || m.Ply > len(seqs) {
			t.Fatalf("move %d (%s) of the review: the page lists %d moves", m.Ply, m.Move, len(seqs))
		}
		i := slices.IndexFunc(list, func(e entry) bool { return strings.Contains(e.Seqs, fmt.Sprintf(" %d ", seqs[m.Ply-1])) })
		if i < 0 {
			t.Fatalf("no turn of the move list holds move %d (%s)", m.Ply, m.Move)
		}
		e := list[i]
		// Shut the Box's choice of dice is written by the roll it asked for.
		shown := strings.Contains(e.Text, m.Move) || m.Move == "roll1" || m.Move == "roll2"
		if v := e.Verdicts[fmt.Sprint(seqs[m.Ply-1])]; !shown || v != string(m.Verdict) {
			t.Errorf("move %d %s (%q) is marked %q in the list (%q), want %q", m.Ply, m.Move, m.Verdict, v, e.Text, m.Verdict)
		}
		if m.Verdict != "" {
			marks++
		}
	}
	if got := eval[int](a, `document.querySelectorAll('#movelist .rv-mark').length`); got != marks || marked && marks == 0 {
		t.Errorf("%d marks in the move list, want %d (at least one: %v)", got, marks, marked)
	}
	// The graph: a dot per verdict; the summary: a row per player with the report's counts.
	if got := eval[int](a, `document.querySelectorAll('#review-graph .rv-dot').length`); got != marks {
		t.Errorf("%d dots on the graph, want %d", got, marks)
	}
	rows := eval[[][]string](a, `[...document.querySelectorAll('#review-summary tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent))`)
	if len(rows) != len(r.Summaries) {
		t.Fatalf("the summary has %d rows, want %d", len(rows), len(r.Summaries))
	}
	for i, sm := range r.Summaries {
		want := []string{fmt.Sprint(sm.Inaccuracies), fmt.Sprint(sm.Mistakes), fmt.Sprint(sm.Blunders)}
		if len(rows[i]) != 5 || !slices.Equal(rows[i][1:4], want) || !strings.HasSuffix(rows[i][4], "%") {
			t.Errorf("summary row %d: %q, want the counts %q and an average loss in %%", i, rows[i], want)
		}
	}
	return r
}

// pickVerdict is the first reviewed move with a verdict and another best move.
func pickVerdict(t *testing.T, r review.Report) review.Move {
	t.Helper()
	i := slices.IndexFunc(r.Moves, func(m review.Move) bool { return m.Verdict != "" && m.Best != m.Move })
	if i < 0 {
		t.Fatalf("no move of the review has a verdict: %+v", r.Moves)
	}
	return r.Moves[i]
}

// selectReviewed clicks move m in the move list and checks that the page
// names its best move and draws it (drawn: a JavaScript condition).
func selectReviewed(t *testing.T, a *tab, r review.Report, m review.Move, drawn string) {
	t.Helper()
	seq := eval[int](a, fmt.Sprintf(`plateauPage.moves[%d].seq`, m.Ply-1))
	a.clickAt(fmt.Sprintf(`#movelist button[data-seq="%d"]`, seq))
	a.waitJS("the best move named and drawn", fmt.Sprintf(`document.querySelector('#review-best')?.textContent.startsWith(%q) && document.querySelector('#board .rv-best')?.dataset.best === %[2]q && %s`,
		"Best: "+m.Best, m.Best, drawn))
	if got := eval[string](a, `document.querySelector('#review-move strong')?.textContent || ''`); !strings.HasSuffix(got, m.Move) {
		t.Errorf("the selected move is shown as %q, want %s", got, m.Move)
	}
}

// graphJump clicks the graph where its last move is, and checks that the
// page shows that move.
func graphJump(t *testing.T, a *tab, r review.Report) {
	t.Helper()
	n := len(r.Moves)
	last := r.Moves[n-1]
	type pt struct{ X, Y float64 }
	p := eval[pt](a, `(() => { const g = document.querySelector('#review-graph'); g.scrollIntoView({block: 'center'}); const b = g.getBoundingClientRect();
		return {X: b.right - 2, Y: b.top + b.height / 2}; })()`)
	a.do("click the graph", chromedp.MouseClickXY(p.X, p.Y))
	a.waitJS("the last reviewed move shown", fmt.Sprintf(`document.querySelector('#review-cursor')?.dataset.ply === '%d' && document.querySelector('#review-move')?.dataset.ply === '%[1]d'`, last.Ply))
	// The middle of the graph is the middle move.
	i := n / 2
	p = eval[pt](a, fmt.Sprintf(`(() => { const b = document.querySelector('#review-graph').getBoundingClientRect(); return {X: b.left + b.width * %d / %d, Y: b.top + b.height / 2}; })()`, i, n))
	a.do("click the graph", chromedp.MouseClickXY(p.X, p.Y))
	want := r.Moves[i-1].Ply
	a.waitJS(fmt.Sprintf("move %d shown", want), fmt.Sprintf(`document.querySelector('#review-cursor')?.dataset.ply === '%d' && plateauPage.replayAt === plateauPage.moves[%d].seq`, want, want-1))
}
