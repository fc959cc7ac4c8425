package lobby

import (
	"context"
	"log/slog"
	"net/http"

	"plateau/game"
	"plateau/room"
	"plateau/seek"
	"plateau/server/internal/wsconn"
	"plateau/store"
)

// Players is what the lobby asks of accounts, ratings and the limits on
// rating farming.
type Players interface {
	// Seeker is the account of r's session, nil for a guest.
	Seeker(r *http.Request) (*store.Account, error)
	// WatchSeeker registers a socket of acc's session (none for a guest):
	// the session's token, a channel closed when the session ends, and
	// the end of the watch.
	WatchSeeker(ctx context.Context, r *http.Request, acc *store.Account) (session string, ended <-chan struct{}, unwatch func())
	// LiveSession reports whether session still signs in (it may have
	// ended on another instance).
	LiveSession(ctx context.Context, session string) bool
	// SeekRefusal is why account may not seek now from address ip ("":
	// it may).
	SeekRefusal(account, ip string) string
	// PairRefusal is why account may not take the open seek o now.
	PairRefusal(ctx context.Context, account string, o seek.Seek) string
	// PairedOut is the skip of seek.Board.AddExcept for me (nil: none).
	PairedOut(ctx context.Context, me seek.Seek) func(seek.Seek) bool
	// MarkedReason is why acc may not play rated games ("": it may).
	MarkedReason(ctx context.Context, acc *store.Account) (string, error)
	// RatingIn is account's rating in a game, rounded, and whether it is
	// provisional.
	RatingIn(ctx context.Context, account, gameID string) (int, bool, error)
}

// Gauge counts the sockets open (a prometheus.Gauge).
type Gauge interface{ Add(float64) }

// Config is what a Handler works with.
type Config struct {
	Store   store.Store
	Games   *game.Registry
	Rooms   *room.Manager
	Log     *slog.Logger
	Players Players
	// Limits and Gate bound every socket; Conns counts them.
	Limits *wsconn.Limits
	Gate   *wsconn.Gate
	Conns  Gauge
	// ClientAddr is the address a request counts against.
	ClientAddr func(*http.Request) string
	// Closing returns a context that ends with parent or when the
	// server closes.
	Closing func(parent context.Context) (context.Context, context.CancelFunc)
}

// Handler serves the lobby's seeks (GET /api/seeks/ws).
type Handler struct {
	c     Config
	seeks *seekLobby
}

// New returns a handler working with c.
func New(c Config) *Handler { return &Handler{c: c, seeks: newSeekLobby()} }

// Routes adds the handler's routes to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/seeks/ws", h.seeksWS)
}
