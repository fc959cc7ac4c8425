package main

import (
	"flag"

	"plateau/server/puzzles"
)

// puzzleFlags defines the flags of the puzzles' limits per client.
func puzzleFlags(fs *flag.FlagSet) *puzzles.Limits {
	l := puzzles.DefaultLimits
	fs.Float64Var(&l.PerSecond, "puzzle-rate", l.PerSecond, "puzzle requests a second allowed per client (account, else address) after a burst")
	fs.IntVar(&l.Burst, "puzzle-burst", l.Burst, "puzzle requests per client allowed at once before --puzzle-rate applies")
	return &l
}
