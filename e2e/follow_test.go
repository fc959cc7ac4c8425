package e2e

import (
	"strings"
	"testing"
)

// TestBrowserTeamResult: the result of a four-player Intercept game in
// teams names both winners, the team once, with a plural verb, in English
// and French (issue 68 point 8: "West (team 2) & East (team 2) wins"); a
// score reads "Score : 3" in French, with the space before the colon.
// Red on main 47b4ede.
func TestBrowserTeamResult(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	tb := newTab(t, bctx, "spectator")
	tb.open(base+"/", `!!document.body`)
	id, _ := postGame(tb, `{game: 'intercept', variant: {players: '4', mode: 'teams'},
		seats: [{kind: 'human'}, {kind: 'human'}, {kind: 'human'}, {kind: 'human'}]}`)
	tb.open(base+"/g/"+id, boardReady)
	const result = `(() => { const p = window.plateauPage, names = [0, 1, 2, 3].map((i) => p.playerName(i));
		const won = names.map((n) => n.endsWith('(team 2)') || n.endsWith('(équipe 2)') ? 'win' : 'loss');
		return p.resultText({results: won}); })()`
	if got := eval[string](tb, result); got != "West and East (team 2) win" {
		t.Errorf("the English result of a team 2 win: %q, want %q", got, "West and East (team 2) win")
	}
	eval[bool](tb, `(localStorage.setItem('plateau.lang', 'fr'), true)`)
	tb.open(base+"/g/"+id, boardReady)
	if got := eval[string](tb, result); got != "Victoire : Ouest et Est (équipe 2)" {
		t.Errorf("the French result of a team 2 win: %q, want %q", got, "Victoire : Ouest et Est (équipe 2)")
	}
	if got := eval[string](tb, `window.plateauPage.resultText({results: ['win', 'loss', 'loss', 'loss'], scores: [3, 1, 0, 0]})`); got != "Victoire : Sud (équipe 1) · Score : 3 / 1 / 0 / 0" {
		t.Errorf("a French result with scores: %q", got)
	}
}

// TestBrowserInterceptMarksBesidePieces: on the four-player Intercept
// board, the Arrivée flags, their "A" and the numbers of squares 1 to 5
// lie in the squares' corners, outside the circle of any piece standing
// there (issue 68 point 8: they sat on the pieces). Red on main 47b4ede.
func TestBrowserInterceptMarksBesidePieces(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	tb := newTab(t, bctx, "spectator")
	tb.open(base+"/", `!!document.body`)
	id, _ := postGame(tb, `{game: 'intercept', variant: {players: '4', mode: 'teams'},
		seats: [{kind: 'human'}, {kind: 'human'}, {kind: 'human'}, {kind: 'human'}]}`)
	tb.open(base+"/g/"+id, boardReady)
	// For each mark, the distance from its box to the centre of its
	// square, less the radius a piece has there.
	type overlap struct {
		Marks int
		Bad   []string
	}
	got := eval[overlap](tb, `(() => {
		const out = {Marks: 0, Bad: []};
		for (const g of document.querySelectorAll('#board [data-loc]')) {
			const sq = g.querySelector('rect.sq').getBBox(), cx = sq.x + sq.width / 2, cy = sq.y + sq.height / 2, r = sq.width * 0.38;
			for (const m of g.querySelectorAll('.flag, .arrtext, .five')) {
				out.Marks++;
				// A text's ink: its width, and from its baseline up its
				// capitals' height (getBBox adds the font's ascent and descent).
				let b = m.getBBox();
				if (m.tagName === 'text') {
					const fs = parseFloat(m.getAttribute('font-size')), y = parseFloat(m.getAttribute('y'));
					b = {x: b.x, width: b.width, y: y - 0.72 * fs, height: 0.72 * fs};
				}
				const nx = Math.max(b.x, Math.min(cx, b.x + b.width)), ny = Math.max(b.y, Math.min(cy, b.y + b.height));
				if (Math.hypot(nx - cx, ny - cy) < r) out.Bad.push(g.dataset.loc + ' ' + m.getAttribute('class') + ' ' + (r - Math.hypot(nx - cx, ny - cy)).toFixed(2) + ' px in');
			}
		}
		return out; })()`)
	if got.Marks == 0 {
		t.Fatal("no Arrivée flag or square number drawn")
	}
	if len(got.Bad) > 0 {
		t.Errorf("%d of %d marks reach into a piece's circle: %v", len(got.Bad), got.Marks, got.Bad)
	}
	screenshot(t, tb, "intercept-4-desktop")
}

