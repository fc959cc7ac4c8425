package accounts

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"slices"
	"sync"
	"time"

	"plateau/server/internal/httpx"
)

// A device is one browser (or client): the HttpOnly cookie plateau_device
// holds a random id, set on the first answer to a request without it. It
// is not a secret that proves anything (a client may clear it or send
// another), but it lets the server tell one browser's requests from
// another's without an account: which device joined which seat (the
// seats it may claim, the live games whose positions it gets no
// computer help for).
const deviceCookie = "plateau_device"

// deviceTTL is how long a device cookie lasts (pushed back by no use).
const deviceTTL = 400 * 24 * time.Hour

// deviceKey is the context key of a request's device id.
type deviceKey struct{}

// withDevice returns r carrying its device id: the cookie's, or a new one
// whose cookie is set on w.
func (h *Handler) WithDevice(w http.ResponseWriter, r *http.Request) *http.Request {
	id := ""
	if c, err := r.Cookie(deviceCookie); err == nil && validDevice(c.Value) {
		id = c.Value
	} else {
		b := make([]byte, 16)
		rand.Read(b)
		id = base64.RawURLEncoding.EncodeToString(b)
		http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: id, Path: "/", MaxAge: int(deviceTTL.Seconds()), HttpOnly: true,
			Secure: r.TLS != nil || httpx.ViaHTTPS(r), SameSite: http.SameSiteLaxMode})
	}
	return r.WithContext(context.WithValue(r.Context(), deviceKey{}, id))
}

// validDevice reports whether v has the shape of a device id: 22
// characters of base64url (16 random bytes).
func validDevice(v string) bool {
	if len(v) != 22 {
		return false
	}
	for _, c := range []byte(v) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// deviceOf is the device id that ctx (a request's) carries, "" if none.
func deviceOf(ctx context.Context) string {
	id, _ := ctx.Value(deviceKey{}).(string)
	return id
}

// devices remembers which devices joined which games with seat tokens, in
// this process's memory (a restart forgets it; in a cluster each instance
// knows the devices that connected to it). It is bounded: past maxEntries
// seat uses the oldest are forgotten.
type devices struct {
	mu    sync.Mutex
	games map[string]map[string]time.Time // device → game → last join
	seats map[string]map[string]time.Time // seat token's hash → device → last join
	n     int                             // entries of games and seats
	max   int
}

// maxDeviceEntries bounds the devices' memory (about 100 bytes an entry).
const maxDeviceEntries = 200_000

func newDevices(max int) *devices {
	return &devices{games: map[string]map[string]time.Time{}, seats: map[string]map[string]time.Time{}, max: max}
}

// joined records that device joined game with the seat tokens whose
// hashes are seats, at now.
func (d *devices) joined(device, game string, seats [][]byte, now time.Time) {
	if device == "" {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.n += put(d.games, device, game, now)
	for _, h := range seats {
		d.n += put(d.seats, string(h), device, now)
	}
	if d.n > d.max {
		d.forgetBefore(now.Add(-time.Hour))
	}
}

// put sets m[k][v] to t, and returns 1 if the entry is new.
func put(m map[string]map[string]time.Time, k, v string, t time.Time) int {
	in := m[k]
	if in == nil {
		in = map[string]time.Time{}
		m[k] = in
	}
	_, had := in[v]
	in[v] = t
	if had {
		return 0
	}
	return 1
}

// forgetBefore drops the entries last used before t, and, if that is not
// enough, all but the newest half hour's. Called with d.mu held.
func (d *devices) forgetBefore(t time.Time) {
	for _, m := range []map[string]map[string]time.Time{d.games, d.seats} {
		for k, in := range m {
			for v, at := range in {
				if at.Before(t) {
					delete(in, v)
					d.n--
				}
			}
			if len(in) == 0 {
				delete(m, k)
			}
		}
	}
	if d.n > d.max {
		d.forgetBefore(t.Add(30 * time.Minute))
	}
}

// recentGames returns the n games (all if n < 0) that device joined a
// seat of most recently, newest first.
func (d *devices) recentGames(device string, n int) []string {
	if device == "" {
		return nil
	}
	d.mu.Lock()
	joined := d.games[device]
	out := make([]string, 0, len(joined))
	for g := range joined {
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b string) int { return joined[b].Compare(joined[a]) })
	d.mu.Unlock()
	if n >= 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// seatDevices returns the devices that joined the seat of the token with
// hash h.
func (d *devices) seatDevices(h []byte) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []string
	for dev := range d.seats[string(h)] {
		out = append(out, dev)
	}
	return out
}
