package e2e

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkNewPage opens a game page in a new browser context, as each
// player of a test does: the CPU the whole machine spent on it (chromium's
// processes, the server) is reported as cpu-ms/op, read from /proc/stat.
// Compare the browsers with PLATEAU_CHROMIUM:
//
//	cd e2e && PLATEAU_CHROMIUM=/usr/bin/chromium go test -run '^$' -bench NewPage -benchtime 20x
func BenchmarkNewPage(b *testing.B) {
	bctx := browser(b)
	base := startServer(b)
	a := newTab(b, bctx, "creator")
	a.open(base+"/", `!!document.body`)
	_, invite := postGame(a, `{game: 'dames', seats: [{kind: 'human'}, {kind: 'human'}]}`)
	before, ok := busyJiffies()
	b.ResetTimer()
	for b.Loop() {
		p := newTab(b, bctx, "player")
		p.open(base+invite, boardReady)
		p.close()
	}
	b.StopTimer()
	if after, ok2 := busyJiffies(); ok && ok2 {
		// USER_HZ is 100 on Linux: a jiffy is 10 ms.
		b.ReportMetric(float64(after-before)*10/float64(b.N), "cpu-ms/op")
	}
}

// busyJiffies is the machine's CPU time spent busy so far (user, nice,
// system, irq, softirq), from /proc/stat's first line.
func busyJiffies() (int64, bool) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, false
	}
	line, _, _ := strings.Cut(string(data), "\n")
	f := strings.Fields(line)
	if len(f) < 8 || f[0] != "cpu" {
		return 0, false
	}
	var sum int64
	for _, i := range []int{1, 2, 3, 6, 7} {
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return 0, false
		}
		sum += n
	}
	return sum, true
}
