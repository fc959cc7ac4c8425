package mahbousse

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"plateau/game"
	"plateau/games/mahbousse"
)

// DistillOptions tunes Distill.
type DistillOptions struct {
	Positions int     // positions labelled and learnt (default 100 000)
	Seed      uint64  // self-play dice, exploration and the order of learning
	Epochs    int     // passes over the positions (default 4)
	Alpha     float64 // learning rate (default 0.01)
	// Explore is the share of self-play moves chosen at random instead of
	// the teacher's best, so that the positions learnt include some the
	// teacher's own play avoids (default 0.05; negative: none).
	Explore float64
	// Workers label positions at once (default GOMAXPROCS); the result does
	// not depend on it.
	Workers int
	Rules   mahbousse.Rules
	Log     io.Writer // a line per stage and per epoch, if set
}

// Sample is a position to learn, a player about to roll, and its label:
// x's chance of winning as the teacher sees it one ply deeper.
type Sample struct {
	Layout mahbousse.Layout
	Value  float64
}

// Distill returns a copy of teacher trained to give, at a glance, the value
// teacher finds one ply deeper: Label, then Fit. The network learns what
// the lookahead sees (the rolls that hit, the moves that pin), so a search
// on it sees about one ply further at the cost of none: the way strong
// backgammon networks are trained on the values of deeper evaluations
// rather than on their own, once self-play has taught them the game.
// Repeated, each network teaching the next, the lookahead compounds. The
// same options give the same network, whatever Workers.
func Distill(ctx context.Context, teacher *Net, o DistillOptions) (*Net, error) {
	data, err := Label(ctx, teacher, o)
	if err != nil {
		return nil, err
	}
	return Fit(ctx, teacher, data, o)
}

func (o *DistillOptions) defaults() error {
	if o.Positions == 0 {
		o.Positions = 100_000
	}
	if o.Epochs == 0 {
		o.Epochs = 4
	}
	if o.Alpha == 0 {
		o.Alpha = 0.01
	}
	if o.Explore == 0 {
		o.Explore = 0.05
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Positions < 0 || o.Epochs < 0 || o.Alpha < 0 || o.Explore > 1 {
		return fmt.Errorf("distill network: %d positions, %d epochs, alpha %v, explore %v: want positions, epochs and alpha above 0, explore at most 1",
			o.Positions, o.Epochs, o.Alpha, o.Explore)
	}
	return nil
}

// Label plays teacher's self-play games (its best move at a glance, a
// random one o.Explore of the time), game g with dice of its own, and
// returns o.Positions of their positions with a player about to roll, in
// game order, each labelled with the mean over the 21 rolls of teacher's
// value of the roller's best move (GNU Backgammon's "1-ply").
func Label(ctx context.Context, teacher *Net, o DistillOptions) ([]Sample, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	start := time.Now()
	data, err := labelGames(ctx, teacher, o)
	if err != nil {
		return nil, fmt.Errorf("distill network: %w", err)
	}
	if o.Log != nil {
		fmt.Fprintf(o.Log, "labelled %d positions in %s\n", len(data), time.Since(start).Round(time.Second))
	}
	return data, nil
}

// Fit returns a copy of n trained on the samples by stochastic gradient
// descent of the squared error of Eval(s, x), o.Epochs passes in an order
// drawn from o.Seed, the rate falling linearly from o.Alpha to a tenth of
// it. The last twentieth of the samples is held out: its error, logged,
// says whether the network learns the lookahead or the positions.
func Fit(ctx context.Context, n *Net, data []Sample, o DistillOptions) (*Net, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	start := time.Now()
	held := len(data) / 20
	train, test := data[:len(data)-held], data[len(data)-held:]
	n = n.clone()
	if o.Log != nil {
		fmt.Fprintf(o.Log, "before: mean squared error %.5f (learnt positions), %.5f (held out)\n", n.meanSquaredError(train), n.meanSquaredError(test))
	}
	t := &trainer{n: n, trace: n.zero()}
	rng := rand.New(rand.NewPCG(o.Seed, 0x64697374696c6c))
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	for e := range o.Epochs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("distill network: stopped in epoch %d: %w", e+1, err)
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		alpha := o.Alpha * (1 - 0.9*float64(e)/float64(o.Epochs))
		for _, i := range order {
			v := t.gradient(&train[i].Layout) // lambda 0: the trace is the gradient
			n.step(t.trace, alpha*(train[i].Value-v))
		}
		if o.Log != nil {
			fmt.Fprintf(o.Log, "epoch %d: mean squared error %.5f (learnt positions), %.5f (held out), %s\n", e+1,
				n.meanSquaredError(train), n.meanSquaredError(test), time.Since(start).Round(time.Second))
		}
	}
	return n, nil
}

