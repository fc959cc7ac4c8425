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

// probeEvery is the least time between two write probes of /healthz, and
// probeWait how long /healthz waits for one.
const (
	probeEvery = time.Second
	probeWait  = 2 * time.Second
)

// health is the server's readiness: whether the store could write at its
// last write, a probe of /healthz or a game's write, whichever ended last.
type health struct {
	st store.Store

	mu      sync.Mutex
	err     error         // of the last write
	probed  time.Time     // when the last probe started
	running chan struct{} // closed when the probe in flight ends; nil if none
}

// wrote records the outcome of a write. Refusals (a taken id, a version
// conflict, ...) and cancelled requests say nothing about the store.
func (h *health) wrote(err error) {
	if uninformative(err) {
		return
	}
	h.mu.Lock()
	h.err = err
	h.mu.Unlock()
}

func uninformative(err error) bool {
	return err != nil && (errors.Is(err, store.ErrExists) || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) ||
		errors.Is(err, store.ErrSeatTaken) || errors.Is(err, store.ErrSeatNotOpen) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
}

// check starts a probe of the store unless one runs or ran less than
// probeEvery ago, waits for the probe in flight at most probeWait after
// its start, and returns the error of the last write: a probe still
// running then is an error too (a stalled disk).
func (h *health) check(ctx context.Context) error {
	h.mu.Lock()
	if h.running == nil && time.Since(h.probed) >= probeEvery {
		done := make(chan struct{})
		h.running, h.probed = done, time.Now()
		go func() {
			err := h.st.CheckWrite(context.Background()) // a write, once queued, ends on its own
			h.mu.Lock()
			h.running = nil
			if !uninformative(err) {
				h.err = err
			}
			h.mu.Unlock()
			close(done)
		}()
	}
	running, since := h.running, h.probed
	h.mu.Unlock()
	if running != nil {
		t := time.NewTimer(probeWait - time.Since(since))
		defer t.Stop()
		select {
		case <-running:
		case <-t.C:
			return fmt.Errorf("a write has not completed in %v", time.Since(since).Round(time.Millisecond))
		case <-ctx.Done():
			return ctx.Err()
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
	} else {
		io.WriteString(w, "ok\n")
	}
	if s.shared() {
		io.WriteString(w, s.clusterHealth())
	}
}

// last is the error of the last write (nil: it succeeded), without a probe.
func (h *health) last() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
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
