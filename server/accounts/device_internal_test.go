package accounts

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestWithDevice(t *testing.T) {
	h := &Handler{}
	w := httptest.NewRecorder()
	r := h.WithDevice(w, httptest.NewRequest("GET", "/", nil))
	id := deviceOf(r.Context())
	if !validDevice(id) {
		t.Fatalf("new device id %q is not valid", id)
	}
	cs := w.Result().Cookies()
	if len(cs) != 1 || cs[0].Name != deviceCookie || cs[0].Value != id || !cs[0].HttpOnly {
		t.Fatalf("cookies set %v, want one HttpOnly %s=%s", cs, deviceCookie, id)
	}
	for _, tc := range []struct {
		cookie string
		kept   bool
	}{{id, true}, {"short", false}, {id[:21] + "!", false}} {
		w := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/", nil)
		req.AddCookie(&http.Cookie{Name: deviceCookie, Value: tc.cookie})
		got := deviceOf(h.WithDevice(w, req).Context())
		if (got == tc.cookie) != tc.kept || len(w.Result().Cookies()) == 0 == !tc.kept {
			t.Errorf("cookie %q: device %q, set %v; want kept %v", tc.cookie, got, w.Result().Cookies(), tc.kept)
		}
	}
}

func TestDevicesBounded(t *testing.T) {
	d := newDevices(10)
	t0 := time.Unix(1e9, 0)
	d.joined("a", "g1", [][]byte{[]byte("s1")}, t0)
	d.joined("b", "g1", [][]byte{[]byte("s1")}, t0.Add(time.Minute))
	if got := d.recentGames("a", -1); len(got) != 1 || got[0] != "g1" {
		t.Fatalf("games of a: %v", got)
	}
	if got := d.seatDevices([]byte("s1")); len(got) != 2 {
		t.Fatalf("devices of seat s1: %v, want a and b", got)
	}
	for i := range 20 {
		d.joined("c", string(rune('A'+i)), nil, t0.Add(2*time.Hour+time.Duration(i)*time.Minute))
	}
	if d.n > 10 {
		t.Fatalf("%d entries kept, bound 10", d.n)
	}
	if got := d.recentGames("a", -1); len(got) != 0 {
		t.Fatalf("the oldest entries were kept: games of a %v", got)
	}
}
