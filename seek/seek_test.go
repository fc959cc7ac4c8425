package seek

import (
	"errors"
	"sync"
	"testing"
)

func sk(id, owner string, rating int, mod func(*Seek)) Seek {
	s := Seek{ID: id, Owner: owner, Name: owner, Rating: rating,
		Spec: Spec{Game: "shutbox", Key: "players=2 tiles=9", Clock: Clock{Minutes: 5}, Rated: true}}
	if mod != nil {
		mod(&s)
	}
	return s
}

func TestCompatible(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b Seek
		want bool
	}{
		{"same spec", sk("1", "ann", 1500, nil), sk("2", "bob", 1800, nil), true},
		{"same owner", sk("1", "ann", 1500, nil), sk("2", "ann", 1500, nil), false},
		{"other game", sk("1", "ann", 1500, nil), sk("2", "bob", 1500, func(s *Seek) { s.Game = "dames" }), false},
		{"other variant", sk("1", "ann", 1500, nil), sk("2", "bob", 1500, func(s *Seek) { s.Key = "players=2 tiles=12" }), false},
		{"other clock", sk("1", "ann", 1500, nil), sk("2", "bob", 1500, func(s *Seek) { s.Clock.Increment = 2 }), false},
		{"rated and casual", sk("1", "ann", 1500, nil), sk("2", "bob", 1500, func(s *Seek) { s.Rated = false }), false},
		{"within the range", sk("1", "ann", 1500, func(s *Seek) { s.Range = 200 }), sk("2", "bob", 1700, nil), true},
		{"outside the range", sk("1", "ann", 1500, func(s *Seek) { s.Range = 200 }), sk("2", "bob", 1701, nil), false},
		{"outside the other's range", sk("1", "ann", 1500, nil), sk("2", "bob", 1200, func(s *Seek) { s.Range = 100 }), false},
	} {
		if got := Compatible(c.a, c.b); got != c.want {
			t.Errorf("%s: Compatible = %v, want %v", c.name, got, c.want)
		}
		if got := Compatible(c.b, c.a); got != c.want {
			t.Errorf("%s (swapped): Compatible = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestBoardPairs(t *testing.T) {
	b := NewBoard()
	if _, ok := b.Add(sk("a", "ann", 1500, func(s *Seek) { s.Range = 100 })); ok {
		t.Fatal("the first seek was paired")
	}
	if _, ok := b.Add(sk("c", "cid", 1900, nil)); ok {
		t.Fatal("cid's seek was paired with ann's narrow range")
	}
	if _, ok := b.Add(sk("d", "dan", 1550, func(s *Seek) { s.Rated = false })); ok {
		t.Fatal("a casual seek was paired with rated ones")
	}
	// bob fits ann's and cid's: the oldest, ann's, wins.
	m, ok := b.Add(sk("b", "bob", 1550, nil))
	if !ok || m.ID != "a" {
		t.Fatalf("bob paired with %+v, %v; want ann's seek", m, ok)
	}
	if got := ids(b.List()); got != "c d" {
		t.Errorf("seeks left %q, want \"c d\"", got)
	}
	// A new seek of the same id replaces the old one.
	b.Add(sk("c", "cid", 1900, func(s *Seek) { s.Game = "dames" }))
	if l := b.List(); len(l) != 2 || l[1].ID != "c" || l[1].Game != "dames" {
		t.Errorf("after replacing c: %+v", l)
	}
	b.Remove("c")
	b.Remove("nope")
	if got := ids(b.List()); got != "d" {
		t.Errorf("seeks left %q, want \"d\"", got)
	}
}

func ids(ss []Seek) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += " "
		}
		out += s.ID
	}
	return out
}

func TestBoardTake(t *testing.T) {
	b := NewBoard()
	b.Add(sk("a", "ann", 1500, func(s *Seek) { s.Range = 100 }))
	for _, c := range []struct {
		name  string
		id    string
		taker Seek
		err   error
	}{
		{"own seek", "a", Seek{Owner: "ann", Rating: 1500}, ErrOwn},
		{"outside the range", "a", Seek{Owner: "bob", Rating: 1601}, ErrOutside},
		{"no such seek", "z", Seek{Owner: "bob", Rating: 1500}, ErrGone},
		{"accepted", "a", Seek{Owner: "bob", Rating: 1600}, nil},
		{"taken already", "a", Seek{Owner: "cid", Rating: 1500}, ErrGone},
	} {
		s, err := b.Take(c.id, c.taker)
		if !errors.Is(err, c.err) || (err == nil && s.ID != "a") {
			t.Errorf("%s: Take = %+v, %v; want %v", c.name, s, err, c.err)
		}
	}
}

// TestBoardConcurrentPairing: of many players seeking at once, every seek
// is paired at most once and at most one is left waiting.
func TestBoardConcurrentPairing(t *testing.T) {
	b := NewBoard()
	const n = 101
	var mu sync.Mutex
	paired := map[string]int{}
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			s := sk(NewID(), NewID(), 1500, nil)
			if m, ok := b.Add(s); ok {
				mu.Lock()
				paired[m.ID]++
				paired[s.ID]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for id, k := range paired {
		if k != 1 {
			t.Errorf("seek %s paired %d times", id, k)
		}
	}
	if left := len(b.List()); left != 1 || len(paired) != n-1 {
		t.Errorf("%d paired, %d left; want %d and 1", len(paired), left, n-1)
	}
}

func TestBoardWatch(t *testing.T) {
	b := NewBoard()
	ch, stop := b.Watch()
	b.Add(sk("a", "ann", 1500, nil))
	b.Add(sk("b", "bob", 1500, func(s *Seek) { s.Rated = false }))
	select {
	case <-ch:
	default:
		t.Fatal("no change signalled")
	}
	select {
	case <-ch:
		t.Fatal("two changes in a row made two signals")
	default:
	}
	stop()
	b.Remove("a")
	select {
	case <-ch:
		t.Fatal("a signal after stop")
	default:
	}
}

// TestBoardAddExcept: the seeks skip excludes are passed over (the oldest
// other compatible one pairs), and stay open.
func TestBoardAddExcept(t *testing.T) {
	b := NewBoard()
	b.Add(sk("1", "ann", 1500, nil))
	notAnn := func(o Seek) bool { return o.Owner == "ann" }
	if _, ok := b.AddExcept(sk("2", "cid", 1500, nil), notAnn); ok {
		t.Fatal("cid's seek paired with ann's, which is excluded")
	}
	if got, ok := b.AddExcept(sk("3", "bob", 1500, nil), notAnn); !ok || got.ID != "2" {
		t.Fatalf("bob's seek, ann's excluded: paired with %+v (%v), want cid's", got, ok)
	}
	if _, ok := b.AddExcept(sk("4", "bob", 1500, nil), notAnn); ok {
		t.Fatal("bob's second seek paired with ann's, which is excluded")
	}
	if got := b.List(); len(got) != 2 || got[0].ID != "1" || got[1].ID != "4" { // cid's paired
		t.Errorf("open seeks %+v, want ann's and bob's second", got)
	}
}
