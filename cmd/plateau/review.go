package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"plateau/ai/level"
	"plateau/game"
	"plateau/games/dames"
	"plateau/review"
	"plateau/room"
)

func runReview(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "review", "FILE [--budget D] [--level L] [--game N] [--json]",
		"curl -s localhost:8080/api/games/k3f9x2/export > game.json && plateau review game.json --budget 2s\n  plateau review games.pdn --game 2")
	budget := fs.Duration("budget", 0, "cap on the time of each search (0: the level's own limits; Shut the Box uses its exact solver)")
	lvl := fs.String("level", "hard", "the search level that judges: "+strings.Join(level.Names[2:], ", "))
	which := fs.Int("game", 0, "in a PDN file of several games, the one to review, from 1 (0: every game)")
	asJSON := fs.Bool("json", false, "print the review as a JSON object (a PDN file of several games: an array of them)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one file (a game export, GET /api/games/{id}/export, or a PDN file), got %d arguments", len(pos))
	}
	if *budget < 0 {
		return usagef("--budget %v: want a positive duration", *budget)
	}
	if *which < 0 {
		return usagef("--game %d: want a game's number from 1, or 0 for every game", *which)
	}
	b, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	opts := review.Options{Level: *lvl, Budget: *budget}
	var reviews []reviewed
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '{' {
		r, err := reviewExport(ctx, e, pos[0], b, opts)
		if err != nil {
			return err
		}
		reviews = append(reviews, r)
	} else if reviews, err = reviewPDN(ctx, pos[0], b, *which, opts); err != nil {
		return err
	}
	if *asJSON {
		if len(reviews) == 1 {
			return writeJSON(e, reviews[0])
		}
		return writeJSON(e, reviews)
	}
	for i, r := range reviews {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		printReview(e, r.ID, r.Report)
	}
	return nil
}

// reviewed is one game's review, as --json prints it.
type reviewed struct {
	ID   string         `json:"id"`
	Tags []dames.PDNTag `json:"tags,omitempty"` // a PDN game's tags
	review.Report
}

// readExport reads a game export (GET /api/games/{id}/export).
func readExport(file string) (room.Export, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return room.Export{}, err
	}
	return parseExport(file, b)
}

func parseExport(file string, b []byte) (room.Export, error) {
	var x room.Export
	if err := json.Unmarshal(b, &x); err != nil {
		return x, fmt.Errorf("%s: not a game export: %w", file, err)
	}
	return x, nil
}

// reviewExport reviews a game export (GET /api/games/{id}/export).
func reviewExport(ctx context.Context, e *env, file string, b []byte, opts review.Options) (reviewed, error) {
	x, err := parseExport(file, b)
	if err != nil {
		return reviewed{}, err
	}
	p, err := room.PlayOf(e.games, x)
	if err != nil {
		return reviewed{}, fmt.Errorf("%s: game %s: %w", file, x.ID, err)
	}
	moves := make([]string, len(p.Moves))
	for i, m := range p.Moves {
		moves[i] = m.Notation
	}
	r, err := review.Review(ctx, p.G, p.Cfg, moves, opts)
	if err != nil {
		return reviewed{}, fmt.Errorf("%s: game %s: %w", file, x.ID, err)
	}
	return reviewed{ID: x.ID, Report: r}, nil
}

// reviewPDN reviews game which (from 1; 0 for all) of a PDN file of
// international draughts games, played under FMJD's draw rules.
func reviewPDN(ctx context.Context, file string, b []byte, which int, opts review.Options) ([]reviewed, error) {
	pgs, err := dames.ParsePDN(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: neither a game export (JSON) nor a PDN file: %w", file, err)
	}
	if len(pgs) == 0 {
		return nil, fmt.Errorf("%s: neither a game export (JSON) nor a PDN file: no game in it", file)
	}
	if which > len(pgs) {
		return nil, fmt.Errorf("%s: --game %d, the file holds %d", file, which, len(pgs))
	}
	cfg, err := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	if err != nil {
		return nil, err
	}
	var out []reviewed
	for i := range pgs {
		if which != 0 && i+1 != which {
			continue
		}
		id := fmt.Sprintf("%d of %s", i+1, filepath.Base(file))
		if w, bl := pgs[i].Tag("White"), pgs[i].Tag("Black"); w != "" || bl != "" {
			id += fmt.Sprintf(" (%s - %s)", w, bl)
		}
		r, err := review.PDN(ctx, &pgs[i], cfg, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", file, i+1, err)
		}
		out = append(out, reviewed{ID: id, Tags: pgs[i].Tags, Report: r})
	}
	return out, nil
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
