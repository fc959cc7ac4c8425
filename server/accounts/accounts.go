package accounts

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"plateau/account"
	"plateau/mint"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Accounts (issue #26). A player signs up with a name and a password
// (argon2id, package account) and gets a session: a random 32-byte token
// in the HttpOnly cookie plateau_session, stored hashed (SHA-256) with its
// account and expiry. Guests play without one. Sign-in and sign-up
// attempts are rate limited per client address, and sign-in attempts per
// name and address, and per name without locking the owner out
// (signin.go). Request bodies are never logged, so neither are passwords.
//
// Cross-site requests: the cookie is SameSite=Lax, so a cross-site POST
// carries no session, and the account endpoints that change something
// only accept a JSON body (Content-Type: application/json), which a
// cross-site form cannot send without a CORS preflight, which the server
// never grants.

// sessionCookie is the name of the session cookie.
const sessionCookie = "plateau_session"

const (
	// touchEvery: a session's expiry is pushed back at most this often.
	touchEvery = 10 * time.Minute
	// maxClaims bounds the seats of one claim-guest request.
	maxClaims = 100
	// playerPage is the number of games of a page of a player's games.
	playerPage = 20
)

// Routes adds the account endpoints and the player page to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("POST /api/account/signup", h.signUp)
	m.HandleFunc("POST /api/account/signin", h.signIn)
	m.HandleFunc("POST /api/account/signout", h.signOut)
	m.HandleFunc("POST /api/account/signout-all", h.signOutAll)
	m.HandleFunc("POST /api/account/claim-guest", h.claimGuest)
	m.HandleFunc("GET /api/account", h.me)
	m.HandleFunc("GET /api/players/{name}", h.player)
	m.HandleFunc("GET /@/{name}", func(w http.ResponseWriter, r *http.Request) {
		h.c.Pages.Page(w, r, "", struct {
			Catalog json.RawMessage `json:"catalog"`
		}{h.c.Catalog()})
	})
}

// attempts is a token bucket per key: the sign-in and sign-up attempts of
// a client address, of a name, or of a (name, address) pair (signin.go).
type attempts struct {
	burst int // <= 0: no limit

	mu   sync.Mutex
	keys httpx.Limiters
}

func newAttempts(burst int, every time.Duration) *attempts {
	return &attempts{burst: burst, keys: httpx.NewLimiters(rate.Every(every), burst)}
}

// allow takes one attempt of key at now, or says how long to wait for one.
func (a *attempts) allow(key string, now time.Time) (bool, time.Duration) {
	if a.burst <= 0 {
		return true, 0
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keys.Sweep(now)
	l := a.keys.Of(key)
	if l.AllowN(now, 1) {
		return true, 0
	}
	return false, httpx.WaitFor(l, now)
}

// limitSignIn takes an attempt of the client's address (sign-ups) and
// answers 429 with Retry-After when it has none left.
func (h *Handler) limitSignIn(w http.ResponseWriter, r *http.Request) bool {
	if ok, wait := h.signIns.allow("address:"+h.c.ClientAddr(r), h.c.Now()); !ok {
		refuseSignIn(w, "sign-in-per-address", "too many sign-in attempts from this address", wait)
		return false
	}
	return true
}

// Credentials is the body of sign-up and sign-in.
type Credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

// AccountJSON is a signed-in player's account.
type AccountJSON struct {
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
}

func (h *Handler) signUp(w http.ResponseWriter, r *http.Request) {
	var c Credentials
	if !httpx.DecodeJSON(w, r, &c) || !h.limitSignIn(w, r) {
		return
	}
	if err := account.CheckName(c.Name); err != nil {
		(&httpx.FieldError{Field: "name", Message: err.Error()}).Write(w)
		return
	}
	if err := account.CheckPassword(c.Name, c.Password); err != nil {
		refusePassword(w, err)
		return
	}
	release, ok := h.c.LimitSignUp(w, r) // farming.go
	if !ok {
		return
	}
	var hash string
	var err error
	if !h.c.Hashing(w, r, func() { hash, err = h.c.Passwords.Hash(c.Password) }) {
		release()
		return
	}
	if err != nil {
		release()
		h.internal(w, "sign up", err)
		return
	}
	a := &store.Account{ID: mint.ID(), Name: c.Name, PasswordHash: hash, Created: h.c.Now().UTC()}
	if err := h.c.Store.CreateAccount(r.Context(), a); errors.Is(err, store.ErrNameTaken) {
		release()
		httpx.WriteJSON(w, http.StatusConflict, map[string]any{"error": map[string]any{
			"code": "name_taken", "field": "name", "message": fmt.Sprintf("name: %q is taken (names are compared without case)", c.Name)}})
		return
	} else if err != nil {
		release()
		h.internal(w, "sign up", err)
		return
	}
	if !h.startSession(w, r, a) {
		return
	}
	h.c.Log.Info("account created", "account", a.ID, "name", a.Name)
	httpx.WriteJSON(w, http.StatusCreated, AccountJSON{Name: a.Name, Created: a.Created})
}

func (h *Handler) signIn(w http.ResponseWriter, r *http.Request) {
	var c Credentials
	if !httpx.DecodeJSON(w, r, &c) {
		return
	}
	nameKey := store.NameKey(c.Name)
	if len(nameKey) > 2*account.MaxName {
		nameKey = nameKey[:2*account.MaxName] // no such account: bounds the limiter's keys
	}
	pair, allowed := h.throttleSignIn(w, r, nameKey)
	if !allowed {
		return
	}
	a, err := h.c.Store.AccountByName(r.Context(), c.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		h.internal(w, "sign in", err)
		return
	}
	// Without an account, or for one without a password (a computer
	// level's, levels.go: never signed in), check a hash all the same:
	// the answer takes as long as for a wrong password.
	hash := h.dummyHash()
	if a != nil && a.PasswordHash != "" {
		hash = a.PasswordHash
	}
	var ok bool
	if !h.c.Hashing(w, r, func() { ok, err = account.Verify(hash, c.Password) }) {
		return
	}
	if err != nil {
		h.internal(w, "sign in", err)
		return
	}
	ok = ok && a != nil && a.PasswordHash != ""
	h.signInDone(pair, ok)
	if !ok {
		httpx.Error(w, http.StatusUnauthorized, "bad_credentials", "wrong name or password")
		return
	}
	if !h.startSession(w, r, a) {
		return
	}
	httpx.WriteJSON(w, http.StatusOK, AccountJSON{Name: a.Name, Created: a.Created})
}

// startSession creates a session of a and sets its cookie.
func (h *Handler) startSession(w http.ResponseWriter, r *http.Request, a *store.Account) bool {
	b := make([]byte, 32)
	rand.Read(b)
	tok := base64.RawURLEncoding.EncodeToString(b)
	now := h.c.Now().UTC()
	se := &store.Session{TokenHash: mint.HashToken(tok), Account: a.ID, Created: now, LastSeen: now, Expires: now.Add(h.c.SessionTTL)}
	if err := h.c.Store.CreateSession(r.Context(), se); err != nil {
		h.internal(w, "start a session", err)
		return false
	}
	http.SetCookie(w, h.cookie(r, tok, int(h.c.SessionTTL.Seconds())))
	return true
}

// cookie is the session cookie with value tok, kept maxAge seconds (< 0:
// deleted). It is Secure when the request came over TLS, to the server or
// to a trusted proxy (X-Forwarded-Proto: https).
func (h *Handler) cookie(r *http.Request, tok string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: sessionCookie, Value: tok, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: r.TLS != nil || httpx.ViaHTTPS(r), SameSite: http.SameSiteLaxMode}
}

