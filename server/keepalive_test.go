package server_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/server"
)

// metric reads a counter or gauge of /metrics.
func metric(t *testing.T, ts *testServer, name string) string {
	t.Helper()
	b := metricsText(t, ts)
	m := regexp.MustCompile(`(?m)^` + name + ` (\d+)$`).FindStringSubmatch(b)
	if m == nil {
		t.Fatalf("no %s in /metrics:\n%s", name, b)
	}
	return m[1]
}

// An idle WebSocket (no message, no pong) is closed; one that answers the
// pings, or keeps sending messages, stays open.
func TestIdleWebSocketCloses(t *testing.T) {
	t.Parallel() // it waits on timers: it runs beside the other waiting tests
	const interval, timeout = 100 * time.Millisecond, 200 * time.Millisecond
	tests := []struct {
		name   string
		client func(ctx context.Context, c *websocket.Conn) error // runs until ctx ends or the connection fails
		closed bool
	}{
		{"silent: reads nothing, so answers no ping", func(ctx context.Context, c *websocket.Conn) error {
			<-ctx.Done()
			return nil
		}, true},
		{"answers pings", func(ctx context.Context, c *websocket.Conn) error {
			for {
				if _, _, err := c.Read(ctx); err != nil {
					if ctx.Err() != nil {
						return nil
					}
					return err
				}
			}
		}, false},
		{"sends messages but answers no ping", func(ctx context.Context, c *websocket.Conn) error {
			tick := time.NewTicker(interval / 5)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return nil
				case <-tick.C:
					if err := c.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)); err != nil {
						if ctx.Err() != nil {
							return nil
						}
						return err
					}
				}
			}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, func(o *server.Options) { o.PingInterval, o.PingTimeout = interval, timeout })
			g := ts.create(t, "dames", nil, "hh", false)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			c := ts.dial(t, g.ID)
			defer c.C.CloseNow()
			if _, err := c.Hello(ctx, 0, g.Seats[0].Token); err != nil {
				t.Fatal(err)
			}
			if tt.closed {
				deadline := time.Now().Add(15 * time.Second)
				for metric(t, ts, "plateau_ws_idle_closed_total") != "1" || metric(t, ts, "plateau_connections") != "0" {
					if time.Now().After(deadline) {
						t.Fatal("the idle WebSocket stayed open")
					}
					time.Sleep(10 * time.Millisecond)
				}
				return
			}
			// Alive for 10 rounds of ping and timeout: the client's reads or
			// writes do not fail (a close would fail them).
			cctx, ccancel := context.WithTimeout(ctx, 10*(interval+timeout))
			defer ccancel()
			if err := tt.client(cctx, c.C); err != nil {
				t.Fatalf("connection failed: %v", err)
			}
			if n := metric(t, ts, "plateau_ws_idle_closed_total"); n != "0" {
				t.Errorf("%s idle connections closed, want 0", n)
			}
		})
	}
}
