package egdb

import (
	"testing"

	"plateau/games/dames"
)

func builtIn(t testing.TB) *DB {
	t.Helper()
	db, err := BuiltIn()
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// probeFEN returns the value of the position fen, which must have a
// capture for the side to move when takes, none otherwise (so that the
// value is the ending's, not a capture's).
func probeFEN(t *testing.T, db *DB, fen string, takes bool) Value {
	t.Helper()
	p, err := dames.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Generate(nil)[0].Captured != 0; got != takes {
		t.Fatalf("%s: a capture on the board is %v, want %v", fen, got, takes)
	}
	v, ok := db.Probe(&p)
	if !ok {
		t.Fatalf("%s: not in the database", fen)
	}
	return v
}

// TestKnownEndings probes positions whose value draughts theory gives:
// a lone king against one or two pieces draws unless it is caught at once
// (or trapped in a corner); three kings cannot beat a lone king on the long
// diagonal (46-5) and beat one kept off it by a king of theirs there.
func TestKnownEndings(t *testing.T) {
	db := builtIn(t)
	for _, c := range []struct {
		fen   string
		want  Value
		takes bool
	}{
		{"W:WK46:BK5", Loss, false},         // the king in the corner must step onto the diagonal and be taken
		{"B:WK46:BK5", Loss, false},         // the same, Black's
		{"W:WK50:BK1", Draw, false},         // two kings in the other corners
		{"W:WK46:BK23", Win, true},          // the king takes on the long diagonal
		{"W:WK47:BK4", Draw, false},         // king against king
		{"W:WK1,K2:BK28", Draw, false},      // two kings against one
		{"W:WK1,K2,K3:BK28", Draw, false},   // three against one on the long diagonal
		{"B:WK1,K2,K3:BK28", Draw, false},   // the same, Black to move
		{"W:WK1,K2,K3:BK32", Draw, false},   // elsewhere on the long diagonal
		{"W:WK1,K2,K3:BK4", Draw, false},    // off it, but 4-10 reaches it
		{"W:WK20,K28,K46:BK30", Win, false}, // three kings holding the diagonal
		{"W:W6:BK50", Draw, false},          // a man about to crown against a king
	} {
		if got := probeFEN(t, db, c.fen, c.takes); got != c.want {
			t.Errorf("%s: %v, want %v", c.fen, got, c.want)
		}
	}
}

// TestLoneKingOnTheDiagonal checks the rule of three kings against one
// over every position: the lone king to move on the long diagonal, the
// three kings having none there, never loses unless a capture is forced
// on it.
func TestLoneKingOnTheDiagonal(t *testing.T) {
	db := builtIn(t)
	var long uint64
	for _, sq := range []int{5, 10, 14, 19, 23, 28, 32, 37, 41, 46} {
		long |= 1 << bitOf(sq)
	}
	l, err := newLayout(Material{WK: 3, BK: 1})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	buf := make([]dames.Move, 0, 64)
	for i := range l.size {
		p, ok := l.position(i, dames.Black)
		if !ok || p.Pieces[dames.Black]&long == 0 || p.Pieces[dames.White]&long != 0 {
			continue
		}
		if p.Generate(buf[:0])[0].Captured != 0 {
			continue
		}
		n++
		if v, _ := db.Probe(&p); v == Loss {
			t.Fatalf("%s: the lone king on the long diagonal loses", p.FEN())
		}
	}
	if n != 83480 {
		t.Errorf("%d positions checked, want 83480 (every one of the material)", n)
	}
}
