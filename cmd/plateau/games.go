package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"plateau/game"
)

// gameInfo is how "plateau games --json" shows one game.
type gameInfo struct {
	ID              string        `json:"id"`
	NameFR          string        `json:"name_fr"`
	NameEN          string        `json:"name_en"`
	Players         []int         `json:"players"`
	Options         []game.Option `json:"variants"`
	ExamplePosition string        `json:"example_position"`
}

func runGames(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "games", "[--json]", "plateau games --json")
	asJSON := fs.Bool("json", false, "print JSON")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("games takes no arguments, got %q", pos)
	}
	var infos []gameInfo
	for _, g := range e.games.Games() {
		infos = append(infos, gameInfo{
			ID: g.ID(), NameFR: g.Name("fr"), NameEN: g.Name("en"),
			Players: playerCounts(g), Options: g.Options(), ExamplePosition: g.ExamplePosition(),
		})
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

// playerCounts lists the numbers of players a game can be played by.
func playerCounts(g game.Game) []int {
	var counts []int
	for _, cfg := range game.Variants(g) {
		s, err := g.New(cfg)
		if err != nil {
			continue
		}
		n := s.Players()
		found := false
		for _, c := range counts {
			found = found || c == n
		}
		if !found {
			counts = append(counts, n)
		}
	}
	for i := 1; i < len(counts); i++ {
		for j := i; j > 0 && counts[j] < counts[j-1]; j-- {
			counts[j], counts[j-1] = counts[j-1], counts[j]
		}
	}
	return counts
}

func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
