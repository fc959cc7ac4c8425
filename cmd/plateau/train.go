package main

import (
	"context"
	"fmt"
	"os"
	"time"

	aimahbousse "plateau/ai/mahbousse"
)

func runTrain(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "train", "mahbousse [--games N] [--seed S] [--hidden H] [--alpha A] [--lambda L] [--linear] [--from FILE] --out FILE",
		"nice -n 10 plateau train mahbousse --games 20000 --seed 1 --hidden 48 --out ai/mahbousse/net.bin")
	var o aimahbousse.NetTrainOptions
	fs.IntVar(&o.Games, "games", 10_000, "self-play games")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the initial weights and of the dice")
	fs.IntVar(&o.Hidden, "hidden", 48, "hidden units of a new network")
	fs.Float64Var(&o.Alpha, "alpha", 0.1, "learning rate of the first game; game g's is alpha/(1+g/10000)")
	fs.Float64Var(&o.Lambda, "lambda", 0.7, "TD(λ) trace decay, in [0, 1]")
	fs.BoolVar(&o.Linear, "linear", false, "a new network learns a correction to the trained linear evaluation (its logit is added to the output)")
	from := fs.String("from", "", "go on training this network file instead of new random weights")
	out := fs.String("out", "", "write the network here (ai/mahbousse/net.bin is the one built in)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "mahbousse" {
		return usagef("train: want the game mahbousse (the only one with a trained network), got %q", pos)
	}
	if *out == "" {
		return usagef("train: --out FILE is required")
	}
	if o.Games < 1 || o.Alpha <= 0 || o.Lambda < 0 || o.Lambda > 1 || o.Hidden < 1 || o.Hidden > aimahbousse.MaxHidden {
		return usagef("train: --games %d, --alpha %v, --lambda %v, --hidden %d: want games >= 1, alpha > 0, lambda in [0, 1], hidden in 1..%d",
			o.Games, o.Alpha, o.Lambda, o.Hidden, aimahbousse.MaxHidden)
	}
	if *from != "" {
		b, err := os.ReadFile(*from)
		if err != nil {
			return fmt.Errorf("train mahbousse: %w", err)
		}
		var n aimahbousse.Net
		if err := n.UnmarshalBinary(b); err != nil {
			return fmt.Errorf("train mahbousse: %s: %w", *from, err)
		}
		o.From = &n
	}
	o.Log, o.LogEvery = e.stderr, 500
	// Every 500 games the network so far replaces --out: it is the one
	// --games 500·k would give, so a long run can be stopped at any time.
	o.Checkpoint = func(n *aimahbousse.Net, games int) error { return writeNet(*out, n) }
	start := time.Now()
	n, err := aimahbousse.TrainNet(ctx, o)
	if err != nil {
		return fmt.Errorf("train mahbousse: %w", err)
	}
	if err := writeNet(*out, n); err != nil {
		return fmt.Errorf("train mahbousse: %w", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s (%d hidden units) after %d games in %s\n", *out, n.Hidden(), o.Games, time.Since(start).Round(time.Second))
	return nil
}

// writeNet writes n to path through a temporary file, so that path always
// holds a whole network.
func writeNet(path string, n *aimahbousse.Net) error {
	b, err := n.MarshalBinary()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
