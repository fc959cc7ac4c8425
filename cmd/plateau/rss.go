package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rssInterval is how often "plateau loadtest --rss-pid" samples.
const rssInterval = 5 * time.Second

// rssReport is the resident memory of a process over a load test.
type rssReport struct {
	PID     int       `json:"pid"`
	EndMB   float64   `json:"end_mb"`
	MaxMB   float64   `json:"max_mb"`
	Last30  float64   `json:"last_30s_mb"` // the change over the last 30 s
	Samples []float64 `json:"samples_mb"`  // every 5 s from the start
}

// vmRSS reads the resident set size, in bytes, from a /proc/PID/status file.
func vmRSS(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: VmRSS %q: %w", path, rest, err)
		}
		return kb << 10, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("%s: no VmRSS line", path)
}

// rssSample is one reading of a process's resident memory.
type rssSample struct {
	at    time.Time
	bytes int64
}

// rssSampler reads a process's resident memory every rssInterval.
type rssSampler struct {
	path    string
	mu      sync.Mutex
	samples []rssSample
	stop    context.CancelFunc
	done    chan struct{}
}

// sampleRSS starts sampling the resident memory of process pid; it fails
// if it cannot read it.
func sampleRSS(ctx context.Context, pid int) (*rssSampler, error) {
	s := &rssSampler{path: fmt.Sprintf("/proc/%d/status", pid), done: make(chan struct{})}
	if err := s.sample(); err != nil {
		return nil, fmt.Errorf("--rss-pid %d: %w", pid, err)
	}
	ctx, s.stop = context.WithCancel(ctx)
	go func() {
		defer close(s.done)
		t := time.NewTicker(rssInterval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				s.sample() // a process that ended keeps its last samples
			}
		}
	}()
	return s, nil
}

func (s *rssSampler) sample() error {
	b, err := vmRSS(s.path)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.samples = append(s.samples, rssSample{time.Now(), b})
	s.mu.Unlock()
	return nil
}

// report stops the sampling, takes a last sample and sums them up.
func (s *rssSampler) report(pid int) *rssReport {
	s.stop()
	<-s.done
	s.sample()
	return summarizeRSS(pid, s.samples)
}

// summarizeRSS sums up samples (at least one, in time order): the last,
// the largest, and the change since the first sample at most 30 s before
// the last.
func summarizeRSS(pid int, samples []rssSample) *rssReport {
	mb := func(b int64) float64 { return float64(b*10>>20) / 10 }
	r := &rssReport{PID: pid}
	end := samples[len(samples)-1]
	from := end
	for i := len(samples) - 1; i >= 0 && end.at.Sub(samples[i].at) <= 30*time.Second; i-- {
		from = samples[i]
	}
	for _, x := range samples {
		r.Samples = append(r.Samples, mb(x.bytes))
		r.MaxMB = max(r.MaxMB, mb(x.bytes))
	}
	r.EndMB, r.Last30 = mb(end.bytes), mb(end.bytes-from.bytes)
	return r
}
