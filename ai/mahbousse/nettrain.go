package mahbousse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"plateau/game"
	"plateau/games/mahbousse"
)

// NetTrainOptions tunes TrainNet.
type NetTrainOptions struct {
	Games  int     // self-play games
	Seed   uint64  // initial weights and dice
	Hidden int     // hidden units of a new network (default 48)
	Alpha  float64 // learning rate of the first game; game g's is Alpha/(1+g/Decay) (default 0.1)
	// Decay is the number of games after which the learning rate is half
	// the first game's (default 10000). Long runs want it longer: at the
	// default, game 200 000 learns at a twenty-first of game 0's rate.
	Decay  int
	Lambda float64 // eligibility trace decay (default 0.7)
	// Linear makes a new network learn a correction to the trained linear
	// evaluation (see Net); its output weights start at zero.
	Linear bool
	// Tactics makes the network read the tactical inputs (see Net): a new
	// one from the start, or the copy of From, whose weights for them
	// start at zero.
	Tactics bool
	// From is a network to go on training (a copy is trained); nil starts
	// from small random weights drawn from Seed.
	From  *Net
	Rules mahbousse.Rules
	// Log, if set, gets a line of progress every LogEvery games (default 1000).
	Log      io.Writer
	LogEvery int
	// Checkpoint, if set, gets the network every LogEvery games. The
	// network after g games does not depend on Games: it is the network a
	// training of g games returns.
	Checkpoint func(n *Net, games int) error
}

// TrainNet trains a network by TD(λ) self-play, as TD-Gammon was: both
// sides play the move whose resulting position the network values best for
// them (one ply), and after every move the weights move the value of the
// previous position toward the value of the new one, and at the end toward
// the result, along an eligibility trace of the value's gradients. The value
// trained is Eval(s, x), the antisymmetric mean of the two views. The same
// options give the same network.
func TrainNet(ctx context.Context, o NetTrainOptions) (*Net, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6e6574776f726b))
	n, err := o.startNet(rng)
	if err != nil {
		return nil, err
	}
	t := &trainer{n: n, trace: n.zero(), lambda: o.Lambda, rng: rng, scratch: mahbousse.NewState(o.Rules)}
	start := time.Now()
	plies := 0
	var wins [3]int // x, o, drawn
	for g := range o.Games {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("training stopped after %d games: %w", g, err)
		}
		alpha := o.Alpha / (1 + float64(g)/float64(o.Decay))
		p, winner, err := t.selfPlay(mahbousse.NewState(o.Rules), alpha)
		if err != nil {
			return nil, fmt.Errorf("train network: self-play game %d: %w", g, err)
		}
		plies += p
		wins[winner]++
		if o.Log != nil && (g+1)%o.LogEvery == 0 {
			fmt.Fprintf(o.Log, "%d games, %.0f moves a game, x won %d, o %d, drawn %d, %s\n", g+1,
				float64(plies)/float64(o.LogEvery), wins[0], wins[1], wins[2], time.Since(start).Round(time.Second))
			plies, wins = 0, [3]int{}
		}
		if o.Checkpoint != nil && (g+1)%o.LogEvery == 0 {
			if err := o.Checkpoint(n, g+1); err != nil {
				return nil, fmt.Errorf("train network: checkpoint after %d games: %w", g+1, err)
			}
		}
	}
	return n, nil
}

// withDefaults returns o with its defaults filled in, or why o is wrong.
func (o NetTrainOptions) withDefaults() (NetTrainOptions, error) {
	if o.Games < 0 {
		return o, fmt.Errorf("train network: %d games", o.Games)
	}
	if o.Hidden == 0 {
		o.Hidden = 48
	}
	if o.Alpha == 0 {
		o.Alpha = 0.1
	}
	if o.Lambda == 0 {
		o.Lambda = 0.7
	}
	if o.Decay == 0 {
		o.Decay = 10_000
	}
	if o.Decay < 0 {
		return o, fmt.Errorf("train network: decay %d games: want > 0", o.Decay)
	}
	if o.Alpha < 0 || o.Lambda < 0 || o.Lambda > 1 {
		return o, fmt.Errorf("train network: alpha %v, lambda %v: want alpha > 0 and lambda in [0, 1]", o.Alpha, o.Lambda)
	}
	if o.LogEvery <= 0 {
		o.LogEvery = 1000
	}
	return o, nil
}

// startNet returns the network training starts from: a clone of o.From,
// or a new one with small random weights drawn from rng.
func (o NetTrainOptions) startNet(rng *rand.Rand) (*Net, error) {
	if o.From != nil {
		n := o.From.clone()
		n.tactics = n.tactics || o.Tactics
		return n, nil
	}
	n, err := newNet(o.Hidden)
	if err != nil {
		return nil, fmt.Errorf("train network: %w", err)
	}
	n.linear = o.Linear
	n.tactics = o.Tactics
	for i := range n.w1[:n.inputs()*n.hidden] {
		n.w1[i] = (rng.Float64()*2 - 1) * 0.1
	}
	if !o.Linear {
		for i := range n.w2 {
			n.w2[i] = (rng.Float64()*2 - 1) * 0.1
		}
	}
	return n, nil
}

