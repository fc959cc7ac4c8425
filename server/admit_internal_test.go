package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"plateau/account"
	"plateau/games"
	"plateau/server/internal/httpx"
	"plateau/store/sqlite"
)

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
	for _, p := range []*httpx.Pool{s.analyses, s.hashes} {
		held, err := p.Enter("net:192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		defer held.Leave()
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
