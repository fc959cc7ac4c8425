package dames

import (
	"testing"

	"plateau/games/dames"
)

// windowSquares lists the squares (1-50) of window w from the board's
// coordinates: rows 2·(w/4) to 2·(w/4)+3, columns 2·(w%4) to 2·(w%4)+3.
func windowSquares(w int) []int {
	var sqs []int
	for sq := 1; sq <= 50; sq++ {
		r, c := (sq-1)/5, col(sq)
		if r >= 2*(w/4) && r <= 2*(w/4)+3 && c >= 2*(w%4) && c <= 2*(w%4)+3 {
			sqs = append(sqs, sq)
		}
	}
	return sqs
}

// TestWindows: the windows are the board's four-by-four regions they say
// they are, cover every square, and their fillings are those counted
// square by square.
func TestWindows(t *testing.T) {
	covered := map[int]int{}
	for w := range nWindows {
		sqs := windowSquares(w)
		if len(sqs) != 8 {
			t.Fatalf("window %d has squares %v, want 8", w, sqs)
		}
		var want, got uint64
		for _, sq := range sqs {
			want |= 1 << bitOf(sq)
			covered[sq]++
		}
		for _, off := range []int{0, 5, 11, 16} {
			got |= 3 << (int(windowBase[w]) + off)
		}
		if got != want {
			t.Errorf("window %d: bits %#x, want %#x (squares %v)", w, got, want, sqs)
		}
	}
	for sq := 1; sq <= 50; sq++ {
		if covered[sq] < 1 || covered[sq] > 4 {
			t.Errorf("square %d is in %d windows", sq, covered[sq])
		}
	}
	var ps []dames.Pos
	for plies := 0; plies <= 80; plies += 20 {
		ps = append(ps, playouts(10, plies, uint64(plies)+3)...)
	}
	for _, p := range ps {
		for w := range nWindows {
			want, pow := 0, 1
			for _, sq := range windowSquares(w) { // in the order of their bits
				b := uint64(1) << bitOf(sq)
				switch {
				case p.Pieces[dames.White]&b != 0:
					want += pow
				case p.Pieces[dames.Black]&b != 0:
					want += 2 * pow
				}
				pow *= 3
			}
			if got := windowConfig(&p, w); got != want {
				t.Fatalf("%s window %d: filling %d, want %d", p.FEN(), w, got, want)
			}
		}
	}
}

// TestWindowWeights: a window's weight counts in Evaluate, mixed between
// its full board's and its empty board's value by the pieces on the board.
func TestWindowWeights(t *testing.T) {
	p, err := dames.ParseFEN("W:W31-50:B1-20") // 40 pieces: the full board's weight alone
	if err != nil {
		t.Fatal(err)
	}
	q, err := dames.ParseFEN("W:W31-40:B11-20") // 20 pieces: half of each
	if err != nil {
		t.Fatal(err)
	}
	base := newPatterns(make([]float64, nFeaturesWindows()))
	w := make([]float64, nFeaturesWindows())
	const win = 15 // rows 6-9, columns 6-9: squares 34, 35, 39, 40, 43, 44, 48, 49
	for _, pos := range []*dames.Pos{&p, &q} {
		i := nFeatures() + 2*(win*nWindowConfigs+windowConfig(pos, win))
		w[i], w[i+1] = 0.5, 0.25 // 100 and 50 centi-men
	}
	pt := newPatterns(w)
	if got := pt.Evaluate(&p) - base.Evaluate(&p); got != 100 {
		t.Errorf("full board: the window adds %d centi-men, want 100", got)
	}
	if got := pt.Evaluate(&q) - base.Evaluate(&q); got != 75 {
		t.Errorf("20 pieces: the window adds %d centi-men, want 75", got)
	}
	back, err := decodeWeights(encodeWeights(w))
	if err != nil || len(back) != nFeaturesWindows() {
		t.Fatalf("a weights file with windows: %d weights, %v", len(back), err)
	}
}
