package swiss

import (
	"fmt"
	"slices"
)

// Standing is one player's line in the standings. Points are in half
// points: a win 2, a draw 1.
type Standing struct {
	Player int // index into the players
	Rank   int // 1-based; players tied on every criterion share a rank
	Score  int
	// Buchholz is the sum of the opponents' scores, SonnebornBerger the sum
	// of the scores of the opponents beaten and half those drawn with (in
	// quarter points, to stay an integer: divide by 4 for points). A round
	// without a game (bye, absence) counts as a game against a virtual
	// opponent who had the player's score before the round, scored
	// nothing against the bye (or a win against an absent player) and
	// drew every later round (FIDE C.02, unplayed games).
	Buchholz        int
	SonnebornBerger int
}

// Standings ranks the players after the rounds (finished games only count;
// pending ones score nothing yet): by score, then Buchholz, then
// Sonneborn-Berger. Withdrawn players keep their results.
func Standings(players []Player, rounds []Round, rules Rules) ([]Standing, error) {
	n := len(players)
	type line struct {
		opp     int // -1: none
		result  int // half points scored
		pending bool
		before  int // score before the round
	}
	lines := make([][]line, n)
	score := make([]int, n)
	for r, rd := range rounds {
		row := make([]line, n)
		for i := range row {
			row[i] = line{opp: -1, before: score[i]}
		}
		for _, g := range rd.Games {
			if g.White < 0 || g.White >= n || g.Black < 0 || g.Black >= n || g.White == g.Black {
				return nil, fmt.Errorf("swiss: round %d: game %d-%d: no such players", r+1, g.White+1, g.Black+1)
			}
			if g.Result == Pending {
				row[g.White].pending, row[g.Black].pending = true, true
				continue
			}
			w, b := points(g.Result)
			row[g.White].opp, row[g.White].result = g.Black, w
			row[g.Black].opp, row[g.Black].result = g.White, b
		}
		if rd.Bye >= 0 && rd.Bye < n {
			row[rd.Bye].result = rules.ByePoints
		}
		for i := range row {
			score[i] += row[i].result
			lines[i] = append(lines[i], row[i])
		}
	}
	rounds2 := len(rounds)
	st := make([]Standing, n)
	for i := range st {
		st[i] = Standing{Player: i, Score: score[i]}
		for r, l := range lines[i] {
			opp := 0
			switch {
			case l.pending:
				continue
			case l.opp >= 0:
				opp = score[l.opp]
			default:
				// The virtual opponent: the player's score before the round,
				// the complement of the player's result in it, draws after.
				opp = l.before + (2 - l.result) + (rounds2 - r - 1)
			}
			st[i].Buchholz += opp
			st[i].SonnebornBerger += l.result * opp
		}
	}
	slices.SortStableFunc(st, func(a, b Standing) int {
		switch {
		case a.Score != b.Score:
			return b.Score - a.Score
		case a.Buchholz != b.Buchholz:
			return b.Buchholz - a.Buchholz
		case a.SonnebornBerger != b.SonnebornBerger:
			return b.SonnebornBerger - a.SonnebornBerger
		}
		return a.Player - b.Player
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && st[i].Score == st[i-1].Score && st[i].Buchholz == st[i-1].Buchholz &&
			st[i].SonnebornBerger == st[i-1].SonnebornBerger {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st, nil
}
