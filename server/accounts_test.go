package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/account"
	"plateau/games"
	"plateau/server"
	"plateau/server/accounts"
	"plateau/server/wsclient"
	"plateau/store"
)

// fastPasswords keeps the tests' argon2id cheap.
var fastPasswords = account.Params{Memory: 64, Time: 1, Threads: 1}

func withFastPasswords(o *server.Options) { o.Passwords = fastPasswords }

// browser is one HTTP client with its own cookies.
type browser struct {
	ts  *testServer
	c   *http.Client
	xff string // X-Forwarded-For of its requests, if set
}

func (ts *testServer) browser(t *testing.T) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{ts: ts, c: &http.Client{Jar: jar, Transport: ts.HTTP.Transport}}
}

// answer is a decoded JSON answer.
type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// err returns the answer's error object's field k.
func (a answer) err(k string) string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e[k].(string)
	return s
}

// do sends a request with body (JSON-encoded unless a string) and
// Content-Type application/json.
func (b *browser) do(t *testing.T, method, path string, body any) answer {
	t.Helper()
	return b.doType(t, method, path, body, "application/json")
}

func (b *browser) doType(t *testing.T, method, path string, body any, ctype string) answer {
	t.Helper()
	var rd io.Reader
	switch v := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(v)
	default:
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, b.ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if b.xff != "" {
		req.Header.Set("X-Forwarded-For", b.xff)
	}
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header, raw: string(raw)}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, raw, err)
		}
	}
	return a
}

// me returns the name signed in, "" for none.
func (b *browser) me(t *testing.T) string {
	t.Helper()
	a := b.do(t, "GET", "/api/account", nil)
	if a.status != http.StatusOK {
		t.Fatalf("GET /api/account: %d %s", a.status, a.raw)
	}
	acc, _ := a.body["account"].(map[string]any)
	name, _ := acc["name"].(string)
	return name
}

func (b *browser) signUp(t *testing.T, name, password string) {
	t.Helper()
	if a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: name, Password: password}); a.status != http.StatusCreated {
		t.Fatalf("sign up %s: %d %s", name, a.status, a.raw)
	}
}

// sessionCookie returns the browser's session cookie for the server.
func (b *browser) sessionCookie(t *testing.T) string {
	t.Helper()
	req, _ := http.NewRequest("GET", b.ts.URL, nil)
	for _, c := range b.c.Jar.Cookies(req.URL) {
		if c.Name == "plateau_session" {
			return c.Value
		}
	}
	return ""
}

