package server

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"plateau/game"
	"plateau/room"
	"plateau/store"
)

//go:embed web
var webFS embed.FS

// Options configures a Server.
type Options struct {
	Store store.Store
	Games *game.Registry
	Log   *slog.Logger
	// AI makes AI seats' players (default: random moves).
	AI room.PlayerFactory
	// AILevels are the accepted AI levels (default easy, medium, hard, max).
	AILevels []string
	// AIWorkers, AIKept and AITime bound the AI (see room.Options).
	AIWorkers int
	AIKept    int
	AITime    time.Duration
	// IdleTimeout unloads rooms without clients (default 1m).
	IdleTimeout time.Duration
	// MaxMessage is the largest client message in bytes (default 4096).
	MaxMessage int64
	// Rate and Burst bound the messages per second of one connection
	// (default 20/s, burst 40). A connection that goes on sending past
	// its limit is closed.
	Rate  float64
	Burst int
	// ConnsPerIP bounds the WebSocket connections from one address
	// (default 64; negative: no limit).
	ConnsPerIP int
	// OriginPatterns lists the other origins allowed to open WebSockets
	// (host patterns, see github.com/coder/websocket); the server's own
	// host is always allowed.
	OriginPatterns []string
	// Hints gives, per game ID, the hints of a position waiting for a
	// player's move (a solver's values of the legal moves), served by GET
	// /api/games/{id}/hints. A game absent from the map has no hints. The
	// function is only called with a state whose player to move is not
	// chance and that is not over; an error means the position has no
	// hints. It must be safe for concurrent use.
	Hints map[string]func(game.State) (any, error)
}

// Server serves the API. Create one with New, serve Handler, then Close.
type Server struct {
	o       Options
	rooms   *room.Manager
	metrics *metrics
	mux     *http.ServeMux
	closing chan struct{}
	closeMu sync.Once

	ipMu    sync.Mutex
	perIP   map[string]int
	nconn   int           // WebSocket connections being served, guarded by ipMu
	stopped bool          // Close was called, guarded by ipMu
	allGone chan struct{} // closed when the last connection ends after Close

	web     *webApp
	catOnce sync.Once
	catJSON json.RawMessage
}

// New returns a server for o.
func New(o Options) *Server {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if len(o.AILevels) == 0 {
		o.AILevels = []string{"easy", "medium", "hard", "max"}
	}
	if o.MaxMessage <= 0 {
		o.MaxMessage = 4096
	}
	if o.Rate <= 0 {
		o.Rate = 20
	}
	if o.Burst <= 0 {
		o.Burst = 40
	}
	if o.ConnsPerIP == 0 {
		o.ConnsPerIP = 64
	}
	s := &Server{o: o, metrics: newMetrics(), closing: make(chan struct{}), perIP: map[string]int{}, allGone: make(chan struct{})}
	s.rooms = room.NewManager(room.Options{Store: o.Store, Games: o.Games, AI: o.AI, AIWorkers: o.AIWorkers, AIKept: o.AIKept,
		AITime: o.AITime, IdleTimeout: o.IdleTimeout, Log: o.Log, OnCommit: s.metrics.commit})
	s.routes()
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// Close closes the WebSocket connections (going away) and stops the rooms,
// letting writes in progress finish. It does not close the store.
func (s *Server) Close() {
	s.closeMu.Do(func() {
		s.ipMu.Lock()
		s.stopped = true
		n := s.nconn
		s.ipMu.Unlock()
		close(s.closing)
		if n > 0 {
			<-s.allGone
		}
		s.rooms.Close()
	})
}

func (s *Server) routes() {
	web, _ := fs.Sub(webFS, "web")
	m := http.NewServeMux()
	m.HandleFunc("GET /api/catalog", s.catalog)
	m.HandleFunc("POST /api/games", s.create)
	m.HandleFunc("GET /api/games", s.list)
	m.HandleFunc("GET /api/games/{id}", s.get)
	m.HandleFunc("GET /api/games/{id}/export", s.export)
	m.HandleFunc("GET /api/games/{id}/export.pdn", s.exportPDN)
	m.HandleFunc("GET /api/games/{id}/ws", s.ws)
	m.HandleFunc("GET /api/games/{id}/hints", s.hints)
	m.HandleFunc("POST /api/games/{id}/seats/{seat}/claim", s.claim)
	m.HandleFunc("POST /api/positions", s.positionView)
	m.HandleFunc("POST /api/positions/play", s.positionPlay)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusNotFound, "not_found", fmt.Sprintf("no API route %s %s", r.Method, r.URL.Path))
	})
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok\n")
	})
	m.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		s.metrics.write(w, s.rooms.Live())
	})
	app, err := newWebApp(web)
	if err != nil {
		panic(err) // the embedded files are part of the binary
	}
	s.web = app
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		app.page(w, "", bootData{Catalog: s.catalogJSON()})
	})
	m.HandleFunc("GET /g/{id}", s.gamePage)
	m.HandleFunc("GET /rules/{game}", s.rulesPage)
	m.HandleFunc("GET /rules", s.rulesIndex)
	m.HandleFunc("GET /rules/{$}", s.rulesIndex)
	m.HandleFunc("GET /assets/{version}/{path...}", app.assets)
	m.HandleFunc("GET /static/{path...}", app.static)
	s.mux = m
}

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func httpError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]apiError{"error": {code, msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// storeError answers a store or room error.
func (s *Server) storeError(w http.ResponseWriter, id string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		httpError(w, http.StatusNotFound, "not_found", fmt.Sprintf("no game %q", id))
		return
	}
	s.o.Log.Error("request failed", "game", id, "err", err)
	httpError(w, http.StatusInternalServerError, "internal", "internal error")
}

func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(s.catalogJSON())
}

