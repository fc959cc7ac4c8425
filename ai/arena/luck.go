package arena

import (
	"fmt"
	"math"

	"plateau/ai"
	"plateau/game"
)

// luckJudge measures the luck of the dice in one game, for A, by a
// reference evaluation: the luck of a roll is the value the reference gives
// A once the roll is known, less the mean of that value over every outcome
// of the roll (GNU Backgammon's luck analysis). Whatever the reference, a
// roll's luck has mean zero given everything before it, so a game's score
// less its luck is an unbiased estimate of A's expected score; the better
// the reference, the more of the dice's noise the difference leaves out.
// With the game's exact values and perfect players, the adjusted score is
// the start position's value in every game.
type luckJudge struct {
	ref     ai.Eval
	isA     []bool
	moves   []game.Move
	outcome game.State // the position after a roll
	reply   game.State // after a reply to it
	best    game.State // after the best reply so far
}

func newLuckJudge(ref ai.Eval, isA []bool) *luckJudge {
	return &luckJudge{ref: ref, isA: isA}
}

// roll returns A's luck in the outcome drawn, listed in cms, at the chance
// node s. s is not changed.
func (j *luckJudge) roll(s game.State, cms []game.ChanceMove, drawn game.Move) (float64, error) {
	var mean, total, got float64
	found := false
	for _, c := range cms {
		v, err := j.after(s, c.Move)
		if err != nil {
			return 0, err
		}
		w := float64(c.Weight)
		mean += w * v
		total += w
		if c.Move == drawn && !found {
			got, found = v, true
		}
	}
	if !found || total <= 0 {
		return 0, fmt.Errorf("luck of %s in %s: not an outcome of the roll", s.FormatMove(drawn), s.Position())
	}
	return got - mean/total, nil
}

// after returns A's share of the reference's values once outcome is rolled
// at s. When a seat moves next, the share is taken after the reply the
// reference values best for that seat: a roll's worth shows in what it lets
// the player do, which the position before the reply does not tell.
func (j *luckJudge) after(s game.State, outcome game.Move) (float64, error) {
	j.outcome = game.CopyOf(j.outcome, s)
	if err := j.outcome.Play(outcome); err != nil {
		return 0, fmt.Errorf("luck: rolling %s in %s: %w", s.FormatMove(outcome), s.Position(), err)
	}
	q := j.outcome.ToMove()
	if q < 0 || int(q) >= len(j.isA) || j.outcome.Outcome().Over {
		return j.share(j.outcome), nil
	}
	j.moves = j.outcome.Moves(j.moves[:0])
	if len(j.moves) == 0 {
		return j.share(j.outcome), nil
	}
	bestValue := math.Inf(-1)
	for _, m := range j.moves {
		j.reply = game.CopyOf(j.reply, j.outcome)
		if err := game.PlayListed(j.reply, m); err != nil {
			return 0, fmt.Errorf("luck: playing %s in %s: %w", j.outcome.FormatMove(m), j.outcome.Position(), err)
		}
		if v := j.value(j.reply, q); v > bestValue {
			bestValue = v
			j.best = game.CopyOf(j.best, j.reply)
		}
	}
	return j.share(j.best), nil
}

// value is the reference's value of s for p, or the result once s is over.
func (j *luckJudge) value(s game.State, p game.Player) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(p)
	}
	return j.ref(s, p)
}

// share is A's share of the values of s's seats, as GameResult.Score
// counts a result.
func (j *luckJudge) share(s game.State) float64 {
	return share(j.isA, func(p game.Player) float64 { return j.value(s, p) })
}

// Adjusted is A's luck-adjusted score over the games whose luck was
// measured (Match.Luck): the mean of their scores less their luck, with a
// 95% interval from the spread of the units of the match (the pairs of
// games sharing their dice, or the games when unpaired), which are
// independent where two games of a pair are not.
type Adjusted struct {
	Games int     `json:"games"`
	Score float64 `json:"score"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	// Luck is A's mean luck a game.
	Luck float64 `json:"luck"`
	// PlainLo and PlainHi bound the same games' plain score, computed the
	// same way, over the units: what the adjustment narrowed.
	PlainLo float64 `json:"plainLo"`
	PlainHi float64 `json:"plainHi"`
}

// adjust computes the luck-adjusted score of the results that have a luck,
// unit mapping a game's index to its unit.
func adjust(results []GameResult, unit func(index int) int) Adjusted {
	var a Adjusted
	var plain, adjusted unitSpread
	for _, g := range results {
		if g.Luck == nil {
			continue
		}
		plain.add(unit(g.Index), g.Score)
		adjusted.add(unit(g.Index), g.adjustedScore())
		a.Luck += *g.Luck
		a.Games++
	}
	if a.Games == 0 {
		return a
	}
	a.Luck /= float64(a.Games)
	a.Score, a.Lo, a.Hi = adjusted.interval()
	_, a.PlainLo, a.PlainHi = plain.interval()
	return a
}

// adjustedScore is the game's score less A's luck in it, when measured
// (see Adjusted); its score otherwise.
func (g GameResult) adjustedScore() float64 {
	if g.Luck == nil {
		return g.Score
	}
	return g.Score - *g.Luck
}
