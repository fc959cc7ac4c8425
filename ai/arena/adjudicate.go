package arena

// Resign is cutechess-cli's resign rule asked of both sides, as engine
// matches use it to save the moves of a won ending: a two-player game ends,
// won, when for Moves consecutive decisions of each player both say the
// same player wins, the winner's Score at least Score and the loser's at
// most 1-Score. The reason is "adjudicated".
type Resign struct {
	Score float64
	Moves int
}

// Draw is cutechess-cli's draw rule: from ply Ply on, a two-player game
// ends drawn when for Moves consecutive decisions of each player both
// scores lie within Margin of ½. The reason is "adjudicated draw".
type Draw struct {
	Ply    int
	Margin float64
	Moves  int
}

// judge counts player p's decision of value score at ply and reports
// whether the rule adjudicates the game drawn.
func (r Draw) judge(even []int, ply, p int, score float64) bool {
	if r.Moves <= 0 || len(even) != 2 {
		return false
	}
	if ply < r.Ply || score < 0.5-r.Margin || score > 0.5+r.Margin {
		even[p] = 0
		return false
	}
	even[p]++
	return even[0] >= r.Moves && even[1] >= r.Moves
}

// on reports whether the rule is in use.
func (r Resign) on() bool { return r.Moves > 0 && r.Score > 0.5 }

// judge counts player p's decision of value score and returns the player
// the rule adjudicates the game to, or -1.
func (r Resign) judge(ahead, behind []int, p int, score float64) int {
	if !r.on() || len(ahead) != 2 {
		return -1
	}
	switch {
	case score >= r.Score:
		ahead[p]++
		behind[p] = 0
	case score <= 1-r.Score:
		behind[p]++
		ahead[p] = 0
	default:
		ahead[p], behind[p] = 0, 0
	}
	q := 1 - p
	switch {
	case ahead[p] >= r.Moves && behind[q] >= r.Moves:
		return p
	case behind[p] >= r.Moves && ahead[q] >= r.Moves:
		return q
	}
	return -1
}
