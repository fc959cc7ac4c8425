package arena

import (
	"cmp"
	"slices"
	"time"
)

// Costs of the pairing's optimisation: leaving a free player waiting
// costs more than any rating difference, more the longer the player has
// waited (one second weighs as 100 rating points), so the pairing makes
// the most games and lets the latest arrival wait.
const (
	waitCost   = int64(1) << 40
	perSecond  = 100
	impossible = int64(1) << 60
)

// Pair pairs the free players at now and appends the games to start to
// dst: sorted by rating, each with the nearest rating, the pairing that
// makes the most games at the least total rating difference among those
// that avoid rematches (two last opponents are paired again only when
// they are the only free players and both have waited RematchAfter). It
// pairs nobody before the start or after the end. The players paired are
// playing until Finish.
func (a *Arena) Pair(now time.Time, dst []Pairing) ([]Pairing, error) {
	dst = dst[:0]
	if now.Before(a.cfg.Start) {
		return dst, ErrNotStarted
	}
	if a.Over(now) {
		return dst, nil
	}
	a.free = a.free[:0]
	for i := range a.ps {
		if a.ps[i].in && a.ps[i].playing < 0 {
			a.free = append(a.free, i)
		}
	}
	slices.SortFunc(a.free, a.byRating)
	f := a.free
	n := len(f)
	a.dp = slices.Grow(a.dp[:0], n+1)[:n+1]
	a.choice = slices.Grow(a.choice[:0], n+1)[:n+1]
	a.dp[0] = 0
	for i := 1; i <= n; i++ {
		best, ch := a.dp[i-1]+a.wait(f[i-1], now), int8(1)
		try := func(c int64, k int8) {
			if c < best {
				best, ch = c, k
			}
		}
		if i >= 2 {
			try(a.dp[i-2]+a.cost(f[i-2], f[i-1], now), 2)
		}
		if i >= 3 {
			try(a.dp[i-3]+a.wait(f[i-2], now)+a.cost(f[i-3], f[i-1], now), 3)
		}
		if i >= 4 {
			try(a.dp[i-4]+a.cost(f[i-4], f[i-2], now)+a.cost(f[i-3], f[i-1], now), 4)
			try(a.dp[i-4]+a.cost(f[i-4], f[i-1], now)+a.cost(f[i-3], f[i-2], now), 5)
		}
		a.dp[i], a.choice[i] = best, ch
	}
	for i := n; i > 0; {
		switch a.choice[i] {
		case 1:
			i--
		case 2:
			dst = a.start(dst, f[i-2], f[i-1])
			i -= 2
		case 3:
			dst = a.start(dst, f[i-3], f[i-1])
			i -= 3
		case 4:
			dst = a.start(dst, f[i-4], f[i-2])
			dst = a.start(dst, f[i-3], f[i-1])
			i -= 4
		case 5:
			dst = a.start(dst, f[i-4], f[i-1])
			dst = a.start(dst, f[i-3], f[i-2])
			i -= 4
		}
	}
	return dst, nil
}

func (a *Arena) byRating(x, y int) int {
	if c := cmp.Compare(a.ps[x].rating, a.ps[y].rating); c != 0 {
		return c
	}
	return cmp.Compare(a.ps[x].id, a.ps[y].id)
}

// wait is the cost of leaving player i waiting.
func (a *Arena) wait(i int, now time.Time) int64 {
	return waitCost + int64(now.Sub(a.ps[i].freeSince)/time.Second)*perSecond
}

// cost is the cost of pairing x with y: their rating difference, or
// impossible for a rematch that must wait.
func (a *Arena) cost(x, y int, now time.Time) int64 {
	px, py := &a.ps[x], &a.ps[y]
	if px.last == y || py.last == x {
		if len(a.free) > 2 || now.Sub(px.freeSince) < a.cfg.RematchAfter || now.Sub(py.freeSince) < a.cfg.RematchAfter {
			return impossible
		}
	}
	d := int64(px.rating - py.rating)
	if d < 0 {
		d = -d
	}
	return d
}

// start marks x and y playing and appends their game: white to the one
// who has had white less often (the higher rated on a tie).
func (a *Arena) start(dst []Pairing, x, y int) []Pairing {
	px, py := &a.ps[x], &a.ps[y]
	dx, dy := px.whites-px.blacks, py.whites-py.blacks
	if dy < dx || dy == dx && py.rating > px.rating {
		x, y, px, py = y, x, py, px
	}
	px.whites++
	py.blacks++
	px.playing, py.playing = y, x
	px.white, py.white = true, false
	return append(dst, Pairing{White: px.id, Black: py.id})
}
