package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"plateau/ai"
	"plateau/ai/arena"
	"plateau/ai/ladder"
	"plateau/ai/level"
	"plateau/game"
)

// ladderFlags are plateau ladder's flags.
type ladderFlags struct {
	a                                   gameArgs
	levels, games, out, code, gamesDir  *string
	all, asJSON, quiet, luck            *bool
	seed                                *uint64
	limit                               *time.Duration
	nodes                               *int64
	anchor, resignScore                 *float64
	boot, opening, workers, resignMoves *int
}

func newLadderFlags(fs *flag.FlagSet) *ladderFlags {
	f := &ladderFlags{}
	fs.Var(&f.a.variants, "variant", "variant option `key=value` (repeatable)")
	f.levels = fs.String("levels", strings.Join(level.Names, ","), "the levels, weakest first, comma-separated; the first is the anchor")
	f.games = fs.String("games", "30", "games per pairing; or a comma-separated list, the games of each level against the one below it (as many as the pairings)")
	f.all = fs.Bool("all", false, "play every pair of levels, not only adjacent ones")
	f.seed = fs.Uint64("seed", 1, "seed of the matches and of the bootstrap")
	f.limit = fs.Duration("time", time.Second, "time per move of the level max")
	f.nodes = fs.Int64("nodes", 0, nodesUsage)
	f.anchor = fs.Float64("anchor", 0, "rating of the first level")
	f.boot = fs.Int("boot", 2000, "bootstrap resamples for the 95% intervals")
	f.opening = fs.Int("opening", 2, "random plies at the start of each pair of games")
	f.workers = fs.Int("workers", 0, "games played at once (default: all cores)")
	f.asJSON = fs.Bool("json", false, "print the ladder as JSON")
	f.out = fs.String("out", "", "also put the ladder into the ladder `file` (ai/level/ladder.json), replacing the game's and variant's")
	f.code = fs.String("code", "", "the `commit` whose computer players are measured, published with the ladder (default: the binary's VCS revision, when built with -buildvcs)")
	f.quiet = fs.Bool("quiet", false, "no progress bar")
	f.resignScore = fs.Float64("resign-score", 0, "adjudicate a 2-player game won when both players' scores say so, the winner's at least this (0: never), as plateau arena does")
	f.resignMoves = fs.Int("resign-moves", 4, "consecutive decisions of each player that --resign-score needs")
	f.luck = fs.Bool("luck", false, "measure every roll's luck as plateau arena --luck does and fit the ratings on the luck-adjusted scores (dice games)")
	f.gamesDir = fs.String("games-dir", "", "keep each match's games in `dir`, a file a match, and count those already there: run again, the same command plays only the games it lacks (a ladder that stopped, or more games in a pairing)")
	return f
}

func runLadder(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "ladder", "GAME [--levels L1,L2,...] [--games N] [--all] [--variant K=V]... [--seed S] [--time D] [--luck] [--games-dir DIR] [--json] [--out FILE]",
		"plateau ladder dames --games 30 --time 500ms --seed 7 --out ai/level/ladder.json")
	f := newLadderFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, cfg, _, err := f.a.state(e, pos)
	if err != nil {
		return err
	}
	run, err := f.ladderRun(g, cfg)
	if err != nil {
		return err
	}
	var kept []*matchGames
	defer func() {
		for _, k := range kept {
			k.f.Close()
		}
	}()
	run.Match = f.eachMatch(e, g, cfg, &kept)
	l, err := run.Run(ctx)
	for _, k := range kept {
		if k.err != nil && err == nil {
			err = fmt.Errorf("keeping the games of %s: %w", k.f.Name(), k.err)
		}
	}
	if err != nil {
		return err
	}
	l.Command = "plateau ladder " + strings.Join(commandArgs(args), " ")
	l.Measured = time.Now().UTC().Format("2006-01-02")
	l.Code = *f.code
	if l.Code == "" {
		l.Code = buildRevision()
	}
	if *f.out != "" {
		if err := putLadder(*f.out, l); err != nil {
			return err
		}
	}
	if *f.asJSON {
		return writeJSON(e, l)
	}
	return arena.WriteLadder(e.stdout, l, *f.games)
}

// ladderRun is the ladder the flags ask for, in game g of configuration
// cfg, its matches not yet set up (eachMatch).
func (f *ladderFlags) ladderRun(g game.Game, cfg game.Config) (arena.LadderRun, error) {
	arenaLimit(cfg, f.a.variants)
	names := strings.Split(*f.levels, ",")
	if len(names) < 2 {
		return arena.LadderRun{}, usagef("--levels %q: want at least two levels", *f.levels)
	}
	pairGames, err := parseGames(*f.games, len(names)-1)
	if err != nil {
		return arena.LadderRun{}, err
	}
	run := arena.LadderRun{Game: g, Config: cfg, AllPairs: *f.all, Games: pairGames[0], Seed: *f.seed, Anchor: *f.anchor,
		Boot: *f.boot, Workers: *f.workers, Opening: *f.opening}
	if len(pairGames) > 1 {
		run.PairGames = pairGames
		if *f.all {
			return arena.LadderRun{}, usagef("--games %s with --all: a list gives only the adjacent pairings' games", *f.games)
		}
	}
	if *f.luck {
		run.Luck = func() ai.Eval { return luckReference(g.ID()) }
	}
	if *f.resignScore != 0 {
		run.Resign = arena.Resign{Score: *f.resignScore, Moves: *f.resignMoves}
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return arena.LadderRun{}, usagef("--levels %q: %s twice", *f.levels, n)
		}
		seen[n] = true
		en, err := levelEntrant(g.ID(), n, level.Options{Time: *f.limit, Nodes: *f.nodes})
		if err != nil {
			return arena.LadderRun{}, err
		}
		run.Levels = append(run.Levels, en)
	}
	return run, nil
}

