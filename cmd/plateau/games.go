package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
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

// playerCounts lists the numbers of players a game can be played by: the
// values of its "players" option, or the one count its start position has.
func playerCounts(g game.Game) []int {
	for _, o := range g.Options() {
		if o.Key != "players" {
			continue
		}
		var counts []int
		if o.Kind == game.Int {
			for n := o.Min; n <= o.Max; n++ {
				counts = append(counts, n)
			}
			return counts
		}
		for _, v := range o.Values {
			if n, err := strconv.Atoi(v); err == nil {
				counts = append(counts, n)
			}
		}
		return counts
	}
	s, err := g.New(game.DefaultConfig(g))
	if err != nil {
		return nil
	}
	return []int{s.Players()}
}

func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
