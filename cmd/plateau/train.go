package main

import (
	"context"
	"fmt"
	"os"

	aidames "plateau/ai/dames"
)

func runTrain(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "train", "dames [--games N] [--nodes N] [--seed S] [--epochs N] [--from-learnt] --out FILE",
		"nice -n 19 plateau train dames --games 2000 --nodes 3000 --seed 1 --out ai/dames/weights.bin")
	var cfg aidames.TrainConfig
	fs.IntVar(&cfg.Games, "games", 2000, "self-play games")
	fs.Int64Var(&cfg.Nodes, "nodes", 3000, "search nodes a move in self-play (a node budget keeps the games the same on any machine)")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "random plies opening each game, at most")
	fs.IntVar(&cfg.Epochs, "epochs", 12, "passes of gradient descent over the positions")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the openings and of the fit")
	fs.Float64Var(&cfg.Lambda, "lambda", 0, "weight of the self-play search's value in each position's target (0: the game's result alone)")
	fs.Float64Var(&cfg.Rate, "rate", 0.02, "learning rate")
	fs.Float64Var(&cfg.L2, "l2", 1e-6, "weight decay")
	fromLearnt := fs.Bool("from-learnt", false, "self-play with the embedded learnt evaluation instead of the hand-written one")
	out := fs.String("out", "", "write the weights file here (ai/dames/weights.bin is the one built in)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "dames" {
		return usagef("train: want the game dames (the only one with a trained pattern evaluation), got %q", pos)
	}
	if *out == "" {
		return usagef("train: --out FILE is required")
	}
	if *fromLearnt {
		pt, err := aidames.LearntPatterns()
		if err != nil {
			return err
		}
		cfg.Eval = pt.Evaluate
	}
	cfg.Log = e.stderr
	w, loss, err := aidames.Train(ctx, cfg)
	if err != nil {
		return fmt.Errorf("train dames: %w", err)
	}
	if err := os.WriteFile(*out, w, 0o644); err != nil {
		return fmt.Errorf("train dames: %w", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s (%d bytes), log loss %.4f\n", *out, len(w), loss)
	return nil
}
