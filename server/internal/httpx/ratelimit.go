package httpx

import (
	"time"

	"golang.org/x/time/rate"
)

// Limiters is a token bucket (golang.org/x/time/rate) per key: the
// sign-in attempts of an address or a name, the seeks of an account or an
// address. Its owner locks it.
type Limiters struct {
	limit rate.Limit
	burst int
	keys  map[string]*rate.Limiter
	swept time.Time
}

// NewLimiters returns buckets of limit refilled to burst tokens.
func NewLimiters(limit rate.Limit, burst int) Limiters {
	return Limiters{limit: limit, burst: burst, keys: map[string]*rate.Limiter{}}
}

// Of returns key's bucket, a full one if key has none.
func (ls *Limiters) Of(key string) *rate.Limiter {
	l := ls.keys[key]
	if l == nil {
		l = rate.NewLimiter(ls.limit, ls.burst)
		ls.keys[key] = l
	}
	return l
}

// Sweep forgets, at most once a minute, the buckets full again at now.
func (ls *Limiters) Sweep(now time.Time) {
	if now.Sub(ls.swept) < time.Minute {
		return
	}
	ls.swept = now
	for k, l := range ls.keys {
		if l.TokensAt(now) >= float64(ls.burst) {
			delete(ls.keys, k)
		}
	}
}

// Forget drops key's bucket: it is full again.
func (ls *Limiters) Forget(key string) { delete(ls.keys, key) }

// WaitFor is how long l takes to hold one token from now (0 when it holds one).
func WaitFor(l *rate.Limiter, now time.Time) time.Duration {
	t := l.TokensAt(now)
	if t >= 1 {
		return 0
	}
	return time.Duration((1 - t) / float64(l.Limit()) * float64(time.Second))
}

// MsgLimiter bounds the messages a WebSocket client sends (server.Options.Rate
// and Burst): a message over the budget is refused, and more than Burst
// refusals in a row close the connection.
type MsgLimiter struct {
	l       *rate.Limiter
	burst   int
	strikes int // refusals since the last allowed message
}

// NewMsgLimiter returns a limiter of perSecond messages, bursts of burst.
func NewMsgLimiter(perSecond float64, burst int) *MsgLimiter {
	return &MsgLimiter{l: rate.NewLimiter(rate.Limit(perSecond), burst), burst: burst}
}

// Allow takes a message at now; flood reports that the refusals in a row
// are too many and the connection must close.
func (m *MsgLimiter) Allow(now time.Time) (ok, flood bool) {
	if m.l.AllowN(now, 1) {
		m.strikes = 0
		return true, false
	}
	m.strikes++
	return false, m.strikes > m.burst
}
