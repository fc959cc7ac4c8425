package solve

// scorer values the end of the current player's turn for some objective:
// after(b) when the turn leaves the tiles b open (b = 0: the box is shut),
// blocked(a) when a roll blocks the player with the tiles a open. The
// player maximises, or minimises when min() is true.
type scorer interface {
	after(b uint16) float64
	blocked(a uint16) float64
	min() bool
}

func better(sc scorer, x, y float64) bool {
	if sc.min() {
		return x < y
	}
	return x > y
}

// bestCover is the value of rolling total r with open tiles a and playing
// the best cover, with that cover's index in g.after(a, r) (-1: blocked).
func bestCover[S scorer](g *graph, sc S, a uint16, r int) (float64, int) {
	nx := g.after(a, r)
	if len(nx) == 0 {
		return sc.blocked(a), -1
	}
	best, bi := sc.after(nx[0]), 0
	for i, b := range nx[1:] {
		if x := sc.after(b); better(sc, x, best) {
			best, bi = x, i+1
		}
	}
	return best, bi
}

// diceValue is the value of rolling d dice with open tiles a.
func diceValue[S scorer](g *graph, sc S, a uint16, d int) float64 {
	var e float64
	if d == 1 {
		for r := 1; r <= 6; r++ {
			x, _ := bestCover(g, sc, a, r)
			e += x
		}
		return e / 6
	}
	for r := 2; r <= 12; r++ {
		x, _ := bestCover(g, sc, a, r)
		e += twoDice[r] * x
	}
	return e / 36
}

// turnValue is the value at the start of a turn with open tiles a and the
// best number of dice.
func turnValue[S scorer](g *graph, v Variant, sc S, a uint16) (float64, int) {
	two := diceValue(g, sc, a, 2)
	if g.oneDie(v, a) {
		if one := diceValue(g, sc, a, 1); better(sc, one, two) {
			return one, 1
		}
	}
	return two, 2
}