// eachMatch sets up each match of the ladder: its games kept under
// --games-dir (the files appended to kept), its progress bar.
func (f *ladderFlags) eachMatch(e *env, g game.Game, cfg game.Config, kept *[]*matchGames) func(*arena.Match) error {
	// The games of a match depend on these settings and on its seed, which
	// depends on the ladder's seed and the two levels' places.
	settings := fmt.Sprintf("%s %s seed=%d time=%s nodes=%d opening=%d resign=%g/%d luck=%t",
		g.ID(), cfg, *f.seed, *f.limit, *f.nodes, *f.opening, *f.resignScore, *f.resignMoves, *f.luck)
	return func(m *arena.Match) error {
		if *f.gamesDir != "" {
			k, err := keepGames(*f.gamesDir, settings, m)
			if err != nil {
				return err
			}
			*kept = append(*kept, k)
			if len(m.Played) > 0 && !*f.quiet {
				fmt.Fprintf(e.stderr, "%d of %d games of %s vs %s played already (%s)\n", len(m.Played), m.Games, m.A.Name, m.B.Name, k.f.Name())
			}
		}
		if !*f.quiet {
			start := time.Now()
			fmt.Fprintf(e.stderr, "%s vs %s\n", m.A.Name, m.B.Name)
			m.Progress = func(done, total int) {
				progressBar(e.stderr, done, total, time.Since(start))
				if done == total {
					fmt.Fprintln(e.stderr)
				}
			}
		}
		return nil
	}
}

// matchGames is the file that keeps a match's games (plateau ladder
// --games-dir), and the first error writing to it.
type matchGames struct {
	f   *os.File
	err error
}

// keepGames gives m the games already in its file under dir, those of its
// games that the file has, and appends each game it plays to the file. The
// file's name says the two levels and a hash of the settings and the
// match's seed, so that another command's games are never counted.
func keepGames(dir, settings string, m *arena.Match) (*matchGames, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s match=%d", settings, m.Seed)
	name := filepath.Join(dir, fmt.Sprintf("%s-vs-%s-%016x.jsonl", m.A.Name, m.B.Name, h.Sum64()))
	played, err := readGames(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, g := range played {
		// A run with fewer games in the pairing counts only its own.
		if g.Index < m.Games {
			m.Played = append(m.Played, g)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return appendGames(name, m)
}

// appendGames appends each game that m plays to the file name, a JSON line
// a game, as readGames reads them.
func appendGames(name string, m *arena.Match) (*matchGames, error) {
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	k := &matchGames{f: f}
	enc := json.NewEncoder(f)
	m.Finished = func(g arena.GameResult) {
		if err := enc.Encode(g); err != nil && k.err == nil {
			k.err = err
		}
	}
	return k, nil
}

// parseGames reads --games: one count for every pairing, or one per
// adjacent pairing (pairs of them).
func parseGames(v string, pairs int) ([]int, error) {
	fields := strings.Split(v, ",")
	if len(fields) != 1 && len(fields) != pairs {
		return nil, usagef("--games %s: %d counts for %d pairings: give one, or one a pairing", v, len(fields), pairs)
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, usagef("--games %s: %q is not a number of games (at least 1)", v, f)
		}
		out[i] = n
	}
	return out, nil
}

// commandArgs are the arguments of a ladder's command line as published:
// without --out and --json, which do not change what is measured.
func commandArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case strings.HasPrefix(a, "-") && (name == "json" || name == "quiet"):
			continue
		case strings.HasPrefix(a, "-") && name == "out":
			if !hasValue {
				i++
			}
			continue
		}
		if strings.ContainsAny(a, " \t'\"()$&;|<>*?") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'" // as a shell reads it
		}
		out = append(out, a)
	}
	return out
}

// buildRevision is the commit the binary was built from ("+dirty" with
// uncommitted changes), or "" when unknown.
func buildRevision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return ""
	}
	return rev + dirty
}

// putLadder puts l into the ladder file at path, created if missing.
func putLadder(path string, l ladder.Ladder) error {
	var f ladder.File
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		if err := json.Unmarshal(b, &f); err != nil {
			return fmt.Errorf("ladder file %s: %w", path, err)
		}
	}
	f.Put(l)
	b, err = json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
