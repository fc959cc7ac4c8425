package accounts

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"plateau/account"
	"plateau/server/internal/httpx"
)

// Sign-in throttling (issue 66; the design and its reasons are in
// docs/fairplay.md, "Sign-in and passwords"). Three token buckets count a
// sign-in on name N from address A (clientAddr: IPv6 by --ipv6-prefix, /64):
//
//   - A's bucket (SignInBurst, SignInEvery) counts every sign-in and
//     sign-up from A: one address cannot guess many names.
//   - The pair (N, A)'s bucket (SignInPairBurst, SignInPairEvery, a
//     longer back-off) counts A's attempts on N and is forgotten when one
//     succeeds: so it counts failures, and a guesser at one address gets a
//     few tries on a name, then one every few minutes.
//   - N's bucket (SignInBurst, SignInEvery) counts every attempt on N from
//     any address, but refuses only an address that has failed on N in
//     the last SignInPairBurst × SignInPairEvery (25 minutes): a
//     distributed guesser gets one try per address and 25 minutes while N
//     is under attack, and the owner, signing in from an address that has
//     not failed, is never refused because of other addresses' guesses.

// failures remembers, for a while, the (name, address) pairs that failed
// to sign in.
type failures struct {
	keep time.Duration

	mu    sync.Mutex
	last  map[string]time.Time // by pair: the last failure
	swept time.Time
}

func newFailures(keep time.Duration) *failures {
	return &failures{keep: keep, last: map[string]time.Time{}}
}

// add notes a failure of key at now.
func (f *failures) add(key string, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if now.Sub(f.swept) >= time.Minute {
		f.swept = now
		for k, t := range f.last {
			if now.Sub(t) >= f.keep {
				delete(f.last, k)
			}
		}
	}
	f.last[key] = now
}

// recent reports whether key failed within the time kept before now.
func (f *failures) recent(key string, now time.Time) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.last[key]
	return ok && now.Sub(t) < f.keep
}

// forget drops key's failures.
func (f *failures) forget(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.last, key)
}

// forget drops key's bucket: it is full again.
func (a *attempts) forget(key string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keys.Forget(key)
}

// throttleSignIn takes a sign-in attempt on the name nameKey (store.NameKey)
// from r's address, or answers 429 with Retry-After and returns false. It
// returns the key of the (name, address) pair, for signedInAs or failedAs.
func (h *Handler) throttleSignIn(w http.ResponseWriter, r *http.Request, nameKey string) (pair string, ok bool) {
	now := h.c.Now()
	addr := h.c.ClientAddr(r)
	pair = addr + " " + nameKey // an address key has no space
	if ok, wait := h.signIns.allow("address:"+addr, now); !ok {
		refuseSignIn(w, "sign-in-per-address", "too many sign-in attempts from this address", wait)
		return pair, false
	}
	if ok, wait := h.signInPairs.allow(pair, now); !ok {
		refuseSignIn(w, "sign-in-per-name-and-address", "too many failed sign-ins to this name from this address", wait)
		return pair, false
	}
	if ok, wait := h.signIns.allow("name:"+nameKey, now); !ok && h.signInFailures.recent(pair, now) {
		refuseSignIn(w, "sign-in-per-name", "too many failed sign-ins to this name, and this address has failed on it", wait)
		return pair, false
	}
	return pair, true
}

// signInDone records the outcome of a sign-in attempt of pair: a success
// forgets the pair's failures, a failure is remembered.
func (h *Handler) signInDone(pair string, ok bool) {
	if ok {
		h.signInPairs.forget(pair)
		h.signInFailures.forget(pair)
		return
	}
	h.signInFailures.add(pair, h.c.Now())
}

// refuseSignIn answers 429 rate_limited naming the limit, why, and the
// seconds to wait (at least one), also in Retry-After.
func refuseSignIn(w http.ResponseWriter, limit, why string, wait time.Duration) {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	httpx.WriteJSON(w, http.StatusTooManyRequests, map[string]any{"error": map[string]any{
		"code": "rate_limited", "limit": limit, "retry_after": secs,
		"message": fmt.Sprintf("%s: retry in %d s", why, secs)}})
}

// refusePassword answers 400 for a password account.CheckPassword refused,
// with its reason (too_short, common, ...) for the client to say it in its
// language.
func refusePassword(w http.ResponseWriter, err error) {
	e := map[string]any{"code": "bad_request", "field": "password", "message": "password: " + err.Error()}
	var pe *account.PasswordError
	if errors.As(err, &pe) {
		e["reason"] = pe.Reason
	}
	httpx.WriteJSON(w, http.StatusBadRequest, map[string]any{"error": e})
}
