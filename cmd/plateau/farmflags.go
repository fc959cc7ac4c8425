package main

import (
	"flag"

	"plateau/server"
)

// farmingFlags defines serve's flags of the limits on rating farming
// (server.FarmingLimits; docs/fairplay.md, Farming).
func farmingFlags(fs *flag.FlagSet) *server.FarmingLimits {
	f := &server.FarmingLimits{}
	fs.IntVar(&f.ProvisionalGames, "provisional-games", server.DefaultProvisionalGames,
		"a rating of fewer rated games is provisional (shown with ?, not ranked on the leaderboard) whatever its deviation (-1: the deviation alone decides)")
	fs.IntVar(&f.PairGamesPerDay, "rated-pair-games-per-day", server.DefaultPairGamesPerDay,
		"rated games the same two accounts may be paired in within 24 hours (-1: no limit)")
	fs.IntVar(&f.SignUpsPerDay, "signups-per-ip-per-day", server.DefaultSignUpsPerDay,
		"accounts created per client address within 24 hours (-1: no limit)")
	fs.IntVar(&f.SeeksPerMinute, "seeks-per-minute", server.DefaultSeeksPerMinute,
		"seeks and accepts per account, and per client address, in a minute (-1: no limit)")
	return f
}

// checkFarming refuses a limit of 0 or below -1.
func checkFarming(f *server.FarmingLimits) error {
	for name, v := range map[string]int{"provisional-games": f.ProvisionalGames, "rated-pair-games-per-day": f.PairGamesPerDay,
		"signups-per-ip-per-day": f.SignUpsPerDay, "seeks-per-minute": f.SeeksPerMinute} {
		if v == 0 || v < -1 {
			return usagef("--%s %d: want a limit of at least 1, or -1 for none", name, v)
		}
	}
	return nil
}
