package server_test

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"
)

// The four players' colours (--p0 to --p3 in app.css: four-player
// Intercept, Shut the Box for three or four) stay apart for the colour
// blind: simulated for protanopia, deuteranopia and tritanopia (Machado,
// Oliveira and Fernandes 2009, severity 1, in linear RGB) as for normal
// vision, every two of them are at least minColourGap apart in CIELAB
// (ΔE*ab). Issue 68 point 8: both opponents of four-player Intercept
// were green. Red on main 47b4ede (protanopia: 11.8 between --p1 and --p2).
func TestPlayerColoursForTheColourBlind(t *testing.T) {
	const minColourGap = 20
	css, err := os.ReadFile("web/app.css")
	if err != nil {
		t.Fatal(err)
	}
	var colours [4][3]float64
	for i := range colours {
		m := regexp.MustCompile(fmt.Sprintf(`--p%d: #([0-9a-fA-F]{6});`, i)).FindSubmatch(css)
		if m == nil {
			t.Fatalf("app.css has no --p%d: #rrggbb", i)
		}
		for c := range 3 {
			v, _ := strconv.ParseUint(string(m[1][2*c:2*c+2]), 16, 8)
			colours[i][c] = linear(float64(v) / 255)
		}
	}
	visions := map[string][3][3]float64{
		"normal":       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"protanopia":   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
		"deuteranopia": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"tritanopia":   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
	}
	for name, m := range visions {
		var seen [4][3]float64
		for i, c := range colours {
			var s [3]float64
			for r := range 3 {
				s[r] = min(1, max(0, m[r][0]*c[0]+m[r][1]*c[1]+m[r][2]*c[2]))
			}
			seen[i] = cielab(s)
		}
		for i := range seen {
			for j := i + 1; j < len(seen); j++ {
				if d := math.Hypot(math.Hypot(seen[i][0]-seen[j][0], seen[i][1]-seen[j][1]), seen[i][2]-seen[j][2]); d < minColourGap {
					t.Errorf("%s: --p%d and --p%d are %.1f apart (ΔE*ab), want at least %d", name, i, j, d, minColourGap)
				}
			}
		}
	}
}

// linear is an sRGB component in linear light.
func linear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// cielab is the CIELAB colour (D65) of a linear sRGB colour.
func cielab(c [3]float64) [3]float64 {
	x := (0.4124*c[0] + 0.3576*c[1] + 0.1805*c[2]) / 0.95047
	y := 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	z := (0.0193*c[0] + 0.1192*c[1] + 0.9505*c[2]) / 1.08883
	f := func(v float64) float64 {
		if v > 0.008856 {
			return math.Cbrt(v)
		}
		return 7.787*v + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}
