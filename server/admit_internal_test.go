package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"plateau/account"
	"plateau/games"
	"plateau/store/sqlite"
)

// A pool serves its waiting clients in turn, the least recently served
// first, and tells each place its rank in that order.
func TestPoolRoundRobin(t *testing.T) {
	p := newPool("work", 1, -1, -1, 0)
	enter := func(c string) *place {
		pl, err := p.enter(c)
		if err != nil {
			t.Fatal(err)
		}
		return pl
	}
	a1 := enter("A")
	if a1.position() != 0 {
		t.Fatalf("the first place waits (rank %d), want it running", a1.position())
	}
	a2, a3, a4 := enter("A"), enter("A"), enter("A")
	b1 := enter("B")
	c1, c2 := enter("C"), enter("C")
	want := []struct {
		name string
		pl   *place
	}{{"B1", b1}, {"C1", c1}, {"A2", a2}, {"C2", c2}, {"A3", a3}, {"A4", a4}}
	for i, w := range want {
		if got := w.pl.position(); got != i+1 {
			t.Errorf("%s: rank %d, want %d", w.name, got, i+1)
		}
	}
	running := a1
	for _, w := range want {
		running.leave()
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
	running.leave()
	if p.running != 0 || p.nwait != 0 || len(p.held) != 0 || len(p.served) != 0 || len(p.ring) != 0 {
		t.Errorf("an empty pool keeps running %d, waiting %d, held %v, served %v, ring %v", p.running, p.nwait, p.held, p.served, p.ring)
	}
}

// A client holds at most its share of a pool, the queue at most its
// length; a place that leaves while waiting gives its room back.
func TestPoolLimits(t *testing.T) {
	p := newPool("work", 1, 2, 2, 0)
	busy := func(c, why string) {
		t.Helper()
		var be *busyError
		if _, err := p.enter(c); !errors.As(err, &be) || !strings.Contains(err.Error(), why) {
			t.Errorf("enter %s: %v, want busy: %s", c, err, why)
		}
	}
	a1, _ := p.enter("A")
	a2, _ := p.enter("A")
	busy("A", "already have 2 requests")
	b1, _ := p.enter("B")
	busy("C", "at capacity (1 running, 2 waiting)")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b1.wait(ctx); err != context.Canceled {
		t.Fatalf("wait with its context ended: %v", err)
	}
	c1, err := p.enter("C")
	if err != nil {
		t.Fatalf("enter after a waiting place left: %v", err)
	}
	a1.leave()
	a1.leave() // twice: nothing more
	if c1.position() != 0 || a2.position() != 1 {
		t.Errorf("after A's first left: C ranks %d, A %d; want C running (A was just served), A next", c1.position(), a2.position())
	}
	if p.running != 1 {
		t.Errorf("%d running, want 1", p.running)
	}
}

// The addresses of one IPv6 /64 are one client; IPv4 addresses, mapped or
// not, are each their own.
func TestClientNet(t *testing.T) {
	for _, tt := range []struct{ remote, want string }{
		{"[2001:db8:1:2:aaaa::1]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff:ffff:ffff:ffff]:1", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:1", "2001:db8:1:3::/64"},
		{"192.0.2.7:1234", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:1234", "192.0.2.7"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = tt.remote
		if got := (&Server{o: Options{IPv6Prefix: DefaultIPv6Prefix}}).clientAddr(r); got != tt.want {
			t.Errorf("clientAddr(%s) = %s, want %s", tt.remote, got, tt.want)
		}
	}
}

// The hashing workers are the cores, within the memory budget.
func TestHashWorkers(t *testing.T) {
	p := account.DefaultParams // 19 MiB
	for _, tt := range []struct {
		budget int64
		want   int
	}{
		{40 << 20, min(2, runtime.GOMAXPROCS(0))},
		{10 << 20, 1},
		{1 << 40, runtime.GOMAXPROCS(0)},
	} {
		if got := (Admission{HashMemory: tt.budget}).HashWorkers(p); got != tt.want {
			t.Errorf("HashMemory %d MiB: %d workers, want %d", tt.budget>>20, got, tt.want)
		}
	}
}

// A client that holds its share of a pool is answered 503 busy with
// Retry-After: analysis, sign-up and sign-in; another client is not.
func TestShareRefused(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := New(Options{Store: st, Games: games.Registry(), Passwords: account.Params{Memory: 64, Time: 1, Threads: 1},
		Admission: Admission{AnalysisPerClient: 1, HashPerClient: 1}})
	defer s.Close()
	for _, p := range []*pool{s.analyses, s.hashes} {
		held, err := p.enter("net:192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		defer held.leave()
	}
	post := func(path, body, from string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = from
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, r)
		return w
	}
	for _, tt := range []struct{ path, body string }{
		{"/api/analysis", `{"game":"dames","position":"W:W31-50:B1-20"}`},
		{"/api/account/signup", `{"name":"ana","password":"a long password"}`},
		{"/api/account/signin", `{"name":"ana","password":"a long password"}`},
	} {
		w := post(tt.path, tt.body, "192.0.2.1:5000")
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), `"code":"busy"`) {
			t.Errorf("POST %s by a client holding its share: %d %q %s, want 503 busy with Retry-After", tt.path, w.Code, w.Header().Get("Retry-After"), w.Body)
		}
	}
	if w := post("/api/account/signup", `{"name":"bea","password":"a long password"}`, "192.0.2.2:5000"); w.Code != http.StatusCreated {
		t.Errorf("sign-up by another client: %d %s, want 201", w.Code, w.Body)
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, want := range []string{`plateau_admission_refused_total{pool="analysis"} 1`, `plateau_admission_refused_total{pool="hash"} 2`,
		`plateau_admission_running{pool="hash"} 1`, `plateau_admission_waiting{pool="review"} 0`} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// The creators of games are remembered up to maxGameClients games, the
// oldest forgotten first.
func TestGameClientsBounded(t *testing.T) {
	g := newGameClients()
	for i := range maxGameClients + 10 {
		g.note(fmt.Sprint("game", i), fmt.Sprint("net:client", i%7))
	}
	if c := g.of("game9"); c != "" {
		t.Errorf("game9, among the 10 oldest: creator %q, want forgotten", c)
	}
	if c := g.of("game10"); c != "net:client3" {
		t.Errorf("game10: creator %q, want net:client3", c)
	}
	if c := g.of(fmt.Sprint("game", maxGameClients+9)); c != fmt.Sprint("net:client", (maxGameClients+9)%7) {
		t.Errorf("the newest game: creator %q", c)
	}
	if len(g.by) != maxGameClients {
		t.Errorf("%d creators remembered, want %d", len(g.by), maxGameClients)
	}
}
