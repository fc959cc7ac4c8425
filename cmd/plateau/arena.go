package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"plateau/ai"
	"plateau/ai/arena"
	"plateau/ai/level"
	"plateau/game"
)

// arenaTurnLimit is the turn limit of a match in a game that has a limit
// option defaulting to 0 (none), unless --variant sets it.
const arenaTurnLimit = "500"

// nodesUsage describes the --nodes flag of arena, ladder and bench, which
// builds the levels with level.Options.Nodes.
const nodesUsage = "bound max by this many nodes a move instead of --time, and hard by its node budget alone: every level then plays the same moves on any machine, however loaded (0: the clock)"

// arenaFlags are plateau arena's flags.
type arenaFlags struct {
	a                                                        gameArgs
	pa, pb, svg, gamesOut, resume, sprt                      *string
	games, opening, workers, resignMoves, drawPly, drawMoves *int
	seed                                                     *uint64
	limit                                                    *time.Duration
	nodes                                                    *int64
	unpaired, asJSON, quiet, luck                            *bool
	resignScore, drawMargin, sprtAlpha, sprtBeta             *float64
}

func newArenaFlags(fs *flag.FlagSet) *arenaFlags {
	f := &arenaFlags{}
	fs.Var(&f.a.variants, "variant", "variant option `key=value` (repeatable)")
	f.pa = fs.String("a", "hard", "player A: "+strings.Join(level.Names, ", "))
	f.pb = fs.String("b", "random", "player B, named like A")
	f.games = fs.Int("games", 100, "number of games")
	f.seed = fs.Uint64("seed", 1, "match seed (dice, openings, players)")
	f.limit = fs.Duration("time", 5*time.Second, "time per move of the level max")
	f.nodes = fs.Int64("nodes", 0, nodesUsage)
	f.opening = fs.Int("opening", 2, "random plies at the start of each pair of games")
	f.unpaired = fs.Bool("unpaired", false, "give every game its own opening and dice instead of sharing them within a pair (a deterministic player against itself plays a pair's two games alike)")
	f.workers = fs.Int("workers", 0, "games played at once (default: all cores)")
	f.asJSON = fs.Bool("json", false, "print a JSON object")
	f.svg = fs.String("svg", "", "write a chart of the score over the games to `file`")
	f.quiet = fs.Bool("quiet", false, "no progress bar")
	f.resignScore = fs.Float64("resign-score", 0, "adjudicate a 2-player game won when both players' scores say so, the winner's at least this (0: never)")
	f.resignMoves = fs.Int("resign-moves", 4, "consecutive decisions of each player that --resign-score needs")
	f.drawPly = fs.Int("draw-ply", 0, "adjudicate a 2-player game drawn from this ply on when both players' scores stay within --draw-margin of 1/2 (0: never)")
	f.drawMargin = fs.Float64("draw-margin", 0.02, "the margin of --draw-ply")
	f.drawMoves = fs.Int("draw-moves", 10, "consecutive decisions of each player that --draw-ply needs")
	f.gamesOut = fs.String("games-out", "", "append each game's result to `file` as a JSON line as it ends")
	f.resume = fs.String("resume", "", "count the games of `file`, written by --games-out in a run of the same match that stopped, and play the others")
	f.sprt = fs.String("sprt", "", "stop once a sequential probability ratio test decides between A `elo0,elo1` Elo above B (H0, H1), as engine testers do; --games is then the most played")
	f.sprtAlpha = fs.Float64("sprt-alpha", 0.05, "the test's chance of accepting elo1 when A is elo0 above B")
	f.sprtBeta = fs.Float64("sprt-beta", 0.05, "the test's chance of accepting elo0 when A is elo1 above B")
	f.luck = fs.Bool("luck", false, "measure the luck of every roll by the evaluation of the level max (the game's own for a game without one) and print the luck-adjusted score, which the dice's noise blurs less")
	return f
}

func runArena(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "arena", "GAME --a PLAYER --b PLAYER --games N [--variant K=V]... [--seed S] [--time D] [--json] [--svg FILE] [--games-out FILE] [--resume FILE] [--unpaired] [--luck] [--sprt ELO0,ELO1]",
		"plateau arena dames --a hard --b random --games 200 --svg dames.svg")
	f := newArenaFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, cfg, _, err := f.a.state(e, pos)
	if err != nil {
		return err
	}
	m, err := f.match(g, cfg)
	if err != nil {
		return err
	}
	var out *matchGames
	if *f.gamesOut != "" {
		if out, err = appendGames(*f.gamesOut, &m); err != nil {
			return err
		}
		defer out.f.Close()
	}
	start := time.Now()
	if !*f.quiet {
		m.Progress = func(done, total int) { progressBar(e.stderr, done, total, time.Since(start)) }
	}
	r, err := m.Run(ctx)
	if !*f.quiet {
		fmt.Fprintln(e.stderr)
	}
	if out != nil && out.err != nil && err == nil {
		err = fmt.Errorf("writing the games to %s: %w", *f.gamesOut, out.err)
	}
	if err != nil {
		return err
	}
	if *f.svg != "" {
		if err := createWith(*f.svg, r.WriteSVG); err != nil {
			return err
		}
	}
	if *f.asJSON {
		return writeJSON(e, r)
	}
	return r.WriteText(e.stdout, !*f.unpaired)
}