// TestBrowserLobbyListsGamesWorthWatching: the lobby's games in progress
// are games people play and have moved in; a game between computers and a
// game with no move are not listed (issue 68 point 9: the list was a wall
// of "AI medium · 0 moves"). Red on main 47b4ede.
func TestBrowserLobbyListsGamesWorthWatching(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	tb := newTab(t, bctx, "visitor")
	tb.open(base+"/", `!!document.body`)
	create := func(seats string) []string {
		t.Helper()
		id, invite := postGame(tb, `{game: 'dames', seats: `+seats+`}`)
		return []string{id, invite}
	}
	played := create(`[{kind: 'human'}, {kind: 'ai', level: 'easy'}]`)
	unplayed := create(`[{kind: 'human'}, {kind: 'ai', level: 'easy'}]`)
	bots := create(`[{kind: 'ai', level: 'easy'}, {kind: 'ai', level: 'easy'}]`)
	tb.open(base+unplayed[1], boardReady) // joined, never moved
	tb.open(base+played[1], boardReady)
	tb.waitJS("my turn", `document.querySelector('#status')?.dataset.turn === 'me'`)
	eval[bool](tb, `(window.plateauPage.send(window.plateauPage.view.moves[0]), true)`)
	tb.waitJS("the move played", `window.plateauPage.version >= 1`)
	tb.open(base+"/", `!!document.querySelector('#live-games [data-listed="`+played[0]+`"]')`)
	for _, id := range []string{unplayed[0], bots[0]} {
		if eval[bool](tb, `!!document.querySelector('#live-games [data-listed="`+id+`"], #inactive-games [data-listed="`+id+`"]')`) {
			t.Errorf("game %s is listed in the lobby's games in progress", id)
		}
	}
}

// TestBrowserPolish: issue 68 point 10's wording. Mahboussé's sides are
// named by their checkers' colours and its English name keeps its accent;
// a draughts game's record is not said to hold dice; the record's links
// never wrap inside a word ("P DN"). Red on main 47b4ede.
func TestBrowserPolish(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	tb := newTab(t, bctx, "player")
	tb.open(base+"/", `!!document.body`)
	invite := func(game string) string {
		_, invite := postGame(tb, `{game: '`+game+`', seats: [{kind: 'human'}, {kind: 'ai', level: 'easy'}]}`)
		return invite
	}
	tb.open(base+invite("mahbousse"), boardReady)
	if got := eval[string](tb, `[...document.querySelectorAll('#players li')].map((li) => li.textContent).join(' | ')`); !strings.Contains(got, "White") || !strings.Contains(got, "Green") || strings.Contains(got, "Player 1") {
		t.Errorf("Mahboussé's players read %q, want White and Green", got)
	}
	if got := eval[string](tb, `document.querySelector('h1, h2')?.textContent || ''`); !strings.Contains(got, "Mahboussé") {
		t.Errorf("the Mahboussé page's title reads %q", got)
	}
	tb.open(base+invite("dames"), boardReady)
	eval[bool](tb, `(window.plateauPage.request({type: 'resign'}), true)`)
	tb.waitJS("the game over", `!!document.querySelector('#export')`)
	if got := eval[string](tb, `document.querySelector('#export').textContent`); got != "Game record (JSON)" {
		t.Errorf("the draughts record's link reads %q", got)
	}
	// In a column narrower than a link (as on a phone's side panel).
	if n := eval[int](tb, `(() => { const p = document.querySelector('#export').closest('.watchlink'); p.style.width = '40px';
		return Math.max(...[...p.querySelectorAll('a')].map((a) => a.getClientRects().length)); })()`); n != 1 {
		t.Errorf("a record link is drawn on %d lines", n)
	}
}

// postGame creates a game from tb's page with request (a JS object
// literal of POST /api/games's body) and returns its id and seat 0's
// invite path ("" for a seat without one).
func postGame(tb *tab, request string) (id, invite string) {
	tb.t.Helper()
	got := eval[[]string](tb, `fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify(`+request+`)}).then((r) => r.json()).then((c) => [c.id, c.seats[0].invite || ''])`)
	return got[0], got[1]
}
