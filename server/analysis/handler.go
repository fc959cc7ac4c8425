package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"plateau/game"
	"plateau/review"
	"plateau/room"
	"plateau/server/assets"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Config is what a Handler works with.
type Config struct {
	Store store.Store
	Games *game.Registry
	// Rooms lends its AI workers to the searches (room.Manager.ReviewWorker).
	Rooms *room.Manager
	Log   *slog.Logger
	// Pages writes the analysis page; Catalog is the catalog's JSON it
	// carries inline.
	Pages   *assets.App
	Catalog func() json.RawMessage
	// Guard refuses help on the positions of running games the requester
	// plays.
	Guard Guard
	// ClientKey is who a request counts against in the admission pools.
	ClientKey func(*http.Request) string
	// Searches admits the analysis board's searches.
	Searches *httpx.Pool
	// Reviews reviews run at once (default DefaultReviews); ReviewQueue
	// and ReviewsPerClient bound those waiting and one client's.
	Reviews, ReviewQueue, ReviewsPerClient int
	// ReviewBudget caps each search of a review (default
	// DefaultReviewBudget); Reviewer reviews a game (default review.Review).
	ReviewBudget time.Duration
	Reviewer     Reviewer
	// Reviewed, when set, is told of each review stored: the game, its
	// configuration and its moves (the puzzles are mined from them).
	Reviewed func(id string, g game.Game, cfg game.Config, moves []string)
}

// Handler serves the analysis routes. Make one with New, add its Routes,
// and Close it before the rooms.
type Handler struct {
	c       Config
	reviews *reviews
	ctx     context.Context // cancelled by Close: the review jobs end
	stop    context.CancelFunc
	bg      sync.WaitGroup // the review jobs
}

// New returns a handler working with c.
func New(c Config) *Handler {
	if c.Reviews <= 0 {
		c.Reviews = DefaultReviews
	}
	if c.ReviewBudget <= 0 {
		c.ReviewBudget = DefaultReviewBudget
	}
	if c.Reviewer == nil {
		c.Reviewer = review.Review
	}
	h := &Handler{c: c, reviews: newReviews(c.Reviews, c.ReviewQueue, c.ReviewsPerClient)}
	h.ctx, h.stop = context.WithCancel(context.Background())
	return h
}

// Routes adds the handler's routes to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/games/{id}/review", h.review)
	m.HandleFunc("POST /api/games/{id}/review", h.review)
	m.HandleFunc("POST /api/positions", h.positionView)
	m.HandleFunc("POST /api/positions/play", h.positionPlay)
	m.HandleFunc("POST /api/analysis", h.analysis)
	m.HandleFunc("POST /api/pdn", h.pdnImport)
	m.HandleFunc("POST /api/pdn/export", h.pdnExport)
	m.HandleFunc("GET /analysis/{game}", h.analysisPage)
	m.HandleFunc("GET /analysis", h.analysisPage)
	m.HandleFunc("GET /analysis/{$}", h.analysisPage)
}

// ReviewPool is the pool of the review jobs, for /metrics.
func (h *Handler) ReviewPool() *httpx.Pool { return h.reviews.pool }

// Close refuses new reviews, ends the running ones and waits for them.
func (h *Handler) Close() {
	h.reviews.close()
	h.stop()
	h.bg.Wait()
}

// storeError answers a store error.
func (h *Handler) storeError(w http.ResponseWriter, id string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no game %q", id))
		return
	}
	h.internal(w, "game "+id, err)
}

// internal logs a failure and answers 500.
func (h *Handler) internal(w http.ResponseWriter, what string, err error) {
	h.c.Log.Error(what+" failed", "err", err)
	httpx.Error(w, http.StatusInternalServerError, "internal", "internal error: retry")
}
