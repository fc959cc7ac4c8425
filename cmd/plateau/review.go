package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"plateau/ai/level"
	"plateau/review"
	"plateau/room"
)

func runReview(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "review", "FILE [--budget D] [--level L] [--json]",
		"curl -s localhost:8080/api/games/k3f9x2/export > game.json && plateau review game.json --budget 2s")
	budget := fs.Duration("budget", 0, "cap on the time of each search (0: the level's own limits; Shut the Box uses its exact solver)")
	lvl := fs.String("level", "hard", "the search level that judges: "+strings.Join(level.Names[2:], ", "))
	asJSON := fs.Bool("json", false, "print the review as a JSON object")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one file (a game export, GET /api/games/{id}/export), got %d arguments", len(pos))
	}
	if *budget < 0 {
		return usagef("--budget %v: want a positive duration", *budget)
	}
	x, err := readExport(pos[0])
	if err != nil {
		return err
	}
	p, err := room.PlayOf(e.games, x)
	if err != nil {
		return fmt.Errorf("%s: game %s: %w", pos[0], x.ID, err)
	}
	moves := make([]string, len(p.Moves))
	for i, m := range p.Moves {
		moves[i] = m.Notation
	}
	r, err := review.Review(ctx, p.G, p.Cfg, moves, review.Options{Level: *lvl, Budget: *budget})
	if err != nil {
		return fmt.Errorf("%s: game %s: %w", pos[0], x.ID, err)
	}
	if *asJSON {
		return writeJSON(e, struct {
			ID string `json:"id"`
			review.Report
		}{x.ID, r})
	}
	printReview(e, x.ID, r)
	return nil
}

// readExport reads a game export (GET /api/games/{id}/export).
func readExport(file string) (room.Export, error) {
	var x room.Export
	b, err := os.ReadFile(file)
	if err != nil {
		return x, err
	}
	if err := json.Unmarshal(b, &x); err != nil {
		return x, fmt.Errorf("%s: not a game export: %w", file, err)
	}
	return x, nil
}

// printReview writes a review as a table and the players' summaries.
func printReview(e *env, id string, r review.Report) {
	unit := ""
	if r.Unit != "" {
		unit = " [" + r.Unit + "]"
	}
	fmt.Fprintf(e.stdout, "Review of game %s (%s) by the %s; values are the mover's win probability%s\n\n", id, r.Game, r.Engine, unit)
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ply\tplayer\troll\tmove\tbefore\tafter\tbest line\tverdict")
	for _, m := range r.Moves {
		verdict := string(m.Verdict)
		if m.Forced {
			verdict = "(forced)"
		}
		fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", m.Ply, m.Player+1, m.Roll, m.Move,
			value(m.Before, m.BeforeUnit), value(m.After, m.AfterUnit), line(m.Line[:min(len(m.Line), 5)]), verdict)
	}
	w.Flush()
	fmt.Fprintln(e.stdout)
	for _, s := range r.Summaries {
		fmt.Fprintf(e.stdout, "player %d: %d moves, average loss %.3f, %d inaccuracies, %d mistakes, %d blunders\n",
			s.Player+1, s.Moves, s.AverageLoss, s.Inaccuracies, s.Mistakes, s.Blunders)
	}
}

// line writes moves separated by spaces, or by commas when a move has a
// space (Master Bénédictine's moves with a second action).
func line(moves []string) string {
	sep := " "
	for _, m := range moves {
		if strings.Contains(m, " ") {
			sep = ", "
		}
	}
	return strings.Join(moves, sep)
}

// value writes a win probability with its value in the game's unit.
func value(v float64, unit *float64) string {
	if unit == nil {
		return fmt.Sprintf("%.3f", v)
	}
	return fmt.Sprintf("%.3f [%.2f]", v, *unit)
}
