package accounts

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"plateau/account"
	"plateau/game"
	"plateau/mint"
	"plateau/room"
	"plateau/server/assets"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Config is what a Handler works with.
type Config struct {
	Store store.Store
	Games *game.Registry
	Rooms *room.Manager
	Log   *slog.Logger
	Now   func() time.Time
	// SessionTTL is how long a session lasts unused.
	SessionTTL time.Duration
	// SignInBurst and SignInEvery, SignInPairBurst and SignInPairEvery
	// throttle the sign-ins and sign-ups (see signin.go).
	SignInBurst, SignInPairBurst int
	SignInEvery, SignInPairEvery time.Duration
	// Passwords are the argon2id parameters of new password hashes.
	Passwords account.Params
	// PingInterval is how often a seeks socket's session is rechecked.
	PingInterval time.Duration
	// Hashes is the pool password hashing runs in; Hashing runs fn, a
	// hash or a check, in it for r's client, or answers 503 busy and
	// reports false.
	Hashes  *httpx.Pool
	Hashing func(w http.ResponseWriter, r *http.Request, fn func()) bool
	// LimitSignUp refuses with 429 a sign-up over the address's limit, or
	// returns the release of its reservation.
	LimitSignUp func(w http.ResponseWriter, r *http.Request) (release func(), ok bool)
	// ClientAddr is the address a request counts against.
	ClientAddr func(*http.Request) string
	// Pages writes the player page, with the catalog's JSON inline.
	Pages   *assets.App
	Catalog func() json.RawMessage
}

// Handler serves the accounts and sessions, and knows which seats each
// device joined; the rest of the server asks it who a request's sender
// is (Session) and which games it plays.
type Handler struct {
	c              Config
	signIns        *attempts     // sign-in and sign-up attempts
	signInPairs    *attempts     // sign-ins per (name, address): signin.go
	signInFailures *failures     // the (name, address) pairs that failed lately
	dummyHash      func() string // a password hash of no account
	devices        *devices      // which devices joined which seats (device.go)
	sockets        *sessionSockets
}

// New returns a handler working with c.
func New(c Config) *Handler {
	h := &Handler{c: c, devices: newDevices(maxDeviceEntries), sockets: newSessionSockets()}
	h.signIns = newAttempts(c.SignInBurst, c.SignInEvery)
	h.signInPairs = newAttempts(c.SignInPairBurst, c.SignInPairEvery)
	h.signInFailures = newFailures(time.Duration(max(1, c.SignInPairBurst)) * c.SignInPairEvery)
	h.dummyHash = sync.OnceValue(func() (hash string) {
		c.Hashes.Own(func() { hash, _ = c.Passwords.Hash("no such account") }) // within the hashing memory
		return hash
	})
	return h
}

// Cookie is the session token of r's cookie, "" without one.
func (h *Handler) Cookie(r *http.Request) string {
	if ck, err := r.Cookie(sessionCookie); err == nil {
		return ck.Value
	}
	return ""
}

// Joined remembers that the device of ctx (a request's) joined game id's
// seats with tokens.
func (h *Handler) Joined(ctx context.Context, id string, tokens []string) {
	hashes := make([][]byte, len(tokens))
	for i, tok := range tokens {
		hashes[i] = mint.HashToken(tok)
	}
	h.devices.joined(deviceOf(ctx), id, hashes, h.c.Now())
}

// RecentGames are the games the device of ctx joined most recently, n
// at most (< 0: all it joined).
func (h *Handler) RecentGames(ctx context.Context, n int) []string {
	return h.devices.recentGames(deviceOf(ctx), n)
}

// internal logs a failure and answers 500.
func (h *Handler) internal(w http.ResponseWriter, what string, err error) {
	h.c.Log.Error(what+" failed", "err", err)
	httpx.Error(w, http.StatusInternalServerError, "internal", "internal error: retry")
}
