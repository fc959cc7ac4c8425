package play

import (
	"context"
	"log/slog"
	"net/http"

	"plateau/game"
	"plateau/room"
	"plateau/server/internal/wsconn"
	"plateau/store"
)

// Sessions is what the game socket asks of the accounts: the session a
// socket comes with, and what joining seats with it does.
type Sessions interface {
	// Cookie is the session token of r's cookie, "" without one.
	Cookie(r *http.Request) string
	// ConnSession is the account session signs in ("" for none), a
	// channel closed when the session ends, and the end of the watch.
	ConnSession(ctx context.Context, session string) (account string, ended <-chan struct{}, unwatch func())
	// SignedIn reports whether session signs in an account now.
	SignedIn(ctx context.Context, session string) bool
	// LiveSession reports whether session still signs in (it may have
	// ended on another instance).
	LiveSession(ctx context.Context, session string) bool
	// AttachJoined gives session's account the seats of rm its tokens
	// joined.
	AttachJoined(ctx context.Context, rm *room.Room, session string, tokens []string)
	// Joined remembers that the device of ctx (a request's) joined game
	// id's seats with tokens.
	Joined(ctx context.Context, id string, tokens []string)
}

// Errors answers the failures shared with the rest of the server.
type Errors interface {
	// StoreError answers a store's or a room's error about game id.
	StoreError(w http.ResponseWriter, id string, err error)
	// StorageUnavailable answers 503 storage_unavailable, retry after
	// secs seconds.
	StorageUnavailable(w http.ResponseWriter, secs int)
}

// Counter counts (a prometheus.Counter or Gauge).
type Counter interface{ Add(float64) }

// Config is what a Handler works with.
type Config struct {
	Store    store.Store
	Games    *game.Registry
	Rooms    *room.Manager
	Log      *slog.Logger
	Sessions Sessions
	Errors   Errors
	// Hints gives, per game ID, the hints of a position waiting for a
	// player's move (see server.Options.Hints).
	Hints map[string]func(game.State) (any, error)
	// Limits and Gate bound every socket; Conns counts them open,
	// IdleClosed those closed for answering no ping.
	Limits     *wsconn.Limits
	Gate       *wsconn.Gate
	Conns      Counter
	IdleClosed Counter
	// ClientAddr is the address a request counts against.
	ClientAddr func(*http.Request) string
	// Closing returns a context that ends with parent or when the server
	// closes.
	Closing func(parent context.Context) (context.Context, context.CancelFunc)
}

// Handler serves a game: its socket, its record and export, its hints and
// the claims of its open seats.
type Handler struct{ c Config }

// New returns a handler working with c.
func New(c Config) *Handler { return &Handler{c: c} }

// Routes adds the handler's routes to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/games/{id}", h.get)
	m.HandleFunc("GET /api/games/{id}/export", h.export)
	m.HandleFunc("GET /api/games/{id}/export.pdn", h.exportPDN)
	m.HandleFunc("GET /api/games/{id}/ws", h.ws)
	m.HandleFunc("GET /api/games/{id}/hints", h.hints)
	m.HandleFunc("POST /api/games/{id}/seats/{seat}/claim", h.claim)
}
