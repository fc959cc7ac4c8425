package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	_ "net/http/pprof" // served only with --pprof
	"os"
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
	"plateau/server/puzzles"
)

// serveFlags are plateau serve's flags, most bound to the server's
// options.
type serveFlags struct {
	o                                                 server.Options
	hl                                                server.HTTPLimits
	addr, db, keyFile, proxies, moderators, pprofAddr string
	aiTTMiB                                           int
	origins, hubFlags                                 multiFlag
	admission                                         func() (server.Admission, error)
	farm                                              *server.FarmingLimits
	puzzles                                           *puzzles.Limits
}

func newServeFlags(fs *flag.FlagSet) *serveFlags {
	f := &serveFlags{hl: server.DefaultHTTPLimits}
	o, hl := &f.o, &f.hl
	fs.StringVar(&f.addr, "addr", ":8080", "listen `address`")
	fs.StringVar(&f.db, "db", "sqlite:data/plateau.db", "`database`: "+dbUsage)
	fs.StringVar(&f.keyFile, "key", "", "the `file` of the key that signs finished games, made at the first start (default: PATH.key beside an SQLite database; with PostgreSQL, none: records unsigned)")
	fs.IntVar(&o.ConnsPerIP, "conns-per-ip", 64, "WebSocket connections allowed per client address (-1: no limit)")
	fs.IntVar(&o.IPv6Prefix, "ipv6-prefix", server.DefaultIPv6Prefix, "IPv6 prefix `length` every per-address limit counts as one address (128: each address alone)")
	fs.Float64Var(&o.Rate, "rate", 20, "messages per second allowed per connection")
	fs.IntVar(&o.WSBytesPerSecond, "ws-bytes", server.DefaultWSBytesPerSecond, "bytes per second a WebSocket client may send, every frame counted (bursts of twice as many); beyond, closed with 1008")
	fs.DurationVar(&o.AITime, "ai-time", 2*time.Second, "time budget of one AI move")
	fs.IntVar(&f.aiTTMiB, "ai-tt-mib", aidames.DefaultTTMiB, "`MiB` of the transposition table of each dames max search (one per game the level plays)")
	fs.IntVar(&o.AIWorkers, "ai-workers", 2, "AI moves computed at once (games with a human seat served first)")
	fs.IntVar(&o.Reviews, "reviews", analysis.DefaultReviews, "game reviews computed at once (GET /api/games/{id}/review); their searches use the AI workers after every live game's")
	fs.DurationVar(&o.ReviewBudget, "review-budget", analysis.DefaultReviewBudget, "time of each search of a game review")
	f.admission = admissionFlags(fs)
	fs.StringVar(&o.AIOnlyMaxLevel, "ai-only-max-level", server.DefaultAIOnlyMaxLevel, "strongest AI `level` of a game between AI seats only (stronger: refused)")
	fs.DurationVar(&o.IdleTimeout, "idle", time.Minute, "unload a game's room after this long without clients")
	fs.DurationVar(&o.PlayerlessTimeout, "no-player-timeout", 10*time.Minute, "unload a game's room after this long with spectators only (no seat holder connected), closing their WebSockets with 4000")
	fs.IntVar(&o.GamesPerMinute, "games-per-minute", server.DefaultGamesPerMinute, "games created per client address in any minute (-1: no limit)")
	fs.IntVar(&o.LiveGames, "live-games-per-ip", server.DefaultLiveGames, "unfinished games created per client address and touched within --stale-game (-1: no limit)")
	fs.DurationVar(&o.StaleGame, "stale-game", server.DefaultStaleGame, "delete games never started (no human move) and untouched this long (-1s: never)")
	fs.IntVar(&o.MaxRooms, "max-rooms", server.DefaultMaxRooms, "games loaded in rooms at once; beyond, the least recently used without a client is unloaded (-1: no limit)")
	fs.DurationVar(&o.PingInterval, "ws-ping", server.DefaultPingInterval, "ping each WebSocket this often")
	fs.DurationVar(&o.PingTimeout, "ws-ping-timeout", server.DefaultPingTimeout, "close a WebSocket that answers no ping within this time and sends nothing meanwhile")
	fs.IntVar(&o.SignInBurst, "signin-burst", server.DefaultSignInBurst, "sign-in and sign-up attempts per client address (IPv6: per /64) at once, and per name from addresses that failed on it (-1: no limit)")
	fs.DurationVar(&o.SignInEvery, "signin-every", server.DefaultSignInEvery, "one more attempt of --signin-burst this often")
	fs.IntVar(&o.SignInPairBurst, "signin-pair-burst", server.DefaultSignInPairBurst, "failed sign-ins on one name from one client address at once (-1: no limit)")
	fs.DurationVar(&o.SignInPairEvery, "signin-pair-every", server.DefaultSignInPairEvery, "one more attempt of --signin-pair-burst this often")
	fs.DurationVar(&hl.ReadHeaderTimeout, "read-header-timeout", hl.ReadHeaderTimeout, "time to read a request's headers (0: none)")
	fs.DurationVar(&hl.ReadTimeout, "read-timeout", hl.ReadTimeout, "time to read a whole request, body included; not for WebSockets (0: none)")
	fs.DurationVar(&hl.WriteTimeout, "write-timeout", hl.WriteTimeout, "time to write a response; not for WebSockets (0: none)")
	fs.DurationVar(&hl.IdleTimeout, "idle-timeout", hl.IdleTimeout, "close keep-alive HTTP connections idle this long (0: none)")
	fs.IntVar(&hl.MaxHeaderBytes, "max-header-bytes", hl.MaxHeaderBytes, "largest request line and headers in bytes (beyond: 431)")
	fs.IntVar(&hl.MaxConns, "max-conns", hl.MaxConns, "open TCP connections in all (default: the file descriptor limit less 128 and a tenth; -1: no limit); at the cap a newcomer takes the place of one from the address holding the most, or is closed")
	fs.IntVar(&hl.ConnsPerAddr, "http-conns-per-ip", hl.ConnsPerAddr, "open TCP connections allowed per client address, WebSockets included; trusted proxies exempt (-1: no limit)")
	fs.StringVar(&f.proxies, "trusted-proxy", "", "`CIDR,...` of reverse proxies whose X-Forwarded-For gives the client address (default none: the header is ignored)")
	fs.StringVar(&o.Instance, "instance-id", defaultInstance(), "this instance's `name` among those sharing a PostgreSQL database (its games' leases are held in this name)")
	fs.DurationVar(&o.LeaseTTL, "lease-ttl", room.DefaultLeaseTTL, "with PostgreSQL: how long a game's lease lasts unless renewed (a dead instance's games are taken over after it)")
	fs.DurationVar(&o.LeaseRenew, "lease-renew", room.DefaultLeaseRenew, "with PostgreSQL: how often an instance renews its games' leases (less than --lease-ttl)")
	fs.DurationVar(&o.WriteTimeout, "store-write-timeout", room.DefaultWriteTimeout, "answer storage_unavailable to a game's write not made within this time (a stalled disk)")
	fs.IntVar(&o.HealthChecks, "health-checks", server.DefaultHealthChecks, "write outcomes in a row that change the readiness /healthz answers")
	fs.StringVar(&f.moderators, "moderators", "", "`NAME,...` of the accounts that review the accounts marked by the fair-play statistics (GET /mod, docs/fairplay.md)")
	fs.DurationVar(&o.FairPlayBudget, "fairplay-budget", server.DefaultFairPlayBudget, "time of each search of the review that computes a rated game's fair-play statistics (the thresholds were measured at the default)")
	fs.StringVar(&f.pprofAddr, "pprof", "", "serve net/http/pprof on this `address` (debugging; keep it on loopback)")
	f.farm = farmingFlags(fs)
	f.puzzles = puzzleFlags(fs)
	fs.Var(&f.hubFlags, "hub-engine", "offer a Hub engine as a dames AI level `NAME=PATH[,ARG...]` (repeatable; Scan: scan=/opt/scan/scan,hub): a child process per AI seat, restarted after a crash, --ai-time a move")
	fs.Var(&f.origins, "origin", "also allow WebSockets from this origin host `pattern` (repeatable)")
	return f
}