func TestSignUp(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	first := ts.browser(t)
	a := first.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "Alice_B", Password: "correct horse"})
	if a.status != http.StatusCreated || a.body["name"] != "Alice_B" {
		t.Fatalf("sign up: %d %s", a.status, a.raw)
	}
	var cookie *http.Cookie
	for _, c := range (&http.Response{Header: a.header}).Cookies() {
		if c.Name == "plateau_session" {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Secure || cookie.Path != "/" ||
		cookie.MaxAge <= 0 || len(cookie.Value) < 43 {
		t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, not Secure over plain HTTP, Path=/, a max age, a 32-byte token", cookie)
	}
	if got := first.me(t); got != "Alice_B" {
		t.Errorf("after sign-up, signed in as %q, want Alice_B", got)
	}
	for _, c := range []struct {
		name        string
		body        any
		ctype       string
		status      int
		code, field string
	}{
		{"same name in another case", accounts.Credentials{Name: "alice_b", Password: "another one"}, "application/json", 409, "name_taken", "name"},
		{"same name in capitals", accounts.Credentials{Name: "ALICE_B", Password: "another one"}, "application/json", 409, "name_taken", "name"},
		{"too short", accounts.Credentials{Name: "al", Password: "correct horse"}, "application/json", 400, "bad_request", "name"},
		{"too long", accounts.Credentials{Name: strings.Repeat("a", 21), Password: "correct horse"}, "application/json", 400, "bad_request", "name"},
		{"space", accounts.Credentials{Name: "al ice", Password: "correct horse"}, "application/json", 400, "bad_request", "name"},
		{"accent", accounts.Credentials{Name: "élodie", Password: "correct horse"}, "application/json", 400, "bad_request", "name"},
		{"leading underscore", accounts.Credentials{Name: "_bob", Password: "correct horse"}, "application/json", 400, "bad_request", "name"},
		{"short password", accounts.Credentials{Name: "bob", Password: "1234567"}, "application/json", 400, "bad_request", "password"},
		{"unknown field", `{"name":"bob","password":"correct horse","admin":true}`, "application/json", 400, "bad_request", ""},
		{"password not a string", `{"name":"bob","password":12345678}`, "application/json", 400, "bad_request", "password"},
		{"form post", "name=bob&password=correct+horse", "application/x-www-form-urlencoded", 415, "unsupported_media_type", ""},
		{"no content type", `{"name":"bob","password":"correct horse"}`, "", 415, "unsupported_media_type", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := ts.browser(t)
			a := b.doType(t, "POST", "/api/account/signup", c.body, c.ctype)
			if a.status != c.status || a.err("code") != c.code || (c.field != "" && a.err("field") != c.field) || a.err("message") == "" {
				t.Errorf("sign up: %d %s; want %d %s naming field %q", a.status, a.raw, c.status, c.code, c.field)
			}
			if c.field == "name" && c.status == 400 && !strings.Contains(a.err("message"), "name") {
				t.Errorf("the error %q does not say what a name may be", a.err("message"))
			}
			if got := b.me(t); got != "" {
				t.Errorf("a refused sign-up signed in as %q", got)
			}
		})
	}
	if _, err := ts.Store.AccountByName(context.Background(), "bob"); err == nil {
		t.Errorf("a refused sign-up created the account bob")
	}
}

func TestSignIn(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	ts.browser(t).signUp(t, "Carol", "correct horse")
	for _, c := range []struct {
		name, password string
		status         int
		code           string
	}{
		{"Carol", "correct horse", 200, ""},
		{"carol", "correct horse", 200, ""}, // names are compared without case
		{"Carol", "correct horsE", 401, "bad_credentials"},
		{"Carol", "", 401, "bad_credentials"},
		{"Nobody", "correct horse", 401, "bad_credentials"},
	} {
		b := ts.browser(t)
		a := b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: c.name, Password: c.password})
		if a.status != c.status || a.err("code") != c.code {
			t.Errorf("sign in %s/%q: %d %s; want %d %s", c.name, c.password, a.status, a.raw, c.status, c.code)
		}
		want := ""
		if c.status == 200 {
			want = "Carol"
		}
		if got := b.me(t); got != want {
			t.Errorf("after sign in %s/%q: signed in as %q, want %q", c.name, c.password, got, want)
		}
	}
	// A wrong password and an unknown name get the same answer.
	b := ts.browser(t)
	wrong := b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: "Carol", Password: "nope nope"})
	unknown := b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: "Zed", Password: "nope nope"})
	if wrong.raw != unknown.raw {
		t.Errorf("wrong password answered %s, unknown name %s: they tell names apart", wrong.raw, unknown.raw)
	}
}

