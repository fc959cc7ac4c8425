package main

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestServeFlagErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--trusted-proxy", "10.0.0.0/33"}, 2, `--trusted-proxy: trusted proxy "10.0.0.0/33" is not an IP address or a CIDR prefix`},
		{[]string{"--games-per-minute", "0"}, 2, "--games-per-minute 0: want a limit of at least 1, or -1 for none"},
		{[]string{"--live-games-per-ip", "-2"}, 2, "--live-games-per-ip -2: want a limit of at least 1, or -1 for none"},
		{[]string{"--conns-per-ip", "0"}, 2, "--conns-per-ip 0: want a limit of at least 1, or -1 for none"},
		{[]string{"--signin-burst", "0"}, 2, "--signin-burst 0: want a limit of at least 1, or -1 for none"},
		{[]string{"--signin-pair-burst", "-2"}, 2, "--signin-pair-burst -2: want a limit of at least 1, or -1 for none"},
		{[]string{"--signin-pair-every", "0s"}, 2, "--signin-pair-every 0s: want a positive duration"},
		{[]string{"--max-header-bytes", "4096"}, 2, "--max-header-bytes 4096: want more than 4096"},
		{[]string{"--ipv6-prefix", "129"}, 2, "--ipv6-prefix 129: want a prefix length from 1 to 128"},
		{[]string{"--ws-bytes", "0"}, 2, "--ws-bytes 0: want at least 1"},
		{[]string{"--max-conns", "0"}, 2, "--max-conns 0: want a limit of at least 1, or -1 for none"},
		{[]string{"--rated-pair-games-per-day", "0"}, 2, "--rated-pair-games-per-day 0: want a limit of at least 1, or -1 for none"},
		{[]string{"--signups-per-ip-per-day", "-2"}, 2, "--signups-per-ip-per-day -2: want a limit of at least 1, or -1 for none"},
		{[]string{"--ai-workers", "0"}, 2, "--ai-workers 0: want at least 1"},
		{[]string{"--rate", "-3"}, 2, "--rate -3: want a positive number of messages per second"},
		{[]string{"--rate", "NaN"}, 2, "--rate NaN: want a positive number of messages per second"},
		{[]string{"--ai-time", "0s"}, 2, "--ai-time 0s: want a positive duration"},
		{[]string{"--reviews", "0"}, 2, "--reviews 0: want at least 1"},
		{[]string{"--review-budget", "0s"}, 2, "--review-budget 0s: want a positive duration"},
		{[]string{"--hash-memory", "0"}, 2, "--hash-memory 0: want at least 1 MiB"},
		{[]string{"--hash-queue", "0"}, 2, "--hash-queue 0: want a limit of at least 1, or -1 for none"},
		{[]string{"--reviews-per-client", "-2"}, 2, "--reviews-per-client -2: want a limit of at least 1, or -1 for none"},
		{[]string{"--idle", "-1m"}, 2, "--idle -1m0s: want a positive duration"},
		{[]string{"--lease-renew", "6s", "--lease-ttl", "6s"}, 2, "--lease-renew 6s: want less than --lease-ttl 6s"},
		{[]string{"--instance-id", ""}, 2, "--instance-id: want a name"},
		{[]string{"--stale-game", "0s"}, 2, "--stale-game 0: want a duration, or -1s never to delete games"},
		{[]string{"--db", "sqlite:" + filepath.Join(file, "data", "p.db")}, 1,
			"the directory " + filepath.Join(file, "data") + " of the database is missing and cannot be created"},
	}
	for _, tt := range tests {
		code, _, stderr := cli("", append([]string{"serve", "--addr", "127.0.0.1:0"}, tt.args...)...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("serve %q: exit %d, %q; want %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}

// TestServeCutsSlowHeaders checks that "plateau serve" starts its HTTP
// server with --read-header-timeout: a connection that never ends its
// headers (the slow-header attack of issue 67) is closed.
func TestServeCutsSlowHeaders(t *testing.T) {
	_, base := startServe(t, "sqlite:"+filepath.Join(t.TempDir(), "p.db"), "--read-header-timeout", "200ms")
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: pla"); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	b, err := io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("a connection with unfinished headers still open after 10 s (read %q)", b)
	}
}
