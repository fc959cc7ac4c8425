package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"plateau/game"
	"plateau/puzzle"
	"plateau/room"
	"plateau/store"
)

func runPuzzles(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 {
		switch args[0] {
		case "selfplay":
			return runPuzzlesSelfPlay(ctx, e, args[1:])
		case "mine":
			return runPuzzlesMine(ctx, e, args[1:])
		case "verify":
			return runPuzzlesVerify(ctx, e, args[1:])
		}
	}
	fs := newFlags(e, "puzzles", "selfplay|mine|verify [flags] (plateau puzzles selfplay --help lists each one's flags)",
		"nice -n 19 plateau puzzles selfplay dames --seed 1 --games 400 --target 200 --out puzzle/data/dames.jsonl")
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" || a == "--h" {
			_, err := parseFlags(fs, []string{"--help"})
			return err
		}
	}
	return usagef("puzzles: want selfplay, mine or verify, got %q", args)
}

// runPuzzlesSelfPlay mines the computer's own games of a game.
func runPuzzlesSelfPlay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "puzzles selfplay", "GAME [--variant K=V ...] [--seed S] [--games N] [--target N] --out FILE",
		"nice -n 19 plateau puzzles selfplay dames --seed 1 --games 400 --target 200 --out puzzle/data/dames.jsonl")
	var variants multiFlag
	fs.Var(&variants, "variant", "a variant option K=V (repeatable)")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i plays with seed+i): its levels and rolls")
	n := fs.Int("games", 100, "games to play at most")
	target := fs.Int("target", 0, "stop once the file holds this many puzzles (0: play every game)")
	out := fs.String("out", "", "the puzzle file (JSON Lines); puzzles already in it are kept, and it is rewritten after each game")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *out == "" {
		return usagef("puzzles selfplay: want a game and --out FILE")
	}
	g, cfg, err := puzzleGame(e, pos[0], variants)
	if err != nil {
		return err
	}
	c, err := puzzle.CriteriaOf(g.ID())
	if err != nil {
		return usagef("puzzles selfplay: %v", err)
	}
	have, err := readPuzzles(*out, true)
	if err != nil {
		return err
	}
	_, total, err := c.MineSelfPlay(ctx, g, cfg, puzzle.MineOptions{Seed: *seed, Games: *n, Target: *target, Have: have,
		Each: func(i int, set []puzzle.Puzzle, st puzzle.Stats) error {
			fmt.Fprintf(e.stdout, "game %d (seed %d): %d positions, %d candidates, %d new puzzles; %d in %s\n",
				i+1, *seed+uint64(i), st.Positions, st.Candidates, st.Puzzles, len(set), *out)
			return writePuzzles(*out, set)
		}})
	fmt.Fprintf(e.stdout, "total: %d positions, %d candidates, %d puzzles\n", total.Positions, total.Candidates, total.Puzzles)
	return err
}

// runPuzzlesMine mines the finished games of a database.
func runPuzzlesMine(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "puzzles mine", "--from DB --out FILE [--game G] [--limit N]",
		"plateau puzzles mine --from sqlite:data/plateau.db --out puzzles.jsonl")
	from := fs.String("from", "", "the database: "+dbUsage)
	out := fs.String("out", "", "the puzzle file (JSON Lines); puzzles already in it are kept")
	only := fs.String("game", "", "mine only this game's games")
	limit := fs.Int("limit", 1000, "the newest finished games to mine, at most")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || *from == "" || *out == "" {
		return usagef("puzzles mine: want --from DB and --out FILE")
	}
	st, _, err := openStore(ctx, *from)
	if err != nil {
		return err
	}
	defer st.Close()
	recs, err := st.List(ctx, store.Filter{Status: store.StatusFinished, Limit: *limit, Moved: true})
	if err != nil {
		return fmt.Errorf("listing the finished games: %w", err)
	}
	have, err := readPuzzles(*out, true)
	if err != nil {
		return err
	}
	set := puzzle.NewSet(have)
	var total puzzle.Stats
	for _, rec := range recs {
		if *only != "" && rec.Game != *only {
			continue
		}
		found, stats, err := mineRecord(ctx, e, st, rec)
		if err != nil {
			return err
		}
		stats.Puzzles = set.Add(found...)
		total.Add(stats)
		fmt.Fprintf(e.stdout, "game %s (%s): %d positions, %d new puzzles\n", rec.ID, rec.Game, stats.Positions, stats.Puzzles)
	}
	fmt.Fprintf(e.stdout, "total: %d positions, %d candidates, %d puzzles; %d in %s\n",
		total.Positions, total.Candidates, total.Puzzles, set.Len(), *out)
	return writePuzzles(*out, set.List())
}

// mineRecord mines one stored game; games without puzzle criteria give none.
func mineRecord(ctx context.Context, e *env, st store.Store, rec *store.Game) ([]puzzle.Puzzle, puzzle.Stats, error) {
	c, err := puzzle.CriteriaOf(rec.Game)
	if err != nil {
		return nil, puzzle.Stats{}, nil
	}
	evs, err := st.Events(ctx, rec.ID, 0)
	if err != nil {
		return nil, puzzle.Stats{}, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	p, err := room.PlayOf(e.games, room.ExportOf(rec, evs))
	if err != nil {
		return nil, puzzle.Stats{}, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	moves := make([]string, len(p.Moves))
	for i, m := range p.Moves {
		moves[i] = m.Notation
	}
	found, stats, err := c.Find(ctx, puzzle.Source{ID: rec.ID, Game: p.G, Cfg: p.Cfg, Moves: moves})
	if err != nil {
		return nil, stats, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return found, stats, nil
}

// runPuzzlesVerify re-checks puzzle files with each game's verifier.
func runPuzzlesVerify(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "puzzles verify", "FILE ...", "plateau puzzles verify puzzle/data/*.jsonl")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("puzzles verify: want puzzle files")
	}
	bad := 0
	for _, f := range files {
		ps, err := readPuzzles(f, false)
		if err != nil {
			return err
		}
		for _, p := range ps {
			if err := verifyPuzzle(ctx, e, p); err != nil {
				fmt.Fprintf(e.stdout, "%s: %v\n", f, err)
				bad++
			}
		}
		fmt.Fprintf(e.stdout, "%s: %d puzzles checked\n", f, len(ps))
	}
	if bad > 0 {
		return fmt.Errorf("puzzles verify: %d puzzles failed", bad)
	}
	return nil
}

func verifyPuzzle(ctx context.Context, e *env, p puzzle.Puzzle) error {
	g, err := e.games.Lookup(p.Game)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	c, err := puzzle.CriteriaOf(p.Game)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	return c.Verify(ctx, g, p)
}

// puzzleGame looks a game up with its variant.
func puzzleGame(e *env, id string, variants []string) (game.Game, game.Config, error) {
	g, err := e.games.Lookup(id)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	settings, err := game.ParseSettings(variants)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	return g, cfg, nil
}

// readPuzzles reads a puzzle file; a missing file is empty when missingOK.
func readPuzzles(file string, missingOK bool) ([]puzzle.Puzzle, error) {
	f, err := os.Open(file)
	if os.IsNotExist(err) && missingOK {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ps, err := puzzle.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return ps, nil
}

// writePuzzles writes a puzzle file atomically.
func writePuzzles(file string, ps []puzzle.Puzzle) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := puzzle.Write(tmp, ps); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", file, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}
