package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	aidames "plateau/ai/dames"
	aimahbousse "plateau/ai/mahbousse"
)

// runTrain trains a game's learnt evaluation: dames' patterns or
// Mahboussé's network, each with its own flags.
func runTrain(ctx context.Context, e *env, args []string) error {
	switch {
	case slices.Contains(args, "dames"):
		return runTrainDames(ctx, e, args)
	case slices.Contains(args, "mahbousse"):
		return runTrainMahbousse(ctx, e, args)
	}
	fs := newFlags(e, "train", "GAME [flags]: dames or mahbousse (plateau train GAME --help lists each one's flags)",
		"nice -n 10 plateau train mahbousse --linear --games 2000 --seed 2 --alpha 0.05 --out ai/mahbousse/net.bin")
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" || a == "--h" {
			_, err := parseFlags(fs, []string{"--help"})
			return err
		}
	}
	return usagef("train: want the game dames or mahbousse, got %q", args)
}

// runTrainDames fits the dames pattern evaluation.
func runTrainDames(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "train", "dames [--games N] [--nodes N] [--seed S] [--workers N] [--epochs N] [--windows [--windows-only --start FILE]] [--holdout F] [--from-learnt | --from-previous] [--save-positions FILE | --positions FILE,...] --out FILE",
		"nice -n 19 plateau train dames --games 8000 --nodes 3000 --seed 72 --from-learnt --out ai/dames/weights2.bin")
	var cfg aidames.TrainConfig
	fs.IntVar(&cfg.Games, "games", 2000, "self-play games")
	fs.Int64Var(&cfg.Nodes, "nodes", 3000, "search nodes a move in self-play (a node budget keeps the games the same on any machine)")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "random plies opening each game, at most")
	fs.IntVar(&cfg.Epochs, "epochs", 12, "passes of gradient descent over the positions")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the openings and of the fit")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.5, "weight of the self-play search's value in each position's target (0: the game's result alone)")
	fs.Float64Var(&cfg.Rate, "rate", 0.005, "learning rate")
	fs.Float64Var(&cfg.L2, "l2", 1e-5, "weight decay")
	fromLearnt := fs.Bool("from-learnt", false, "self-play with max's embedded learnt evaluation (weights2.bin) instead of the hand-written one")
	fromPrevious := fs.Bool("from-previous", false, "self-play with max-v3's embedded learnt evaluation (weights.bin, the diamonds alone)")
	fs.BoolVar(&cfg.Windows, "windows", false, "also fit the windows: weights for every filling of sixteen 4x4 regions, full board and empty (a file of 213 thousand weights)")
	fs.Float64Var(&cfg.Explore, "explore", 0, "share of self-play moves after the opening played at random, so that positions after weak moves are learnt too")
	startFile := fs.String("start", "", "start the fit from this weights file's weights instead of zero")
	fs.BoolVar(&cfg.WindowsOnly, "windows-only", false, "with --windows and --start: fit the windows alone, the start file's other weights kept")
	fs.Float64Var(&cfg.Holdout, "holdout", 0, "keep this share of the positions (the last games') out of the fit and print their log loss after each epoch")
	fs.IntVar(&cfg.Workers, "workers", 0, "self-play games played at once (0: one a core); the games do not depend on it")
	out := fs.String("out", "", "write the weights file here (ai/dames/weights2.bin is max's, built in)")
	savePositions := fs.String("save-positions", "", "also write the self-play positions to this file, to fit them again with --positions")
	positions := fs.String("positions", "", "fit the positions of these comma-separated files (written by --save-positions) instead of playing")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "dames" {
		return usagef("train: want the game dames, got %q", pos)
	}
	if *out == "" {
		return usagef("train: --out FILE is required")
	}
	if *fromLearnt && *fromPrevious {
		return usagef("train: --from-learnt and --from-previous: choose one")
	}
	if *positions != "" && *savePositions != "" {
		return usagef("train: --positions fits saved positions and --save-positions saves new ones: choose one")
	}
	if *fromLearnt || *fromPrevious {
		patterns := aidames.LearntPatterns
		if *fromPrevious {
			patterns = aidames.PreviousPatterns
		}
		pt, err := patterns()
		if err != nil {
			return err
		}
		cfg.Eval = pt.Evaluate
	}
	if cfg.WindowsOnly && (!cfg.Windows || *startFile == "") {
		return usagef("train: --windows-only wants --windows and --start FILE")
	}
	if *startFile != "" {
		b, err := os.ReadFile(*startFile)
		if err == nil {
			cfg.Start, err = aidames.DecodeWeights(b)
		}
		if err != nil {
			return fmt.Errorf("train dames: --start %s: %w", *startFile, err)
		}
	}
	cfg.Log = e.stderr
	ps, err := damesPositions(ctx, e, cfg, *positions, *savePositions)
	if err != nil {
		return fmt.Errorf("train dames: %w", err)
	}
	w, loss := aidames.Fit(ps, cfg)
	if err := os.WriteFile(*out, w, 0o644); err != nil {
		return fmt.Errorf("train dames: %w", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s (%d bytes), log loss %.4f\n", *out, len(w), loss)
	return nil
}

// damesPositions reads the positions files named (comma-separated) or,
// with none, plays self-play's games and saves their positions in save
// when it is set.
func damesPositions(ctx context.Context, e *env, cfg aidames.TrainConfig, files, save string) (aidames.Positions, error) {
	var ps aidames.Positions
	if files != "" {
		for _, name := range strings.Split(files, ",") {
			b, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			if err := ps.UnmarshalBinary(b); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		fmt.Fprintf(e.stderr, "read %d positions from %s\n", len(ps), files)
		return ps, nil
	}
	ps, err := aidames.SelfPlay(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if save != "" {
		b, err := ps.MarshalBinary()
		if err == nil {
			err = os.WriteFile(save, b, 0o644)
		}
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(e.stderr, "wrote %d positions to %s\n", len(ps), save)
	}
	return ps, nil
}

// runTrainMahbousse trains Mahboussé's network.
func runTrainMahbousse(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "train", "mahbousse [--games N] [--seed S] [--hidden H] [--alpha A] [--decay D] [--lambda L] [--linear] [--tactics] [--from FILE] --out FILE",
		"nice -n 10 plateau train mahbousse --games 20000 --seed 1 --hidden 48 --out ai/mahbousse/net.bin")
	var o aimahbousse.NetTrainOptions
	fs.IntVar(&o.Games, "games", 10_000, "self-play games")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the initial weights and of the dice")
	fs.IntVar(&o.Hidden, "hidden", 48, "hidden units of a new network")
	fs.Float64Var(&o.Alpha, "alpha", 0.1, "learning rate of the first game; game g's is alpha/(1+g/decay)")
	fs.IntVar(&o.Decay, "decay", 10_000, "games after which the learning rate is half the first game's")
	fs.Float64Var(&o.Lambda, "lambda", 0.7, "TD(λ) trace decay, in [0, 1]")
	fs.BoolVar(&o.Linear, "linear", false, "a new network learns a correction to the trained linear evaluation (its logit is added to the output)")
	fs.BoolVar(&o.Tactics, "tactics", false, "the network also reads tactical inputs (each side's chances of being pinned by the next roll, its prime); with --from, their weights start at zero")
	from := fs.String("from", "", "go on training this network file instead of new random weights")
	out := fs.String("out", "", "write the network here (ai/mahbousse/net.bin is the one built in)")
	var d aimahbousse.DistillOptions
	distill := fs.Bool("distill", false, "instead of TD(λ), teach the --from network the values it finds one ply deeper (see --positions, --epochs, --explore; --seed and --alpha apply, alpha's default then 0.01)")
	fs.IntVar(&d.Positions, "positions", 100_000, "with --distill: positions of self-play games labelled and learnt")
	fs.IntVar(&d.Epochs, "epochs", 4, "with --distill: passes over the positions")
	fs.Float64Var(&d.Explore, "explore", 0.05, "with --distill: share of self-play moves chosen at random")
	rounds := fs.Int("rounds", 1, "with --distill: rounds, each network teaching the next (round r's seed is --seed plus r-1)")
	labels := fs.String("labels", "", "with --distill: fit the positions of this file (written by --save-labels) instead of labelling new ones")
	saveLabels := fs.String("save-labels", "", "with --distill: write the labelled positions to this file")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "mahbousse" {
		return usagef("train: want the game mahbousse, got %q", pos)
	}
	if *out == "" {
		return usagef("train: --out FILE is required")
	}
	if o.Games < 1 || o.Alpha <= 0 || o.Decay < 1 || o.Lambda < 0 || o.Lambda > 1 || o.Hidden < 1 || o.Hidden > aimahbousse.MaxHidden {
		return usagef("train: --games %d, --alpha %v, --decay %d, --lambda %v, --hidden %d: want games >= 1, alpha > 0, decay >= 1, lambda in [0, 1], hidden in 1..%d",
			o.Games, o.Alpha, o.Decay, o.Lambda, o.Hidden, aimahbousse.MaxHidden)
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
	if *distill {
		return distillMahbousse(ctx, e, fs, o, d, *rounds, *labels, *saveLabels, *out)
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

// distillMahbousse runs plateau train mahbousse --distill.
func distillMahbousse(ctx context.Context, e *env, fs *flag.FlagSet, o aimahbousse.NetTrainOptions, d aimahbousse.DistillOptions, rounds int, labels, saveLabels, out string) error {
	if o.From == nil {
		return usagef("train: --distill needs --from FILE, the network to teach")
	}
	if d.Positions < 1 || d.Epochs < 1 || d.Explore < 0 || d.Explore > 1 || rounds < 1 {
		return usagef("train: --positions %d, --epochs %d, --explore %v, --rounds %d: want positions, epochs and rounds >= 1, explore in [0, 1]",
			d.Positions, d.Epochs, d.Explore, rounds)
	}
	if rounds > 1 && (labels != "" || saveLabels != "") {
		return usagef("train: --labels and --save-labels are for one round, not %d", rounds)
	}
	d.Alpha, d.Log = 0.01, e.stderr
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "alpha" {
			d.Alpha = o.Alpha
		}
	})
	if d.Explore == 0 {
		d.Explore = -1 // DistillOptions' zero is its default
	}
	start := time.Now()
	n := o.From
	for r := range rounds {
		d.Seed = o.Seed + uint64(r)
		if rounds > 1 {
			fmt.Fprintf(e.stderr, "round %d of %d, seed %d\n", r+1, rounds, d.Seed)
		}
		data, err := distillData(ctx, n, d, labels, saveLabels)
		if err != nil {
			return fmt.Errorf("train mahbousse: %w", err)
		}
		if n, err = aimahbousse.Fit(ctx, n, data, d); err != nil {
			return fmt.Errorf("train mahbousse: %w", err)
		}
		// Every round's network replaces --out: the one --rounds r+1
		// gives, so a long run can be stopped between rounds.
		if err := writeNet(out, n); err != nil {
			return fmt.Errorf("train mahbousse: %w", err)
		}
		fmt.Fprintf(e.stdout, "wrote %s (%d hidden units) after %d positions, %d epochs, round %d, in %s\n", out, n.Hidden(), len(data), d.Epochs, r+1, time.Since(start).Round(time.Second))
	}
	return nil
}

// distillData returns the labelled positions of a distillation round: read
// from labels when given, else labelled by teacher, and written to
// saveLabels when given.
func distillData(ctx context.Context, teacher *aimahbousse.Net, d aimahbousse.DistillOptions, labels, saveLabels string) ([]aimahbousse.Sample, error) {
	var data []aimahbousse.Sample
	if labels != "" {
		f, err := os.Open(labels)
		if err != nil {
			return nil, err
		}
		data, err = aimahbousse.ReadSamples(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", labels, err)
		}
	} else {
		var err error
		if data, err = aimahbousse.Label(ctx, teacher, d); err != nil {
			return nil, err
		}
	}
	if saveLabels != "" {
		if err := createWith(saveLabels, func(w io.Writer) error { return aimahbousse.WriteSamples(w, data) }); err != nil {
			return nil, err
		}
	}
	return data, nil
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
