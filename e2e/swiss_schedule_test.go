package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSwissSchedule: a Swiss created from the lobby's form with a minute
// between round starts (round_every); three accounts, so round 1 is one
// game and a bye. The game ends well within the minute: between the
// rounds the page counts down to round 2's set time (the view's
// next_round, the start plus a minute) instead of pairing it at once.
func TestSwissSchedule(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	names := []string{"ann", "bob", "cat"}
	tabs := signUpTabs(t, bctx, base, names, "73")
	ann := tabs["ann"]
	ann.waitJS("the tournaments' form", `!!document.querySelector('#tournaments details.tourney-create')`)
	ann.clickAt("#tournaments details.tourney-create summary")
	eval[bool](ann, `(() => { const s = document.querySelector('#tournaments select[name="kind"]');
		s.value = 'swiss'; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
	ann.waitJS("the round schedule field", `!!document.querySelector('#tournaments input[name="roundEvery"]')`)
	ann.do("a Swiss of 2 rounds a minute apart, starting in 15 s",
		chromedp.SetValue(`#tournaments input[name="rounds"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="rounds"]`, "2"),
		chromedp.SendKeys(`#tournaments input[name="roundEvery"]`, "1"),
		chromedp.SetValue(`#tournaments input[name="startsIn"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="startsIn"]`, "0.25"),
		chromedp.SendKeys(`#tournaments input[name="name"]`, "Timed Swiss"))
	screenshot(t, ann, "tournament-form-round-every-desktop")
	ann.clickAt("#tourney-create")
	ann.waitJS("the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tjoin')`)
	id := eval[string](ann, `location.pathname.slice(3)`)
	type view struct {
		Starts    time.Time `json:"starts"`
		NextRound time.Time `json:"next_round"`
		Spec      struct {
			RoundEvery int `json:"round_every"`
		} `json:"spec"`
	}
	getView := func() view {
		return eval[view](ann, fmt.Sprintf(`fetch('/api/tournaments/%s').then((r) => r.json())`, id))
	}
	if v := getView(); v.Spec.RoundEvery != 1 || !v.NextRound.Equal(v.Starts) {
		t.Fatalf("created: round_every %d, next_round %v, starts %v; want 1, round 1 at the start", v.Spec.RoundEvery, v.NextRound, v.Starts)
	}
	if meta := eval[string](ann, `document.querySelector('.tournament h1 + p').textContent`); !strings.Contains(meta, "a round every 1 min") {
		t.Errorf("the page's line %q: want the schedule", meta)
	}
	ann.clickAt("#tjoin")
	ann.waitJSWithin("ann in", `!!document.querySelector('#tleave')`, 10*time.Second)
	joinFromLobby(tabs, names[1:], id)
	games := waitNewGames(t, tabs, names, map[string]bool{}, 2, 45*time.Second)
	pair := paired(t, games, map[string]bool{})
	bye := ""
	for _, n := range names {
		if !slices.Contains(pair, n) {
			bye = n
		}
	}
	winner := tabs[pair[0]]
	resignedGame(t, base, winner, tabs[pair[1]], games[pair[0]], games[pair[1]])
	winner.open(base+"/t/"+id, `!!document.querySelector('#standings')`)
	winner.waitJSWithin("the countdown to round 2", `/^Round 2 starts in 0:\d\d$/.test(document.querySelector('#tclock')?.textContent || '')`, 10*time.Second)
	winner.waitJS("waiting for round 2, not for an opponent", `document.querySelector('#twaiting')?.textContent === 'Waiting for round 2…'`)
	if n := eval[int](winner, `document.querySelectorAll('.tgames li').length`); n != 1 {
		t.Errorf("%d games listed between the rounds, want round 1's, won", n)
	}
	v := getView()
	if want := v.Starts.Add(time.Minute); !v.NextRound.Equal(want) {
		t.Errorf("between the rounds: next_round %v, want the start plus a minute, %v", v.NextRound, want)
	}
	if eval[bool](tabs[bye], `!!document.querySelector('#tgame')`) {
		t.Errorf("round 2 paired before its time")
	}
	screenshot(t, winner, "tournament-swiss-next-round-desktop")
}
