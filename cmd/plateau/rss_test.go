package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestVmRSS(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc (not Linux):", err)
	}
	b, err := vmRSS("/proc/self/status")
	if err != nil || b < 1<<20 {
		t.Fatalf("vmRSS(/proc/self/status) = %d, %v; want at least 1 MiB", b, err)
	}
	dir := t.TempDir()
	for _, tc := range []struct{ name, text, want string }{
		{"ok", "Name:\tx\nVmRSS:\t  2048 kB\nVmData:\t1 kB\n", ""},
		{"none", "Name:\tx\n", "no VmRSS line"},
		{"bad", "VmRSS:\tmany kB\n", `VmRSS "\tmany kB"`},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := vmRSS(path)
		switch {
		case tc.want == "" && (err != nil || b != 2048<<10):
			t.Errorf("%s: vmRSS = %d, %v; want 2 MiB", tc.name, b, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: vmRSS error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}

func TestSummarizeRSS(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	at := func(s int, mb int64) rssSample { return rssSample{t0.Add(time.Duration(s) * time.Second), mb << 20} }
	tests := []struct {
		name               string
		samples            []rssSample
		end, maxMB, last30 float64
	}{
		{"one sample", []rssSample{at(0, 100)}, 100, 100, 0},
		// The change is from the sample 30 s before the last, not 35.
		{"every 5 s", []rssSample{at(0, 50), at(5, 300), at(10, 310), at(15, 312), at(20, 315), at(25, 316), at(30, 320), at(35, 318), at(40, 325)},
			325, 325, 15},
		// A last sample off the 5 s grid: the first one within 30 s of it.
		{"late end", []rssSample{at(0, 200), at(5, 210), at(10, 220), at(15, 230), at(20, 240), at(25, 250), at(30, 260), at(37, 255)},
			255, 260, 35},
	}
	for _, tc := range tests {
		r := summarizeRSS(42, tc.samples)
		if r.PID != 42 || r.EndMB != tc.end || r.MaxMB != tc.maxMB || r.Last30 != tc.last30 || len(r.Samples) != len(tc.samples) {
			t.Errorf("%s: %+v, want end %v max %v last 30 s %+v", tc.name, r, tc.end, tc.maxMB, tc.last30)
		}
		if r.Samples[0] != float64(tc.samples[0].bytes>>20) || !slices.Contains(r.Samples, tc.maxMB) {
			t.Errorf("%s: samples %v", tc.name, r.Samples)
		}
	}
}

// --rss-pid names a process whose memory can be read, else it is a usage
// error before any client connects.
func TestLoadtestRSSPIDRefused(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc (not Linux):", err)
	}
	code, _, stderr := cli("", "loadtest", "--url", "http://127.0.0.1:1", "--clients", "2", "--rss-pid", "999999999")
	if code != 2 || !strings.Contains(stderr, "--rss-pid 999999999: open /proc/999999999/status") {
		t.Errorf("exit %d, stderr %q; want 2 and the unreadable /proc file named", code, stderr)
	}
}