func TestSignInRateLimit(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	ts := newTestServer(t, func(o *server.Options) {
		withFastPasswords(o)
		o.Now = clock.Now
		o.SignInBurst, o.SignInEvery = 3, time.Minute
		o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	ts.browser(t).signUp(t, "dave", "correct horse")
	ts.browser(t).signUp(t, "erin", "correct horse")
	from := func(addr string) *browser { b := ts.browser(t); b.xff = addr; return b }
	signIn := func(b *browser, name, pw string) answer {
		return b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: name, Password: pw})
	}
	// Per name: three wrong passwords from three addresses; the right one
	// from a fourth is let in, a second guess from the first is refused.
	for i := range 3 {
		if a := signIn(from(fmt.Sprintf("203.0.113.%d", i+1)), "dave", "wrong password"); a.status != 401 {
			t.Fatalf("attempt %d: %d %s, want 401", i+1, a.status, a.raw)
		}
	}
	if a := signIn(from("203.0.113.9"), "DAVE", "correct horse"); a.status != 200 {
		t.Errorf("the right password from a fourth address: %d %s, want 200", a.status, a.raw)
	}
	a := signIn(from("203.0.113.1"), "dave", "wrong password")
	if a.status != 429 || a.err("code") != "rate_limited" || a.header.Get("Retry-After") != "60" {
		t.Errorf("a second guess on dave: %d Retry-After %q %s; want 429 after 60 s", a.status, a.header.Get("Retry-After"), a.raw)
	}
	if e, _ := a.body["error"].(map[string]any); e["limit"] != "sign-in-per-name" {
		t.Errorf("a second guess on dave refused by %v, want sign-in-per-name", e["limit"])
	}
	if a := signIn(from("203.0.113.9"), "erin", "correct horse"); a.status != 200 {
		t.Errorf("another name from the same address: %d %s, want 200", a.status, a.raw)
	}
	// Per address: three attempts on any names, then refused.
	b := from("198.51.100.7")
	for i, name := range []string{"x1x", "x2x", "x3x"} {
		if a := signIn(b, name, "whatever1"); a.status != 401 {
			t.Fatalf("address attempt %d: %d %s, want 401", i+1, a.status, a.raw)
		}
	}
	a = signIn(b, "erin", "correct horse")
	if e, _ := a.body["error"].(map[string]any); a.status != 429 || e["limit"] != "sign-in-per-address" || a.header.Get("Retry-After") == "" {
		t.Errorf("4th attempt from one address: %d %s; want 429 sign-in-per-address with Retry-After", a.status, a.raw)
	}
	if a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "frank", Password: "correct horse"}); a.status != 429 {
		t.Errorf("sign-up from a limited address: %d %s, want 429", a.status, a.raw)
	}
	// A minute later each has one attempt again.
	clock.Add(time.Minute)
	if a := signIn(from("203.0.113.10"), "dave", "correct horse"); a.status != 200 {
		t.Errorf("dave a minute later: %d %s, want 200", a.status, a.raw)
	}
	if a := signIn(b, "erin", "correct horse"); a.status != 200 {
		t.Errorf("the address a minute later: %d %s, want 200", a.status, a.raw)
	}
}

func TestSignOutEverywhere(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	phone, laptop, tablet := ts.browser(t), ts.browser(t), ts.browser(t)
	phone.signUp(t, "gina", "correct horse")
	for _, b := range []*browser{laptop, tablet} {
		if a := b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: "gina", Password: "correct horse"}); a.status != 200 {
			t.Fatalf("sign in: %d %s", a.status, a.raw)
		}
	}
	other := ts.browser(t)
	other.signUp(t, "hugo", "correct horse")
	// Sign out on the tablet: the tablet only.
	old := tablet.sessionCookie(t)
	if a := tablet.do(t, "POST", "/api/account/signout", nil); a.status != 200 {
		t.Fatalf("sign out: %d %s", a.status, a.raw)
	}
	if tablet.me(t) != "" || phone.me(t) != "gina" || laptop.me(t) != "gina" {
		t.Errorf("after signing out the tablet: tablet %q, phone %q, laptop %q", tablet.me(t), phone.me(t), laptop.me(t))
	}
	replay := func(tok string) answer {
		b := ts.browser(t)
		u, _ := http.NewRequest("GET", ts.URL, nil)
		b.c.Jar.SetCookies(u.URL, []*http.Cookie{{Name: "plateau_session", Value: tok}})
		return b.do(t, "POST", "/api/account/signout-all", nil)
	}
	if a := replay(old); a.status != 401 || a.err("code") != "signed_out" {
		t.Errorf("the signed-out tablet's old cookie: %d %s, want 401 signed_out", a.status, a.raw)
	}
	// Sign out everywhere from the laptop: the phone is signed out too.
	laptopTok := laptop.sessionCookie(t)
	phoneTok := phone.sessionCookie(t)
	a := laptop.do(t, "POST", "/api/account/signout-all", nil)
	if a.status != 200 || a.body["signed_out"] != 2.0 {
		t.Fatalf("sign out everywhere: %d %s, want 2 sessions ended", a.status, a.raw)
	}
	if phone.me(t) != "" || laptop.me(t) != "" {
		t.Errorf("after signing out everywhere: phone %q, laptop %q; want none", phone.me(t), laptop.me(t))
	}
	for _, tok := range []string{laptopTok, phoneTok} {
		if a := replay(tok); a.status != 401 {
			t.Errorf("an old cookie after signing out everywhere: %d %s, want 401", a.status, a.raw)
		}
	}
	if other.me(t) != "hugo" {
		t.Errorf("another account was signed out")
	}
	if a := laptop.do(t, "POST", "/api/account/signout-all", nil); a.status != 401 {
		t.Errorf("sign out everywhere signed out: %d, want 401", a.status)
	}
	if a := phone.doType(t, "POST", "/api/account/signout-all", nil, "text/plain"); a.status != 415 {
		t.Errorf("sign out everywhere without a JSON content type: %d, want 415", a.status)
	}
}

