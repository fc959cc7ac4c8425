package server

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// metrics are the server's counters, written in Prometheus text format.
type metrics struct {
	conns      atomic.Int64
	idleClosed atomic.Int64 // WebSockets closed for answering no ping
	events     atomic.Int64
	// refusedGames counts creations refused by each limit (the keys are
	// fixed at creation), swept the stale games deleted.
	refusedGames map[string]*atomic.Int64
	swept        atomic.Int64
	refusedRooms atomic.Int64 // requests refused because MaxRooms rooms were in use
	refusedConns atomic.Int64 // TCP connections closed over the per-address or the global cap

	mu      sync.Mutex
	buckets []float64 // write latency bucket bounds, seconds
	counts  []int64   // per bucket (not cumulative)
	sum     float64
	n       int64
	perSec  [16]int64 // events per second, ring indexed by unix second
	secOf   [16]int64
}

func newMetrics() *metrics {
	b := []float64{0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1}
	return &metrics{buckets: b, counts: make([]int64, len(b)+1),
		refusedGames: map[string]*atomic.Int64{"games-per-minute": {}, "live-games-per-ip": {}}}
}

func (m *metrics) commit(events int, d time.Duration) {
	m.events.Add(int64(events))
	s := d.Seconds()
	now := time.Now().Unix()
	m.mu.Lock()
	i := 0
	for i < len(m.buckets) && s > m.buckets[i] {
		i++
	}
	m.counts[i]++
	m.sum += s
	m.n++
	slot := now % int64(len(m.perSec))
	if m.secOf[slot] != now {
		m.secOf[slot], m.perSec[slot] = now, 0
	}
	m.perSec[slot] += int64(events)
	m.mu.Unlock()
}

// rate is the events per second over the last 10 full seconds.
func (m *metrics) rate() float64 {
	now := time.Now().Unix()
	m.mu.Lock()
	defer m.mu.Unlock()
	var total int64
	for i := range m.perSec {
		if age := now - m.secOf[i]; age >= 1 && age <= 10 {
			total += m.perSec[i]
		}
	}
	return float64(total) / 10
}

func (m *metrics) write(w io.Writer, live int) {
	fmt.Fprintf(w, "# HELP plateau_games_live Games loaded in a room.\n# TYPE plateau_games_live gauge\nplateau_games_live %d\n", live)
	fmt.Fprintf(w, "# HELP plateau_connections WebSocket connections open.\n# TYPE plateau_connections gauge\nplateau_connections %d\n", m.conns.Load())
	fmt.Fprintf(w, "# HELP plateau_ws_idle_closed_total WebSockets closed for answering no ping and sending nothing.\n# TYPE plateau_ws_idle_closed_total counter\nplateau_ws_idle_closed_total %d\n", m.idleClosed.Load())
	fmt.Fprintf(w, "# HELP plateau_events_total Game events stored (moves, rolls, ...).\n# TYPE plateau_events_total counter\nplateau_events_total %d\n", m.events.Load())
	fmt.Fprintf(w, "# HELP plateau_games_refused_total Game creations refused by a limit.\n# TYPE plateau_games_refused_total counter\n")
	for _, l := range []string{"games-per-minute", "live-games-per-ip"} {
		fmt.Fprintf(w, "plateau_games_refused_total{limit=%q} %d\n", l, m.refusedGames[l].Load())
	}
	fmt.Fprintf(w, "# HELP plateau_rooms_refused_total Requests refused because every loaded room was in use (--max-rooms).\n# TYPE plateau_rooms_refused_total counter\nplateau_rooms_refused_total %d\n", m.refusedRooms.Load())
	fmt.Fprintf(w, "# HELP plateau_http_conns_refused_total TCP connections closed over the per-address or the global cap.\n# TYPE plateau_http_conns_refused_total counter\nplateau_http_conns_refused_total %d\n", m.refusedConns.Load())
	fmt.Fprintf(w, "# HELP plateau_games_swept_total Games deleted as never started and stale.\n# TYPE plateau_games_swept_total counter\nplateau_games_swept_total %d\n", m.swept.Load())
	fmt.Fprintf(w, "# HELP plateau_moves_per_second Events stored per second over the last 10 seconds.\n# TYPE plateau_moves_per_second gauge\nplateau_moves_per_second %g\n", m.rate())
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintf(w, "# HELP plateau_write_seconds Time to make a room's events durable.\n# TYPE plateau_write_seconds histogram\n")
	var cum int64
	for i, b := range m.buckets {
		cum += m.counts[i]
		fmt.Fprintf(w, "plateau_write_seconds_bucket{le=\"%g\"} %d\n", b, cum)
	}
	cum += m.counts[len(m.buckets)]
	fmt.Fprintf(w, "plateau_write_seconds_bucket{le=\"+Inf\"} %d\nplateau_write_seconds_sum %g\nplateau_write_seconds_count %d\n", cum, m.sum, m.n)
}
