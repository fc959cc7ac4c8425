package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"plateau/game"
	"plateau/games/shutbox"
	"plateau/games/shutbox/solve"
)

// solveStart is the JSON of "plateau solve shutbox" without --position.
type solveStart struct {
	Tiles            int      `json:"tiles"`
	OneDie           string   `json:"one_die"`
	Players          int      `json:"players"`
	ExpectedScore    float64  `json:"expected_score"`
	PShut            float64  `json:"p_shut"`
	FirstPlayerValue *float64 `json:"first_player_value,omitempty"`
	Seconds          float64  `json:"seconds"`
}

// solveHints is the JSON of "plateau solve shutbox --position P".
type solveHints struct {
	Position string         `json:"position"`
	Player   int            `json:"player"` // from 1
	Roll     int            `json:"roll,omitempty"`
	SortedBy string         `json:"sorted_by"`
	Choices  []solve.Choice `json:"choices"`
	Seconds  float64        `json:"seconds"`
}

func runSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve", "shutbox [--tiles 9|12] [--one-die seed|never] [--players N] [--position P [--roll N]] [--json]",
		"plateau solve shutbox --players 2 --json\n  plateau solve shutbox --position '12345678/1234679 1 roll2' --roll 6-3")
	tiles := fs.String("tiles", "9", "tiles per box: `9|12`")
	oneDie := fs.String("one-die", "seed", "one-die rule: `seed|never`")
	players := fs.Int("players", 1, "number of players `N`: 1 (solitaire figures), 2 (adds the exact first_player_value); with --position, 1-4 (default: the position's boxes)")
	position := fs.String("position", "", "list the hints of this position `text` instead of the start figures")
	roll := fs.String("roll", "", "with --position: play this roll `N` first (a total, or dice like 6-3; at a die choice a total of 6 or less is one die)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "shutbox" {
		return usagef("want the game id shutbox (the only game with a solver), got %q", pos)
	}
	playersSet := false
	fs.Visit(func(f *flag.Flag) { playersSet = playersSet || f.Name == "players" })
	if *position == "" {
		if *roll != "" {
			return usagef("--roll %q needs --position", *roll)
		}
		if *players < 1 || *players > 2 {
			return usagef("--players %d: the start figures are for 1 or 2 players (3-4 players only with --position)", *players)
		}
	} else if !playersSet {
		*players = strings.Count(strings.Fields(*position + " x")[0], "/") + 1
	}
	g := shutbox.Game{}
	cfg, err := game.NewConfig(g, map[string]string{"tiles": *tiles, "one_die": *oneDie, "players": strconv.Itoa(*players)})
	if err != nil {
		return usageError{err}
	}
	rules, err := shutbox.RulesOf(cfg)
	if err != nil {
		return usageError{err}
	}
	start := time.Now()
	if *position == "" {
		return solveStartFigures(e, rules, start, *asJSON)
	}
	s, err := shutbox.Parse(rules, *position)
	if err != nil {
		return usagef("--position: %w (example: %s)", err, g.ExamplePosition())
	}
	if *roll != "" {
		if err := solveRoll(s, *roll); err != nil {
			return usagef("--roll %q: %w", *roll, err)
		}
	}
	switch s.Phase() {
	case shutbox.Roll:
		return usagef("position %q waits for %d dice to be rolled: give the roll with --roll", s.Position(), s.DiceCount())
	case shutbox.Over:
		return usagef("position %q: the game is over", s.Position())
	}
	return solvePosition(e, s, rules, start, *asJSON)
}

// solvePosition prints the hints of position s, whose player is to move.
func solvePosition(e *env, s *shutbox.State, rules shutbox.Rules, start time.Time, asJSON bool) error {
	choices, err := solve.Analyze(s)
	if err != nil {
		return err
	}
	h := solveHints{Position: s.Position(), Player: s.Turn() + 1, Roll: s.Roll(), SortedBy: "win", Choices: choices,
		Seconds: time.Since(start).Seconds()}
	if rules.Players == 1 {
		h.SortedBy = "p_shut"
	}
	if asJSON {
		return writeJSON(e, h)
	}
	fmt.Fprintf(e.stdout, "%s\nPlayer %d, best first (by %s):\n", s, h.Player, h.SortedBy)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprint(tw, "MOVE\tEXPECTED_SCORE\tP_SHUT")
	if rules.Players > 1 {
		fmt.Fprint(tw, "\tWIN")
	}
	fmt.Fprintln(tw)
	for _, c := range choices {
		fmt.Fprintf(tw, "%s\t%.4f\t%.6f", c.Move, c.ExpectedScore, c.PShut)
		if c.Win != nil {
			fmt.Fprintf(tw, "\t%.6f", *c.Win)
		}
		fmt.Fprintln(tw)
	}
	if rules.Players > 2 {
		fmt.Fprintln(tw, "(WIN for 3-4 players is the race heuristic's estimate, not exact)")
	}
	return tw.Flush()
}

func solveStartFigures(e *env, r shutbox.Rules, start time.Time, asJSON bool) error {
	v := solve.VariantOf(r)
	sol, err := solve.NewSolitaire(v)
	if err != nil {
		return err
	}
	out := solveStart{Tiles: r.Tiles, OneDie: r.Config()["one_die"], Players: r.Players}
	out.ExpectedScore, out.PShut = sol.Start()
	if r.Players == 2 {
		tp, err := solve.NewTwoPlayer(v)
		if err != nil {
			return err
		}
		fv := tp.FirstPlayerValue()
		out.FirstPlayerValue = &fv
	}
	out.Seconds = time.Since(start).Seconds()
	if asJSON {
		return writeJSON(e, out)
	}
	fmt.Fprintf(e.stdout, "Shut the Box, tiles=%d one_die=%s, players=%d\n", out.Tiles, out.OneDie, out.Players)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "expected_score\t%.6f\tminimal expected final score (solitaire)\n", out.ExpectedScore)
	fmt.Fprintf(tw, "p_shut\t%.6f\tmaximal probability of shutting the box (solitaire)\n", out.PShut)
	if out.FirstPlayerValue != nil {
		fmt.Fprintf(tw, "first_player_value\t%.6f\tfirst player's P(win) + P(tie)/2, both maximising it\n", *out.FirstPlayerValue)
	}
	fmt.Fprintf(tw, "seconds\t%.3f\n", out.Seconds)
	return tw.Flush()
}

// solveRoll plays a roll given as dice ("6-3") or a total ("9") on s, first
// choosing the number of dice when s waits for that choice (a total of 6 or
// less is then one die).
func solveRoll(s *shutbox.State, text string) error {
	text = strings.TrimSpace(text)
	two := strings.Contains(text, "-")
	total := 0
	if !two {
		n, err := strconv.Atoi(text)
		if err != nil {
			return fmt.Errorf("not a total nor dice like 6-3")
		}
		total = n
	}
	switch s.Phase() {
	case shutbox.Choose:
		n := 1
		if two || total > 6 {
			n = 2
		}
		if err := s.Play(shutbox.ChooseMove(n)); err != nil {
			return err
		}
	case shutbox.Roll:
	default:
		return fmt.Errorf("position %q does not wait for a roll", s.Position())
	}
	if !two {
		if s.DiceCount() == 1 {
			if total < 1 || total > 6 {
				return fmt.Errorf("one die rolls 1 to 6, not %d", total)
			}
		} else {
			if total < 2 || total > 12 {
				return fmt.Errorf("two dice roll 2 to 12, not %d", total)
			}
			hi := min(6, total-1)
			text = fmt.Sprintf("%d-%d", hi, total-hi)
		}
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return err
	}
	return s.Play(m)
}
