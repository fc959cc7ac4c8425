package dames

import (
	"os"
	"testing"
)

// Published perft counts. The start position: Aart Bik, "BikDam:
// international checkers" (aartbik.blogspot.com, label perft), duplicate
// captures removed. The other positions: the perft thread of the FMJD
// forum, https://damforum.nl/viewtopic.php?t=2308 (Rein Halbersma and
// others), as collected in the test suites of several engines: "random178"
// with kings and a 14-piece capture, the Woldouby endgame, 20 kings each,
// and men about to crown.
var perftTable = []struct {
	name, fen string
	counts    []uint64 // depth 1, 2, ...
	fast      int      // depths checked by default; the rest with PLATEAU_DEEP_PERFT=1
}{
	{"start", "W:W31-50:B1-20", []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763}, 6},
	{"random178", "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
		[]uint64{14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193}, 5},
	{"Woldouby", "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
		[]uint64{6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286, 346184885}, 11},
	{"kings", "W:WK31-50:BK1-20", []uint64{17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283}, 6},
	{"crowning", "W:W6-10:B41-45", []uint64{9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674}, 5},
}

func TestPerft(t *testing.T) {
	deep := os.Getenv("PLATEAU_DEEP_PERFT") != ""
	for _, tt := range perftTable {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range tt.counts {
				depth := i + 1
				if depth > tt.fast && !deep {
					break
				}
				if got := Perft(p, depth); got != want {
					t.Errorf("perft(%d) = %d, want %d", depth, got, want)
				}
				if depth <= tt.fast-1 {
					if got := PerftNoBulk(p, depth); got != want {
						t.Errorf("perft without bulk counting (%d) = %d, want %d", depth, got, want)
					}
				}
			}
		})
	}
}

// TestPerftState checks the game.State move lists against the bare
// generator: a perft through Moves, Clone and Play (draw rules apply but do
// not trigger at these depths).
func TestPerftState(t *testing.T) {
	s, _ := Game{}.New(map[string]string{"draw": "seed", "huffing": "off"})
	var count func(st *State, depth int) uint64
	count = func(st *State, depth int) uint64 {
		if depth == 0 {
			return 1
		}
		var n uint64
		for _, m := range st.Moves(nil) {
			c := st.Clone().(*State)
			if err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			n += count(c, depth-1)
		}
		return n
	}
	if got := count(s.(*State), 4); got != 4265 {
		t.Errorf("perft(4) through game.State = %d, want 4265", got)
	}
}
