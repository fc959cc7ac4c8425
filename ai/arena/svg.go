package arena

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// WriteSVG draws A's running score over the games with its 95% confidence
// band, the even line at 1/2 and the final figures in the title.
func (r Result) WriteSVG(w io.Writer) error {
	const (
		width, height         = 720, 360
		left, right, top, bot = 56, 16, 40, 40
	)
	pw, ph := float64(width-left-right), float64(height-top-bot)
	n := max(len(r.Series), 1)
	x := func(g int) float64 { return left + pw*float64(g)/float64(n) }
	y := func(s float64) float64 { return top + ph*(1-s) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	title := fmt.Sprintf("%s: %s vs %s — score %.1f%% [%.1f, %.1f], Elo %+.0f [%+.0f, %+.0f], %d games (+%d =%d -%d)",
		r.Game, r.A, r.B, 100*r.Score, 100*r.ScoreLo, 100*r.ScoreHi, r.Elo, r.EloLo, r.EloHi, r.Games, r.Wins, r.Draws, r.Losses)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="13">%s</text>`+"\n", left, html.EscapeString(title))
	// Axes and grid.
	for _, s := range []float64{0, 0.25, 0.5, 0.75, 1} {
		stroke := "#ddd"
		if s == 0.5 {
			stroke = "#888"
		}
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>`+"\n", left, y(s), width-right, y(s), stroke)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%.0f%%</text>`+"\n", left-6, y(s)+4, 100*s)
	}
	for _, g := range ticks(n) {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(g), height-bot+16, g)
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">games</text>`+"\n", left+pw/2, height-6)
	if len(r.Series) > 0 {
		// The confidence band: upper bounds forward, lower bounds back.
		var pts []string
		for _, p := range r.Series {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.Games), y(p.Hi)))
		}
		for i := len(r.Series) - 1; i >= 0; i-- {
			p := r.Series[i]
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.Games), y(p.Lo)))
		}
		fmt.Fprintf(&b, `<polygon points="%s" fill="#4a90d9" fill-opacity="0.25" stroke="none"/>`+"\n", strings.Join(pts, " "))
		pts = pts[:0]
		for _, p := range r.Series {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.Games), y(p.Score)))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#1f5fa8" stroke-width="2"/>`+"\n", strings.Join(pts, " "))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// ticks returns up to about six round game counts from 0 to n.
func ticks(n int) []int {
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000} {
		step = s
		if n/s <= 6 {
			break
		}
	}
	var out []int
	for g := 0; g <= n; g += step {
		out = append(out, g)
	}
	return out
}
