package server

import (
	"net/http"
	"sync"
	"time"

	"plateau/server/internal/httpx"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's counters, gauges and histogram, served on GET
// /metrics in the Prometheus text format by client_golang from the
// server's own registry (two servers in one process, as in the tests,
// keep apart). The gauges read from the rest of the server are added by
// Server.serverMetrics.
type metrics struct {
	reg          *prometheus.Registry
	conns        prometheus.Gauge
	idleClosed   prometheus.Counter            // WebSockets closed for answering no ping
	events       prometheus.Counter            // events stored
	refusedGames map[string]prometheus.Counter // creations refused, by limit (the keys are fixed at creation)
	swept        prometheus.Counter            // stale games deleted
	refusedRooms prometheus.Counter            // requests refused because MaxRooms rooms were in use
	refusedConns prometheus.Counter            // TCP connections closed over the per-address or the global cap
	writes       prometheus.Histogram          // time to make a room's events durable

	mu     sync.Mutex
	perSec [16]int64 // events per second, ring indexed by unix second
	secOf  [16]int64
}

func newMetrics() *metrics {
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	refused := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_games_refused_total", Help: "Game creations refused by a limit."}, []string{"limit"})
	m := &metrics{
		reg:        prometheus.NewRegistry(),
		conns:      prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_connections", Help: "WebSocket connections open."}),
		idleClosed: counter("plateau_ws_idle_closed_total", "WebSockets closed for answering no ping and sending nothing."),
		events:     counter("plateau_events_total", "Game events stored (moves, rolls, ...)."),
		refusedGames: map[string]prometheus.Counter{
			"games-per-minute":  refused.WithLabelValues("games-per-minute"),
			"live-games-per-ip": refused.WithLabelValues("live-games-per-ip"),
		},
		swept:        counter("plateau_games_swept_total", "Games deleted as never started and stale."),
		refusedRooms: counter("plateau_rooms_refused_total", "Requests refused because every loaded room was in use (--max-rooms)."),
		refusedConns: counter("plateau_http_conns_refused_total", "TCP connections closed over the per-address or the global cap."),
		writes: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_write_seconds", Help: "Time to make a room's events durable.",
			Buckets: []float64{0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1}}),
	}
	m.reg.MustRegister(m.conns, m.idleClosed, m.events, refused, m.swept, m.refusedRooms, m.refusedConns, m.writes,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_moves_per_second", Help: "Events stored per second over the last 10 seconds."}, m.rate),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// gauge adds a gauge read at each scrape, labelled by labels (name, value
// pairs); fn is called without any lock of the metrics held.
func (m *metrics) gauge(name, help string, fn func() float64, labels ...string) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help, ConstLabels: constLabels(labels)}, fn))
}

// counter adds a counter read at each scrape, as gauge does.
func (m *metrics) counter(name, help string, fn func() float64, labels ...string) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: constLabels(labels)}, fn))
}

func constLabels(pairs []string) prometheus.Labels {
	if len(pairs) == 0 {
		return nil
	}
	l := prometheus.Labels{}
	for i := 0; i+1 < len(pairs); i += 2 {
		l[pairs[i]] = pairs[i+1]
	}
	return l
}

// handler serves the registry in the Prometheus text format.
func (m *metrics) handler() http.Handler { return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}) }

// commit counts events made durable in d (room.Options.OnCommit).
func (m *metrics) commit(events int, d time.Duration) {
	m.events.Add(float64(events))
	m.writes.Observe(d.Seconds())
	now := time.Now().Unix()
	m.mu.Lock()
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

// serverMetrics adds to s.metrics the gauges read from the rooms, the
// admission pools and, on a shared store, the cluster.
func (s *Server) serverMetrics() {
	m := s.metrics
	m.gauge("plateau_games_live", "Games loaded in a room.", func() float64 { return float64(s.rooms.Live()) })
	const queued = "AI searches waiting for a worker, by the game's kind."
	m.gauge("plateau_ai_queued", queued, func() float64 { h, _ := s.rooms.AIQueued(); return float64(h) }, "game", "facing_human")
	m.gauge("plateau_ai_queued", queued, func() float64 { _, a := s.rooms.AIQueued(); return float64(a) }, "game", "ai_only")
	m.gauge("plateau_ai_queued", queued, func() float64 { return float64(s.rooms.ReviewsQueued()) }, "game", "review")
	for _, x := range []struct {
		name string
		p    *httpx.Pool
	}{{"hash", s.hashes}, {"analysis", s.analyses}, {"review", s.analysis.ReviewPool()}} {
		m.gauge("plateau_admission_running", "Expensive work running, by pool.", func() float64 { r, _, _ := x.p.Stats(); return float64(r) }, "pool", x.name)
		m.gauge("plateau_admission_waiting", "Expensive work waiting for its turn, by pool.", func() float64 { _, w, _ := x.p.Stats(); return float64(w) }, "pool", x.name)
		m.counter("plateau_admission_refused_total", "Expensive work refused (503 busy), by pool.", func() float64 { _, _, n := x.p.Stats(); return float64(n) }, "pool", x.name)
	}
	if !s.shared() {
		return
	}
	m.gauge("plateau_instance_info", "This server instance among those sharing the database.", func() float64 { return 1 }, "instance", s.rooms.Instance())
	m.gauge("plateau_database_up", "Whether the database took the last write (1) or not (0).", func() float64 {
		if s.health.last() != nil {
			return 0
		}
		return 1
	})
	m.gauge("plateau_games_owned", "Loaded games whose lease this instance holds (it runs their clocks and AI seats).", func() float64 { return float64(s.rooms.Owned()) })
}
