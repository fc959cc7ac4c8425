package referee

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"plateau/games/dames"
)

// String writes a game in one line: its number, players, result, reason
// and length.
func (g Game) String() string {
	s := fmt.Sprintf("game %d: %s - %s %s (%s), %d plies from %s", g.Index+1, g.White, g.Black, g.Result, g.Reason, len(g.Moves), g.Opening)
	if g.Fault != "" {
		s += ": " + g.Fault
	}
	return s
}

// WriteText writes the match's result: A's wins, draws and losses, the
// score and Elo difference with their 95% intervals, and how the games
// ended.
func (r Result) WriteText(w io.Writer, moveTime time.Duration) {
	fmt.Fprintf(w, "%s vs %s, international draughts (FMJD draw rules), %d games at %v a move, both colours of each opening\n", r.A, r.B, r.Result.Games, moveTime)
	fmt.Fprintf(w, "%s: %d wins, %d draws, %d losses (W/D/L %d/%d/%d)\n", r.A, r.Wins, r.Draws, r.Losses, r.Wins, r.Draws, r.Losses)
	fmt.Fprintf(w, "score %.1f%% [%.1f%%, %.1f%%], Elo %+.0f [%+.0f, %+.0f] (95%%, over the pairs of games)\n",
		100*r.Score, 100*r.ScoreLo, 100*r.ScoreHi, r.Elo, r.EloLo, r.EloHi)
	reasons := make([]string, 0, len(r.Ends))
	for k := range r.Ends {
		reasons = append(reasons, k)
	}
	slices.Sort(reasons)
	fmt.Fprint(w, "ends:")
	for _, k := range reasons {
		fmt.Fprintf(w, " %s %d;", k, r.Ends[k])
	}
	fmt.Fprintf(w, " median length %.0f plies, %.0f s\n", r.PliesMedian, r.Seconds)
}

// WritePDN writes the match's games in PDN.
func (r Result) WritePDN(w io.Writer) error {
	games := make([]dames.PDNGame, len(r.Games))
	for i, g := range r.Games {
		games[i] = dames.PDNGame{Moves: g.Moves, Result: g.Result, Tags: []dames.PDNTag{
			{Name: "Event", Value: r.A + " vs " + r.B},
			{Name: "Round", Value: strconv.Itoa(g.Index + 1)},
			{Name: "White", Value: g.White},
			{Name: "Black", Value: g.Black},
			{Name: "Termination", Value: g.Reason},
		}}
	}
	return dames.WritePDN(w, games...)
}
