package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

// errDiskFull is the error of failingStore's writes.
var errDiskFull = errors.New("database or disk is full (13) (SQLITE_FULL)")

// failingStore is a store whose writes fail while fail is set, as on a
// full disk.
type failingStore struct {
	store.Store
	fail  atomic.Bool
	stall chan struct{} // if not nil, CheckWrite waits for it to close
	// While stalling is set, Create and Append wait for stallWrites to
	// close (or their ctx to end).
	stalling    atomic.Bool
	stallWrites chan struct{}
}

// waitStall waits while writes stall.
func (f *failingStore) waitStall(ctx context.Context) error {
	if !f.stalling.Load() {
		return nil
	}
	select {
	case <-f.stallWrites:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *failingStore) err() error {
	if f.fail.Load() {
		return errDiskFull
	}
	return nil
}

func (f *failingStore) Create(ctx context.Context, g *store.Game) error {
	if err := f.waitStall(ctx); err != nil {
		return err
	}
	if err := f.err(); err != nil {
		return err
	}
	return f.Store.Create(ctx, g)
}

func (f *failingStore) Append(ctx context.Context, id string, evs []store.Event, upd *store.Update) error {
	if err := f.waitStall(ctx); err != nil {
		return err
	}
	if err := f.err(); err != nil {
		return err
	}
	return f.Store.Append(ctx, id, evs, upd)
}

func (f *failingStore) CheckWrite(ctx context.Context) error {
	if f.stall != nil {
		<-f.stall
	}
	if err := f.err(); err != nil {
		return err
	}
	return f.Store.CheckWrite(ctx)
}

func healthz(t *testing.T, ts *testServer) (int, string) {
	t.Helper()
	resp, err := ts.HTTP.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// waitHealth polls /healthz until it answers status, for at most 5s.
func waitHealth(t *testing.T, ts *testServer, status int) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, body := healthz(t, ts)
		if got == status {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz = %d %q after 5s, want %d", got, body, status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestHealthzWhenWritesFail(t *testing.T) {
	t.Parallel() // it waits on timers: it runs beside the other waiting tests
	var fs *failingStore
	ts := newTestServer(t, func(o *server.Options) {
		fs = &failingStore{Store: o.Store}
		fs.fail.Store(true) // full from the start: the probes fail
		o.Store = fs
	})
	if body := waitHealth(t, ts, http.StatusServiceUnavailable); !strings.Contains(body, "the store cannot write: "+errDiskFull.Error()) {
		t.Errorf("/healthz with a full disk = %q, want 503 naming the write error", body)
	}
	fs.fail.Store(false)
	if body := waitHealth(t, ts, http.StatusOK); body != "ok\n" {
		t.Errorf("/healthz once writes work = %q, want ok", body)
	}
	ts.create(t, "dames", nil, "hh", false)
	// Games' writes fail: not ready after three in a row, without waiting for probes.
	fs.fail.Store(true)
	for range server.DefaultHealthChecks {
		if _, err := wsclient.Create(context.Background(), ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "dames",
			Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}}); err == nil {
			t.Fatal("create with a full disk succeeded")
		}
	}
	if got, body := healthz(t, ts); got != http.StatusServiceUnavailable || !strings.Contains(body, errDiskFull.Error()) {
		t.Errorf("/healthz after %d failed writes = %d %q, want 503 naming the error", server.DefaultHealthChecks, got, body)
	}
	fs.fail.Store(false)
	waitHealth(t, ts, http.StatusOK)
}

// /healthz changes state only after DefaultHealthChecks outcomes in a row
// (issue 67: it flapped 503/200/503 on a failing disk).
func TestHealthzDoesNotFlap(t *testing.T) {
	var fs *failingStore
	ts := newTestServer(t, func(o *server.Options) {
		fs = &failingStore{Store: o.Store}
		o.Store = fs
	})
	create := func() error {
		_, err := wsclient.Create(context.Background(), ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "dames",
			Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}})
		return err
	}
	want := func(status int, when string) {
		t.Helper()
		if got, body := healthz(t, ts); got != status {
			t.Fatalf("/healthz %s = %d %q, want %d", when, got, body, status)
		}
	}
	want(http.StatusOK, "at start")
	for i := range server.DefaultHealthChecks - 1 { // failures, each between successes
		fs.fail.Store(true)
		if create() == nil {
			t.Fatal("create with a full disk succeeded")
		}
		want(http.StatusOK, fmt.Sprintf("after failed write %d", i+1))
		fs.fail.Store(false)
		if err := create(); err != nil {
			t.Fatal(err)
		}
	}
	fs.fail.Store(true)
	for range server.DefaultHealthChecks {
		create()
	}
	want(http.StatusServiceUnavailable, "after failed writes in a row")
	fs.fail.Store(false)
	if err := create(); err != nil {
		t.Fatal(err)
	}
	want(http.StatusServiceUnavailable, "after one good write")
}

func TestHealthzWhenWritesStall(t *testing.T) {
	t.Parallel() // it waits on timers: it runs beside the other waiting tests
	stall := make(chan struct{})
	ts := newTestServer(t, func(o *server.Options) {
		o.Store = &failingStore{Store: o.Store, stall: stall}
		o.HealthChecks = 2
	})
	// Each /healthz answers within about probeWait (2 s) while the probe
	// hangs; the second in a row says not ready.
	for i := range 2 {
		start := time.Now()
		got, body := healthz(t, ts)
		if d := time.Since(start); d > 4*time.Second {
			t.Errorf("/healthz %d answered after %v, want about 2s", i+1, d)
		}
		if i == 1 && (got != http.StatusServiceUnavailable || !strings.Contains(body, "a write has not completed in")) {
			t.Errorf("/healthz while the write probe hangs = %d %q, want 503", got, body)
		}
	}
	// Requests meanwhile do not start more probes and get the same answer.
	if got, _ := healthz(t, ts); got != http.StatusServiceUnavailable {
		t.Errorf("/healthz again = %d, want 503", got)
	}
	close(stall)
	waitHealth(t, ts, http.StatusOK)
}

// A claim the store fails to write answers 503 storage_unavailable with
// Retry-After, without the store's error, which is logged.
func TestClaimStoreFailureHidden(t *testing.T) {
	var fs *failingStore
	ts := newTestServer(t, func(o *server.Options) {
		fs = &failingStore{Store: o.Store}
		o.Store = fs
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := wsclient.Create(ctx, ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	fs.fail.Store(true)
	code, body := post(t, ts, "/api/games/"+c.ID+"/seats/1/claim", "")
	if code != http.StatusServiceUnavailable || strings.Contains(string(body), "SQLITE") || !strings.Contains(string(body), `"storage_unavailable"`) {
		t.Errorf("a claim on a full disk: %d %s, want 503 storage_unavailable without the store's error", code, body)
	}
	fs.fail.Store(false)
	if code, body := post(t, ts, "/api/games/"+c.ID+"/seats/1/claim", ""); code != http.StatusOK {
		t.Errorf("the claim once the disk has room: %d %s", code, body)
	}
}
