package director

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"plateau/game"
	"plateau/store"
)

// Ranked is the result of a game of more than two seats that counted: its
// points are in the result event, seat by seat.
const Ranked = "ranked"

// tables is a casual multi-player arena's state (Spec.Seats of 3 or 4): the
// free players are seated in games of Spec.Seats as soon as there are
// enough of them, and each game scores its players by rank (TablePoints).
type tables struct {
	n   int
	ps  map[string]*tablePlayer
	ids []string // in joining order
}

type tablePlayer struct {
	in, playing bool
	rating      int
	freeSince   time.Time
	score       int
	sheet       []int
}

func newTables(n int) *tables { return &tables{n: n, ps: map[string]*tablePlayer{}} }

func (t *tables) join(account string, rating int, at time.Time) {
	p, ok := t.ps[account]
	if !ok {
		p = &tablePlayer{}
		t.ps[account] = p
		t.ids = append(t.ids, account)
	}
	p.rating = rating
	if !p.in {
		p.in, p.freeSince = true, at
	}
}

func (t *tables) leave(account string) {
	if p, ok := t.ps[account]; ok {
		p.in = false
	}
}

// pair seats the free players: the longest waiting first, as many full
// tables as they make, each table of players near in rating (the chosen
// players sorted by rating and cut in tables). Ties keep the joining
// order, so a replay pairs the same.
func (t *tables) pair() [][]string {
	var free []string
	for _, a := range t.ids {
		if p := t.ps[a]; p.in && !p.playing {
			free = append(free, a)
		}
	}
	k := len(free) / t.n * t.n
	if k == 0 {
		return nil
	}
	slices.SortStableFunc(free, func(a, b string) int { return t.ps[a].freeSince.Compare(t.ps[b].freeSince) })
	free = free[:k]
	slices.SortStableFunc(free, func(a, b string) int { return t.ps[b].rating - t.ps[a].rating })
	var out [][]string
	for i := 0; i < k; i += t.n {
		out = append(out, slices.Clone(free[i:i+t.n]))
	}
	return out
}

// begin seats the players of a game.
func (t *tables) begin(seats []string) error {
	if len(seats) != t.n {
		return fmt.Errorf("a game of %d seats in an event of %d", len(seats), t.n)
	}
	for _, a := range seats {
		p, ok := t.ps[a]
		if !ok || p.playing {
			return fmt.Errorf("%q is unknown or already playing", a)
		}
	}
	for _, a := range seats {
		t.ps[a].playing = true
	}
	return nil
}

// finish frees the players of a game and adds their points (nil: a void
// game, which scores nothing).
func (t *tables) finish(seats []string, points []int, at time.Time) error {
	if points != nil && len(points) != len(seats) {
		return fmt.Errorf("%d points for %d seats", len(points), len(seats))
	}
	for i, a := range seats {
		p, ok := t.ps[a]
		if !ok || !p.playing {
			return fmt.Errorf("%q is not playing", a)
		}
		p.playing, p.freeSince = false, at
		if points != nil {
			p.score += points[i]
			p.sheet = append(p.sheet, points[i])
		}
	}
	return nil
}

// standings ranks the players: score, then fewer games, then rating.
func (s *State) tableStandings() []Line {
	t := s.tables
	lines := make([]Line, 0, len(t.ids))
	for _, a := range t.ids {
		p, e := t.ps[a], s.Players[s.idx[a]]
		lines = append(lines, Line{Account: a, Name: e.Name, Rating: p.rating, Score: float64(p.score), Games: len(p.sheet),
			Playing: p.playing, Left: !p.in, Level: e.Level, Sheet: slices.Clone(p.sheet)})
	}
	slices.SortStableFunc(lines, func(a, b Line) int {
		switch {
		case a.Score != b.Score:
			return int(b.Score - a.Score)
		case a.Games != b.Games:
			return a.Games - b.Games
		}
		return b.Rating - a.Rating
	})
	for i := range lines {
		lines[i].Rank = i + 1
	}
	return lines
}

// TablePoints scores a finished game of more than two seats: each player
// gets one point per opponent ranked below (by result, win above draw above
// loss, then by the game's score where it keeps one: Shut the Box's open
// tiles, fewer better), and a game where all tie gives everyone 1. So Shut the
// Box scores 3/2/1/0 at four (2/1/0 at three), players sharing a place
// sharing its points, and 4-player Intercept's team win 2 to each winner,
// 0 to the losers, 1 each for a draw.
func TablePoints(o game.Outcome) []int {
	n := len(o.Results)
	order := map[game.Result]int{game.Win: 2, game.Draw: 1}
	key := func(i int) (int, int) {
		sc := 0
		if len(o.Scores) == n {
			sc = -o.Scores[i]
		}
		return order[o.Results[i]], sc
	}
	pts := make([]int, n)
	for i := range n {
		ri, si := key(i)
		for j := range n {
			if rj, sj := key(j); ri > rj || ri == rj && si > sj {
				pts[i]++
			}
		}
	}
	if !slices.ContainsFunc(pts, func(p int) bool { return p > 0 }) {
		for i := range pts {
			pts[i] = 1
		}
	}
	return pts
}

// tableOutcome reads a finished multi-seat game: Ranked and its points, or
// Void.
func tableOutcome(rec *store.Game, seats int) (string, []int) {
	var o game.Outcome
	if json.Unmarshal(rec.Result, &o) != nil || len(o.Results) != seats || o.Reason == "aborted" {
		return Void, nil
	}
	return Ranked, TablePoints(o)
}
