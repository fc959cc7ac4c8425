package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"plateau/ai/level"
	"plateau/server/accounts"
	"plateau/server/analysis"
	"plateau/server/assets"
	serverfairplay "plateau/server/fairplay"
	"plateau/server/internal/httpx"
	"plateau/server/internal/wsconn"
	"plateau/server/levels"
	"plateau/server/lobby"
	"plateau/server/moderation"
	"plateau/server/play"
	"plateau/server/web"

	"plateau/account"
	"plateau/game"
	"plateau/record"
	"plateau/review"
	"plateau/room"
	"plateau/server/puzzles"
	"plateau/server/ratings"
	servertournament "plateau/server/tournament"
	"plateau/store"
)

// Options configures a Server.
type Options struct {
	// Store keeps the games. A store that several instances may share
	// (store/postgres: a store.Notifier and store.Leaser) makes this
	// server one instance of a cluster (docs/cluster.md).
	Store store.Store
	// Instance names this instance among those sharing the store (its
	// games' leases are held in its name); LeaseTTL and LeaseRenew tune
	// the leases (see room.Options).
	Instance             string
	LeaseTTL, LeaseRenew time.Duration
	Games                *game.Registry
	Log                  *slog.Logger
	// AI makes AI seats' players (default: random moves).
	AI room.PlayerFactory
	// AILevels are the accepted AI levels (default easy, medium, hard, max).
	AILevels []string
	// AIOnlyMaxLevel is the strongest AI level (of AILevels) a game of AI
	// seats only may have; stronger is refused at creation with a 400
	// naming the seats (default hard; a level not in AILevels: no bound).
	AIOnlyMaxLevel string
	// AIWorkers, AIKept and AITime bound the AI (see room.Options).
	AIWorkers int
	AIKept    int
	AITime    time.Duration
	// IdleTimeout unloads rooms without clients (default 1m).
	IdleTimeout time.Duration
	// PlayerlessTimeout unloads rooms whose clients are all spectators,
	// closing their WebSockets with 4000 (default 10m; see room.Options).
	PlayerlessTimeout time.Duration
	// PingInterval and PingTimeout keep WebSockets alive: the server pings
	// every PingInterval (default 30s) and closes, with code 1008, a
	// connection that answered no ping within PingTimeout (default 20s)
	// and sent no message meanwhile: PingInterval+PingTimeout at most
	// after its last sign of life.
	PingInterval time.Duration
	PingTimeout  time.Duration
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
	// IPv6Prefix is the length of the IPv6 prefix that every per-address
	// limit counts as one address (default 64: a host usually gets a
	// /64; 128: each address on its own). IPv4 addresses count alone.
	IPv6Prefix int
	// HelloTimeout closes with 1008 a WebSocket that sends no hello
	// within it (default 10s).
	HelloTimeout time.Duration
	// WSBytesPerSecond bounds the bytes a WebSocket client may send a
	// second, frames of every kind counted (default 64 KiB, bursts of
	// twice as many); the frames a second are bounded by twice Rate
	// (bursts of four times Burst). A connection over either is closed
	// with 1008.
	WSBytesPerSecond int
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
	// TrustedProxies are the proxies whose X-Forwarded-For gives the
	// client's address; from any other peer the header is ignored.
	TrustedProxies []netip.Prefix
	// GamesPerMinute bounds the games created from one client address
	// in any minute (default 10; negative: no limit).
	GamesPerMinute int
	// LiveGames bounds the live games created from one client address:
	// not finished and touched within StaleGame (default 20; negative:
	// no limit). Counted by this server process.
	LiveGames int
	// StaleGame: games never started (no human seat has moved) and
	// untouched this long are deleted (default 24h; negative: never).
	StaleGame time.Duration
	// MaxRooms bounds the games loaded in rooms (default 10000; negative:
	// no bound): see room.Options.
	MaxRooms int
	// Inactive is how long a game in progress may go without a move
	// before the lobby lists it as inactive instead of live (default
	// DefaultInactive).
	Inactive time.Duration
	// Reviews bounds the game reviews computed at once, server-wide
	// (default analysis.DefaultReviews, 1): more wait their turn. Each review's
	// searches run in the AI workers at the lowest priority (see GET
	// /api/games/{id}/review in docs/api.md).
	Reviews int
	// ReviewBudget caps each search of a review (default
	// DefaultReviewBudget, 750ms).
	ReviewBudget time.Duration
	// Reviewer reviews a game (default review.Review).
	Reviewer analysis.Reviewer
	// Now is the clock of the lobby, of the creation limits and of the
	// sweeper of stale games (default time.Now).
	Now func() time.Time
	// GamesNow is the clock of the games' events and time controls
	// (room.Options.Now; default time.Now): tests of correspondence games
	// move it days on.
	GamesNow func() time.Time
	// SessionTTL is how long a session lasts unused (default 30 days);
	// each use pushes its end back.
	SessionTTL time.Duration
	// SignInBurst and SignInEvery bound the sign-in and sign-up attempts:
	// per client address (IPv6 by /64), and per name for sign-ins from
	// addresses that failed on it, a burst of SignInBurst (default 10;
	// negative: no limit), then one every SignInEvery (default 30s).
	SignInBurst int
	SignInEvery time.Duration
	// SignInPairBurst and SignInPairEvery bound the failed sign-ins on one
	// name from one address (IPv6 by /64): a burst of SignInPairBurst
	// (default 5; negative: no limit), then one every SignInPairEvery
	// (default 5 min). See throttleSignIn.
	SignInPairBurst int
	SignInPairEvery time.Duration
	// Passwords are the argon2id parameters of new password hashes
	// (default account.DefaultParams).
	Passwords account.Params
	// WriteTimeout bounds each write of a game (default
	// room.DefaultWriteTimeout): past it the client is answered
	// storage_unavailable whatever the disk does.
	WriteTimeout time.Duration
	// HealthChecks is how many write outcomes in a row (probes of
	// /healthz, games' writes) change the readiness /healthz answers
	// (default DefaultHealthChecks).
	HealthChecks int
	// Admission bounds the expensive work (password hashing, analysis,
	// reviews) running and waiting, per client too (default
	// DefaultAdmission; see admit.go).
	Admission Admission
	// Ladder gives the Elo of a game's AI levels that GET /api/catalog
	// carries and the lobby shows beside each level (default
	// level.Ratings: the published ladder, ai/level/ladder.json).
	Ladder func(gameID string) []level.Rated
	// Keys, when set, sign every finished game's record (see
	// room.VerifySignature); their public keys are served at GET
	// /.well-known/plateau-key. Nil: records are not signed.
	Keys *record.Keys
	// Farming bounds rating farming: provisional ratings, rated games
	// per pair of accounts, sign-ups per address, seeks (farming.go).
	Farming FarmingLimits
	// Moderators names the accounts that may see the accounts marked for
	// a fair-play review and clear them (GET /mod, docs/fairplay.md).
	Moderators []string
	// FairPlayBudget caps each search of the review that computes a rated
	// game's fair-play statistics (default DefaultFairPlayBudget, the
	// budget the thresholds were measured with).
	FairPlayBudget time.Duration
	// Puzzles bounds each client's puzzle requests (default
	// puzzles.DefaultLimits).
	Puzzles puzzles.Limits
}