func TestSessionExpiry(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	ts := newTestServer(t, func(o *server.Options) {
		withFastPasswords(o)
		o.Now = clock.Now
		o.SessionTTL = time.Hour
	})
	b := ts.browser(t)
	b.signUp(t, "ivan", "correct horse")
	clock.Add(50 * time.Minute)
	a := b.do(t, "GET", "/api/account", nil)
	if acc, _ := a.body["account"].(map[string]any); acc["name"] != "ivan" { // used: its end moves to 13:50
		t.Fatalf("signed out after 50 min of a 1 h session: %s", a.raw)
	}
	if c := (&http.Response{Header: a.header}).Cookies(); len(c) != 1 || c[0].MaxAge != 3600 || c[0].Value != b.sessionCookie(t) {
		t.Errorf("the session moved on, its cookie %+v; want the same token kept another hour", c)
	}
	clock.Add(50 * time.Minute)
	if b.me(t) != "ivan" {
		t.Fatalf("signed out 50 min after the last use")
	}
	clock.Add(61 * time.Minute)
	if got := b.me(t); got != "" {
		t.Errorf("still signed in as %q an hour after the last use", got)
	}
}

func TestSecureCookie(t *testing.T) {
	st := openTestStore(t)
	srv := server.New(server.Options{Store: st, Games: games.Registry(), Passwords: fastPasswords, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}})
	tlsSrv := httptest.NewTLSServer(srv.Handler())
	plain := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); tlsSrv.Close(); plain.Close(); st.Close() })
	for i, c := range []struct {
		url    string
		client *http.Client
		proto  string
		secure bool
	}{
		{tlsSrv.URL, tlsSrv.Client(), "", true},
		{plain.URL, plain.Client(), "https", true}, // from a trusted proxy
		{plain.URL, plain.Client(), "http", false},
	} {
		body := fmt.Sprintf(`{"name":"tls%d","password":"correct horse"}`, i)
		req, _ := http.NewRequest("POST", c.url+"/api/account/signup", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if c.proto != "" {
			req.Header.Set("X-Forwarded-Proto", c.proto)
		}
		resp, err := c.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		cs := resp.Cookies() // the session's and the device's (device.go)
		names := map[string]bool{}
		for _, ck := range cs {
			names[ck.Name] = true
			if ck.Secure != c.secure {
				t.Errorf("case %d: cookie %s Secure=%v, want %v", i, ck.Name, ck.Secure, c.secure)
			}
		}
		if resp.StatusCode != 201 || !names["plateau_session"] {
			t.Errorf("case %d: %d, cookies %+v; want the session's", i, resp.StatusCode, cs)
		}
	}
}

