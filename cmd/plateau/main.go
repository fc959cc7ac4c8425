// Command plateau plays, analyses and serves Plateau's five board games.
//
// Run "plateau --help" for the commands; each command has its own --help.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"plateau/game"
	"plateau/games"
)

// env is what a command may use: its streams and the games.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	games          *game.Registry
}

// command is one subcommand. run gets the arguments after the command name.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commands lists the subcommands in the order --help shows them.
// Each lives in a file of its own named after it.
func commands() []command {
	return []command{
		{"arena", "play computer players against each other and measure them", runArena},
		{"match", "referee dames games between Hub engines (Scan, plateau hub) and levels, from set openings", runMatch},
		{"ladder", "measure the levels of a game on an Elo ladder (round robin of plateau arena matches)", runLadder},
		{"bench", "measure each game's move generation and a computer player's speed", runBench},
		{"egdb", "build dames endgame databases by retrograde analysis (win, draw or loss of every position of few pieces)", runEgdb},
		{"games", "list the games, their variants and an example position", runGames},
		{"hub", "run the dames engine as a Hub engine on stdin/stdout (Scan's protocol)", runHub},
		{"hint", "ask a computer player for the best move of a position", runHint},
		{"moves", "list the legal moves of a position", runMoves},
		{"perft", "count the leaves of the move tree (move generator check and speed)", runPerft},
		{"play", "play in the terminal, hot-seat or against the computer (--vs)", runPlay},
		{"serve", "run the web server", runServe},
		{"verify", "check a game export: its signature (--key), its dice rolls against its revealed seed, its replay", runVerify},
		{"key", "show (or --new: rotate) the key that signs the server's records", runKey},
		{"fairplay", "measure the fair-play statistics on the levels playing each other (docs/fairplay.md)", runFairplay},
		{"review", "the computer's verdict on every move of a game export", runReview},
		{"loadtest", "play many real WebSocket clients against a server and measure", runLoadtest},
		{"puzzles", "mine puzzles from the computer's own games (selfplay) or a database (mine), and verify puzzle files", runPuzzles},
		{"solve", "solve Shut the Box exactly: start figures or a position's hints", runSolve},
		{"train", "train a learnt evaluation: dames' patterns, Mahboussé's network (TD(λ) self-play)", runTrain},
	}
}

// usageError marks errors caused by the command line, which exit with status 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, games: games.Registry()}
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit status.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		mainUsage(e.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, e, args[1:])
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		}
		fmt.Fprintf(e.stderr, "plateau %s: %v\n", c.name, err)
		var u usageError
		if errors.As(err, &u) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(e.stderr, "plateau: unknown command %q (run plateau --help)\n", args[0])
	return 2
}

func mainUsage(w io.Writer) {
	fmt.Fprintln(w, "plateau plays, analyses and serves five board games.")
	fmt.Fprintln(w, "\nUsage: plateau COMMAND [arguments]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun plateau COMMAND --help for a command's flags and an example.")
}

// newFlags returns a flag set that reports errors instead of exiting and
// whose usage shows the command's synopsis and example.
func newFlags(e *env, name, synopsis, example string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: plateau %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
		if example != "" {
			fmt.Fprintf(e.stderr, "\nExample:\n  %s\n", example)
		}
	}
	return fs
}

// parseFlags parses args, allowing positional arguments before, between and
// after flags, and returns the positional ones.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// multiFlag collects a repeatable flag such as --variant K=V.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// gameArgs is the common prologue of per-game commands: a game id, variant
// settings and an optional position.
type gameArgs struct {
	variants multiFlag
	position string
}

func (a *gameArgs) register(fs *flag.FlagSet) {
	fs.Var(&a.variants, "variant", "variant option `key=value` (repeatable)")
	fs.StringVar(&a.position, "position", "", "start from this position `text` instead of the start position")
}

// state resolves the game, its configuration and the starting state.
func (a *gameArgs) state(e *env, pos []string) (game.Game, game.Config, game.State, error) {
	if len(pos) != 1 {
		return nil, nil, nil, usagef("want one game id (games: %s), got %d arguments", strings.Join(e.games.IDs(), ", "), len(pos))
	}
	g, err := e.games.Lookup(pos[0])
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	settings, err := game.ParseSettings(a.variants)
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	var s game.State
	if a.position != "" {
		s, err = g.ParsePosition(cfg, a.position)
		if err != nil {
			return nil, nil, nil, usagef("position %q: %w (example: %s)", a.position, err, g.ExamplePosition())
		}
	} else if s, err = g.New(cfg); err != nil {
		return nil, nil, nil, err
	}
	return g, cfg, s, nil
}

// playRoll plays a chance outcome given in notation.
func playRoll(s game.State, roll string) error {
	if s.ToMove() != game.Chance {
		return usagef("--dice %q: the position is not waiting for a roll", roll)
	}
	m, err := s.ParseMove(roll)
	if err == nil {
		err = s.Play(m)
	}
	if err != nil {
		return usagef("--dice %q: %w", roll, err)
	}
	return nil
}
