package game

import (
	"fmt"
	"sort"
	"strings"
)

// Registry maps game ids to games. It is filled explicitly by the program
// that needs it; there is no global registry.
type Registry struct {
	games map[string]Game
}

// NewRegistry returns a registry holding the given games.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game)}
	for _, g := range games {
		r.Register(g)
	}
	return r
}

// Register adds g. Registering two games with one id is a programming error.
func (r *Registry) Register(g Game) {
	if _, dup := r.games[g.ID()]; dup {
		panic("game: duplicate game id " + g.ID())
	}
	r.games[g.ID()] = g
}

// Lookup returns the game with the given id, or an error listing the ids
// that exist.
func (r *Registry) Lookup(id string) (Game, error) {
	if g, ok := r.games[id]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", id, strings.Join(r.IDs(), ", "))
}

// IDs returns the registered ids in sorted order.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.games))
	for id := range r.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Games returns the registered games sorted by id.
func (r *Registry) Games() []Game {
	gs := make([]Game, 0, len(r.games))
	for _, id := range r.IDs() {
		gs = append(gs, r.games[id])
	}
	return gs
}