// TestPasswordsNeverLogged signs up and in, right and wrong, with the
// server logging everything, and looks for the passwords in the log.
func TestPasswordsNeverLogged(t *testing.T) {
	var mu sync.Mutex
	var log bytes.Buffer
	ts := newTestServer(t, func(o *server.Options) {
		withFastPasswords(o)
		o.Log = slog.New(slog.NewTextHandler(&lockedWriter{mu: &mu, w: &log}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	b := ts.browser(t)
	b.signUp(t, "judy", "secret-one-1")
	b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: "judy", Password: "secret-two-2"})
	b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: "judy", Password: "secret-one-1"})
	b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "judy", Password: "secret-three-3"})
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(log.String(), "judy") {
		t.Fatalf("the log does not even name the account: %s", log.String())
	}
	for _, pw := range []string{"secret-one-1", "secret-two-2", "secret-three-3"} {
		if strings.Contains(log.String(), pw) {
			t.Errorf("the log holds the password %q: %s", pw, log.String())
		}
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// dialAs opens game id's WebSocket with b's cookies.
func (b *browser) dialAs(t *testing.T, id string) *wsclient.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(b.ts.URL, "http") + "/api/games/" + id + "/ws"
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: b.c})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsclient.Conn{C: c}
}

// join connects b to game id with the seat tokens, and closes the
// connection: the seats were joined from b's device.
func (b *browser) join(t *testing.T, id string, tokens ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := b.dialAs(t, id)
	if _, err := c.Hello(ctx, 0, tokens...); err != nil {
		t.Fatal(err)
	}
	c.Close()
}

// seatNames returns the names of a game's seats.
func seatNames(t *testing.T, ts *testServer, id string) []string {
	t.Helper()
	var g struct {
		Seats []struct{ Name string } `json:"seats"`
	}
	if err := wsclient.GetJSON(context.Background(), ts.HTTP, ts.URL, "/api/games/"+id, &g); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range g.Seats {
		names = append(names, s.Name)
	}
	return names
}

// TestSeatsBelongToAccounts: a signed-in player's seat becomes the
// account's when they connect with its token; a guest's stays a guest's;
// the other clients see the name.
func TestSeatsBelongToAccounts(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	kim, guest := ts.browser(t), ts.browser(t)
	kim.signUp(t, "kim", "correct horse")
	g := ts.create(t, "dames", nil, "hh", false)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	watcher := guest.dialAs(t, g.ID)
	if _, err := watcher.Hello(ctx, 0, g.Seats[1].Token); err != nil {
		t.Fatal(err)
	}
	c := kim.dialAs(t, g.ID)
	if _, err := c.Hello(ctx, 0, g.Seats[0].Token); err != nil {
		t.Fatal(err)
	}
	for { // the guest's connection hears the seat's new name
		m, err := watcher.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for kim's name: %v", err)
		}
		if m.Type == "seats" && strings.Contains(string(m.Raw), `"name":"kim"`) {
			break
		}
	}
	if got := fmt.Sprint(seatNames(t, ts, g.ID)); got != "[kim ]" {
		t.Errorf("seat names %s, want [kim ]", got)
	}
	rec, err := ts.Store.Game(ctx, g.ID)
	if err != nil || rec.Seats[0].Account == "" || rec.Seats[1].Account != "" {
		t.Errorf("stored seats %+v, %v; want seat 0 kim's, seat 1 a guest's", rec.Seats, err)
	}
}

