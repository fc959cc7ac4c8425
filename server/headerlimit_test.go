package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"plateau/server"
)

// TestHeaderLimitExact sends requests whose request line and headers take
// exactly the documented limit, and one byte more: net/http reads 4096
// bytes beyond its MaxHeaderBytes, which let 20,480 bytes in (issue 67).
func TestHeaderLimitExact(t *testing.T) {
	ts := newTestServer(t, nil)
	l := server.DefaultHTTPLimits
	addr := serveLimited(t, ts.Srv, l)
	for _, tt := range []struct {
		size int
		want int
	}{
		{l.MaxHeaderBytes, http.StatusOK},
		{l.MaxHeaderBytes + 1, http.StatusRequestHeaderFieldsTooLarge},
		{l.MaxHeaderBytes + 4096, http.StatusRequestHeaderFieldsTooLarge},
	} {
		k := dialFrom(t, "127.0.0.1", addr)
		head := "GET /healthz HTTP/1.1\r\nHost: plateau\r\nX-Pad: "
		pad := tt.size - len(head) - len("\r\n\r\n")
		req := head + strings.Repeat("a", pad) + "\r\n\r\n"
		if len(req) != tt.size {
			t.Fatalf("request of %d bytes, want %d", len(req), tt.size)
		}
		k.c.SetDeadline(time.Now().Add(5 * time.Second))
		if _, err := fmt.Fprint(k.c, req); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(k.r, nil)
		if err != nil {
			t.Fatalf("headers of %d bytes: %v", tt.size, err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("request line and headers of %d bytes (limit %d): %d, want %d", tt.size, l.MaxHeaderBytes, resp.StatusCode, tt.want)
		}
	}
}