// signedIn is the account of a request's session.
type Session struct {
	session *store.Session
	Account *store.Account
	token   string // the cookie's value
	touched bool   // the session's end was pushed back
}

// session returns the account signed in by the request's cookie, nil when
// there is none (no cookie, unknown or expired session). It pushes the
// session's expiry back at most every touchEvery.
func (h *Handler) Session(ctx context.Context, r *http.Request) (*Session, error) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, nil
	}
	return h.sessionOf(ctx, c.Value)
}

func (h *Handler) sessionOf(ctx context.Context, tok string) (*Session, error) {
	se, err := h.c.Store.Session(ctx, mint.HashToken(tok))
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	now := h.c.Now()
	if !now.Before(se.Expires) {
		return nil, nil
	}
	a, err := h.c.Store.Account(ctx, se.Account)
	if err != nil {
		return nil, err
	}
	if now.Sub(se.LastSeen) >= touchEvery {
		exp := now.Add(h.c.SessionTTL)
		if err := h.c.Store.TouchSession(ctx, se.TokenHash, now, exp); errors.Is(err, store.ErrNotFound) {
			return nil, nil // signed out meanwhile
		} else if err != nil {
			return nil, err
		}
		se.LastSeen, se.Expires = now, exp
		return &Session{session: se, Account: a, token: tok, touched: true}, nil
	}
	return &Session{session: se, Account: a, token: tok}, nil
}

// mustSession returns the request's account, or answers 401.
func (h *Handler) MustSession(w http.ResponseWriter, r *http.Request) *Session {
	in, err := h.Session(r.Context(), r)
	if err != nil {
		h.internal(w, "read the session", err)
		return nil
	}
	if in == nil {
		httpx.Error(w, http.StatusUnauthorized, "signed_out", "not signed in (or the session expired): sign in")
		return nil
	}
	return in
}

func (h *Handler) me(w http.ResponseWriter, r *http.Request) {
	in, err := h.Session(r.Context(), r)
	if err != nil {
		h.internal(w, "read the session", err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if in == nil {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"account": nil})
		return
	}
	if in.touched { // the cookie lasts as long as the session (every page asks)
		http.SetCookie(w, h.cookie(r, in.token, int(h.c.SessionTTL.Seconds())))
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"account": AccountJSON{Name: in.Account.Name, Created: in.Account.Created}})
}

// requireJSON answers 415 unless the request declares a JSON body (the
// guard against cross-site form posts, for the endpoints without a body).
func requireJSON(w http.ResponseWriter, r *http.Request) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		httpx.Error(w, http.StatusUnsupportedMediaType, "unsupported_media_type", "send Content-Type: application/json")
		return false
	}
	return true
}

func (h *Handler) signOut(w http.ResponseWriter, r *http.Request) {
	if !requireJSON(w, r) {
		return
	}
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		if err := h.endSession(r.Context(), c.Value); err != nil {
			h.internal(w, "sign out", err)
			return
		}
	}
	http.SetCookie(w, h.cookie(r, "", -1))
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"signed_out": 1})
}

func (h *Handler) signOutAll(w http.ResponseWriter, r *http.Request) {
	if !requireJSON(w, r) {
		return
	}
	in := h.MustSession(w, r)
	if in == nil {
		return
	}
	n, err := h.endSessions(r.Context(), in.Account.ID)
	if err != nil {
		h.internal(w, "sign out everywhere", err)
		return
	}
	h.c.Log.Info("signed out everywhere", "account", in.Account.ID, "sessions", n)
	http.SetCookie(w, h.cookie(r, "", -1))
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"signed_out": n})
}