func TestClaimGuestGames(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	g1 := ts.create(t, "dames", nil, "hh", false)
	g2 := ts.create(t, "shutbox", map[string]string{"players": "2"}, "ha", false)
	b := ts.browser(t)
	claim := map[string]any{"seats": []map[string]string{
		{"game": g1.ID, "token": g1.Seats[0].Token},
		{"game": g2.ID, "token": g2.Seats[0].Token},
		{"game": g1.ID, "token": g1.Seats[1].Token},
		{"game": "nosuchgame", "token": "abc"},
	}}
	if a := b.do(t, "POST", "/api/account/claim-guest", claim); a.status != 401 {
		t.Errorf("claim as a guest: %d %s, want 401", a.status, a.raw)
	}
	b.join(t, g1.ID, g1.Seats[0].Token, g1.Seats[1].Token) // a seat is claimed from the device that joined it
	b.join(t, g2.ID, g2.Seats[0].Token)
	b.signUp(t, "lena", "correct horse")
	bad := map[string]any{"seats": []map[string]string{{"game": g2.ID, "token": g1.Seats[0].Token}}}
	if a := b.do(t, "POST", "/api/account/claim-guest", bad); a.status != 200 || !strings.Contains(a.raw, "matches no seat") {
		t.Errorf("claim with another game's token: %d %s, want its refusal", a.status, a.raw)
	}
	a := b.do(t, "POST", "/api/account/claim-guest", claim)
	want := fmt.Sprintf(`{"games":[{"game":"%s","seats":[0,1]},{"game":"%s","seats":[0]},{"game":"nosuchgame","error":"no such game"}]}`, g1.ID, g2.ID)
	if a.status != 200 || strings.TrimSpace(a.raw) != want {
		t.Errorf("claim: %d %s, want %s", a.status, a.raw, want)
	}
	if got := fmt.Sprint(seatNames(t, ts, g2.ID)); got != "[lena ]" {
		t.Errorf("g2's seat names %s, want [lena ]", got)
	}
	// Another account cannot take them over.
	other := ts.browser(t)
	other.signUp(t, "mona", "correct horse")
	if a := other.do(t, "POST", "/api/account/claim-guest", claim); a.status != 200 || strings.Contains(a.raw, "[0") {
		t.Errorf("claim of lena's seats by mona: %d %s, want no seat", a.status, a.raw)
	}
	if got := fmt.Sprint(seatNames(t, ts, g1.ID)); got != "[lena lena]" {
		t.Errorf("g1's seat names %s, want [lena lena]", got)
	}
	if a := b.do(t, "POST", "/api/account/claim-guest", `{"seats":[{"game":"x"}]}`); a.status != 400 || a.err("field") != "seats[0]" {
		t.Errorf("claim without a token: %d %s, want 400 naming seats[0]", a.status, a.raw)
	}
}

// finishByResign makes seat resign in game id (its token tok).
func finishByResign(t *testing.T, ts *testServer, id, tok string, seat int) {
	t.Helper()
	p := join(t, ts, id, 0, tok)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.conn.Send(ctx, map[string]any{"type": "resign", "seat": seat}); err != nil {
		t.Fatal(err)
	}
	for {
		g, err := ts.Store.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == store.StatusFinished {
			return
		}
		if _, err := p.conn.Next(ctx); err != nil {
			t.Fatalf("waiting for the resignation: %v", err)
		}
	}
}

