package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os" // served only with --pprof
	"slices"
	"strings"
	"time"

	"plateau/ai"
	aidames "plateau/ai/dames"
	"plateau/ai/level"
	"plateau/hints"
	"plateau/room"
	"plateau/server"
	"plateau/server/analysis"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "serve", "[--addr :8080] [--db sqlite:PATH|postgres://USER@HOST/DB]", "plateau serve --addr 127.0.0.1:8080 --db sqlite:data/plateau.db")
	addr := fs.String("addr", ":8080", "listen `address`")
	db := fs.String("db", "sqlite:data/plateau.db", "`database`: "+dbUsage)
	keyFile := fs.String("key", "", "the `file` of the key that signs finished games, made at the first start (default: PATH.key beside an SQLite database; with PostgreSQL, none: records unsigned)")
	perIP := fs.Int("conns-per-ip", 64, "WebSocket connections allowed per client address (-1: no limit)")
	v6prefix := fs.Int("ipv6-prefix", server.DefaultIPv6Prefix, "IPv6 prefix `length` every per-address limit counts as one address (128: each address alone)")
	rate := fs.Float64("rate", 20, "messages per second allowed per connection")
	wsBytes := fs.Int("ws-bytes", server.DefaultWSBytesPerSecond, "bytes per second a WebSocket client may send, every frame counted (bursts of twice as many); beyond, closed with 1008")
	aiTime := fs.Duration("ai-time", 2*time.Second, "time budget of one AI move")
	aiTTMiB := fs.Int("ai-tt-mib", aidames.DefaultTTMiB, "`MiB` of the transposition table of each dames max search (one per game the level plays)")
	aiWorkers := fs.Int("ai-workers", 2, "AI moves computed at once (games with a human seat served first)")
	reviews := fs.Int("reviews", analysis.DefaultReviews, "game reviews computed at once (GET /api/games/{id}/review); their searches use the AI workers after every live game's")
	reviewBudget := fs.Duration("review-budget", analysis.DefaultReviewBudget, "time of each search of a game review")
	admission := admissionFlags(fs)
	aiOnlyMax := fs.String("ai-only-max-level", server.DefaultAIOnlyMaxLevel, "strongest AI `level` of a game between AI seats only (stronger: refused)")
	idle := fs.Duration("idle", time.Minute, "unload a game's room after this long without clients")
	noPlayer := fs.Duration("no-player-timeout", 10*time.Minute, "unload a game's room after this long with spectators only (no seat holder connected), closing their WebSockets with 4000")
	perMinute := fs.Int("games-per-minute", server.DefaultGamesPerMinute, "games created per client address in any minute (-1: no limit)")
	liveGames := fs.Int("live-games-per-ip", server.DefaultLiveGames, "unfinished games created per client address and touched within --stale-game (-1: no limit)")
	stale := fs.Duration("stale-game", server.DefaultStaleGame, "delete games never started (no human move) and untouched this long (-1s: never)")
	maxRooms := fs.Int("max-rooms", server.DefaultMaxRooms, "games loaded in rooms at once; beyond, the least recently used without a client is unloaded (-1: no limit)")
	pingEvery := fs.Duration("ws-ping", server.DefaultPingInterval, "ping each WebSocket this often")
	pingTimeout := fs.Duration("ws-ping-timeout", server.DefaultPingTimeout, "close a WebSocket that answers no ping within this time and sends nothing meanwhile")
	signInBurst := fs.Int("signin-burst", server.DefaultSignInBurst, "sign-in and sign-up attempts per client address (IPv6: per /64) at once, and per name from addresses that failed on it (-1: no limit)")
	signInEvery := fs.Duration("signin-every", server.DefaultSignInEvery, "one more attempt of --signin-burst this often")
	pairBurst := fs.Int("signin-pair-burst", server.DefaultSignInPairBurst, "failed sign-ins on one name from one client address at once (-1: no limit)")
	pairEvery := fs.Duration("signin-pair-every", server.DefaultSignInPairEvery, "one more attempt of --signin-pair-burst this often")
	hl := server.DefaultHTTPLimits
	fs.DurationVar(&hl.ReadHeaderTimeout, "read-header-timeout", hl.ReadHeaderTimeout, "time to read a request's headers (0: none)")
	fs.DurationVar(&hl.ReadTimeout, "read-timeout", hl.ReadTimeout, "time to read a whole request, body included; not for WebSockets (0: none)")
	fs.DurationVar(&hl.WriteTimeout, "write-timeout", hl.WriteTimeout, "time to write a response; not for WebSockets (0: none)")
	fs.DurationVar(&hl.IdleTimeout, "idle-timeout", hl.IdleTimeout, "close keep-alive HTTP connections idle this long (0: none)")
	fs.IntVar(&hl.MaxHeaderBytes, "max-header-bytes", hl.MaxHeaderBytes, "largest request line and headers in bytes (beyond: 431)")
	fs.IntVar(&hl.MaxConns, "max-conns", hl.MaxConns, "open TCP connections in all (default: the file descriptor limit less 128 and a tenth; -1: no limit); at the cap a newcomer takes the place of one from the address holding the most, or is closed")
	fs.IntVar(&hl.ConnsPerAddr, "http-conns-per-ip", hl.ConnsPerAddr, "open TCP connections allowed per client address, WebSockets included; trusted proxies exempt (-1: no limit)")
	proxies := fs.String("trusted-proxy", "", "`CIDR,...` of reverse proxies whose X-Forwarded-For gives the client address (default none: the header is ignored)")
	instance := fs.String("instance-id", defaultInstance(), "this instance's `name` among those sharing a PostgreSQL database (its games' leases are held in this name)")
	leaseTTL := fs.Duration("lease-ttl", room.DefaultLeaseTTL, "with PostgreSQL: how long a game's lease lasts unless renewed (a dead instance's games are taken over after it)")
	leaseRenew := fs.Duration("lease-renew", room.DefaultLeaseRenew, "with PostgreSQL: how often an instance renews its games' leases (less than --lease-ttl)")
	storeWrite := fs.Duration("store-write-timeout", room.DefaultWriteTimeout, "answer storage_unavailable to a game's write not made within this time (a stalled disk)")
	healthChecks := fs.Int("health-checks", server.DefaultHealthChecks, "write outcomes in a row that change the readiness /healthz answers")
	moderators := fs.String("moderators", "", "`NAME,...` of the accounts that review the accounts marked by the fair-play statistics (GET /mod, docs/fairplay.md)")
	fairPlayBudget := fs.Duration("fairplay-budget", server.DefaultFairPlayBudget, "time of each search of the review that computes a rated game's fair-play statistics (the thresholds were measured at the default)")
	pprofAddr := fs.String("pprof", "", "serve net/http/pprof on this `address` (debugging; keep it on loopback)")
	farm := farmingFlags(fs)
	var origins multiFlag
	var hubFlags multiFlag
	fs.Var(&hubFlags, "hub-engine", "offer a Hub engine as a dames AI level `NAME=PATH[,ARG...]` (repeatable; Scan: scan=/opt/scan/scan,hub): a child process per AI seat, restarted after a crash, --ai-time a move")
	fs.Var(&origins, "origin", "also allow WebSockets from this origin host `pattern` (repeatable)")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("serve takes no arguments, got %q", pos)
	}
	for name, v := range map[string]int{"max-conns": hl.MaxConns, "games-per-minute": *perMinute, "live-games-per-ip": *liveGames, "max-rooms": *maxRooms, "conns-per-ip": *perIP,
		"signin-burst": *signInBurst, "signin-pair-burst": *pairBurst} {
		if v == 0 || v < -1 {
			return usagef("--%s %d: want a limit of at least 1, or -1 for none", name, v)
		}
	}
	if *wsBytes < 1 {
		return usagef("--ws-bytes %d: want at least 1", *wsBytes)
	}
	if err := checkFarming(farm); err != nil {
		return err
	}
	if *healthChecks < 1 {
		return usagef("--health-checks %d: want at least 1", *healthChecks)
	}
	adm, err := admission()
	if err != nil {
		return err
	}
	if *reviews < 1 {
		return usagef("--reviews %d: want at least 1", *reviews)
	}
	if *aiWorkers < 1 {
		return usagef("--ai-workers %d: want at least 1", *aiWorkers)
	}
	if *aiTTMiB < 1 {
		return usagef("--ai-tt-mib %d: want at least 1", *aiTTMiB)
	}
	if err := level.Check(); err != nil {
		return err
	}
	if !(*rate > 0) {
		return usagef("--rate %v: want a positive number of messages per second", *rate)
	}
	for name, d := range map[string]time.Duration{"ws-ping": *pingEvery, "ws-ping-timeout": *pingTimeout, "no-player-timeout": *noPlayer,
		"ai-time": *aiTime, "idle": *idle, "store-write-timeout": *storeWrite, "review-budget": *reviewBudget, "fairplay-budget": *fairPlayBudget, "lease-ttl": *leaseTTL, "lease-renew": *leaseRenew,
		"signin-every": *signInEvery, "signin-pair-every": *pairEvery} {
		if d <= 0 {
			return usagef("--%s %v: want a positive duration", name, d)
		}
	}
	if *v6prefix < 1 || *v6prefix > 128 {
		return usagef("--ipv6-prefix %d: want a prefix length from 1 to 128", *v6prefix)
	}
	if hl.MaxHeaderBytes <= server.MinHeaderBytes {
		return usagef("--max-header-bytes %d: want more than %d (net/http reads that much ahead)", hl.MaxHeaderBytes, server.MinHeaderBytes)
	}
	if *leaseRenew >= *leaseTTL {
		return usagef("--lease-renew %v: want less than --lease-ttl %v", *leaseRenew, *leaseTTL)
	}
	if *instance == "" {
		return usagef("--instance-id: want a name")
	}
	if !slices.Contains(level.Names, *aiOnlyMax) {
		return usagef("--ai-only-max-level %q: want one of %s", *aiOnlyMax, strings.Join(level.Names, ", "))
	}
	if *stale == 0 {
		return usagef("--stale-game 0: want a duration, or -1s never to delete games")
	}
	trusted, err := server.ParseTrustedProxies(*proxies)
	if err != nil {
		return usagef("--trusted-proxy: %v", err)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	if *pprofAddr != "" {
		go func() { log.Error("pprof", "err", http.ListenAndServe(*pprofAddr, nil)) }()
	}
	st, dbName, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	keys, err := serveKeys(log, *db, *keyFile)
	if err != nil {
		return err
	}
	engines, err := parseHubEngines(hubFlags)
	if err != nil {
		return err
	}
	srv := server.New(server.Options{
		Store: st, Games: e.games, Log: log, AI: aiPlayers(*aiTime, *aiTTMiB, engines), AILevels: append(slices.Clone(level.Names), engines.names()...),
		AIWorkers: *aiWorkers, AITime: *aiTime, IdleTimeout: *idle, PlayerlessTimeout: *noPlayer,
		Rate: *rate, Burst: int(2 * *rate), ConnsPerIP: *perIP, OriginPatterns: origins, IPv6Prefix: *v6prefix, WSBytesPerSecond: *wsBytes,
		Hints: hints.Providers(), TrustedProxies: trusted,
		GamesPerMinute: *perMinute, LiveGames: *liveGames, StaleGame: *stale, MaxRooms: *maxRooms,
		PingInterval: *pingEvery, PingTimeout: *pingTimeout, AIOnlyMaxLevel: *aiOnlyMax,
		Reviews: *reviews, ReviewBudget: *reviewBudget, Admission: adm,
		Instance: *instance, LeaseTTL: *leaseTTL, LeaseRenew: *leaseRenew, Keys: keys,
		WriteTimeout: *storeWrite, HealthChecks: *healthChecks,
		SignInBurst: *signInBurst, SignInEvery: *signInEvery, SignInPairBurst: *pairBurst, SignInPairEvery: *pairEvery, Farming: *farm,
		Moderators: moderatorNames(*moderators), FairPlayBudget: *fairPlayBudget,
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close()
		return err
	}
	hs := hl.HTTPServer(srv.Handler(), log)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(srv.Listener(ln, hl)) }()
	log.Info("listening", "addr", ln.Addr().String(), "db", dbName, "instance", *instance, "games", strings.Join(e.games.IDs(), ","))
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx) // stop accepting; HTTP requests finish
	srv.Close()             // WebSockets close, rooms finish their writes
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	if cerr := st.Close(); cerr != nil && err == nil {
		err = cerr
	}
	log.Info("stopped")
	return err
}

// aiPlayers makes AI seats' players from package ai/level, and from the
// Hub engines for dames.
func aiPlayers(budget time.Duration, ttMiB int, engines hubEngines) room.PlayerFactory {
	return func(gameID, name string) (ai.Player, error) {
		if p := engines.player(gameID, name, budget); p != nil {
			return p, nil
		}
		p, err := level.New(gameID, name, rand.Uint64(), level.Options{Time: budget, TTMiB: ttMiB})
		if err != nil {
			return nil, fmt.Errorf("AI %s for %s: %w", name, gameID, err)
		}
		return p, nil
	}
}

// defaultInstance is the default --instance-id: the host's name and the
// process id.
func defaultInstance() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "plateau"
	}
	return fmt.Sprintf("%s-%d", host, os.Getpid())
}
