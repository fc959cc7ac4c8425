package server

import (
	"time"

	"golang.org/x/time/rate"
)

// limiters is a token bucket (golang.org/x/time/rate) per key: the
// sign-in attempts of an address or a name (accounts.go, signin.go), the
// seeks of an account or an address (farming.go). Its owner locks it.
type limiters struct {
	limit rate.Limit
	burst int
	keys  map[string]*rate.Limiter
	swept time.Time
}

func newLimiters(limit rate.Limit, burst int) limiters {
	return limiters{limit: limit, burst: burst, keys: map[string]*rate.Limiter{}}
}

// of returns key's bucket, a full one if key has none.
func (ls *limiters) of(key string) *rate.Limiter {
	l := ls.keys[key]
	if l == nil {
		l = rate.NewLimiter(ls.limit, ls.burst)
		ls.keys[key] = l
	}
	return l
}

// sweep forgets, at most once a minute, the buckets full again at now.
func (ls *limiters) sweep(now time.Time) {
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

// forget drops key's bucket: it is full again.
func (ls *limiters) forget(key string) { delete(ls.keys, key) }

// waitFor is how long l takes to hold one token from now (0 when it holds one).
func waitFor(l *rate.Limiter, now time.Time) time.Duration {
	t := l.TokensAt(now)
	if t >= 1 {
		return 0
	}
	return time.Duration((1 - t) / float64(l.Limit()) * float64(time.Second))
}

// msgLimiter bounds the messages a WebSocket client sends (Options.Rate
// and Burst): a message over the budget is refused, and more than Burst
// refusals in a row close the connection.
type msgLimiter struct {
	l       *rate.Limiter
	burst   int
	strikes int // refusals since the last allowed message
}

func newMsgLimiter(perSecond float64, burst int) *msgLimiter {
	return &msgLimiter{l: rate.NewLimiter(rate.Limit(perSecond), burst), burst: burst}
}

// allow takes a message at now; flood reports that the refusals in a row
// are too many and the connection must close.
func (m *msgLimiter) allow(now time.Time) (ok, flood bool) {
	if m.l.AllowN(now, 1) {
		m.strikes = 0
		return true, false
	}
	m.strikes++
	return false, m.strikes > m.burst
}