func TestPlayerPage(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	nora, omar := ts.browser(t), ts.browser(t)
	nora.signUp(t, "Nora", "correct horse")
	omar.signUp(t, "omar", "correct horse")
	claim := func(b *browser, id, tok string) {
		t.Helper()
		b.join(t, id, tok)
		body := map[string]any{"seats": []map[string]string{{"game": id, "token": tok}}}
		if a := b.do(t, "POST", "/api/account/claim-guest", body); a.status != 200 || strings.Contains(a.raw, "error") {
			t.Fatalf("claim: %d %s", a.status, a.raw)
		}
	}
	// A dames game nora loses to omar, then a shutbox game of nora's in progress.
	d := ts.create(t, "dames", nil, "hh", false)
	claim(nora, d.ID, d.Seats[0].Token)
	claim(omar, d.ID, d.Seats[1].Token)
	finishByResign(t, ts, d.ID, d.Seats[0].Token, 0)
	s := ts.create(t, "shutbox", map[string]string{"players": "2"}, "ha", false)
	claim(nora, s.ID, s.Seats[0].Token)

	type page struct {
		Name  string
		Games []struct {
			ID, Game, Status, Result, URL, Export string
			Mine                                  []int
			Seats                                 []struct{ Name string }
		}
		Page int
		More bool
	}
	get := func(path string) (int, page, string) {
		a := ts.browser(t).do(t, "GET", path, nil)
		var p page
		json.Unmarshal([]byte(a.raw), &p)
		return a.status, p, a.raw
	}
	ids := func(p page) string {
		var out []string
		for _, g := range p.Games {
			out = append(out, g.ID)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		path string
		want string
	}{
		{"/api/players/nora", s.ID + " " + d.ID},
		{"/api/players/NORA?game=dames", d.ID},
		{"/api/players/nora?game=shutbox", s.ID},
		{"/api/players/nora?result=loss", d.ID},
		{"/api/players/nora?result=win", ""},
		{"/api/players/omar?result=win", d.ID},
		{"/api/players/omar?result=win&game=shutbox", ""},
		{"/api/players/omar?page=2", ""},
	} {
		status, p, raw := get(c.path)
		if status != 200 || ids(p) != c.want {
			t.Errorf("GET %s: %d %s; want games [%s]", c.path, status, raw, c.want)
		}
	}
	_, p, raw := get("/api/players/nora?game=dames")
	if len(p.Games) != 1 || p.Name != "Nora" || p.Page != 1 || p.More {
		t.Fatalf("nora's dames page: %s", raw)
	}
	g := p.Games[0]
	if g.Result != "loss" || fmt.Sprint(g.Mine) != "[0]" || g.URL != "/g/"+d.ID || g.Export != "/api/games/"+d.ID+"/export" ||
		g.Status != "finished" || len(g.Seats) != 2 || g.Seats[0].Name != "Nora" || g.Seats[1].Name != "omar" {
		t.Errorf("nora's dames game: %+v", g)
	}
	for _, c := range []struct {
		path   string
		status int
		field  string
	}{
		{"/api/players/nobody", 404, ""},
		{"/api/players/nora?game=chess", 400, "game"},
		{"/api/players/nora?result=won", 400, "result"},
		{"/api/players/nora?page=0", 400, "page"},
		{"/api/players/nora?page=x", 400, "page"},
	} {
		a := ts.browser(t).do(t, "GET", c.path, nil)
		if a.status != c.status || a.err("field") != c.field || a.err("message") == "" {
			t.Errorf("GET %s: %d %s; want %d naming %q", c.path, a.status, a.raw, c.status, c.field)
		}
	}
	// The player's page is served.
	resp, err := ts.HTTP.Get(ts.URL + "/@/nora")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET /@/nora: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestPlayerPagePaginates(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	b := ts.browser(t)
	b.signUp(t, "pia", "correct horse")
	var want []string
	for range 23 {
		g := ts.create(t, "shutbox", map[string]string{"players": "2"}, "ha", false)
		want = append([]string{g.ID}, want...)
		b.join(t, g.ID, g.Seats[0].Token)
		body := map[string]any{"seats": []map[string]string{{"game": g.ID, "token": g.Seats[0].Token}}}
		if a := b.do(t, "POST", "/api/account/claim-guest", body); a.status != 200 {
			t.Fatal(a.raw)
		}
	}
	var got []string
	for page := 1; ; page++ {
		var p struct {
			Games []struct{ ID string }
			More  bool
		}
		if err := wsclient.GetJSON(context.Background(), ts.HTTP, ts.URL, fmt.Sprintf("/api/players/pia?page=%d", page), &p); err != nil {
			t.Fatal(err)
		}
		for _, g := range p.Games {
			got = append(got, g.ID)
		}
		if !p.More {
			if page != 2 {
				t.Errorf("%d pages, want 2 (20 + 3)", page)
			}
			break
		}
	}
	// Games created within one clock tick may tie on creation: compare sets.
	if len(got) != len(want) || fmt.Sprint(slices.Sorted(slices.Values(got))) != fmt.Sprint(slices.Sorted(slices.Values(want))) {
		t.Errorf("pages list %v, want %v", got, want)
	}
}
