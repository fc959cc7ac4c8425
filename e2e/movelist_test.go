package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"plateau/dice"
	"plateau/game"
	"plateau/games"
	"plateau/games/shutbox"
)

// boxTurn is a turn of Shut the Box as a player writes it: the roll, then
// the tiles covered ("5-4: 9") or "no move".
type boxTurn struct {
	Player int
	Text   string
}

// blockedLine finds the first seed "blocked-N" with which two players,
// each covering with the engine's first legal cover, meet a blocked roll
// within 12 turns. It returns the seed, the covers to click (mover and
// notation) and the turns the move list must show: up to one turn after
// the block, the roll after the last cover included (open: no colon).
func blockedLine(t *testing.T, settings map[string]string) ([]byte, []boxTurn, []boxTurn) {
	t.Helper()
	g, err := games.Registry().Lookup("shutbox")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 1000 {
		seed := testSeed(fmt.Sprintf("blocked-%d", n))
		s0, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		st := s0.(*shutbox.State)
		var covers, list []boxTurn
		var rolls uint64
		blockedAt := -1
		pending := ""
		for !st.Outcome().Over && len(list) < 12 {
			if st.ToMove() == game.Chance {
				roller := st.Turn()
				m, err := dice.Roll(seed, rolls+1, st.ChanceMoves(nil))
				if err != nil {
					t.Fatal(err)
				}
				pending = st.FormatMove(m)
				if err := st.Play(m); err != nil {
					t.Fatal(err)
				}
				rolls++
				if st.Blocked(roller) {
					list = append(list, boxTurn{roller, pending + ": no move"})
					blockedAt, pending = len(list), ""
				}
				continue
			}
			if blockedAt >= 0 && len(list) > blockedAt {
				list = append(list, boxTurn{st.Turn(), pending})
				break
			}
			m := st.Moves(nil)[0]
			list = append(list, boxTurn{st.Turn(), pending + ": " + st.FormatMove(m)})
			covers = append(covers, boxTurn{st.Turn(), st.FormatMove(m)})
			if err := st.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if blockedAt >= 0 && len(list) > blockedAt {
			t.Logf("seed blocked-%d: turns %v", n, list)
			return seed, covers, list
		}
	}
	t.Fatal("no seed blocked-0 to blocked-999 blocks a player within 12 turns")
	return nil, nil, nil
}

// TestBrowserDiceMoveList plays a seeded Shut the Box game up to a roll
// that blocks a player and checks the move list row by row: each turn its
// roll then its tiles ("5-4: 9"), the blocked roll "6-6: no move", each
// under the player who rolled it (issue 68 point 3). Red on main 7cb4e6d.
func TestBrowserDiceMoveList(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)
	settings := map[string]string{"players": "2", "one_die": "never"}
	seed, covers, list := blockedLine(t, settings)
	id, toks := seededGame(t, st, "shutbox", settings, seed)
	a := newTab(t, bctx, "shutbox")
	openHotseat(a, base, id, toks)
	type cover struct {
		Notation string
		Clicks   []string
	}
	for _, c := range covers {
		a.waitJS("the cover "+c.Text, fmt.Sprintf(`document.querySelector('#status').dataset.turn === 'me' && plateauPage.view.toMove === %d && plateauPage.view.moves.some((m) => m.notation === %q)`, c.Player, c.Text))
		moves := eval[[]cover](a, `plateauPage.view.moves`)
		m := moves[slices.IndexFunc(moves, func(m cover) bool { return m.Notation == c.Text })]
		v := a.turn().Version
		for _, tile := range m.Clicks {
			a.clickAt(fmt.Sprintf(`#board .box[data-player="%d"] [data-loc=%q]`, c.Player, tile))
		}
		a.waitJS("the cover played", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	}
	// The rows as a player lays them out: a row ends when its second
	// column is filled or the same player plays again.
	var want [][2]string
	for _, tu := range list {
		if n := len(want); n == 0 || want[n-1][tu.Player] != "" || tu.Player == 0 && want[n-1][1] != "" {
			want = append(want, [2]string{})
		}
		want[len(want)-1][tu.Player] = tu.Text
	}
	const rowsJS = `[...document.querySelectorAll('#movelist li')].map((li) => [...li.querySelectorAll('.c')].map((c) => c.textContent === '…' ? '' : c.textContent))`
	wantJS := "["
	for _, r := range want {
		wantJS += fmt.Sprintf("[%q, %q],", r[0], r[1])
	}
	wantJS += "]"
	a.waitJSWithin("the move list", fmt.Sprintf(`JSON.stringify(%s) === JSON.stringify(%s)`, rowsJS, wantJS), 5*time.Second)
	got := eval[[][]string](a, rowsJS)
	if len(got) != len(want) {
		t.Fatalf("move list rows %q, want %q", got, want)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i][:]) {
			t.Errorf("row %d: %q, want %q", i+1, got[i], want[i])
		}
	}
	if !slices.ContainsFunc(list, func(tu boxTurn) bool { return strings.HasSuffix(tu.Text, ": no move") }) {
		t.Error("the line has no blocked roll")
	}
	screenshot(t, a, "movelist-shutbox")
	// Each turn is one link, to the position after it.
	a.clickAt(`#movelist li:first-child .c button`)
	a.waitJS("the position after the first turn", `plateauPage.replayAt !== null`)
	// Its roll and its cover: the version of the second entry of the log's
	// moves (the seats' joins come before them).
	if at, want := eval[int](a, `plateauPage.replayAt`), eval[int](a, `plateauPage.moves[1].seq`); at != want {
		t.Errorf("the first turn links to version %d, want %d (its roll and its cover)", at, want)
	}
}
