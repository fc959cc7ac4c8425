package server_test

import (
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/account"
	"plateau/server"
)

// signInHeapBudget is the heap the server may reach while 200 sign-ins
// arrive at once (docs/api.md, --hash-memory): the password hashes
// computed at once are bounded by their memory, not by the attackers.
const signInHeapBudget = 256 << 20

// TestSignInBurstBounded is the attack of issue 67, item 1: 200 sign-ins
// at once from 20 addresses with unknown names, each one an argon2id hash
// of 19 MiB (account.DefaultParams). The heap stays under its budget
// during the burst, a normal request (GET /api/catalog) is answered within
// 100 ms (the median of those made during the burst), and every sign-in
// is answered: 401 when hashed, 503 busy with Retry-After when refused.
func TestSignInBurstBounded(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) {
		o.Passwords = account.DefaultParams
		o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
	})
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	burstDone := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // the heap, sampled through the burst
		defer close(sampled)
		for {
			metrics.Read(heap)
			peak = max(peak, heap[0].Value.Uint64())
			select {
			case <-burstDone:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	var latencies []time.Duration
	measured := make(chan struct{})
	go func() { // a normal client, on its own connection
		defer close(measured)
		c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
		for {
			start := time.Now()
			resp, err := c.Get(ts.URL + "/api/catalog")
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			latencies = append(latencies, time.Since(start))
			select {
			case <-burstDone:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	codes := make([]int, 200)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Go(func() {
			body := fmt.Sprintf(`{"name":"ghost%d","password":"not the password"}`, i)
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/account/signin", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i%20))
			resp, err := ts.HTTP.Do(req)
			if err != nil {
				t.Errorf("sign-in %d: %v", i, err)
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			codes[i] = resp.StatusCode
			if resp.StatusCode == http.StatusServiceUnavailable && (resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"busy"`)) {
				t.Errorf("sign-in %d: 503 without Retry-After or code busy: %s", i, b)
			}
		})
	}
	wg.Wait()
	close(burstDone)
	<-sampled
	<-measured
	hashed := 0
	for i, c := range codes {
		switch c {
		case http.StatusUnauthorized:
			hashed++
		case http.StatusServiceUnavailable:
		default:
			t.Errorf("sign-in %d: %d, want 401 (hashed) or 503 (refused)", i, c)
		}
	}
	if hashed == 0 {
		t.Errorf("no sign-in was hashed: %v", codes)
	}
	if peak > signInHeapBudget {
		t.Errorf("heap peaked at %d MiB during the burst, over its budget of %d MiB", peak>>20, signInHeapBudget>>20)
	}
	slices.Sort(latencies)
	if med := latencies[len(latencies)/2]; med > 100*time.Millisecond {
		t.Errorf("GET /api/catalog during the burst: median %v of %d requests (max %v), want under 100ms", med, len(latencies), latencies[len(latencies)-1])
	}
	t.Logf("heap peak %d MiB; %d sign-ins hashed, %d refused; GET /api/catalog median %v, max %v of %d", peak>>20, hashed, len(codes)-hashed,
		latencies[len(latencies)/2], latencies[len(latencies)-1], len(latencies))
}