// check refuses the flags' values out of range, and completes the
// options that follow from them.
func (f *serveFlags) check() error {
	o, hl := &f.o, &f.hl
	for name, v := range map[string]int{"max-conns": hl.MaxConns, "games-per-minute": o.GamesPerMinute, "live-games-per-ip": o.LiveGames, "max-rooms": o.MaxRooms, "conns-per-ip": o.ConnsPerIP,
		"signin-burst": o.SignInBurst, "signin-pair-burst": o.SignInPairBurst} {
		if v == 0 || v < -1 {
			return usagef("--%s %d: want a limit of at least 1, or -1 for none", name, v)
		}
	}
	for name, v := range map[string]int{"ws-bytes": o.WSBytesPerSecond, "health-checks": o.HealthChecks, "reviews": o.Reviews, "ai-workers": o.AIWorkers, "ai-tt-mib": f.aiTTMiB} {
		if v < 1 {
			return usagef("--%s %d: want at least 1", name, v)
		}
	}
	if err := checkFarming(f.farm); err != nil {
		return err
	}
	o.Farming = *f.farm
	adm, err := f.admission()
	if err != nil {
		return err
	}
	o.Admission = adm
	if err := level.Check(); err != nil {
		return err
	}
	if !(o.Rate > 0) {
		return usagef("--rate %v: want a positive number of messages per second", o.Rate)
	}
	o.Burst = int(2 * o.Rate)
	for name, d := range map[string]time.Duration{"ws-ping": o.PingInterval, "ws-ping-timeout": o.PingTimeout, "no-player-timeout": o.PlayerlessTimeout,
		"ai-time": o.AITime, "idle": o.IdleTimeout, "store-write-timeout": o.WriteTimeout, "review-budget": o.ReviewBudget, "fairplay-budget": o.FairPlayBudget, "lease-ttl": o.LeaseTTL, "lease-renew": o.LeaseRenew,
		"signin-every": o.SignInEvery, "signin-pair-every": o.SignInPairEvery} {
		if d <= 0 {
			return usagef("--%s %v: want a positive duration", name, d)
		}
	}
	return f.checkRest()
}

