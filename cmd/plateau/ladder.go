package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"plateau/ai"
	"plateau/ai/arena"
	"plateau/ai/ladder"
	"plateau/ai/level"
)

func runLadder(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "ladder", "GAME [--levels L1,L2,...] [--games N] [--all] [--variant K=V]... [--seed S] [--time D] [--luck] [--games-dir DIR] [--json] [--out FILE]",
		"plateau ladder dames --games 30 --time 500ms --seed 7 --out ai/level/ladder.json")
	var a gameArgs
	fs.Var(&a.variants, "variant", "variant option `key=value` (repeatable)")
	levels := fs.String("levels", strings.Join(level.Names, ","), "the levels, weakest first, comma-separated; the first is the anchor")
	games := fs.String("games", "30", "games per pairing; or a comma-separated list, the games of each level against the one below it (as many as the pairings)")
	all := fs.Bool("all", false, "play every pair of levels, not only adjacent ones")
	seed := fs.Uint64("seed", 1, "seed of the matches and of the bootstrap")
	limit := fs.Duration("time", time.Second, "time per move of the level max")
	nodes := fs.Int64("nodes", 0, nodesUsage)
	anchor := fs.Float64("anchor", 0, "rating of the first level")
	boot := fs.Int("boot", 2000, "bootstrap resamples for the 95% intervals")
	opening := fs.Int("opening", 2, "random plies at the start of each pair of games")
	workers := fs.Int("workers", 0, "games played at once (default: all cores)")
	asJSON := fs.Bool("json", false, "print the ladder as JSON")
	out := fs.String("out", "", "also put the ladder into the ladder `file` (ai/level/ladder.json), replacing the game's and variant's")
	code := fs.String("code", "", "the `commit` whose computer players are measured, published with the ladder (default: the binary's VCS revision, when built with -buildvcs)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	resignScore := fs.Float64("resign-score", 0, "adjudicate a 2-player game won when both players' scores say so, the winner's at least this (0: never), as plateau arena does")
	resignMoves := fs.Int("resign-moves", 4, "consecutive decisions of each player that --resign-score needs")
	luck := fs.Bool("luck", false, "measure every roll's luck as plateau arena --luck does and fit the ratings on the luck-adjusted scores (dice games)")
	gamesDir := fs.String("games-dir", "", "keep each match's games in `dir`, a file a match, and count those already there: run again, the same command plays only the games it lacks (a ladder that stopped, or more games in a pairing)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, cfg, _, err := a.state(e, pos)
	if err != nil {
		return err
	}
	arenaLimit(cfg, a.variants)
	names := strings.Split(*levels, ",")
	if len(names) < 2 {
		return usagef("--levels %q: want at least two levels", *levels)
	}
	pairGames, err := parseGames(*games, len(names)-1)
	if err != nil {
		return err
	}
	run := arena.LadderRun{Game: g, Config: cfg, AllPairs: *all, Games: pairGames[0], Seed: *seed, Anchor: *anchor,
		Boot: *boot, Workers: *workers, Opening: *opening}
	if len(pairGames) > 1 {
		run.PairGames = pairGames
		if *all {
			return usagef("--games %s with --all: a list gives only the adjacent pairings' games", *games)
		}
	}
	if *luck {
		run.Luck = func() ai.Eval { return luckReference(g.ID()) }
	}
	if *resignScore != 0 {
		run.Resign = arena.Resign{Score: *resignScore, Moves: *resignMoves}
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return usagef("--levels %q: %s twice", *levels, n)
		}
		seen[n] = true
		en, err := levelEntrant(g.ID(), n, level.Options{Time: *limit, Nodes: *nodes})
		if err != nil {
			return err
		}
		run.Levels = append(run.Levels, en)
	}
	// The games of a match depend on these settings and on its seed, which
	// depends on the ladder's seed and the two levels' places.
	settings := fmt.Sprintf("%s %s seed=%d time=%s nodes=%d opening=%d resign=%g/%d luck=%t",
		g.ID(), cfg, *seed, *limit, *nodes, *opening, *resignScore, *resignMoves, *luck)
	var kept []*matchGames
	defer func() {
		for _, k := range kept {
			k.f.Close()
		}
	}()
	run.Match = func(m *arena.Match) error {
		if *gamesDir != "" {
			k, err := keepGames(*gamesDir, settings, m)
			if err != nil {
				return err
			}
			kept = append(kept, k)
			if len(m.Played) > 0 && !*quiet {
				fmt.Fprintf(e.stderr, "%d of %d games of %s vs %s played already (%s)\n", len(m.Played), m.Games, m.A.Name, m.B.Name, k.f.Name())
			}
		}
		if !*quiet {
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
	l.Code = *code
	if l.Code == "" {
		l.Code = buildRevision()
	}
	if *out != "" {
		if err := putLadder(*out, l); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(e, l)
	}
	fmt.Fprintf(e.stdout, "%s (%s, %d players): %s games a pairing, seed %d, %s = %.0f, %.0f s\n",
		l.Game, l.Variant, l.Players, *games, l.Seed, names[0], l.Anchor, l.Seconds)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "level\tElo\t95%\tgap over the level below\t95%\tstronger\t")
	for i, lv := range l.Levels {
		if i == 0 {
			fmt.Fprintf(tw, "%s\t%.0f\t(anchor)\t\t\t\t\n", lv.Name, lv.Elo)
			continue
		}
		verdict := "not shown"
		if l.Stronger(i) {
			verdict = "yes"
		}
		fmt.Fprintf(tw, "%s\t%.0f\t[%.0f, %.0f]\t%+.0f\t[%+.0f, %+.0f]\t%s\t\n", lv.Name, lv.Elo, lv.Lo, lv.Hi, lv.Gap, lv.GapLo, lv.GapHi, verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, p := range l.Pairings {
		adjusted := ""
		if p.Adjusted != nil {
			adjusted = fmt.Sprintf(" (luck-adjusted %.1f%%, Elo %+.0f)", 100**p.Adjusted, arena.EloDiff(*p.Adjusted))
		}
		fmt.Fprintf(e.stdout, "  %s vs %s: +%d =%d -%d  %.1f%%%s  Elo %+.0f  nodes/move %.0f vs %.0f, ms/move %.1f vs %.1f  %.0f s\n",
			p.A, p.B, p.Wins, p.Draws, p.Losses, 100*p.Score, adjusted, p.Elo, p.ANodes, p.BNodes, p.AMillis, p.BMillis, p.Seconds)
	}
	return nil
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
