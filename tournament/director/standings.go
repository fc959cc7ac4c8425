package director

import (
	"plateau/tournament/swiss"
)

// Line is one player's line in a tournament's standings.
type Line struct {
	Rank    int    `json:"rank"`
	Account string `json:"account"`
	Name    string `json:"name"`
	Rating  int    `json:"rating"`
	// Score is in points: an arena's (2 a win, doubled on fire) or a
	// Swiss tournament's (1 a win, ½ a draw).
	Score   float64 `json:"score"`
	Games   int     `json:"games"`
	Fire    bool    `json:"fire,omitempty"`
	Playing bool    `json:"playing,omitempty"`
	Left    bool    `json:"left,omitempty"`
	Level   string  `json:"level,omitempty"` // a computer level's line
	// Sheet is an arena player's points game by game (a casual
	// multi-player arena's too).
	Sheet []int `json:"sheet,omitempty"`
	// The Swiss tie-breaks, in points.
	Buchholz        float64 `json:"buchholz,omitempty"`
	SonnebornBerger float64 `json:"sonnebornBerger,omitempty"`
}

// Standings is a tournament's table.
type Standings struct {
	Kind    string `json:"kind"`
	Started bool   `json:"started"`
	Ended   bool   `json:"ended"`
	Round   int    `json:"round,omitempty"` // Swiss: the round in progress or last played
	Lines   []Line `json:"lines"`
	// Winner is the first line's account once the tournament has ended.
	Winner string `json:"winner,omitempty"`
}

// Standings computes the table from the state.
func (s *State) Standings() Standings {
	st := Standings{Kind: s.T.Kind, Started: s.Started, Ended: s.Ended, Round: len(s.rounds), Lines: []Line{}}
	playing := map[string]bool{}
	for _, g := range s.Playing() {
		for _, a := range g.Accounts() {
			playing[a] = true
		}
	}
	if s.tables != nil {
		st.Lines = s.tableStandings()
	} else if s.arena != nil {
		for _, a := range s.arena.Standings() {
			e := s.Players[s.idx[a.ID]]
			l := Line{Rank: a.Rank, Account: a.ID, Name: e.Name, Rating: a.Rating, Score: float64(a.Score), Games: a.Games,
				Fire: a.Fire, Playing: a.Playing, Left: a.Left, Level: e.Level}
			for _, m := range a.Sheet {
				l.Sheet = append(l.Sheet, m.Points)
			}
			st.Lines = append(st.Lines, l)
		}
	} else if s.Started {
		table, err := swiss.Standings(s.swissPlayers(), s.rounds, swiss.DefaultRules)
		if err == nil {
			for _, x := range table {
				a := s.order[x.Player]
				e := s.Players[s.idx[a]]
				games := 0
				for _, rd := range s.rounds {
					for _, g := range rd.Games {
						if (g.White == x.Player || g.Black == x.Player) && g.Result != swiss.Pending {
							games++
						}
					}
				}
				st.Lines = append(st.Lines, Line{Rank: x.Rank, Account: a, Name: e.Name, Rating: e.Rating, Score: float64(x.Score) / 2,
					Games: games, Playing: playing[a], Left: e.Left, Level: e.Level,
					Buchholz: float64(x.Buchholz) / 2, SonnebornBerger: float64(x.SonnebornBerger) / 4})
			}
		}
	} else {
		for i, e := range s.Players {
			st.Lines = append(st.Lines, Line{Rank: i + 1, Account: e.Account, Name: e.Name, Rating: e.Rating, Left: e.Left, Level: e.Level})
		}
	}
	if s.Ended && len(st.Lines) > 0 {
		st.Winner = st.Lines[0].Account
	}
	return st
}