// checkRest is check's other half: the checks of one flag each.
func (f *serveFlags) checkRest() error {
	o, hl := &f.o, &f.hl
	switch {
	case o.IPv6Prefix < 1 || o.IPv6Prefix > 128:
		return usagef("--ipv6-prefix %d: want a prefix length from 1 to 128", o.IPv6Prefix)
	case hl.MaxHeaderBytes <= server.MinHeaderBytes:
		return usagef("--max-header-bytes %d: want more than %d (net/http reads that much ahead)", hl.MaxHeaderBytes, server.MinHeaderBytes)
	case o.LeaseRenew >= o.LeaseTTL:
		return usagef("--lease-renew %v: want less than --lease-ttl %v", o.LeaseRenew, o.LeaseTTL)
	case o.Instance == "":
		return usagef("--instance-id: want a name")
	case !slices.Contains(level.Names, o.AIOnlyMaxLevel):
		return usagef("--ai-only-max-level %q: want one of %s", o.AIOnlyMaxLevel, strings.Join(level.Names, ", "))
	case o.StaleGame == 0:
		return usagef("--stale-game 0: want a duration, or -1s never to delete games")
	}
	trusted, err := server.ParseTrustedProxies(f.proxies)
	if err != nil {
		return usagef("--trusted-proxy: %v", err)
	}
	o.TrustedProxies = trusted
	o.OriginPatterns = f.origins
	o.Moderators = moderatorNames(f.moderators)
	o.Hints = hints.Providers()
	return nil
}

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "serve", "[--addr :8080] [--db sqlite:PATH|postgres://USER@HOST/DB]", "plateau serve --addr 127.0.0.1:8080 --db sqlite:data/plateau.db")
	f := newServeFlags(fs)
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("serve takes no arguments, got %q", pos)
	}
	if err := f.check(); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	if f.pprofAddr != "" {
		go func() { log.Error("pprof", "err", http.ListenAndServe(f.pprofAddr, nil)) }()
	}
	st, dbName, err := openStore(ctx, f.db)
	if err != nil {
		return err
	}
	defer st.Close()
	o := f.o
	if o.Keys, err = serveKeys(log, f.db, f.keyFile); err != nil {
		return err
	}
	engines, err := parseHubEngines(f.hubFlags)
	if err != nil {
		return err
	}
	o.Store, o.Games, o.Log = st, e.games, log
	o.Puzzles = *f.puzzles
	o.AI, o.AILevels = aiPlayers(o.AITime, f.aiTTMiB, engines), append(slices.Clone(level.Names), engines.names()...)
	srv := server.New(o)
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		srv.Close()
		return err
	}
	log.Info("listening", "addr", ln.Addr().String(), "db", dbName, "instance", o.Instance, "games", strings.Join(e.games.IDs(), ","))
	err = srv.Serve(ctx, ln, f.hl)
	if cerr := st.Close(); cerr != nil && err == nil {
		err = cerr
	}
	if ctx.Err() != nil {
		log.Info("stopped")
	}
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
