package arena

import (
	"cmp"
	"slices"
)

// Standing is one player's line in the standings.
type Standing struct {
	Rank   int    `json:"rank"`
	ID     string `json:"id"`
	Rating int    `json:"rating"`
	Score  int    `json:"score"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	// Fire: the player's next game scores double.
	Fire    bool   `json:"fire,omitempty"`
	Playing bool   `json:"playing,omitempty"`
	Left    bool   `json:"left,omitempty"`
	Sheet   []Mark `json:"sheet"`
}

// Standings ranks the players by score, then by the points per game,
// then by rating; equal lines share a rank. The winner is the first once
// the arena is over.
func (a *Arena) Standings() []Standing {
	st := make([]Standing, len(a.ps))
	for i, p := range a.ps {
		s := Standing{ID: p.id, Rating: p.rating, Score: p.score, Games: len(p.sheet),
			Fire: p.streak >= 2, Playing: p.playing >= 0, Left: !p.in, Sheet: slices.Clone(p.sheet)}
		for _, m := range p.sheet {
			if m.Win {
				s.Wins++
			}
		}
		st[i] = s
	}
	// Points per game compared as fractions: a.Score/a.Games > b.Score/b.Games.
	perGame := func(x, y Standing) int {
		return cmp.Compare(y.Score*max(x.Games, 1), x.Score*max(y.Games, 1))
	}
	slices.SortStableFunc(st, func(x, y Standing) int {
		if c := cmp.Compare(y.Score, x.Score); c != 0 {
			return c
		}
		if c := perGame(x, y); c != 0 {
			return c
		}
		if c := cmp.Compare(y.Rating, x.Rating); c != 0 {
			return c
		}
		return cmp.Compare(x.ID, y.ID)
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && st[i].Score == st[i-1].Score && perGame(st[i], st[i-1]) == 0 && st[i].Rating == st[i-1].Rating {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st
}
