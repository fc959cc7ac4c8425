package server

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"plateau/seek"
	"plateau/server/internal/httpx"
)

// FarmingLimits bound what rating farming needs: many rated games between
// accounts one person holds (issue 66; docs/fairplay.md, Farming). The
// other half of the defence is in package room: a rated game ended
// before each side made two moves is aborted, not rated.
type FarmingLimits struct {
	// ProvisionalGames: a rating of fewer rated games is provisional
	// (shown "1500?", kept off the leaderboard's ranked list) whatever
	// its deviation (default DefaultProvisionalGames; negative: the
	// deviation alone decides, rating.ProvisionalRD).
	ProvisionalGames int
	// PairGamesPerDay bounds the rated games the same two accounts are
	// paired in within any 24 hours, aborted ones included (default
	// DefaultPairGamesPerDay; negative: no limit). Past it their seeks do
	// not pair, an accept is refused, and a rematch is unrated.
	PairGamesPerDay int
	// SignUpsPerDay bounds the accounts created from one client address
	// within any 24 hours (default DefaultSignUpsPerDay; negative: no
	// limit). Counted by this server process.
	SignUpsPerDay int
	// SeeksPerMinute bounds the seeks and accepts of one account, and of
	// one client address, on the lobby's socket: a burst of that many,
	// then one every minute/SeeksPerMinute (default
	// DefaultSeeksPerMinute; negative: no limit).
	SeeksPerMinute int
}

// The defaults of FarmingLimits.
const (
	DefaultProvisionalGames = 10
	DefaultPairGamesPerDay  = 10
	DefaultSignUpsPerDay    = 5
	DefaultSeeksPerMinute   = 12
)

// day is the window of the per-day limits.
const day = 24 * time.Hour

func (f FarmingLimits) withDefaults() FarmingLimits {
	if f.ProvisionalGames == 0 {
		f.ProvisionalGames = DefaultProvisionalGames
	}
	if f.PairGamesPerDay == 0 {
		f.PairGamesPerDay = DefaultPairGamesPerDay
	}
	if f.SignUpsPerDay == 0 {
		f.SignUpsPerDay = DefaultSignUpsPerDay
	}
	if f.SeeksPerMinute == 0 {
		f.SeeksPerMinute = DefaultSeeksPerMinute
	}
	return f
}

// farming keeps the in-memory counts of FarmingLimits.
type farming struct {
	lim FarmingLimits

	mu      sync.Mutex
	signUps map[string][]time.Time // per address, the sign-ups of the last day, oldest first
	seeks   httpx.Limiters         // per "account:" or "address:" key
	swept   time.Time
}

func newFarming(lim FarmingLimits) *farming {
	return &farming{lim: lim, signUps: map[string][]time.Time{}, seeks: httpx.NewLimiters(rate.Limit(float64(lim.SeeksPerMinute)/60), lim.SeeksPerMinute)}
}

// sweep forgets, at most once a minute, the addresses whose sign-ups are a
// day old and the seek buckets full again. f.mu is held.
func (f *farming) sweep(now time.Time) {
	if now.Sub(f.swept) < time.Minute {
		return
	}
	f.swept = now
	for k, ts := range f.signUps {
		if now.Sub(ts[len(ts)-1]) >= day {
			delete(f.signUps, k)
		}
	}
	f.seeks.Sweep(now)
}

// reserveSignUp counts a sign-up from address ip at now, or says how long
// until one is allowed. The caller gives the reservation back (release)
// when the account is not created after all.
func (f *farming) reserveSignUp(ip string, now time.Time) (release func(), wait time.Duration) {
	if f.lim.SignUpsPerDay < 0 {
		return func() {}, 0
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sweep(now)
	ts := f.signUps[ip]
	for len(ts) > 0 && now.Sub(ts[0]) >= day {
		ts = ts[1:]
	}
	if len(ts) >= f.lim.SignUpsPerDay {
		f.signUps[ip] = ts
		return nil, ts[0].Add(day).Sub(now)
	}
	f.signUps[ip] = append(ts, now)
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		ts := f.signUps[ip]
		for i := len(ts) - 1; i >= 0; i-- {
			if ts[i].Equal(now) {
				f.signUps[ip] = append(ts[:i:i], ts[i+1:]...)
				break
			}
		}
	}, 0
}

