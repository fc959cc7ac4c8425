package toy

import (
	"fmt"

	"plateau/game"
)

// Dice is a small dice game for 1 to 4 players with a known expectimax
// value. Each player in turn rolls a three-sided die (1, 2, 3 with weights
// 1, 2, 1) and then keeps the roll, rerolls once (keeping the second roll),
// or gambles (a fair coin doubles the roll or scores nothing). After Rounds
// turns each, the highest score wins; players tied first draw.
type Dice struct {
	base
	Scores []int
	Rounds int
	// Again gives a turn's first roll a fourth face, RollAgain (weight 1),
	// which changes nothing: the roll is made again, as backgammon's
	// opening roll is on a double.
	Again bool
	turn  int // turns played
	phase int8
	roll  int
}

// Phases of a turn.
const (
	diceRoll   int8 = iota // chance: the first roll
	diceDecide             // the player keeps, rerolls or gambles
	diceReroll             // chance: the second roll
	diceCoin               // chance: the gamble's coin
)

// Decisions, and chance outcomes (rolls are 1..3).
const (
	Keep      game.Move = 100
	Reroll    game.Move = 101
	Gamble    game.Move = 102
	Heads     game.Move = 10
	Tails     game.Move = 11
	RollAgain game.Move = 12
	maxDice             = 4
)

// NewDice returns a dice game for players players over rounds rounds.
func NewDice(players, rounds int) *Dice {
	return &Dice{Scores: make([]int, players), Rounds: rounds}
}

// DiceGame is the dice game as a game.Game with options players and rounds.
var DiceGame game.Game = simpleGame{id: "dice", opts: []game.Option{
	{Key: "players", Kind: game.Int, Default: "2", Min: 1, Max: maxDice},
	{Key: "rounds", Kind: game.Int, Default: "3", Min: 1, Max: 10},
}, new: func(cfg game.Config) game.State { return NewDice(cfg.Int("players"), cfg.Int("rounds")) }}

func (d *Dice) Players() int { return len(d.Scores) }
func (d *Dice) over() bool   { return d.turn >= d.Rounds*len(d.Scores) }
func (d *Dice) ToMove() game.Player {
	switch {
	case d.over():
		return game.Nobody
	case d.phase == diceDecide:
		return game.Player(d.turn % len(d.Scores))
	}
	return game.Chance
}
func (d *Dice) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove {
	if d.over() {
		return buf
	}
	switch d.phase {
	case diceRoll, diceReroll:
		if d.Again && d.phase == diceRoll {
			buf = append(buf, game.ChanceMove{Move: RollAgain, Weight: 1})
		}
		return append(buf, game.ChanceMove{Move: 1, Weight: 1}, game.ChanceMove{Move: 2, Weight: 2}, game.ChanceMove{Move: 3, Weight: 1})
	case diceCoin:
		return append(buf, game.ChanceMove{Move: Heads, Weight: 1}, game.ChanceMove{Move: Tails, Weight: 1})
	}
	return buf
}
func (d *Dice) Moves(buf []game.Move) []game.Move {
	if d.over() {
		return buf
	}
	if d.phase == diceDecide {
		return append(buf, Keep, Reroll, Gamble)
	}
	var cms [4]game.ChanceMove
	for _, c := range d.ChanceMoves(cms[:0]) {
		buf = append(buf, c.Move)
	}
	return buf
}
func (d *Dice) Play(m game.Move) error {
	if err := legal(d, m); err != nil {
		return err
	}
	p := d.turn % len(d.Scores)
	switch {
	case m == RollAgain:
	case d.phase == diceRoll:
		d.roll, d.phase = int(m), diceDecide
	case m == Keep:
		d.end(p, d.roll)
	case m == Reroll:
		d.phase = diceReroll
	case m == Gamble:
		d.phase = diceCoin
	case d.phase == diceReroll:
		d.end(p, int(m))
	case m == Heads:
		d.end(p, 2*d.roll)
	default:
		d.end(p, 0)
	}
	return nil
}
func (d *Dice) end(p, points int) {
	d.Scores[p] += points
	d.turn++
	d.phase, d.roll = diceRoll, 0
}
func (d *Dice) Clone() game.State {
	c := *d
	c.Scores = append([]int(nil), d.Scores...)
	return &c
}

// CopyFrom makes d a copy of src reusing its Scores, as the engines do.
func (d *Dice) CopyFrom(src game.State) bool {
	o, ok := src.(*Dice)
	if !ok {
		return false
	}
	scores := d.Scores
	*d = *o
	d.Scores = append(scores[:0], o.Scores...)
	return true
}
func (d *Dice) Outcome() game.Outcome {
	if !d.over() {
		return game.Outcome{}
	}
	best := -1
	for _, s := range d.Scores {
		best = max(best, s)
	}
	var top []game.Player
	for p, s := range d.Scores {
		if s == best {
			top = append(top, game.Player(p))
		}
	}
	o := game.Finished(len(d.Scores), "rounds played", top...)
	if len(top) > 1 {
		for _, p := range top {
			o.Results[p] = game.Draw
		}
	}
	o.Scores = append([]int(nil), d.Scores...)
	return o
}
func (d *Dice) Position() string {
	return fmt.Sprintf("%v t%d p%d r%d", d.Scores, d.turn, d.phase, d.roll)
}
func (d *Dice) FormatMove(m game.Move) string         { return fmt.Sprint(uint64(m)) }
func (d *Dice) ParseMove(s string) (game.Move, error) { return parseMove(d, s) }
func (d *Dice) Hash() uint64 {
	h := uint64(d.turn)<<8 | uint64(d.phase)<<4 | uint64(d.roll)
	for _, s := range d.Scores {
		h = h*1000003 + uint64(s)
	}
	return h
}

// Evaluate is the share of the score lead, a rough guess.
func (d *Dice) Evaluate(p game.Player) float64 {
	if o := d.Outcome(); o.Over {
		return o.Value(p)
	}
	total, mine := 0, d.Scores[p]
	for _, s := range d.Scores {
		total += s
	}
	if total == 0 {
		return 1 / float64(len(d.Scores))
	}
	return float64(mine+1) / float64(total+len(d.Scores))
}
