package server

import (
	"context"
	"fmt"
	"sync"
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

// keepAlive pings c every PingInterval and sends an error on idle once a
// ping went unanswered for PingTimeout with no message received meanwhile
// (lastMsg: the time of the last message, in Unix nanoseconds): a
// connection silent that long is closed PingInterval+PingTimeout at most
// after its last sign of life. The pings run from a timer, so that a
// connection has no goroutine for them between pings; stop ends them, and
// so does the end of ctx. The pong is read by the connection's read loop,
// which must run.
func (s *Server) keepAlive(ctx context.Context, c *websocket.Conn, lastMsg *atomic.Int64, idle chan<- error) (stop func()) {
	var (
		mu      sync.Mutex // guards t and stopped: no ping is armed after stop
		t       *time.Timer
		stopped bool
	)
	ping := func() {
		sent := time.Now().UnixNano()
		pctx, cancel := context.WithTimeout(ctx, s.o.PingTimeout)
		err := c.Ping(pctx)
		cancel()
		switch {
		case ctx.Err() != nil:
		case err == nil, lastMsg.Load() >= sent: // a pong, or no pong but a message: the client is alive
			mu.Lock()
			if !stopped {
				t.Reset(s.o.PingInterval)
			}
			mu.Unlock()
		default:
			select {
			case idle <- fmt.Errorf("idle: no message and no pong within %v", s.o.PingTimeout):
			default:
			}
		}
	}
	mu.Lock()
	t = time.AfterFunc(s.o.PingInterval, ping)
	mu.Unlock()
	return func() {
		mu.Lock()
		stopped = true
		t.Stop()
		mu.Unlock()
	}
}
