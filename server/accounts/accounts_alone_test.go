package accounts_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/account"
	"plateau/games"
	"plateau/room"
	"plateau/server/accounts"
	"plateau/server/assets"
	"plateau/server/internal/httpx"
	"plateau/server/web"
	"plateau/store/sqlite"
)

// An accounts handler made without the rest of the server signs up,
// signs in and out, and knows the session of a request.
func TestAccountsAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := games.Registry()
	rooms := room.NewManager(room.Options{Store: st, Games: reg})
	defer rooms.Close()
	app, err := assets.New(web.FS)
	if err != nil {
		t.Fatal(err)
	}
	hashes := httpx.NewPool("password hashing", 1, 4, 2, time.Second)
	h := accounts.New(accounts.Config{Store: st, Games: reg, Rooms: rooms, Log: slog.New(slog.DiscardHandler), Now: time.Now,
		SessionTTL: time.Hour, SignInBurst: 10, SignInEvery: time.Second, SignInPairBurst: 5, SignInPairEvery: time.Second,
		Passwords: account.Params{Memory: 64, Time: 1, Threads: 1}, PingInterval: time.Minute, Hashes: hashes,
		Hashing: func(w http.ResponseWriter, r *http.Request, fn func()) bool {
			return hashes.Do(r.Context(), "test", fn) == nil
		},
		LimitSignUp: func(http.ResponseWriter, *http.Request) (func(), bool) { return func() {}, true },
		ClientAddr:  func(*http.Request) string { return "192.0.2.1" },
		Pages:       app, Catalog: func() json.RawMessage { return json.RawMessage("[]") }})
	m := http.NewServeMux()
	h.Routes(m)
	var seen string // the account Session found on the last request to /whoami
	m.HandleFunc("GET /whoami", func(w http.ResponseWriter, r *http.Request) {
		seen = ""
		if si, err := h.Session(r.Context(), r); err == nil && si != nil {
			seen = si.Account.Name
		}
	})
	ts := httptest.NewServer(m)
	defer ts.Close()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	do := func(method, path, body string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		method, path, body string
		status             int
		want, whoami       string
	}{
		{"GET", "/api/account", "", 200, `"account":null`, ""},
		{"POST", "/api/account/signup", `{"name":"Ada","password":"a long password 1"}`, 201, "Ada", "Ada"},
		{"GET", "/api/account", "", 200, `"name":"Ada"`, "Ada"},
		{"POST", "/api/account/signout", "", 200, "", ""},
		{"POST", "/api/account/signin", `{"name":"Ada","password":"wrong password"}`, 401, "", ""},
		{"POST", "/api/account/signin", `{"name":"Ada","password":"a long password 1","extra":1}`, 400, "extra", ""},
		{"POST", "/api/account/signin", `{"name":"Ada","password":"a long password 1"}`, 200, "Ada", "Ada"},
	} {
		status, body := do(tt.method, tt.path, tt.body)
		if status != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("%s %s %s: %d %s; want %d with %q", tt.method, tt.path, tt.body, status, body, tt.status, tt.want)
		}
		do("GET", "/whoami", "")
		if seen != tt.whoami {
			t.Errorf("after %s %s: the session is %q's, want %q's", tt.method, tt.path, seen, tt.whoami)
		}
	}
}
