package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"plateau/store"
)

// probeEvery is the least time between two write probes of /healthz.
const probeEvery = time.Second

// health is the server's readiness: whether the store could write at its
// last write, a probe of /healthz or a game's write, whichever came last.
type health struct {
	st store.Store

	mu      sync.Mutex
	err     error     // of the last write
	at      time.Time // of the last write
	probed  time.Time // of the last probe
	probing sync.Mutex
}

// wrote records the outcome of a write. Refusals (a taken id, a version
// conflict, ...) and cancelled requests say nothing about the store.
func (h *health) wrote(err error) {
	if err != nil && (errors.Is(err, store.ErrExists) || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) ||
		errors.Is(err, store.ErrSeatTaken) || errors.Is(err, store.ErrSeatNotOpen) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return
	}
	h.mu.Lock()
	h.err, h.at = err, time.Now()
	h.mu.Unlock()
}

// check probes the store unless a probe ran less than probeEvery ago, and
// returns the error of the last write.
func (h *health) check(ctx context.Context) error {
	h.probing.Lock()
	defer h.probing.Unlock()
	h.mu.Lock()
	due := time.Since(h.probed) >= probeEvery
	h.mu.Unlock()
	if due {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := h.st.CheckWrite(ctx)
		cancel()
		if err != nil && ctx.Err() != nil && errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("a write took more than 5s: %w", err)
		}
		h.mu.Lock()
		h.probed = time.Now()
		h.mu.Unlock()
		if !errors.Is(err, context.Canceled) {
			h.mu.Lock()
			h.err, h.at = err, h.probed
			h.mu.Unlock()
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// healthz answers 200 ok when the server is ready, else 503 with the reason.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	var reason string
	select {
	case <-s.closing:
		reason = "the server is shutting down"
	default:
		if err := s.health.check(r.Context()); err != nil {
			reason = "the store cannot write: " + err.Error()
		}
	}
	if reason != "" {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "not ready: "+reason+"\n")
		return
	}
	io.WriteString(w, "ok\n")
}

// watchedStore is the server's store: it records the outcome of every
// write in the server's health.
type watchedStore struct {
	store.Store
	h *health
}

func (w watchedStore) Create(ctx context.Context, g *store.Game) error {
	err := w.Store.Create(ctx, g)
	w.h.wrote(err)
	return err
}

func (w watchedStore) Append(ctx context.Context, id string, events []store.Event, upd *store.Update) error {
	err := w.Store.Append(ctx, id, events, upd)
	w.h.wrote(err)
	return err
}

func (w watchedStore) Claim(ctx context.Context, id string, seat int, tokenHash []byte) error {
	err := w.Store.Claim(ctx, id, seat, tokenHash)
	w.h.wrote(err)
	return err
}