// Server serves the API. Create one with New, serve Handler, then Close.
type Server struct {
	o       Options
	rooms   *room.Manager
	metrics *metrics
	mux     *http.ServeMux
	closing chan struct{}
	// closed is cancelled with closing (see contextClosing).
	closed     context.Context
	stopClosed context.CancelFunc
	closeMu    sync.Once

	sock wsconn.Limits // every WebSocket's
	gate *wsconn.Gate  // the WebSockets served, per address

	health    *health
	creations *creations
	analysis  *analysis.Handler
	bg        sync.WaitGroup // the sweeper and the review jobs
	web       *assets.App
	catOnce   sync.Once
	catJSON   json.RawMessage

	startsOnce sync.Once
	startsJSON json.RawMessage

	lobby    *lobby.Handler    // the lobby's seeks
	accounts *accounts.Handler // the accounts, sessions and devices
	play     *play.Handler     // the games being played
	hashes   *httpx.Pool       // password hashing (admit.go)
	analyses *httpx.Pool       // the analysis board's searches (admit.go)
	creators *gameClients      // who created the recent games, for the AI workers' turns (admit.go)
	farm     *farming          // the limits on rating farming (farming.go)

	ratings  *ratings.Handler        // the ratings and leaderboards (server/ratings)
	fairplay *serverfairplay.Handler // rated games' fair-play statistics (server/fairplay)
	levels   *levels.Handler         // the computer levels' accounts and games (server/levels)

	tourneys *servertournament.Handler // the tournaments' API, nil without (tournaments.go)
	puzzles  *puzzles.Handler          // the puzzles (server/puzzles, puzzles.go)
}

