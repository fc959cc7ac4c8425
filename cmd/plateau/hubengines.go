package main

import (
	"slices"
	"strings"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/hub"
)

// hubEngine is a --hub-engine of serve: a Hub engine offered as a dames
// AI level under its name.
type hubEngine struct {
	name, path string
	args       []string
}

type hubEngines []hubEngine

// parseHubEngines reads the --hub-engine flags, NAME=PATH[,ARG...].
func parseHubEngines(flags []string) (hubEngines, error) {
	var out hubEngines
	for _, f := range flags {
		name, cmd, ok := strings.Cut(f, "=")
		parts := strings.Split(cmd, ",")
		if !ok || name == "" || parts[0] == "" || strings.ContainsAny(name, " ,:") {
			return nil, usagef("--hub-engine %q: want NAME=PATH[,ARG...], a name without spaces, commas or colons", f)
		}
		if slices.Contains(level.Names, name) || slices.Contains(out.names(), name) {
			return nil, usagef("--hub-engine %q: the level %s exists already", f, name)
		}
		out = append(out, hubEngine{name: name, path: parts[0], args: parts[1:]})
	}
	return out, nil
}

func (h hubEngines) names() []string {
	var n []string
	for _, e := range h {
		n = append(n, e.name)
	}
	return n
}

// player returns the Hub engine called name as a dames player (its
// process starts at its first move, again after a crash, and ends when the
// room closes the player), nil when there is none for that game.
func (h hubEngines) player(gameID, name string, budget time.Duration) ai.Player {
	if gameID != "dames" {
		return nil
	}
	for _, e := range h {
		if e.name == name {
			return &hub.Client{Path: e.path, Args: e.args, MoveTime: budget}
		}
	}
	return nil
}
