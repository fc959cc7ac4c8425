package server_test

import (
	"context"
	"errors"
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
}

func (f *failingStore) err() error {
	if f.fail.Load() {
		return errDiskFull
	}
	return nil
}

func (f *failingStore) Create(ctx context.Context, g *store.Game) error {
	if err := f.err(); err != nil {
		return err
	}
	return f.Store.Create(ctx, g)
}

func (f *failingStore) Append(ctx context.Context, id string, evs []store.Event, upd *store.Update) error {
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
	var fs *failingStore
	ts := newTestServer(t, func(o *server.Options) {
		fs = &failingStore{Store: o.Store}
		fs.fail.Store(true) // full from the start: the first probe fails
		o.Store = fs
	})
	if got, body := healthz(t, ts); got != http.StatusServiceUnavailable || !strings.Contains(body, "the store cannot write: "+errDiskFull.Error()) {
		t.Errorf("/healthz with a full disk = %d %q, want 503 naming the write error", got, body)
	}
	fs.fail.Store(false)
	if body := waitHealth(t, ts, http.StatusOK); body != "ok\n" {
		t.Errorf("/healthz once writes work = %q, want ok", body)
	}
	ts.create(t, "dames", nil, "hh", false)
	// A game's write fails: not ready at once, without waiting for a probe.
	fs.fail.Store(true)
	if _, err := wsclient.Create(context.Background(), ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}}); err == nil {
		t.Fatal("create with a full disk succeeded")
	}
	if got, body := healthz(t, ts); got != http.StatusServiceUnavailable || !strings.Contains(body, errDiskFull.Error()) {
		t.Errorf("/healthz after a failed write = %d %q, want 503 naming the error", got, body)
	}
	fs.fail.Store(false)
	waitHealth(t, ts, http.StatusOK)
}

func TestHealthzWhenWritesStall(t *testing.T) {
	stall := make(chan struct{})
	ts := newTestServer(t, func(o *server.Options) { o.Store = &failingStore{Store: o.Store, stall: stall} })
	start := time.Now()
	got, body := healthz(t, ts)
	if got != http.StatusServiceUnavailable || !strings.Contains(body, "a write has not completed in") {
		t.Errorf("/healthz while the write probe hangs = %d %q, want 503", got, body)
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("/healthz answered after %v, want about 2s", d)
	}
	// Requests meanwhile do not start more probes and get the same answer.
	if got, _ := healthz(t, ts); got != http.StatusServiceUnavailable {
		t.Errorf("/healthz again = %d, want 503", got)
	}
	close(stall)
	waitHealth(t, ts, http.StatusOK)
}

func (f *failingStore) Claim(ctx context.Context, id string, seat int, tokenHash []byte) error {
	if err := f.err(); err != nil {
		return err
	}
	return f.Store.Claim(ctx, id, seat, tokenHash)
}

// A claim the store fails to write answers 500 without the store's error,
// which is logged.
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
	if code != http.StatusInternalServerError || strings.Contains(string(body), "SQLITE") || !strings.Contains(string(body), `"internal"`) {
		t.Errorf("a claim on a full disk: %d %s, want 500 internal without the store's error", code, body)
	}
}