// match is the match the flags ask for, in game g of configuration cfg.
func (f *arenaFlags) match(g game.Game, cfg game.Config) (arena.Match, error) {
	if *f.games < 1 {
		return arena.Match{}, usagef("--games %d: want at least 1", *f.games)
	}
	if *f.resignScore != 0 && (*f.resignScore <= 0.5 || *f.resignScore > 1 || *f.resignMoves < 1) {
		return arena.Match{}, usagef("--resign-score %g --resign-moves %d: want a score in (0.5, 1] and at least 1 move", *f.resignScore, *f.resignMoves)
	}
	arenaLimit(cfg, f.a.variants)
	ea, err := levelEntrant(g.ID(), *f.pa, level.Options{Time: *f.limit, Nodes: *f.nodes})
	if err != nil {
		return arena.Match{}, err
	}
	eb, err := levelEntrant(g.ID(), *f.pb, level.Options{Time: *f.limit, Nodes: *f.nodes})
	if err != nil {
		return arena.Match{}, err
	}
	m := arena.Match{Game: g, Config: cfg, A: ea, B: eb, Games: *f.games, Seed: *f.seed, Workers: *f.workers, Opening: *f.opening, Unpaired: *f.unpaired}
	if *f.resignScore != 0 {
		m.Resign = arena.Resign{Score: *f.resignScore, Moves: *f.resignMoves}
	}
	if *f.drawPly > 0 {
		if *f.drawMargin <= 0 || *f.drawMargin >= 0.5 || *f.drawMoves < 1 {
			return arena.Match{}, usagef("--draw-margin %g --draw-moves %d: want a margin in (0, 0.5) and at least 1 move", *f.drawMargin, *f.drawMoves)
		}
		m.Draw = arena.Draw{Ply: *f.drawPly, Margin: *f.drawMargin, Moves: *f.drawMoves}
	}
	if *f.luck {
		m.Luck = func() ai.Eval { return luckReference(g.ID()) }
	}
	if *f.sprt != "" {
		if m.SPRT, err = arena.ParseSPRT(*f.sprt, *f.sprtAlpha, *f.sprtBeta); err != nil {
			return arena.Match{}, usageError{fmt.Errorf("--sprt: %w", err)}
		}
	}
	if *f.resume != "" {
		if m.Played, err = readGames(*f.resume); err != nil {
			return arena.Match{}, err
		}
	}
	return m, nil
}

// progressBar draws "[#####.....] 45/200 ETA 1m20s" over the previous one.
func progressBar(w io.Writer, done, total int, elapsed time.Duration) {
	const width = 30
	n := width * done / total
	eta := time.Duration(float64(elapsed) / float64(done) * float64(total-done)).Round(time.Second)
	fmt.Fprintf(w, "\r[%s%s] %d/%d ETA %v   ", strings.Repeat("#", n), strings.Repeat(".", width-n), done, total, eta)
}

// arenaLimit gives a game whose turn limit defaults to none (Intercept) a
// limit, so that every match ends (a draw at the limit is a draw), unless
// the variants set one.
func arenaLimit(cfg game.Config, variants []string) {
	if settings, _ := game.ParseSettings(variants); cfg["limit"] == "0" && settings["limit"] == "" {
		cfg["limit"] = arenaTurnLimit
	}
}

// levelEntrant is the entrant of a level (ai/level) in a game, bounded by
// o.
func levelEntrant(gameID, name string, o level.Options) (arena.Entrant, error) {
	if _, err := level.New(gameID, name, 0, o); err != nil {
		return arena.Entrant{}, usageError{err}
	}
	return arena.Entrant{Name: name, New: func(seed uint64) (ai.Player, error) {
		return level.New(gameID, name, seed, o)
	}}, nil
}

// luckReference is the evaluation by which --luck judges the rolls: the
// strongest level's, or the game's own.
func luckReference(gameID string) ai.Eval {
	if eval := level.Evaluation(gameID, "max"); eval != nil {
		return eval
	}
	return ai.DefaultEval
}

// readGames reads the games --games-out wrote, one JSON line each.
func readGames(name string) ([]arena.GameResult, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return arena.ReadGames(f, name)
}
