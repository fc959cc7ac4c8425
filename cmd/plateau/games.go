package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"plateau/game"
)

func runGames(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "games", "[--json]", "plateau games --json")
	asJSON := fs.Bool("json", false, "print JSON")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("games takes no arguments, got %q", pos)
	}
	var infos []game.Info
	for _, g := range e.games.Games() {
		infos = append(infos, game.Describe(g))
	}
	if *asJSON {
		return writeJSON(e, infos)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tPLAYERS\tVARIANTS")
	for _, in := range infos {
		var opts string
		for i, o := range in.Options {
			if i > 0 {
				opts += " "
			}
			opts += fmt.Sprintf("%s=%s(%s)", o.Key, o.Accepted(), o.Default)
		}
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", in.ID, in.NameEN, in.Players, opts)
	}
	return tw.Flush()
}

func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// createWith writes the file at path with write, closing it whatever
// happens; a failure names the file.
func createWith(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
