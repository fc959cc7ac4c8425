package arena

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"plateau/ai/ladder"
)

// WriteText writes r as plateau arena prints it: the score and Elo with
// their intervals, each side's moves, time and nodes, the luck-adjusted
// score, where the SPRT stands, how the games ended and their lengths.
// paired says whether the games were played in pairs (the unit of the
// luck-adjusted interval).
func (r Result) WriteText(w io.Writer, paired bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s (%s): %s vs %s, %d games\n", r.Game, r.Variant, r.A, r.B, r.Games)
	fmt.Fprintf(bw, "  %s: +%d =%d -%d  score %.1f%% [%.1f%%, %.1f%%]  Elo %+.0f [%+.0f, %+.0f]\n",
		r.A, r.Wins, r.Draws, r.Losses, 100*r.Score, 100*r.ScoreLo, 100*r.ScoreHi, r.Elo, r.EloLo, r.EloHi)
	for _, p := range []struct {
		name string
		s    Stats
	}{{r.A, r.AStats}, {r.B, r.BStats}} {
		fmt.Fprintf(bw, "  %-7s %6d moves  time/move avg %.1f ms max %.1f ms  nodes/move avg %.0f max %d\n",
			p.name, p.s.Moves, p.s.AvgMillis, p.s.MaxMillis, p.s.AvgNodes, p.s.MaxNodes)
	}
	if a := r.Adjusted; a != nil {
		units := "games"
		if paired {
			units = "pairs"
		}
		fmt.Fprintf(bw, "  luck-adjusted over %d games: %.1f%% [%.1f%%, %.1f%%]  Elo %+.0f [%+.0f, %+.0f]  (%s's luck %+.3f a game; the plain score's interval over the same %s [%.1f%%, %.1f%%])\n",
			a.Games, 100*a.Score, 100*a.Lo, 100*a.Hi, EloDiff(a.Score), EloDiff(a.Lo), EloDiff(a.Hi), r.A, a.Luck, units, 100*a.PlainLo, 100*a.PlainHi)
	}
	if t := r.SPRT; t != nil {
		verdict := "undecided when the games ran out"
		switch t.Verdict {
		case "H1":
			verdict = fmt.Sprintf("H1 accepted: %s is stronger (%+g Elo rather than %+g)", r.A, t.Elo1, t.Elo0)
		case "H0":
			verdict = fmt.Sprintf("H0 accepted: %s is not %+g Elo stronger (rather %+g)", r.A, t.Elo1, t.Elo0)
		}
		fmt.Fprintf(bw, "  SPRT elo0 %+g elo1 %+g (alpha %g, beta %g): LLR %.2f [%.2f, %.2f] after %d units: %s\n",
			t.Elo0, t.Elo1, t.Alpha, t.Beta, t.LLR, t.Lower, t.Upper, t.Units, verdict)
	}
	ends := make([]string, 0, len(r.Ends))
	for reason, n := range r.Ends {
		ends = append(ends, fmt.Sprintf("%s %d", reason, n))
	}
	slices.Sort(ends)
	fmt.Fprintf(bw, "  ends: %s\n", strings.Join(ends, ", "))
	fmt.Fprintf(bw, "  plies: median %g [%d, %d], max %d\n", r.PliesMedian, r.PliesMedianLo, r.PliesMedianHi, r.PliesMax)
	fmt.Fprintf(bw, "  %.1f s\n", r.Seconds)
	return bw.Flush()
}

// WriteLadder writes l as plateau ladder prints it: a table of the
// levels' Elo and gaps with their intervals, then each pairing's score.
// games is the games a pairing as the command gave them.
func WriteLadder(w io.Writer, l ladder.Ladder, games string) error {
	bw := bufio.NewWriter(w)
	anchor := ""
	if len(l.Levels) > 0 {
		anchor = l.Levels[0].Name
	}
	fmt.Fprintf(bw, "%s (%s, %d players): %s games a pairing, seed %d, %s = %.0f, %.0f s\n",
		l.Game, l.Variant, l.Players, games, l.Seed, anchor, l.Anchor, l.Seconds)
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "level\tElo\t95%\tgap over the level below\t95%\tstronger\t")
	for i, lv := range l.Levels {
		if i == 0 {
			fmt.Fprintf(tw, "%s\t%.0f\t(anchor)\t\t\t\t\n", lv.Name, lv.Elo)
			continue
		}
		verdict := "not shown"
		if l.Stronger(i) {
			verdict = "yes"
		}
		fmt.Fprintf(tw, "%s\t%.0f\t[%.0f, %.0f]\t%+.0f\t[%+.0f, %+.0f]\t%s\t\n", lv.Name, lv.Elo, lv.Lo, lv.Hi, lv.Gap, lv.GapLo, lv.GapHi, verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, p := range l.Pairings {
		adjusted := ""
		if p.Adjusted != nil {
			adjusted = fmt.Sprintf(" (luck-adjusted %.1f%%, Elo %+.0f)", 100**p.Adjusted, EloDiff(*p.Adjusted))
		}
		fmt.Fprintf(bw, "  %s vs %s: +%d =%d -%d  %.1f%%%s  Elo %+.0f  nodes/move %.0f vs %.0f, ms/move %.1f vs %.1f  %.0f s\n",
			p.A, p.B, p.Wins, p.Draws, p.Losses, 100*p.Score, adjusted, p.Elo, p.ANodes, p.BNodes, p.AMillis, p.BMillis, p.Seconds)
	}
	return bw.Flush()
}

// ParseSPRT reads a test's hypotheses written "elo0,elo1" (such as 0,50)
// with its error rates alpha and beta, checked.
func ParseSPRT(text string, alpha, beta float64) (*SPRT, error) {
	var t SPRT
	e0, e1, ok := strings.Cut(text, ",")
	var err0, err1 error
	t.Elo0, err0 = strconv.ParseFloat(e0, 64)
	t.Elo1, err1 = strconv.ParseFloat(e1, 64)
	if !ok || err0 != nil || err1 != nil {
		return nil, fmt.Errorf("SPRT %q: want elo0,elo1 such as 0,50", text)
	}
	t.Alpha, t.Beta = alpha, beta
	if err := t.Check(); err != nil {
		return nil, err
	}
	return &t, nil
}

// ReadGames reads games written a JSON line each (Match.Finished's
// results as plateau arena --games-out writes them); name is the file's,
// for errors.
func ReadGames(r io.Reader, name string) ([]GameResult, error) {
	var gs []GameResult
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var g GameResult
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("%s:%d: not a game of --games-out: %w", name, line, err)
		}
		gs = append(gs, g)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return gs, nil
}
