package main

import (
	"context"
	"runtime/debug"
	"time"

	"plateau/hub"
)

func runHub(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "hub", "[--time D] [--tt-size N]",
		"(printf 'hub\\ninit\\npos pos="+hub.StartPosition+"\\nlevel move-time=1\\ngo think\\n'; sleep 2) | plateau hub")
	moveTime := fs.Duration("time", time.Second, "time per move when the GUI's level command gives none")
	ttBits := fs.Int("tt-size", 21, "log2 of the transposition table's entries (10-26)")
	seed := fs.Uint64("seed", 1, "seed of the player")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("hub takes no arguments, got %q", pos)
	}
	if *moveTime <= 0 {
		return usagef("--time %v: want a positive duration", *moveTime)
	}
	if *ttBits < 10 || *ttBits > 26 {
		return usagef("--tt-size %d: want 10 to 26", *ttBits)
	}
	eng := hub.New(hub.Options{Name: "Plateau", Version: version(), MoveTime: *moveTime, TTBits: *ttBits, Seed: *seed})
	return eng.Run(ctx, e.stdin, e.stdout)
}

// version is the build's VCS revision (12 digits) when Go recorded one,
// "dev" otherwise.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				return s.Value[:12]
			}
		}
	}
	return "dev"
}
