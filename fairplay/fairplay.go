// Package fairplay keeps the fair-play statistics of rated games: how
// often a player's moves are the engine's best move, and how much win
// probability they lose, over the player's recent rated moves. An account
// whose statistics cross its game's threshold is marked for a moderator's
// review (docs/fairplay.md describes the method and its measurement).
package fairplay

import (
	"plateau/review"
)

// Sample is one player's counted moves in one game (see Count).
type Sample struct {
	// Moves counts the moves that say something of the player: not
	// forced, past the opening, in a position not yet decided.
	Moves int `json:"moves"`
	// Agreed counts those of Moves equal to the engine's best move.
	Agreed int `json:"agreed"`
	// Loss sums the loss of win probability of Moves.
	Loss float64 `json:"loss"`
}

// Add returns the sum of s and o.
func (s Sample) Add(o Sample) Sample {
	return Sample{Moves: s.Moves + o.Moves, Agreed: s.Agreed + o.Agreed, Loss: s.Loss + o.Loss}
}

// Agreement is the share of the counted moves equal to the engine's best
// move (0 when none is counted).
func (s Sample) Agreement() float64 {
	if s.Moves == 0 {
		return 0
	}
	return float64(s.Agreed) / float64(s.Moves)
}

// MeanLoss is the mean loss of win probability of the counted moves (0
// when none is counted).
func (s Sample) MeanLoss() float64 {
	if s.Moves == 0 {
		return 0
	}
	return s.Loss / float64(s.Moves)
}

// Decided bounds the undecided positions: a move made where the mover's
// win probability before it is at most Decided or at least 1-Decided says
// little of the player (any move wins, or none saves the game) and is not
// counted.
const Decided = 0.1

// Rule is the threshold of one game.
type Rule struct {
	// Reviewer is the level that reviews the game for the statistics
	// ("": the server's review level, server.ReviewLevel). Draughts is
	// reviewed by max: judged by hard, max's moves lose as much as a
	// strong person's (docs/fairplay.md).
	Reviewer string `json:"reviewer,omitempty"`
	// Opening is the number of each player's first moves not counted
	// (the opening, where players follow known lines).
	Opening int `json:"opening"`
	// Window is how many of the account's latest counted moves are
	// judged: whole games, newest first, until it is reached.
	Window int `json:"window"`
	// MinMoves is the fewest counted moves judged: below, an account is
	// never marked.
	MinMoves int `json:"min_moves"`
	// MinAgreement and MaxLoss are the threshold: an account whose
	// agreement is at least MinAgreement and whose mean loss is at most
	// MaxLoss is marked.
	MinAgreement float64 `json:"min_agreement"`
	MaxLoss      float64 `json:"max_loss"`
}

// Rules are the thresholds of the games measured (docs/fairplay.md): a game
// without one is counted but never marks an account.
var Rules = map[string]Rule{
	"dames":   {Reviewer: "max", Opening: 5, Window: 200, MinMoves: 100, MinAgreement: 0.55, MaxLoss: 0.008},
	"shutbox": {Opening: 0, Window: 100, MinMoves: 50, MinAgreement: 0.97, MaxLoss: 0.002},
}

// RuleOf returns the rule of a game, and false when it has none.
func RuleOf(gameID string) (Rule, bool) {
	r, ok := Rules[gameID]
	return r, ok
}

// Count returns the sample of seat's moves in a review, under rule r:
// the moves neither forced, nor among the seat's first r.Opening, nor made
// in a decided position.
func Count(rep review.Report, seat int, r Rule) Sample {
	return CountJudged(Judged(rep, seat), r)
}

// JudgedMove is what the statistics read of a reviewed move.
type JudgedMove struct {
	Forced bool    `json:"forced,omitempty"`
	Before float64 `json:"before"`
	Loss   float64 `json:"loss"`
	Best   bool    `json:"best,omitempty"`
}

// Judged returns seat's moves in a review, in order.
func Judged(rep review.Report, seat int) []JudgedMove {
	var out []JudgedMove
	for _, m := range rep.Moves {
		if m.Player == seat {
			out = append(out, JudgedMove{Forced: m.Forced, Before: m.Before, Loss: m.Loss, Best: m.Move == m.Best})
		}
	}
	return out
}

// CountJudged is Count on one seat's judged moves.
func CountJudged(moves []JudgedMove, r Rule) Sample {
	var s Sample
	for i, m := range moves {
		if m.Forced || i < r.Opening || m.Before <= Decided || m.Before >= 1-Decided {
			continue
		}
		s.Moves++
		s.Loss += m.Loss
		if m.Best {
			s.Agreed++
		}
	}
	return s
}

// Verdict is the judgement of an account's latest samples in one game.
type Verdict struct {
	Sample
	Games  int  `json:"games"`
	Marked bool `json:"marked"`
}

// Judge judges an account's samples in one game, newest first, under r:
// the latest whole games up to r.Window counted moves are summed, and the
// account is marked when they hold at least r.MinMoves counted moves, an
// agreement of at least r.MinAgreement and a mean loss of at most
// r.MaxLoss.
func Judge(r Rule, newestFirst []Sample) Verdict {
	var v Verdict
	for _, s := range newestFirst {
		if v.Moves >= r.Window {
			break
		}
		v.Sample = v.Sample.Add(s)
		v.Games++
	}
	v.Marked = v.Moves >= r.MinMoves && v.Agreement() >= r.MinAgreement && v.MeanLoss() <= r.MaxLoss
	return v
}
