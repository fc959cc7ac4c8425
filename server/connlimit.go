package server

import (
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Listener returns ln with l's caps on open connections: l.ConnsPerAddr
// per client address (trusted proxies exempt) and l.MaxConns in all. It
// retries the accept errors that pass (out of file descriptors, a
// connection reset before it was accepted) with a growing back-off, as
// net/http does, logging them once a minute rather than each time. The
// connections refused are counted in /metrics.
func (s *Server) Listener(ln net.Listener, l HTTPLimits) net.Listener {
	return &capListener{Listener: ln, max: l.ConnsPerAddr, maxAll: l.MaxConns, v6bits: s.o.IPv6Prefix, trusted: s.o.TrustedProxies,
		open: map[netip.Addr]map[*cappedConn]bool{}, refused: s.metrics.refusedConns,
		retry: acceptRetry{log: s.o.Log, sleep: time.Sleep, now: time.Now}}
}

// capListener closes at once the connections over its caps.
type capListener struct {
	net.Listener
	max     int // per address; <= 0: none
	maxAll  int // in all; <= 0: none
	v6bits  int // IPv6 addresses are counted by this prefix (Options.IPv6Prefix)
	trusted []netip.Prefix
	refused prometheus.Counter
	retry   acceptRetry // used by Accept's goroutine only

	mu    sync.Mutex
	open  map[netip.Addr]map[*cappedConn]bool
	total int
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if l.retry.wait(err) {
				continue
			}
			return nil, err
		}
		l.retry.reset()
		if cc := l.admit(c); cc != nil {
			return cc, nil
		}
		l.refused.Add(1)
		c.Close()
	}
}

// admit counts c, or returns nil if it is over a cap. At the global cap it
// closes a connection of the heaviest address to make room when that is
// fairer: so a flood from a few addresses cannot keep everyone else out.
func (l *capListener) admit(c net.Conn) *cappedConn {
	ip := addrOf(c.RemoteAddr())
	trusted := !ip.IsValid() || trustedAddr(l.trusted, ip)
	if ip.IsValid() {
		ip = limitedAddr(ip, l.v6bits)
	}
	l.mu.Lock()
	mine := len(l.open[ip])
	if trusted {
		mine = 0
	}
	if !trusted && l.max > 0 && mine >= l.max {
		l.mu.Unlock()
		return nil
	}
	var victim *cappedConn
	if l.maxAll > 0 && l.total >= l.maxAll {
		victim = l.heaviestLocked(mine + 1)
		if victim == nil {
			l.mu.Unlock()
			return nil
		}
		victim.once.Do(func() { l.forgetLocked(victim) })
	}
	cc := &cappedConn{Conn: c, l: l, ip: ip}
	if l.open[ip] == nil {
		l.open[ip] = map[*cappedConn]bool{}
	}
	l.open[ip][cc] = true
	l.total++
	l.mu.Unlock()
	if victim != nil {
		l.refused.Add(1)
		victim.Conn.Close()
	}
	return cc
}

// heaviestLocked returns a connection of the untrusted address holding
// the most, if it holds more than than; l.mu is held.
func (l *capListener) heaviestLocked(than int) *cappedConn {
	var top netip.Addr
	most := than
	for ip, conns := range l.open {
		if len(conns) > most && ip.IsValid() && !trustedAddr(l.trusted, ip) {
			top, most = ip, len(conns)
		}
	}
	for c := range l.open[top] {
		return c
	}
	return nil
}

// forgetLocked gives c's place back; l.mu is held.
func (l *capListener) forgetLocked(c *cappedConn) {
	delete(l.open[c.ip], c)
	if len(l.open[c.ip]) == 0 {
		delete(l.open, c.ip)
	}
	l.total--
}

// cappedConn gives its place back when closed.
type cappedConn struct {
	net.Conn
	l    *capListener
	ip   netip.Addr
	once sync.Once
}

func (c *cappedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.forgetLocked(c)
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// acceptRetry paces the retries of failed accepts: 5 ms after the first
// failure, twice as long after each next one up to a second, as net/http
// does; one log line a minute says how many failed.
type acceptRetry struct {
	log   *slog.Logger
	sleep func(time.Duration)
	now   func() time.Time

	delay  time.Duration
	logged time.Time // when the last line was logged
	failed int       // failures since then
}

// acceptLogEvery is how often failing accepts are logged.
const acceptLogEvery = time.Minute

// wait sleeps before the retry of an accept that failed with err, and
// reports whether to retry: not if the listener is closed or err lasts.
func (r *acceptRetry) wait(err error) bool {
	var t interface{ Temporary() bool }
	if errors.Is(err, net.ErrClosed) || !errors.As(err, &t) || !t.Temporary() {
		return false
	}
	r.delay = min(max(2*r.delay, 5*time.Millisecond), time.Second)
	r.failed++
	if now := r.now(); now.Sub(r.logged) >= acceptLogEvery {
		r.log.Error("accept failed: retrying with back-off", "err", err, "failures", r.failed, "since", r.logged, "retry_in", r.delay)
		r.logged, r.failed = now, 0
	}
	r.sleep(r.delay)
	return true
}

// reset ends a run of failures.
func (r *acceptRetry) reset() { r.delay = 0 }
