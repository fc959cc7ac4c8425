package server

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Defaults of the WebSocket keep-alive (see Options).
const (
	DefaultPingInterval = 30 * time.Second
	DefaultPingTimeout  = 20 * time.Second
)

// keepAliveDefaults fills in the keep-alive's defaults.
func (o *Options) keepAliveDefaults() {
	if o.PingInterval <= 0 {
		o.PingInterval = DefaultPingInterval
	}
	if o.PingTimeout <= 0 {
		o.PingTimeout = DefaultPingTimeout
	}
}

// keepAlive pings c every PingInterval and returns an error once a ping
// went unanswered for PingTimeout with no message received meanwhile
// (lastMsg: the time of the last message, in Unix nanoseconds): a
// connection silent that long is closed PingInterval+PingTimeout at most
// after its last sign of life. It returns ctx's error when ctx ends.
// The pong is read by the connection's read loop, which must run.
func (s *Server) keepAlive(ctx context.Context, c *websocket.Conn, lastMsg *atomic.Int64) error {
	t := time.NewTicker(s.o.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		sent := time.Now().UnixNano()
		pctx, cancel := context.WithTimeout(ctx, s.o.PingTimeout)
		err := c.Ping(pctx)
		cancel()
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return ctx.Err()
		case lastMsg.Load() >= sent:
			// No pong, but a message: the client is alive.
		default:
			return fmt.Errorf("idle: no message and no pong within %v", s.o.PingTimeout)
		}
	}
}