// catalogJSON is the catalog's JSON, built once.
func (s *Server) catalogJSON() json.RawMessage {
	s.catOnce.Do(func() {
		infos := []game.Info{}
		for _, g := range s.o.Games.Games() {
			infos = append(infos, game.Describe(g))
		}
		s.catJSON, _ = json.Marshal(infos)
	})
	return s.catJSON
}

// bootData is the JSON inlined in a page: what the page would fetch first.
type bootData struct {
	Catalog json.RawMessage `json:"catalog"`
	Game    *room.Summary   `json:"game,omitempty"`
	Missing string          `json:"missing,omitempty"` // the id of a game that does not exist
}

// gamePage serves /g/{id}: the page with the game's summary inline and
// its renderer preloaded.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	boot := bootData{Catalog: s.catalogJSON()}
	renderer := ""
	rm, err := s.rooms.Acquire(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		boot.Missing = id
	case err == nil:
		if sum, ok := rm.Summary(); ok {
			boot.Game = &sum
			renderer = sum.Game
		}
		s.rooms.Release(rm)
	}
	s.web.page(w, renderer, boot)
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant"`
	Seats   []struct {
		Kind  string `json:"kind"`
		Level string `json:"level"`
	} `json:"seats"`
	Casual bool `json:"casual"`
	// Clock is the optional time control.
	Clock *struct {
		Minutes   float64 `json:"minutes"`   // each timed seat's time for the game
		Increment float64 `json:"increment"` // seconds added after each move
	} `json:"clock"`
}

// CreatedSeat is one seat of POST /api/games's answer.
type CreatedSeat struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Level  string `json:"level,omitempty"`
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
}

// Created is POST /api/games's answer.
type Created struct {
	ID             string        `json:"id"`
	Seats          []CreatedSeat `json:"seats"`
	DiceCommitment string        `json:"dice_commitment"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return
	}
	g, err := s.o.Games.Lookup(req.Game)
	if err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if len(req.Seats) == 0 || len(req.Seats) > 16 {
		httpError(w, http.StatusBadRequest, "bad_request", "seats: give one seat per player")
		return
	}
	settings := map[string]string{}
	for k, v := range req.Variant {
		settings[k] = v
	}
	for _, o := range g.Options() {
		if _, ok := settings[o.Key]; o.Key == "players" && !ok {
			settings["players"] = strconv.Itoa(len(req.Seats))
		}
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	st, err := g.New(cfg)
	if err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if st.Players() != len(req.Seats) {
		httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("%s (%s) has %d players, got %d seats", g.ID(), cfg, st.Players(), len(req.Seats)))
		return
	}
	seats := make([]store.Seat, len(req.Seats))
	out := Created{Seats: make([]CreatedSeat, len(req.Seats))}
	tokens := make([]string, len(req.Seats))
	for i, rs := range req.Seats {
		switch rs.Kind {
		case store.Human:
			tokens[i] = room.NewToken()
			seats[i] = store.Seat{Kind: store.Human, TokenHash: room.HashToken(tokens[i])}
		case "open":
			seats[i] = store.Seat{Kind: store.Human, Open: true}
		case store.AI:
			level := rs.Level
			if level == "" {
				level = s.o.AILevels[0]
			}
			ok := false
			for _, l := range s.o.AILevels {
				ok = ok || l == level
			}
			if !ok {
				httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("seat %d: AI level %q is not one of %s", i, level, strings.Join(s.o.AILevels, ", ")))
				return
			}
			seats[i] = store.Seat{Kind: store.AI, Level: level}
		default:
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("seat %d: kind %q is not human, open or ai", i, rs.Kind))
			return
		}
	}
	rec, err := room.NewGameRecord(g.ID(), cfg, req.Casual, seats)
	if err != nil {
		s.storeError(w, "", err)
		return
	}
	if c := req.Clock; c != nil {
		if !(c.Minutes > 0 && c.Minutes <= 24*60) || !(c.Increment >= 0 && c.Increment <= 600) {
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("clock: %v minutes + %v seconds: want minutes in (0, 1440] and an increment of 0 to 600 seconds", c.Minutes, c.Increment))
			return
		}
		rec.Clock = store.Clock{Initial: time.Duration(c.Minutes * float64(time.Minute)).Round(time.Millisecond),
			Increment: time.Duration(c.Increment * float64(time.Second)).Round(time.Millisecond)}
	}
	if err := s.o.Store.Create(r.Context(), rec); err != nil {
		s.storeError(w, rec.ID, err)
		return
	}
	out.ID = rec.ID
	out.DiceCommitment = room.SummaryOf(rec).Dice.Commitment
	for i, st := range seats {
		out.Seats[i] = CreatedSeat{Seat: i, Kind: st.Kind, Level: st.Level}
		if st.Open {
			out.Seats[i].Kind = "open"
		} else if st.Kind == store.Human {
			out.Seats[i].Token = tokens[i]
			out.Seats[i].Invite = fmt.Sprintf("/g/%s?seat=%d&token=%s", rec.ID, i, tokens[i])
		}
	}
	// Load the room so that it rolls the opening dice and starts AI seats.
	if rm, err := s.rooms.Acquire(r.Context(), rec.ID); err == nil {
		s.rooms.Release(rm)
	}
	s.o.Log.Info("game created", "game", rec.ID, "engine", g.ID(), "variant", cfg.String())
	writeJSON(w, http.StatusCreated, out)
}

// Claimed is the answer of POST /api/games/{id}/seats/{seat}/claim.
type Claimed struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite"`
}

