package benedictine

import (
	"slices"
	"testing"

	"plateau/game"
)

// The sheet's examples. Its diagrams are lost, so each position is
// reconstructed from the caption: it shows what the caption says and as
// little else as possible.

// "Exemple de sauts simples": a bottle jumps over a neighbouring bottle of
// its own side or of the opponent's, when the square behind is free.
func TestSheetSimpleJumps(t *testing.T) {
	s := build(t, 'g', "c3 c4", "d3", "f2")
	got := bottleDests(s, "c3")
	want := []string{"b3", "c2", "c5", "e3"} // steps to b3 and c2, jumps over c4 (own) and d3 (amber)
	if !slices.Equal(got, want) {
		t.Errorf("c3 reaches %v, want %v", got, want)
	}
	for _, text := range []string{"c3xc5", "c3xe3"} {
		if !hasMove(s, text) {
			t.Errorf("%s not listed: %v", text, listed(s))
		}
	}
}

// "Exemple de sauts multiples": several jumps in one move, changing
// direction after each one or not.
func TestSheetMultipleJumps(t *testing.T) {
	s := build(t, 'g', "c1 c2 e4", "d3", "b6")
	got := bottleDests(s, "c1")
	want := []string{"b1", "c3", "d1", "e3", "e5"}
	if !slices.Equal(got, want) {
		t.Errorf("c1 reaches %v, want %v", got, want)
	}
	if !hasMove(s, "c1xc3xe3xe5") { // north over c2, east over amber d3, north over e4
		t.Errorf("c1xc3xe3xe5 not listed: %v", listed(s))
	}
}

// "AMBRE joue le ballon et lui fait effectuer un saut multiple par dessus
// deux de ses bouteilles."
func TestSheetAmberBallJumpsTwoBottles(t *testing.T) {
	s := build(t, 'a', "a1 c1", "d5 d3 g7", "d6")
	if got, want := ballDests(s, "g7", "g6"), []string{"d2", "d4"}; !slices.Equal(got, want) {
		t.Errorf("after g7-g6 the ball reaches %v, want %v", got, want)
	}
	play(t, s, "g7-g6 d6xd4xd2")
	if s.Position() != "......./......A/...A.../......./...A.../...O.../G.G.... g" {
		t.Errorf("position after the move: %s", s.Position())
	}
}

// "Exemple 1: AMBRE déplace sa bouteille puis joue le ballon, qui par
// sauts multiples parvient au-delà de la dernière rangée adverse."
func TestSheetExample1(t *testing.T) {
	s := build(t, 'a', "c1 e1", "d5 d3 e2", "d6")
	if got, want := ballDests(s, "e2", "d1"), []string{"d0", "d2", "d4"}; !slices.Equal(got, want) {
		t.Errorf("after e2-d1 the ball reaches %v, want %v", got, want)
	}
	for _, m := range s.Moves(nil) {
		if from, to, b := unpack(m); isTry(b) && (squareName(from) != "e2" || squareName(to) != "d1") {
			t.Errorf("unexpected try %s", s.FormatMove(m))
		}
	}
	play(t, s, "e2-d1 d6xd4xd2xd0")
	o := s.Outcome()
	if !o.Over || o.Results[amber] != game.Win || o.Reason != "try scored" {
		t.Errorf("outcome %+v, want amber wins by a try", o)
	}
	if got := s.Position(); got != "......./......./...A.../......./...A.../......./..GAG.. g try=d0" {
		t.Errorf("position %s", got)
	}
}

// "Exemple 2: AMBRE déplace sa bouteille, qui parvient par sauts multiples
// sur la dernière rangée adverse, puis joue le ballon et marque l'essai en
// coin."
func TestSheetExample2CornerTry(t *testing.T) {
	s := build(t, 'a', "a4 a2 e1", "a5 g7", "b2")
	var tries []string
	for _, m := range s.Moves(nil) {
		if _, _, b := unpack(m); isTry(b) {
			tries = append(tries, s.FormatMove(m))
		}
	}
	if want := []string{"a5xa3xa1 b2xa0"}; !slices.Equal(tries, want) {
		t.Fatalf("tries %v, want %v", tries, want)
	}
	m, _ := s.ParseMove("a5xa3xa1 b2xa0")
	d := s.DescribeMove(m).(MoveDescription)
	if !slices.Equal(d.Bottle, []string{"a5", "a3", "a1"}) || !slices.Equal(d.Ball, []string{"b2", "a0"}) || !d.Try ||
		!slices.Equal(d.Clicks, []string{"a5", "a3", "a1", "b2", "a0"}) {
		t.Errorf("description %+v", d)
	}
	play(t, s, "a5xa3xa1 b2xa0")
	if o := s.Outcome(); !o.Over || o.Results[amber] != game.Win {
		t.Errorf("outcome %+v, want amber wins", o)
	}
}
