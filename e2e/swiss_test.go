package e2e

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSwiss: five accounts play a 4-round Swiss created from the lobby's
// form. Each round pairs four of them and gives the fifth the bye, a
// different player each round, who reads so on the tournament page;
// every game is played from the tournament page's link (two moves each,
// then the player whose name sorts later resigns). At the end every page shows the winner, and the standings'
// points, Buchholz and Sonneborn-Berger are those the test works out from
// the games it played and the byes it saw (a bye scores a win; for the
// tie-breaks it is a game won against a virtual opponent who had the
// player's score before the round and drew every later round, FIDE's rule
// that docs/tournaments.md follows).
func TestSwiss(t *testing.T) {
	t.Parallel()
	const rounds = 4
	bctx := browser(t)
	base := startServer(t)
	names := []string{"ana", "ben", "cyd", "dee", "eve"}
	tabs := signUpTabs(t, bctx, base, names, "72")
	ana := tabs["ana"]
	ana.waitJS("the tournaments' form", `!!document.querySelector('#tournaments details.tourney-create')`)
	ana.clickAt("#tournaments details.tourney-create summary")
	eval[bool](ana, `(() => { const s = document.querySelector('#tournaments select[name="kind"]');
		s.value = 'swiss'; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`)
	ana.waitJS("the rounds field", `!!document.querySelector('#tournaments input[name="rounds"]')`)
	ana.do("a Swiss of 4 rounds, starting in 15 s",
		chromedp.SetValue(`#tournaments input[name="rounds"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="rounds"]`, strconv.Itoa(rounds)),
		chromedp.SetValue(`#tournaments input[name="startsIn"]`, ""),
		chromedp.SendKeys(`#tournaments input[name="startsIn"]`, "0.25"),
		chromedp.SendKeys(`#tournaments input[name="name"]`, "Sunday Swiss"))
	ana.clickAt("#tourney-create")
	ana.waitJS("the tournament page", `location.pathname.startsWith('/t/') && !!document.querySelector('#tjoin')`)
	id := eval[string](ana, `location.pathname.slice(3)`)
	ana.waitJS("the creator's level form before the start", `!!document.querySelector('#tlevels')`)
	ana.clickAt("#tjoin")
	ana.waitJSWithin("ana in", `!!document.querySelector('#tleave')`, 10*time.Second)
	joinFromLobby(tabs, names[1:], id)

	sw := newSwissRecord(names)
	played := map[string]bool{} // game links already played
	for r := 1; r <= rounds; r++ {
		games := waitNewGames(t, tabs, names, played, 4, 45*time.Second)
		var bye string
		byGame := map[string][]string{} // a game's page, its players
		for _, n := range names {
			if href, ok := games[n]; ok {
				played[href] = true
				page, _, _ := strings.Cut(href, "?") // each player's link has its seat's token
				byGame[page] = append(byGame[page], n)
			} else {
				bye = n
			}
		}
		sw.bye(r, bye)
		// Late entries (levels too) until half the rounds have started.
		switch r {
		case 1:
			ana.waitJS("the creator's level form during round 1 of 4", `!!document.querySelector('#tlevels')`)
		case 2:
			ana.waitJS("no level form once round 2 of 4 has started", `!document.querySelector('#tlevels')`)
		}
		tabs[bye].waitJSWithin(bye+" sees the bye", `document.querySelector('#tbye')?.textContent === 'You have a bye this round: 1 point' && !document.querySelector('#twaiting')`, 10*time.Second)
		for page, pair := range byGame {
			if len(pair) != 2 {
				t.Fatalf("round %d: game %s has players %v", r, page, pair)
			}
			slices.Sort(pair)
			resignedGame(t, base, tabs[pair[0]], tabs[pair[1]], games[pair[0]], games[pair[1]])
			sw.game(r, pair[0], pair[1])
			for _, n := range pair {
				tabs[n].open(base+"/t/"+id, `!!document.querySelector('#standings')`)
			}
		}
	}
	if got := sw.byes(); len(got) != rounds {
		t.Errorf("byes %v: want %d different players", got, rounds)
	}
	for _, n := range names {
		tabs[n].open(base+"/t/"+id, `!!document.querySelector('#standings')`)
	}
	for _, n := range names {
		tabs[n].waitJSWithin(n+" sees the winner", `/Winner: /.test(document.querySelector('#winner')?.textContent || '')`, 30*time.Second)
	}
	type line struct {
		Name          string
		Score, BH, SB float64
	}
	lines := eval[[]line](ana, `[...document.querySelectorAll('#standings tbody tr')].map((r) => ({
		Name: r.querySelector('a').textContent, Score: +r.dataset.score,
		BH: +r.children[4].textContent, SB: +r.children[5].textContent }))`)
	if len(lines) != len(names) {
		t.Fatalf("standings %+v: want %d lines", lines, len(names))
	}
	for _, l := range lines {
		score, bh, sb := sw.tieBreaks(l.Name, rounds)
		if !near(l.Score, score) || !near(l.BH, bh) || !near(l.SB, sb) {
			t.Errorf("%s: points %v, Buchholz %v, S-B %v on the page; the games give %v, %v, %v (%s)", l.Name, l.Score, l.BH, l.SB, score, bh, sb, sw.sheet(l.Name))
		}
	}
	winner := eval[string](ana, `document.querySelector('#winner').textContent`)
	if want := "Winner: " + lines[0].Name; winner != want {
		t.Errorf("%q shown, want %q (the first of the standings)", winner, want)
	}
	for _, l := range lines[1:] {
		if l.Score > lines[0].Score {
			t.Errorf("standings %+v: %s above its first", lines, l.Name)
		}
	}
	screenshot(t, ana, "tournament-swiss-end-desktop")
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// waitNewGames waits until want of the tabs (on the tournament page) show
// a game link not in played, and returns those links by name.
func waitNewGames(t *testing.T, tabs map[string]*tab, names []string, played map[string]bool, want int, d time.Duration) map[string]string {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		out := map[string]string{}
		for _, n := range names {
			href := eval[string](tabs[n], `document.querySelector('#tgame')?.getAttribute('href') || ''`)
			if href != "" && !played[href] {
				out[n] = href
			}
		}
		if len(out) >= want {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v, %d players paired in new games, want %d: %v", d, len(out), want, out)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// swissRecord is what the test saw of a Swiss: each player's opponent and
// result per round ("" and a win for the bye).
type swissRecord struct {
	opp map[string]map[int]string
	res map[string]map[int]float64
}

func newSwissRecord(names []string) *swissRecord {
	s := &swissRecord{opp: map[string]map[int]string{}, res: map[string]map[int]float64{}}
	for _, n := range names {
		s.opp[n], s.res[n] = map[int]string{}, map[int]float64{}
	}
	return s
}

func (s *swissRecord) bye(round int, name string) { s.opp[name][round], s.res[name][round] = "", 1 }

func (s *swissRecord) game(round int, winner, loser string) {
	s.opp[winner][round], s.res[winner][round] = loser, 1
	s.opp[loser][round], s.res[loser][round] = winner, 0
}

// byes are the players who had a bye, once each.
func (s *swissRecord) byes() []string {
	var out []string
	for n, rs := range s.opp {
		for _, o := range rs {
			if o == "" && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// score is name's points after round r.
func (s *swissRecord) score(name string, r int) float64 {
	var p float64
	for round, x := range s.res[name] {
		if round <= r {
			p += x
		}
	}
	return p
}

// tieBreaks works out name's points, Buchholz and Sonneborn-Berger after
// rounds rounds.
func (s *swissRecord) tieBreaks(name string, rounds int) (score, bh, sb float64) {
	score = s.score(name, rounds)
	for r := 1; r <= rounds; r++ {
		opp, ok := s.opp[name][r]
		if !ok {
			continue
		}
		o := 0.0
		if opp == "" { // the virtual opponent: lost this round, drew the later ones
			o = s.score(name, r-1) + 0.5*float64(rounds-r)
		} else {
			o = s.score(opp, rounds)
		}
		bh += o
		sb += o * s.res[name][r]
	}
	return score, bh, sb
}

func (s *swissRecord) sheet(name string) string {
	return fmt.Sprintf("opponents %v, results %v", s.opp[name], s.res[name])
}
