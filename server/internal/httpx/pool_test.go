package httpx

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// A pool serves its waiting clients in turn, the least recently served
// first, and tells each place its rank in that order.
func TestPoolRoundRobin(t *testing.T) {
	p := NewPool("work", 1, -1, -1, 0)
	enter := func(c string) *Place {
		pl, err := p.Enter(c)
		if err != nil {
			t.Fatal(err)
		}
		return pl
	}
	a1 := enter("A")
	if a1.Position() != 0 {
		t.Fatalf("the first place waits (rank %d), want it running", a1.Position())
	}
	a2, a3, a4 := enter("A"), enter("A"), enter("A")
	b1 := enter("B")
	c1, c2 := enter("C"), enter("C")
	want := []struct {
		name string
		pl   *Place
	}{{"B1", b1}, {"C1", c1}, {"A2", a2}, {"C2", c2}, {"A3", a3}, {"A4", a4}}
	for i, w := range want {
		if got := w.pl.Position(); got != i+1 {
			t.Errorf("%s: rank %d, want %d", w.name, got, i+1)
		}
	}
	running := a1
	for _, w := range want {
		running.Leave()
		select {
		case <-w.pl.turn:
		default:
			t.Fatalf("%s not served next", w.name)
		}
		for _, o := range want {
			if o.pl != w.pl && o.pl.state == placeRunning {
				t.Fatalf("%s runs with %s: the pool has one worker", o.name, w.name)
			}
		}
		running = w.pl
	}
	running.Leave()
	if p.running != 0 || p.nwait != 0 || len(p.held) != 0 || len(p.served) != 0 || len(p.ring) != 0 {
		t.Errorf("an empty pool keeps running %d, waiting %d, held %v, served %v, ring %v", p.running, p.nwait, p.held, p.served, p.ring)
	}
}

// A client holds at most its share of a pool, the queue at most its
// length; a place that leaves while waiting gives its room back.
func TestPoolLimits(t *testing.T) {
	p := NewPool("work", 1, 2, 2, 0)
	busy := func(c, why string) {
		t.Helper()
		var be *BusyError
		if _, err := p.Enter(c); !errors.As(err, &be) || !strings.Contains(err.Error(), why) {
			t.Errorf("enter %s: %v, want busy: %s", c, err, why)
		}
	}
	a1, _ := p.Enter("A")
	a2, _ := p.Enter("A")
	busy("A", "already have 2 requests")
	b1, _ := p.Enter("B")
	busy("C", "at capacity (1 running, 2 waiting)")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b1.Wait(ctx); err != context.Canceled {
		t.Fatalf("wait with its context ended: %v", err)
	}
	c1, err := p.Enter("C")
	if err != nil {
		t.Fatalf("enter after a waiting place left: %v", err)
	}
	a1.Leave()
	a1.Leave() // twice: nothing more
	if c1.Position() != 0 || a2.Position() != 1 {
		t.Errorf("after A's first left: C ranks %d, A %d; want C running (A was just served), A next", c1.Position(), a2.Position())
	}
	if p.running != 1 {
		t.Errorf("%d running, want 1", p.running)
	}
}
