package mahbousse

import (
	"sync"

	"plateau/game"
)

// MarsShare is the share of won games that are marses in self-play of one
// ply on the AI's networks (two runs of 1000 games, 30 November 2026: 575
// of 999 and 579 of 997): the chance of a mars in the games of a match not
// yet begun.
const MarsShare = 0.58

// matchTable holds, at [a][b], the chance of winning a match at the start
// of a game, needing a points while the opponent needs b, when either side
// wins each game with chance 1/2, a mars with chance MarsShare of that. A
// drawn game is replayed and changes nothing.
type matchTable [MaxMatch + 1][MaxMatch + 1]float64

func newMatchTable() *matchTable {
	var t matchTable
	for a := 1; a <= MaxMatch; a++ {
		for b := 1; b <= MaxMatch; b++ {
			t[a][b] = 0.5*((1-MarsShare)*t.at(a-1, b)+MarsShare*t.at(a-2, b)) +
				0.5*((1-MarsShare)*t.at(a, b-1)+MarsShare*t.at(a, b-2))
		}
	}
	return &t
}

// matchWins is the table, built once: evaluations read it at every
// position of a match, and building it took about 300 ns, a thirtieth of
// an evaluation by the networks.
var matchWins = sync.OnceValue(newMatchTable)

// at is the chance at [a][b], 1 when a point count needed is reached.
func (t *matchTable) at(a, b int) float64 {
	switch {
	case a <= 0:
		return 1
	case b <= 0:
		return 0
	}
	return t[a][b]
}

// MatchEquity is p's chance of winning the match from s, given w, p's
// chance of winning the game in progress, and mw and ml, the chances that
// the game is a mars if p wins it and if p loses it. In a single game
// (match 1), or once the match is over, it is w; at the opening roll of a
// game of the match, the chance of the match at a game's start.
//
// Evaluations estimate the game's chances; this turns them into the
// match's, so that a player counts the points a game's end scores: without
// it, the next game's start looked even to the networks, and winning a game
// of a match was worth no more than losing it.
func (s *State) MatchEquity(p game.Player, w, mw, ml float64) float64 {
	if s.r.Match <= 1 || s.phase == phOver || (p != 0 && p != 1) {
		return w
	}
	t := matchWins()
	a, b := s.r.Match-int(s.score[p]), s.r.Match-int(s.score[1-p])
	if s.phase == phOpening {
		return t.at(a, b)
	}
	return w*((1-mw)*t.at(a-1, b)+mw*t.at(a-2, b)) + (1-w)*((1-ml)*t.at(a, b-1)+ml*t.at(a, b-2))
}
