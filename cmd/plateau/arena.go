package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
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

func runArena(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "arena", "GAME --a PLAYER --b PLAYER --games N [--variant K=V]... [--seed S] [--time D] [--json] [--svg FILE] [--games-out FILE] [--resume FILE] [--unpaired] [--luck] [--sprt ELO0,ELO1]",
		"plateau arena dames --a hard --b random --games 200 --svg dames.svg")
	var a gameArgs
	fs.Var(&a.variants, "variant", "variant option `key=value` (repeatable)")
	pa := fs.String("a", "hard", "player A: "+strings.Join(level.Names, ", "))
	pb := fs.String("b", "random", "player B, named like A")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "match seed (dice, openings, players)")
	limit := fs.Duration("time", 5*time.Second, "time per move of the level max")
	nodes := fs.Int64("nodes", 0, nodesUsage)
	opening := fs.Int("opening", 2, "random plies at the start of each pair of games")
	unpaired := fs.Bool("unpaired", false, "give every game its own opening and dice instead of sharing them within a pair (a deterministic player against itself plays a pair's two games alike)")
	workers := fs.Int("workers", 0, "games played at once (default: all cores)")
	asJSON := fs.Bool("json", false, "print a JSON object")
	svg := fs.String("svg", "", "write a chart of the score over the games to `file`")
	quiet := fs.Bool("quiet", false, "no progress bar")
	resignScore := fs.Float64("resign-score", 0, "adjudicate a 2-player game won when both players' scores say so, the winner's at least this (0: never)")
	resignMoves := fs.Int("resign-moves", 4, "consecutive decisions of each player that --resign-score needs")
	drawPly := fs.Int("draw-ply", 0, "adjudicate a 2-player game drawn from this ply on when both players' scores stay within --draw-margin of 1/2 (0: never)")
	drawMargin := fs.Float64("draw-margin", 0.02, "the margin of --draw-ply")
	drawMoves := fs.Int("draw-moves", 10, "consecutive decisions of each player that --draw-ply needs")
	gamesOut := fs.String("games-out", "", "append each game's result to `file` as a JSON line as it ends")
	resume := fs.String("resume", "", "count the games of `file`, written by --games-out in a run of the same match that stopped, and play the others")
	sprt := fs.String("sprt", "", "stop once a sequential probability ratio test decides between A `elo0,elo1` Elo above B (H0, H1), as engine testers do; --games is then the most played")
	sprtAlpha := fs.Float64("sprt-alpha", 0.05, "the test's chance of accepting elo1 when A is elo0 above B")
	sprtBeta := fs.Float64("sprt-beta", 0.05, "the test's chance of accepting elo0 when A is elo1 above B")
	luck := fs.Bool("luck", false, "measure the luck of every roll by the evaluation of the level max (the game's own for a game without one) and print the luck-adjusted score, which the dice's noise blurs less")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, cfg, _, err := a.state(e, pos)
	if err != nil {
		return err
	}
	if *games < 1 {
		return usagef("--games %d: want at least 1", *games)
	}
	if *resignScore != 0 && (*resignScore <= 0.5 || *resignScore > 1 || *resignMoves < 1) {
		return usagef("--resign-score %g --resign-moves %d: want a score in (0.5, 1] and at least 1 move", *resignScore, *resignMoves)
	}
	arenaLimit(cfg, a.variants)
	entrant := func(name string) (arena.Entrant, error) {
		return levelEntrant(g.ID(), name, level.Options{Time: *limit, Nodes: *nodes})
	}
	ea, err := entrant(*pa)
	if err != nil {
		return err
	}
	eb, err := entrant(*pb)
	if err != nil {
		return err
	}
	m := arena.Match{Game: g, Config: cfg, A: ea, B: eb, Games: *games, Seed: *seed, Workers: *workers, Opening: *opening, Unpaired: *unpaired}
	if *resignScore != 0 {
		m.Resign = arena.Resign{Score: *resignScore, Moves: *resignMoves}
	}
	if *drawPly > 0 {
		if *drawMargin <= 0 || *drawMargin >= 0.5 || *drawMoves < 1 {
			return usagef("--draw-margin %g --draw-moves %d: want a margin in (0, 0.5) and at least 1 move", *drawMargin, *drawMoves)
		}
		m.Draw = arena.Draw{Ply: *drawPly, Margin: *drawMargin, Moves: *drawMoves}
	}
	if *luck {
		m.Luck = func() ai.Eval { return luckReference(g.ID()) }
	}
	if *sprt != "" {
		var t arena.SPRT
		e0, e1, ok := strings.Cut(*sprt, ",")
		var err0, err1 error
		t.Elo0, err0 = strconv.ParseFloat(e0, 64)
		t.Elo1, err1 = strconv.ParseFloat(e1, 64)
		if !ok || err0 != nil || err1 != nil {
			return usagef("--sprt %q: want elo0,elo1 such as 0,50", *sprt)
		}
		t.Alpha, t.Beta = *sprtAlpha, *sprtBeta
		if err := t.Check(); err != nil {
			return usageError{err}
		}
		m.SPRT = &t
	}
	if *resume != "" {
		if m.Played, err = readGames(*resume); err != nil {
			return err
		}
	}
	var out *matchGames
	if *gamesOut != "" {
		if out, err = appendGames(*gamesOut, &m); err != nil {
			return err
		}
		defer out.f.Close()
	}
	start := time.Now()
	if !*quiet {
		m.Progress = func(done, total int) { progressBar(e.stderr, done, total, time.Since(start)) }
	}
	r, err := m.Run(ctx)
	if !*quiet {
		fmt.Fprintln(e.stderr)
	}
	if out != nil && out.err != nil && err == nil {
		err = fmt.Errorf("writing the games to %s: %w", *gamesOut, out.err)
	}
	if err != nil {
		return err
	}
	if *svg != "" {
		if err := createWith(*svg, r.WriteSVG); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(e, r)
	}
	fmt.Fprintf(e.stdout, "%s (%s): %s vs %s, %d games\n", r.Game, r.Variant, r.A, r.B, r.Games)
	fmt.Fprintf(e.stdout, "  %s: +%d =%d -%d  score %.1f%% [%.1f%%, %.1f%%]  Elo %+.0f [%+.0f, %+.0f]\n",
		r.A, r.Wins, r.Draws, r.Losses, 100*r.Score, 100*r.ScoreLo, 100*r.ScoreHi, r.Elo, r.EloLo, r.EloHi)
	for _, p := range []struct {
		name string
		s    arena.Stats
	}{{r.A, r.AStats}, {r.B, r.BStats}} {
		fmt.Fprintf(e.stdout, "  %-7s %6d moves  time/move avg %.1f ms max %.1f ms  nodes/move avg %.0f max %d\n",
			p.name, p.s.Moves, p.s.AvgMillis, p.s.MaxMillis, p.s.AvgNodes, p.s.MaxNodes)
	}
	if a := r.Adjusted; a != nil {
		units := "pairs"
		if *unpaired {
			units = "games"
		}
		fmt.Fprintf(e.stdout, "  luck-adjusted over %d games: %.1f%% [%.1f%%, %.1f%%]  Elo %+.0f [%+.0f, %+.0f]  (%s's luck %+.3f a game; the plain score's interval over the same %s [%.1f%%, %.1f%%])\n",
			a.Games, 100*a.Score, 100*a.Lo, 100*a.Hi, arena.EloDiff(a.Score), arena.EloDiff(a.Lo), arena.EloDiff(a.Hi), r.A, a.Luck, units, 100*a.PlainLo, 100*a.PlainHi)
	}
	if t := r.SPRT; t != nil {
		verdict := "undecided when the games ran out"
		switch t.Verdict {
		case "H1":
			verdict = fmt.Sprintf("H1 accepted: %s is stronger (%+g Elo rather than %+g)", r.A, t.Elo1, t.Elo0)
		case "H0":
			verdict = fmt.Sprintf("H0 accepted: %s is not %+g Elo stronger (rather %+g)", r.A, t.Elo1, t.Elo0)
		}
		fmt.Fprintf(e.stdout, "  SPRT elo0 %+g elo1 %+g (alpha %g, beta %g): LLR %.2f [%.2f, %.2f] after %d units: %s\n",
			t.Elo0, t.Elo1, t.Alpha, t.Beta, t.LLR, t.Lower, t.Upper, t.Units, verdict)
	}
	ends := make([]string, 0, len(r.Ends))
	for reason, n := range r.Ends {
		ends = append(ends, fmt.Sprintf("%s %d", reason, n))
	}
	slices.Sort(ends)
	fmt.Fprintf(e.stdout, "  ends: %s\n", strings.Join(ends, ", "))
	fmt.Fprintf(e.stdout, "  plies: median %g [%d, %d], max %d\n", r.PliesMedian, r.PliesMedianLo, r.PliesMedianHi, r.PliesMax)
	fmt.Fprintf(e.stdout, "  %.1f s\n", r.Seconds)
	return nil
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
	var gs []arena.GameResult
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var g arena.GameResult
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("%s:%d: not a game of --games-out: %w", name, line, err)
		}
		gs = append(gs, g)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return gs, nil
}
