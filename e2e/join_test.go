package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// joinOpenSeat: context A creates a draughts game with seat 2 open to
// anyone; context B finds it in the lobby's open games, clicks Join, lands
// on the game holding seat 2, and both play a move. Then the seat is gone
// from the lobby.
func joinOpenSeat(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "creator")
	newGameForm(t, a, base, "#new-game", "dames", "#seat-1", "open")
	a.waitJS("the game page", boardReady)
	id := strings.TrimPrefix(eval[string](a, `location.pathname`), "/g/")
	if got := eval[string](a, `document.querySelector('#players').textContent`); !strings.Contains(got, "waiting for a player") {
		t.Errorf("the creator's players list %q does not show the free seat", got)
	}

	b := newTab(t, bctx, "joiner")
	b.open(base+"/", fmt.Sprintf(`!!document.querySelector('#open-games [data-join=%q]')`, id))
	if got := eval[string](b, fmt.Sprintf(`document.querySelector('#open-games [data-join=%q]').textContent`, id)); got != "Join (seat 2)" {
		t.Errorf("join button says %q", got)
	}
	screenshot(t, b, "lobby-join-desktop")
	b.clickAt(fmt.Sprintf(`#open-games [data-join=%q]`, id))
	b.waitJS("the joined game", boardReady+fmt.Sprintf(` && location.pathname === '/g/%s' && !!document.querySelector('#players li.me[data-player="1"]')`, id))
	// The creator's page learns that the seat is taken without a reload.
	a.waitJS("the seat taken on the creator's page", `!document.querySelector('#players').textContent.includes('waiting for a player')`)

	bothMove(t, a, b)

	// A third person sees no seat left to join.
	c := newTab(t, bctx, "latecomer")
	c.open(base+"/", `!!document.querySelector('#open-games') && !document.querySelector('#open-games').textContent.includes('…')`)
	if n := eval[int](c, fmt.Sprintf(`document.querySelectorAll('[data-join=%q]').length`, id)); n != 0 {
		t.Errorf("the claimed seat still has %d join buttons", n)
	}
}

// bothMove waits until each of a and b has made a move, then checks that
// they see the same board.
func bothMove(t *testing.T, a, b *tab) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	played := map[*tab]bool{}
	deadline := time.Now().Add(20 * time.Second)
	for !played[a] || !played[b] {
		if time.Now().After(deadline) {
			t.Fatalf("the two players did not both move: %v", played)
		}
		moved := false
		for _, p := range []*tab{a, b} {
			if ti := p.turn(); ti.Mine && !ti.Busy {
				playMove(t, p, rng)
				played[p] = true
				moved = true
			}
		}
		if !moved {
			time.Sleep(30 * time.Millisecond)
		}
	}
	av, bv := a.turn(), b.turn()
	a.waitJS("the same version", fmt.Sprintf(`(() => { const x = %s; return x.Version >= %d; })()`, turnJS, bv.Version))
	b.waitJS("the same version", fmt.Sprintf(`(() => { const x = %s; return x.Version >= %d; })()`, turnJS, av.Version))
	if av, bv = a.turn(), b.turn(); av.Position != bv.Position {
		t.Errorf("%s sees %q, %s %q", a.name, av.Position, b.name, bv.Position)
	}
}

// takeSeat: a watcher of a game with an open seat takes it from the game
// page and plays; the button goes from the other watchers' pages.
func takeSeat(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "creator")
	newGameForm(t, a, base, "#new-game", "shutbox", "#seat-1", "open")
	a.waitJS("the game page", boardReady)
	path := eval[string](a, `location.pathname`)
	w := newTab(t, bctx, "watcher")
	w.open(base+path, boardReady+` && !!document.querySelector('#players [data-take="1"]')`)
	other := newTab(t, bctx, "other watcher")
	other.open(base+path, boardReady+` && !!document.querySelector('#players [data-take="1"]')`)
	if n := eval[int](a, `document.querySelectorAll('[data-take]').length`); n != 0 {
		t.Errorf("the creator, who holds a seat, is offered %d seats to take", n)
	}
	w.clickAt(`#players [data-take="1"]`)
	w.waitJS("the seat taken", `!!document.querySelector('#players li.me[data-player="1"]') && !document.querySelector('#status').textContent.includes('watching')`)
	other.waitJS("the button gone", `!document.querySelector('[data-take]')`)
	if got := eval[bool](w, `document.querySelector('#reconnect').hidden`); !got {
		t.Error("taking a seat showed the reconnect banner")
	}
	bothMove(t, a, w)
}