// defaults fills in the options' defaults.
func (o *Options) defaults() {
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
	if o.Inactive <= 0 {
		o.Inactive = DefaultInactive
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Reviews <= 0 {
		o.Reviews = analysis.DefaultReviews
	}
	if o.ReviewBudget <= 0 {
		o.ReviewBudget = analysis.DefaultReviewBudget
	}
	if o.Reviewer == nil {
		o.Reviewer = review.Review
	}
	if o.FairPlayBudget <= 0 {
		o.FairPlayBudget = DefaultFairPlayBudget
	}
	if o.Ladder == nil {
		o.Ladder = level.Ratings
	}
	o.limitDefaults()
	o.keepAliveDefaults()
	o.netDefaults()
	o.accountDefaults()
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = room.DefaultWriteTimeout
	}
	if o.HealthChecks <= 0 {
		o.HealthChecks = DefaultHealthChecks
	}
	o.Farming = o.Farming.withDefaults()
	o.Admission = o.Admission.withDefaults()
}

// New returns a server for o.
func New(o Options) *Server {
	o.defaults()
	s := &Server{metrics: newMetrics(), closing: make(chan struct{})}
	s.closed, s.stopClosed = context.WithCancel(context.Background())
	s.health = &health{st: o.Store, need: o.HealthChecks}
	s.farm = newFarming(o.Farming)
	raw := o.Store
	o.Store = watch(o.Store, s.health)
	s.o = o
	s.gate = wsconn.NewGate(o.ConnsPerIP)
	s.sock = wsconn.Limits{MaxMessage: o.MaxMessage, Rate: o.Rate, Burst: o.Burst, BytesPerSecond: o.WSBytesPerSecond,
		HelloTimeout: o.HelloTimeout, PingInterval: o.PingInterval, PingTimeout: o.PingTimeout, OriginPatterns: o.OriginPatterns}
	s.admissionPools()
	s.creations = newCreations(o)
	s.bg.Add(1)
	go s.sweeper()
	s.ratings = ratings.New(ratings.Config{Store: o.Store, Games: o.Games, Log: o.Log, ProvisionalGames: o.Farming.ProvisionalGames})
	s.rooms = room.NewManager(room.Options{Store: o.Store, Games: o.Games, AI: o.AI, AIWorkers: o.AIWorkers, AIKept: o.AIKept, MaxRooms: o.MaxRooms,
		AITime: o.AITime, IdleTimeout: o.IdleTimeout, PlayerlessTimeout: o.PlayerlessTimeout, Log: o.Log, OnCommit: s.metrics.commit,
		Instance: o.Instance, LeaseTTL: o.LeaseTTL, LeaseRenew: o.LeaseRenew, WriteTimeout: o.WriteTimeout, AIClient: s.creators.of,
		Signer: o.signer(), RematchRated: s.rematchRated, OnRated: func(id string) { s.fairplay.Ended(id) }, Now: o.GamesNow})
	app, err := assets.New(web.FS)
	if err != nil {
		panic(err) // the embedded files are part of the binary
	}
	s.web = app
	s.accounts = accounts.New(accounts.Config{Store: o.Store, Games: o.Games, Rooms: s.rooms, Log: o.Log, Now: o.Now,
		SessionTTL: o.SessionTTL, SignInBurst: o.SignInBurst, SignInEvery: o.SignInEvery, SignInPairBurst: o.SignInPairBurst,
		SignInPairEvery: o.SignInPairEvery, Passwords: o.Passwords, PingInterval: o.PingInterval, Hashes: s.hashes, Hashing: s.hashing,
		LimitSignUp: s.limitSignUp, ClientAddr: s.clientAddr, Pages: app, Catalog: s.catalogJSON})
	s.analysis = analysis.New(analysis.Config{Store: o.Store, Games: o.Games, Rooms: s.rooms, Log: o.Log, Pages: app,
		Catalog: s.catalogJSON, Guard: guard{s}, ClientKey: s.clientKey, Searches: s.analyses,
		Reviews: o.Reviews, ReviewQueue: o.Admission.ReviewQueue, ReviewsPerClient: o.Admission.ReviewsPerClient,
		ReviewBudget: o.ReviewBudget, Reviewer: o.Reviewer, Reviewed: func(id string, g game.Game, cfg game.Config, moves []string) {
			s.puzzles.Reviewed(id, g, cfg, moves) // s.puzzles is made below
		}})
	s.lobby = lobby.New(lobby.Config{Store: o.Store, Games: o.Games, Rooms: s.rooms, Log: o.Log, Players: players{s},
		Limits: &s.sock, Gate: s.gate, Conns: s.metrics.conns, ClientAddr: s.clientAddr, Closing: s.contextClosing})
	s.play = play.New(play.Config{Store: o.Store, Games: o.Games, Rooms: s.rooms, Log: o.Log, Sessions: s.accounts, Errors: answers{s},
		Hints: o.Hints, Limits: &s.sock, Gate: s.gate, Conns: s.metrics.conns, IdleClosed: s.metrics.idleClosed,
		ClientAddr: s.clientAddr, Closing: s.contextClosing})
	s.serverMetrics()
	s.startPuzzles()
	s.fairplay = serverfairplay.New(serverfairplay.Config{Store: o.Store, Games: o.Games, Log: o.Log, Now: o.Now,
		Reviewer: o.Reviewer, Budget: o.FairPlayBudget, Worker: s.rooms.ReviewWorker})
	s.background(s.fairplay.Run)
	s.levels = levels.New(levels.Config{Store: o.Store, Games: o.Games, Rooms: s.rooms, Log: o.Log, Now: o.Now, Levels: o.AILevels,
		Ladder: o.Ladder, WriteTimeout: o.WriteTimeout, Sessions: s.accounts, Provisional: s.ratings.Provisional,
		MarkedReason: s.fairplay.MarkedReason, SeekRefusal: s.seekRefusal, PairedToday: s.pairedToday,
		PairGamesPerDay: o.Farming.PairGamesPerDay, ClientAddr: s.clientAddr, WriteFailed: s.writeFailed})
	s.background(s.levels.Start)
	s.startTournaments(raw)
	s.routes()
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.frontDoor(s.mux) }