// meanSquaredError is n's mean squared error on the samples' labels.
func (n *Net) meanSquaredError(data []Sample) float64 {
	if len(data) == 0 {
		return 0
	}
	sum := 0.0
	for i := range data {
		d := n.value(&data[i].Layout, 0) - data[i].Value
		sum += d * d
	}
	return sum / float64(len(data))
}

// labelGames plays teacher's self-play games, game g from its own seed,
// until o.Positions positions are labelled, and returns them in game order.
func labelGames(ctx context.Context, teacher *Net, o DistillOptions) ([]Sample, error) {
	var (
		mu      sync.Mutex
		next    int
		done    = map[int][]Sample{}
		total   int // positions of the games 0..contig-1
		contig  int // games finished from 0 on without a gap
		stop    bool
		firstEr error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range o.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := newLabeller(teacher, o)
			for {
				mu.Lock()
				if stop {
					mu.Unlock()
					return
				}
				g := next
				next++
				mu.Unlock()
				s, err := l.game(ctx, g)
				mu.Lock()
				if err != nil {
					if firstEr == nil {
						firstEr = err
					}
					stop = true
					cancel()
					mu.Unlock()
					return
				}
				done[g] = s
				for {
					d, ok := done[contig]
					if !ok {
						break
					}
					total += len(d)
					contig++
				}
				if total >= o.Positions {
					stop = true
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstEr != nil {
		return nil, firstEr
	}
	out := make([]Sample, 0, total)
	for g := 0; g < contig && len(out) < o.Positions; g++ {
		out = append(out, done[g]...)
	}
	return out[:min(len(out), o.Positions)], nil
}

// labeller plays and labels self-play games; each worker has its own.
type labeller struct {
	teacher         *Net
	o               DistillOptions
	moves, replies  []game.Move
	cms, rolls      []game.ChanceMove
	rolled, scratch *mahbousse.State
	record          func(*mahbousse.State) // called with each position labelled, for tests
}

func newLabeller(teacher *Net, o DistillOptions) *labeller {
	return &labeller{teacher: teacher, o: o, rolled: mahbousse.NewState(o.Rules), scratch: mahbousse.NewState(o.Rules)}
}

// game plays self-play game g and returns its positions, each with a
// player about to roll, labelled.
func (l *labeller) game(ctx context.Context, g int) ([]Sample, error) {
	rng := rand.New(rand.NewPCG(l.o.Seed, uint64(g)))
	s := mahbousse.NewState(l.o.Rules)
	var out []Sample
	for ply := 0; ; ply++ {
		if ply > 20_000 {
			return nil, fmt.Errorf("self-play game %d did not end", g)
		}
		if s.Outcome().Over {
			return out, nil
		}
		if s.ToMove() == game.Chance {
			// Positions before the opening roll (again after a double)
			// have no player to roll: the game's start, not learnt.
			if lay := s.Layout(); lay.Turn == 0 || lay.Turn == 1 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				v, err := l.lookahead(s)
				if err != nil {
					return nil, fmt.Errorf("self-play game %d: %w", g, err)
				}
				out = append(out, Sample{Layout: s.Layout(), Value: v})
				if l.record != nil {
					l.record(s)
				}
			}
			var err error
			if l.cms, err = roll(s, rng, l.cms); err != nil {
				return nil, fmt.Errorf("self-play game %d: %w", g, err)
			}
			continue
		}
		l.moves = s.Moves(l.moves[:0])
		i, _, err := l.teacher.best(s, l.moves, l.scratch)
		if err != nil {
			return nil, fmt.Errorf("self-play game %d: %w", g, err)
		}
		if rng.Float64() < l.o.Explore {
			i = rng.IntN(len(l.moves))
		}
		if err := game.PlayListed(s, l.moves[i]); err != nil {
			return nil, fmt.Errorf("self-play game %d: %w", g, err)
		}
	}
}

// lookahead is x's chance of winning s, a player about to roll, one ply
// deeper: the rolls' mean of the teacher's value of the roller's best move.
func (l *labeller) lookahead(s *mahbousse.State) (float64, error) {
	l.rolls = s.ChanceMoves(l.rolls[:0])
	sum, total := 0.0, 0
	for _, c := range l.rolls {
		l.rolled.CopyFrom(s)
		if err := l.rolled.Play(c.Move); err != nil {
			return 0, fmt.Errorf("lookahead: %w", err)
		}
		// After a roll the roller moves (a blocked one has its pass listed).
		mover := l.rolled.ToMove()
		if mover != 0 && mover != 1 {
			return 0, fmt.Errorf("lookahead: no player to move after the roll %#x", uint64(c.Move))
		}
		l.replies = l.rolled.Moves(l.replies[:0])
		_, v, err := l.teacher.best(l.rolled, l.replies, l.scratch)
		if err != nil {
			return 0, fmt.Errorf("lookahead: %w", err)
		}
		if mover == 1 {
			v = 1 - v
		}
		sum += float64(c.Weight) * v
		total += c.Weight
	}
	return sum / float64(total), nil
}

// sampleRecord is a Sample's binary form.
type sampleRecord struct {
	Free   [2][25]int8
	Pinned [2][25]uint8 // 0 or 1
	Off    [2]int8
	Turn   int8
	Value  float64
}

// WriteSamples writes samples in a binary form ReadSamples reads: a
// labelled set kept to fit networks again without labelling it again.
func WriteSamples(w io.Writer, data []Sample) error {
	bw := bufio.NewWriter(w)
	if _, err := bw.WriteString(samplesMagic); err != nil {
		return err
	}
	for i := range data {
		l := &data[i].Layout
		r := sampleRecord{Free: l.Free, Off: l.Off, Turn: int8(l.Turn), Value: data[i].Value}
		for p := range 2 {
			for n, pinned := range l.Pinned[p] {
				if pinned {
					r.Pinned[p][n] = 1
				}
			}
		}
		if err := binary.Write(bw, binary.LittleEndian, &r); err != nil {
			return fmt.Errorf("write samples: %w", err)
		}
	}
	return bw.Flush()
}

const samplesMagic = "MBS1"

// sampleSize is a sampleRecord's length in bytes.
var sampleSize = binary.Size(sampleRecord{})

// check reports what makes r no position of a game in progress's record.
func (r *sampleRecord) check() error {
	for p := range 2 {
		for n := range 25 {
			if f := r.Free[p][n]; f < 0 || f > 15 {
				return fmt.Errorf("%d checkers of player %d on point %d", f, p, n)
			}
			if b := r.Pinned[p][n]; b > 1 {
				return fmt.Errorf("pin flag %d of player %d on point %d, want 0 or 1", b, p, n)
			}
		}
		if r.Off[p] < 0 || r.Off[p] > 15 {
			return fmt.Errorf("%d checkers of player %d borne off", r.Off[p], p)
		}
	}
	if r.Turn != 0 && r.Turn != 1 {
		return fmt.Errorf("player %d to roll, want 0 or 1", r.Turn)
	}
	if !(r.Value >= 0 && r.Value <= 1) {
		return fmt.Errorf("value %v, want one in [0, 1]", r.Value)
	}
	return nil
}

// ReadSamples reads samples written by WriteSamples.
func ReadSamples(r io.Reader) ([]Sample, error) {
	br := bufio.NewReader(r)
	magic := make([]byte, len(samplesMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != samplesMagic {
		return nil, errors.New("read samples: not a samples file (no MBS1 header)")
	}
	var data []Sample
	for {
		var rec sampleRecord
		err := binary.Read(br, binary.LittleEndian, &rec)
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read samples: record %d: %w", len(data), err)
		}
		if err := rec.check(); err != nil {
			return nil, fmt.Errorf("read samples: record %d: %w", len(data), err)
		}
		l := mahbousse.Layout{Free: rec.Free, Off: rec.Off, Turn: game.Player(rec.Turn)}
		for p := range 2 {
			for n, b := range rec.Pinned[p] {
				l.Pinned[p][n] = b == 1
			}
		}
		data = append(data, Sample{Layout: l, Value: rec.Value})
	}
}