// allowSeek takes a seek (or accept) of account from address ip at now
// from both their buckets, or says how long to wait.
func (f *farming) allowSeek(account, ip string, now time.Time) (bool, time.Duration) {
	if f.lim.SeeksPerMinute < 0 {
		return true, 0
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sweep(now)
	ls := [...]*rate.Limiter{f.seeks.Of("account:" + account), f.seeks.Of("address:" + ip)}
	for _, l := range ls {
		if wait := httpx.WaitFor(l, now); wait > 0 {
			return false, wait
		}
	}
	for _, l := range ls {
		l.AllowN(now, 1)
	}
	return true, 0
}

// seekRefusal is why a seek or an accept of account from ip is refused
// now ("" when it is not).
func (s *Server) seekRefusal(account, ip string) string {
	ok, wait := s.farm.allowSeek(account, ip, s.o.Now())
	if ok {
		return ""
	}
	return fmt.Sprintf("too many seeks: %d a minute per player and per address; retry in %d s", s.farm.lim.SeeksPerMinute, max(1, int(math.Ceil(wait.Seconds()))))
}

// limitSignUp refuses with 429 a sign-up from the client's address past
// SignUpsPerDay; otherwise it returns the release of the reservation
// (called when the account is not created).
func (s *Server) limitSignUp(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	release, wait := s.farm.reserveSignUp(httpx.ClientIP(r), s.o.Now())
	if release != nil {
		return release, true
	}
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	httpx.WriteJSON(w, http.StatusTooManyRequests, map[string]any{"error": map[string]any{
		"code": "rate_limited", "limit": "sign-ups-per-address", "retry_after": secs,
		"message": fmt.Sprintf("%d accounts were created from this address within a day: retry in %d s", s.farm.lim.SignUpsPerDay, secs)}})
	return nil, false
}

// pairedToday reports whether accounts a and b have had PairGamesPerDay
// rated games or more within a day: no more rated pairing of them.
func (s *Server) pairedToday(ctx context.Context, a, b string) (bool, error) {
	if s.farm.lim.PairGamesPerDay < 0 {
		return false, nil
	}
	n, err := s.o.Store.RatedPairings(ctx, a, b, s.o.Now().Add(-day))
	return n >= s.farm.lim.PairGamesPerDay, err
}

// rematchRated says whether the rematch of a rated game between accounts
// is rated: not once the two have played their rated games of the day (a
// store error also makes it unrated, and is logged).
func (s *Server) rematchRated(ctx context.Context, accounts []string) bool {
	if len(accounts) != 2 {
		return true // RateOf refuses it at its end, as before
	}
	done, err := s.pairedToday(ctx, accounts[0], accounts[1])
	if err != nil {
		s.o.Log.Error("rematch: rated games of the pair", "err", err)
	}
	return err == nil && !done
}

// pairRefusal is why account may not take the open seek o now ("" when it
// may): a rated seek of an owner it has played its rated games of the
// day with.
func (s *Server) pairRefusal(ctx context.Context, account string, o seek.Seek) string {
	if !o.Rated {
		return ""
	}
	done, err := s.pairedToday(ctx, account, o.Owner)
	if err != nil {
		s.o.Log.Error("seeks: rated games of the pair", "err", err)
		return "the rated games of the day could not be counted: retry"
	}
	if done {
		return fmt.Sprintf("you and %s have played %d rated games within a day: play casual, or rated against someone else", o.Name, s.farm.lim.PairGamesPerDay)
	}
	return ""
}

// pairedOut is the skip of seek.Board.AddExcept for me: the open seeks me
// must not be paired with (rated, and their owner has played its rated
// games of the day with me's).
func (s *Server) pairedOut(ctx context.Context, me seek.Seek) func(seek.Seek) bool {
	if !me.Rated {
		return nil
	}
	return func(o seek.Seek) bool { return s.pairRefusal(ctx, me.Owner, o) != "" }
}