// Close closes the WebSocket connections (going away) and stops the rooms,
// letting writes in progress finish. It does not close the store.
func (s *Server) Close() {
	s.closeMu.Do(func() {
		gone := s.gate.Close()
		close(s.closing)
		s.stopClosed()
		<-gone
		s.analysis.Close()
		s.bg.Wait()
		s.puzzles.Close()
		s.rooms.Close()
	})
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/catalog", s.catalog)
	m.HandleFunc("GET /api/starts", s.starts)
	m.HandleFunc("POST /api/games", s.create)
	m.HandleFunc("GET /api/games", s.list)
	s.play.Routes(m)
	s.ratings.Routes(m)
	s.lobby.Routes(m)
	s.levels.Routes(m)
	s.accounts.Routes(m)
	m.Handle("GET /api/account/your-move", s.yourMove())
	moderation.New(moderation.Config{Store: s.o.Store, Log: s.o.Log, Now: s.o.Now, Moderators: s.o.Moderators,
		Account: s.accounts.Seeker, Verdict: s.fairplay.Verdict}).Routes(m)
	s.puzzles.Routes(m)
	s.analysis.Routes(m)
	s.registerTournaments(m)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no API route %s %s", r.Method, r.URL.Path))
	})
	m.HandleFunc("GET /healthz", s.healthz)
	m.HandleFunc("GET /.well-known/plateau-key", s.recordKeys)
	m.Handle("GET /metrics", s.metrics.handler())
	app := s.web
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		app.Page(w, r, "", bootData{Catalog: s.catalogJSON(), Starts: s.startsView()})
	})
	m.HandleFunc("GET /g/{id}", s.gamePage)
	assets.NewHandler(app, s.o.Games, s.o.Log).Routes(m)
	s.mux = m
}

// storeError answers a store or room error.
func (s *Server) storeError(w http.ResponseWriter, id string, err error) {
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no game %q", id))
		return
	}
	if errors.Is(err, room.ErrTooManyRooms) {
		s.tooManyRooms(w, err)
		return
	}
	s.o.Log.Error("request failed", "game", id, "err", err)
	httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
}

func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(s.catalogJSON())
}

// catalogJSON is the catalog's JSON, built once.
func (s *Server) catalogJSON() json.RawMessage {
	s.catOnce.Do(func() {
		infos := []catalogEntry{}
		for _, g := range s.o.Games.Games() {
			infos = append(infos, catalogEntry{Info: game.Describe(g), Ladder: s.o.Ladder(g.ID())})
		}
		s.catJSON, _ = json.Marshal(infos)
	})
	return s.catJSON
}

// catalogEntry is a game of the catalog: its description and the
// published Elo of its AI levels (ai/level/ladder.json), one entry a
// number of players measured.
type catalogEntry struct {
	game.Info
	Ladder []level.Rated `json:"ladder,omitempty"`
}

// bootData is the JSON inlined in a page: what the page would fetch first.
type bootData struct {
	Catalog json.RawMessage `json:"catalog"`
	Starts  json.RawMessage `json:"starts,omitempty"` // the lobby's start positions (GET /api/starts)
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
	s.web.Page(w, r, renderer, boot)
}

// background runs fn in a goroutine until the server closes; Close waits
// for it.
func (s *Server) background(fn func(ctx context.Context)) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		ctx, cancel := s.contextClosing(context.Background())
		defer cancel()
		fn(ctx)
	}()
}

// contextClosing returns a context cancelled when the server closes. It
// takes no goroutine (one per WebSocket was 2,000 goroutine stacks at
// 2,000 clients).
func (s *Server) contextClosing(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	stop := context.AfterFunc(s.closed, cancel)
	return ctx, func() {
		stop()
		cancel()
	}
}
