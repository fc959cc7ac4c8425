package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// probeEvery is the least time between two write probes of /healthz, and
// probeWait how long /healthz waits for one.
const (
	probeEvery = time.Second
	probeWait  = 2 * time.Second
)

// health is the server's readiness: whether the store can write, judged
// from the outcomes of the last writes (probes of /healthz and games'
// writes). It changes state only after need outcomes in a row say so, so
// that one slow probe or one failed write among good ones does not make a
// load balancer flap between this instance and the others.
type health struct {
	st   store.Store
	need int // outcomes in a row that change the state

	mu      sync.Mutex
	err     error         // the state: nil when ready, else the error that made it not ready
	streak  int           // outcomes in a row contrary to the state
	probed  time.Time     // when the last probe started
	running chan struct{} // closed when the probe in flight ends; nil if none
}

// DefaultHealthChecks is the default of Options.HealthChecks.
const DefaultHealthChecks = 3

// wrote records the outcome of a write. Refusals (a taken id, a version
// conflict, ...) and cancelled requests say nothing about the store.
func (h *health) wrote(err error) {
	if uninformative(err) {
		return
	}
	h.mu.Lock()
	h.observe(err)
	h.mu.Unlock()
}

// observe counts the outcome of a write; h.mu is held.
func (h *health) observe(err error) {
	if (err == nil) == (h.err == nil) {
		h.streak = 0
		if err != nil {
			h.err = err // the latest reason
		}
		return
	}
	if h.streak++; h.streak >= h.need {
		h.err, h.streak = err, 0
	}
}

func uninformative(err error) bool {
	return err != nil && (errors.Is(err, store.ErrExists) || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) ||
		errors.Is(err, store.ErrSeatTaken) || errors.Is(err, store.ErrSeatNotOpen) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
}

// check starts a probe of the store unless one runs or ran less than
// probeEvery ago, waits for the probe in flight at most probeWait after
// its start, and returns the state: nil when ready. A probe still running
// then is a failed outcome too (a stalled disk).
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
				h.observe(err)
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
			h.mu.Lock()
			defer h.mu.Unlock()
			h.observe(fmt.Errorf("a write has not completed in %v", time.Since(since).Round(time.Millisecond)))
			return h.err
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

// last is the state (nil: ready), without a probe.
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

// storageRetry is the Retry-After of an HTTP write the store could not
// make.
const storageRetry = 2

// writeFailed answers an HTTP request whose write (what) the store could
// not make: 503 storage_unavailable with Retry-After; the store's error
// is logged, not shown.
func (s *Server) writeFailed(w http.ResponseWriter, what string, err error) {
	s.o.Log.Error(what+": the store could not write", "err", err)
	s.storageUnavailable(w, storageRetry)
}

// storageUnavailable answers 503 storage_unavailable, to retry after secs.
func (s *Server) storageUnavailable(w http.ResponseWriter, secs int) {
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"error": map[string]any{
		"code": room.CodeStorageUnavailable, "retry_after": secs,
		"message": fmt.Sprintf("the server cannot save right now: nothing was changed; retry in %d s", secs)}})
}
