package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"plateau/fairplay"
	"plateau/server/analysis"
)

// defaultFairplayPairings are the pairings of the measurement in
// docs/fairplay.md.
const defaultFairplayPairings = "dames:easy-medium:26,dames:medium-hard:26,dames:hard-max:26,dames:max-medium:26," +
	"shutbox:easy-medium:200,shutbox:medium-hard:200,shutbox:hard-max:200,shutbox:max-medium:200"

// fairplayRun is what the command writes to --out and reads from --from.
type fairplayRun struct {
	Seed         uint64             `json:"seed"`
	Nodes        int64              `json:"nodes"`
	Opening      int                `json:"opening"`
	ReviewBudget string             `json:"review_budget"`
	ReviewLevel  string             `json:"review_level,omitempty"`
	Pairings     []fairplay.Pairing `json:"pairings"`
	Games        []fairplay.Game    `json:"games"`
}

func runFairplay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "fairplay", "[--pairings G:A-B[:N],...] [--games N] [--seed S] [--nodes N] [--budget D] [--opening N] [--out FILE | --from FILE] [--json]",
		"plateau fairplay --seed 6601 --out fairplay.json")
	pairings := fs.String("pairings", defaultFairplayPairings, "the pairings played, GAME:LEVEL-LEVEL[:GAMES] separated by commas (GAMES: --games)")
	games := fs.Int("games", 30, "games per pairing, seats alternating")
	seed := fs.Uint64("seed", 6601, "seed of the players and the rolls")
	nodes := fs.Int64("nodes", 200_000, "nodes a move of the level max (the other levels keep their limits)")
	reviewLevel := fs.String("review-level", "", "the level that reviews every game (default: its fair-play rule's, else the server's review level)")
	budget := fs.Duration("budget", 40*time.Millisecond, "cap on each search of the review")
	opening := fs.Int("opening", 4, "random plies that start a game without dice (at most its uncounted opening)")
	out := fs.String("out", "", "write the measured games to this file (JSON) as they end")
	from := fs.String("from", "", "judge the games measured before in this file instead of playing")
	asJSON := fs.Bool("json", false, "print the accounts as JSON")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if *games < 1 || *nodes < 1 || *budget <= 0 {
		return usagef("--games, --nodes and --budget must be positive")
	}
	var run fairplayRun
	if *from != "" {
		b, err := os.ReadFile(*from)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &run); err != nil {
			return fmt.Errorf("%s: %w", *from, err)
		}
	} else {
		ps, err := parsePairings(*pairings, *games)
		if err != nil {
			return usageError{err}
		}
		run = fairplayRun{Seed: *seed, Nodes: *nodes, Opening: *opening, ReviewBudget: budget.String(), ReviewLevel: *reviewLevel, Pairings: ps}
		m := fairplay.Measure{Games: e.games, Pairings: ps, Seed: *seed, Nodes: *nodes,
			ReviewLevel: analysis.ReviewLevel, Judge: *reviewLevel, ReviewBudget: *budget, MaxPlies: 400, Opening: *opening,
			Progress: func(g fairplay.Game) {
				p := ps[g.Pairing]
				fmt.Fprintf(e.stderr, "%s %s-%s game %d: %s %d/%d loss %.3f, %s %d/%d loss %.3f, %d plies, %.1fs\n",
					p.Game, p.A, p.B, g.Index, g.Levels[0], g.Samples[0].Agreed, g.Samples[0].Moves, g.Samples[0].MeanLoss(),
					g.Levels[1], g.Samples[1].Agreed, g.Samples[1].Moves, g.Samples[1].MeanLoss(), g.Plies, g.Seconds)
			}}
		save := func() error {
			if *out == "" {
				return nil
			}
			b, err := json.Marshal(run)
			if err != nil {
				return err
			}
			return os.WriteFile(*out, b, 0o644)
		}
		prog := m.Progress
		m.Progress = func(g fairplay.Game) {
			prog(g)
			run.Games = append(run.Games, g)
			if err := save(); err != nil {
				fmt.Fprintf(e.stderr, "writing %s: %v\n", *out, err)
			}
		}
		if _, err := m.Run(ctx); err != nil {
			return err
		}
	}
	accounts := fairplay.Accounts(run.Pairings, run.Games)
	if *asJSON {
		return writeJSON(e, struct {
			fairplayRun
			Rules    map[string]fairplay.Rule `json:"rules"`
			Accounts []fairplay.Account       `json:"accounts"`
		}{run, fairplay.Rules, accounts})
	}
	printFairplay(e, run, accounts)
	return nil
}

// parsePairings reads GAME:A-B,... with n games each.
func parsePairings(text string, n int) ([]fairplay.Pairing, error) {
	var out []fairplay.Pairing
	for _, f := range strings.Split(text, ",") {
		g, levels, ok := strings.Cut(strings.TrimSpace(f), ":")
		levels, count, counted := strings.Cut(levels, ":")
		a, b, ok2 := strings.Cut(levels, "-")
		if !ok || !ok2 || g == "" || a == "" || b == "" {
			return nil, fmt.Errorf("--pairings: %q is not GAME:LEVEL-LEVEL[:GAMES]", f)
		}
		games := n
		if counted {
			var err error
			if games, err = strconv.Atoi(count); err != nil || games < 1 {
				return nil, fmt.Errorf("--pairings: %q: the games %q are not a positive number", f, count)
			}
		}
		if _, ok := fairplay.RuleOf(g); !ok {
			return nil, fmt.Errorf("--pairings: game %q has no fair-play rule", g)
		}
		out = append(out, fairplay.Pairing{Game: g, A: a, B: b, Games: games})
	}
	if len(out) == 0 {
		return nil, errors.New("--pairings: no pairing")
	}
	return out, nil
}

// printFairplay prints the accounts and the marks per level.
func printFairplay(e *env, run fairplayRun, accounts []fairplay.Account) {
	fmt.Fprintf(e.stdout, "%d games, seed %d, max at %d nodes a move, reviews %s a search\n\n",
		len(run.Games), run.Seed, run.Nodes, run.ReviewBudget)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "game\tlevel\tagainst\tgames\tmoves\tagreement\tmean loss\tmarked")
	type key struct{ game, level string }
	marked, total := map[key]int{}, map[key]int{}
	var keys []key
	for _, a := range accounts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%.3f\t%.4f\t%v\n", a.Game, a.Level, a.Against, a.Games, a.Final.Moves,
			a.Final.Agreement(), a.Final.MeanLoss(), a.Marked)
		k := key{a.Game, a.Level}
		if total[k] == 0 {
			keys = append(keys, k)
		}
		total[k]++
		if a.Marked {
			marked[k]++
		}
	}
	tw.Flush()
	fmt.Fprintln(e.stdout)
	for _, k := range keys {
		fmt.Fprintf(e.stdout, "%s %s: %d of %d accounts marked\n", k.game, k.level, marked[k], total[k])
	}
}

// moderatorNames reads serve's --moderators: names separated by commas.
func moderatorNames(list string) []string {
	var out []string
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}
