package wsconn

import "sync"

// Gate counts the WebSocket connections being served, per client address
// and in all, so that one address holds at most PerIP of them and Close
// can wait for the last to end.
type Gate struct {
	perIP int // <= 0: no bound

	mu      sync.Mutex
	byIP    map[string]int
	n       int
	stopped bool          // Close was called
	allGone chan struct{} // closed when the last connection ends after Close
}

// NewGate returns a gate of at most perIP connections an address (<= 0:
// no bound).
func NewGate(perIP int) *Gate {
	return &Gate{perIP: perIP, byIP: map[string]int{}, allGone: make(chan struct{})}
}

// Enter counts a connection from ip; false if ip has too many or the gate
// is closed. Each Enter that returns true needs its Leave.
func (g *Gate) Enter(ip string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped || (g.perIP > 0 && g.byIP[ip] >= g.perIP) {
		return false
	}
	g.byIP[ip]++
	g.n++
	return true
}

// Leave ends a connection from ip.
func (g *Gate) Leave(ip string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.byIP[ip]--; g.byIP[ip] <= 0 {
		delete(g.byIP, ip)
	}
	if g.n--; g.n == 0 && g.stopped {
		close(g.allGone)
	}
}

// Close refuses new connections and returns a channel closed once the
// connections being served have all ended.
func (g *Gate) Close() <-chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.stopped {
		g.stopped = true
		if g.n == 0 {
			close(g.allGone)
		}
	}
	return g.allGone
}
