package e2e

import (
	"testing"
)

// TestBrowserTeamResult: the result of a four-player Intercept game in
// teams names both winners, the team once, with a plural verb, in English
// and French (issue 68 point 8: "West (team 2) & East (team 2) wins"); a
// score reads "Score : 3" in French, with the space before the colon.
// Red on main 47b4ede.
func TestBrowserTeamResult(t *testing.T) {
	bctx := browser(t)
	base := startServer(t)
	tb := newTab(t, bctx, "spectator")
	tb.open(base+"/", `!!document.body`)
	id := eval[string](tb, `fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'intercept', variant: {players: '4', mode: 'teams'},
			seats: [{kind: 'human'}, {kind: 'human'}, {kind: 'human'}, {kind: 'human'}]})}).then((r) => r.json()).then((c) => c.id)`)
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