// selfPlay plays one game from s, the network choosing both sides'
// moves and learning from each by TD(lambda) at rate alpha; it returns
// the moves played and who won (0 x, 1 o, 2 drawn).
func (t *trainer) selfPlay(s *mahbousse.State, alpha float64) (plies, winner int, err error) {
	t.trace.clear()
	started := false
	prev := 0.0
	for ply := 0; ; ply++ {
		if ply > 20_000 {
			return plies, 0, errors.New("the game did not end")
		}
		if oc := s.Outcome(); oc.Over {
			if started {
				t.n.step(t.trace, alpha*(oc.Value(0)-prev))
			}
			switch {
			case oc.Value(0) == 1:
				return plies, 0, nil
			case oc.Value(1) == 1:
				return plies, 1, nil
			}
			return plies, 2, nil
		}
		if s.ToMove() == game.Chance {
			if t.cms, err = roll(s, t.rng, t.cms); err != nil {
				return plies, 0, err
			}
			continue
		}
		t.moves = s.Moves(t.moves[:0])
		best, _, err := t.n.best(s, t.moves, t.scratch)
		if err != nil {
			return plies, 0, err
		}
		if err := game.PlayListed(s, t.moves[best]); err != nil {
			return plies, 0, err
		}
		plies++
		if s.Outcome().Over {
			continue
		}
		l := s.Layout()
		v := t.n.value(&l, 0)
		if started {
			t.n.step(t.trace, alpha*(v-prev))
		}
		prev = t.gradient(&l)
		started = true
	}
}

// best returns the index of the move of s whose position n values best for
// the player to move, and that value, using scratch to play them.
func (n *Net) best(s *mahbousse.State, moves []game.Move, scratch *mahbousse.State) (int, float64, error) {
	mover := s.ToMove()
	best, bestV := -1, -1.0
	for i, m := range moves {
		scratch.CopyFrom(s)
		if err := game.PlayListed(scratch, m); err != nil {
			return 0, 0, err
		}
		if v := n.Eval(scratch, mover); v > bestV {
			best, bestV = i, v
		}
	}
	return best, bestV, nil
}

// trainer holds TrainNet's network and its eligibility trace, shaped as
// the network's weights.
type trainer struct {
	n      *Net
	trace  *Net
	lambda float64
	// rng rolls the dice; moves, cms and scratch are buffers.
	rng     *rand.Rand
	moves   []game.Move
	cms     []game.ChanceMove
	scratch *mahbousse.State
}

// gradient decays the trace, adds the gradient of Eval(s, 0) at l to it and
// returns that value.
func (t *trainer) gradient(l *mahbousse.Layout) float64 {
	tr := t.trace
	for _, ws := range [][]float64{tr.w1, tr.b1, tr.w2} {
		for i := range ws {
			ws[i] *= t.lambda
		}
	}
	tr.b2 *= t.lambda
	race := isRace(l)
	lin := t.n.linearLogit(l, 0)
	var tv tacticalInputs
	var tac *tacticalInputs
	if t.n.tactics {
		tv.set(l)
		tac = &tv
	}
	var x input
	var h [MaxHidden]float64
	v := 0.5
	// Eval(s, x) = (out(x's view) + 1 - out(o's view)) / 2.
	for a, sign := range [2]float64{0.5, -0.5} {
		encode(l, a, race, tac, &x)
		out := t.n.forward(&x, lin, &h)
		lin = -lin
		v += sign * out
		d := sign * out * (1 - out) // d Eval / d z
		tr.b2 += d
		for j := range t.n.hidden {
			tr.w2[j] += d * h[j]
			dh := d * t.n.w2[j] * h[j] * (1 - h[j])
			tr.b1[j] += dh
			for k := range x.n {
				tr.w1[int(x.idx[k])*t.n.hidden+j] += dh * x.val[k]
			}
		}
	}
	return v
}

// step adds a times the trace to the weights.
func (n *Net) step(trace *Net, a float64) {
	for i, w := range trace.w1 {
		n.w1[i] += a * w
	}
	for i, w := range trace.b1 {
		n.b1[i] += a * w
	}
	for i, w := range trace.w2 {
		n.w2[i] += a * w
	}
	n.b2 += a * trace.b2
}

// zero returns a network of n's shape with zero weights.
func (n *Net) zero() *Net {
	z, _ := newNet(n.hidden)
	return z
}

func (n *Net) clone() *Net {
	c := n.zero()
	c.linear, c.tactics = n.linear, n.tactics
	copy(c.w1, n.w1)
	copy(c.b1, n.b1)
	copy(c.w2, n.w2)
	c.b2 = n.b2
	return c
}

func (n *Net) clear() {
	clear(n.w1)
	clear(n.b1)
	clear(n.w2)
	n.b2 = 0
}
