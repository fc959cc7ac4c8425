package wsconn

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// KeepAlive pings c every l.PingInterval and sends an error on idle once a
// ping went unanswered for l.PingTimeout with no message received meanwhile
// (lastMsg: the time of the last message, in Unix nanoseconds): a
// connection silent that long is closed l.PingInterval+l.PingTimeout at most
// after its last sign of life. The pings run from a timer, so that a
// connection has no goroutine for them between pings; stop ends them, and
// so does the end of ctx. The pong is read by the connection's read loop,
// which must run.
func (l *Limits) KeepAlive(ctx context.Context, c *websocket.Conn, lastMsg *atomic.Int64, idle chan<- error) (stop func()) {
	var (
		mu      sync.Mutex // guards t and stopped: no ping is armed after stop
		t       *time.Timer
		stopped bool
	)
	ping := func() {
		sent := time.Now().UnixNano()
		pctx, cancel := context.WithTimeout(ctx, l.PingTimeout)
		err := c.Ping(pctx)
		cancel()
		switch {
		case ctx.Err() != nil:
		case err == nil, lastMsg.Load() >= sent: // a pong, or no pong but a message: the client is alive
			mu.Lock()
			if !stopped {
				t.Reset(l.PingInterval)
			}
			mu.Unlock()
		default:
			select {
			case idle <- fmt.Errorf("idle: no message and no pong within %v", l.PingTimeout):
			default:
			}
		}
	}
	mu.Lock()
	t = time.AfterFunc(l.PingInterval, ping)
	mu.Unlock()
	return func() {
		mu.Lock()
		stopped = true
		t.Stop()
		mu.Unlock()
	}
}