// claim gives an open seat to whoever asks first.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("seat %q is not a number", r.PathValue("seat")))
		return
	}
	rm, err := s.rooms.Acquire(r.Context(), id)
	if err != nil {
		s.storeError(w, id, err)
		return
	}
	defer s.rooms.Release(rm)
	tok, ref := rm.Claim(r.Context(), seat)
	if ref != nil {
		status := map[string]int{"not_found": http.StatusNotFound, "internal": http.StatusInternalServerError}[ref.Code]
		if status == 0 {
			status = http.StatusConflict
		}
		httpError(w, status, ref.Code, ref.Message)
		return
	}
	s.o.Log.Info("seat claimed", "game", id, "seat", seat)
	writeJSON(w, http.StatusOK, Claimed{ID: id, Seat: seat, Token: tok, Invite: fmt.Sprintf("/g/%s?seat=%d&token=%s", id, seat, tok)})
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.Filter{Status: q.Get("status"), Limit: 50}
	switch f.Status {
	case "", store.StatusOpen, store.StatusLive, store.StatusFinished:
	default:
		httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("status %q is not open, live or finished", f.Status))
		return
	}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 200 {
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("limit %q is not a number from 1 to 200", l))
			return
		}
		f.Limit = n
	}
	gs, err := s.o.Store.List(r.Context(), f)
	if err != nil {
		s.storeError(w, "", err)
		return
	}
	out := []room.Summary{}
	for _, g := range gs {
		out = append(out, room.SummaryOf(g))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rm, err := s.rooms.Acquire(r.Context(), id)
	if err != nil {
		s.storeError(w, id, err)
		return
	}
	defer s.rooms.Release(rm)
	sum, ok := rm.Summary()
	if !ok {
		httpError(w, http.StatusServiceUnavailable, "internal", "the game's room closed: retry")
		return
	}
	writeJSON(w, http.StatusOK, sum)
}

func (s *Server) exportOf(r *http.Request) (room.Export, error) {
	id := r.PathValue("id")
	rec, err := s.o.Store.Game(r.Context(), id)
	if err != nil {
		return room.Export{}, err
	}
	evs, err := s.o.Store.Events(r.Context(), id, 0)
	if err != nil {
		return room.Export{}, err
	}
	return room.ExportOf(rec, evs), nil
}

func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	x, err := s.exportOf(r)
	if err != nil {
		s.storeError(w, r.PathValue("id"), err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "plateau-"+x.ID+".json"))
	writeJSON(w, http.StatusOK, x)
}

// clientIP is the address a request comes from (no proxy headers trusted).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// contextClosing returns a context cancelled when the server closes.
func (s *Server) contextClosing(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		select {
		case <-s.closing:
		case <-ctx.Done():
		}
		cancel()
	}()
	return ctx, cancel
}
