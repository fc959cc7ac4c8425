package intercept

import (
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

// Each test checks one sentence of issue 10 (and the sheet section it
// paraphrases), from a position built for it.

var four = map[string]string{"players": "4"}

// free and fourFree allow covering in any turn (variant cover=free), for the
// tests of what covering does.
var (
	free     = map[string]string{"cover": "free"}
	fourFree = map[string]string{"players": "4", "cover": "free"}
)
var fourSolo = map[string]string{"players": "4", "mode": "solo"}

func start(t *testing.T, set map[string]string) *State {
	t.Helper()
	cfg, err := game.NewConfig(Game{}, set)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Game{}.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func rowOf(s *State, y, from, to int) string {
	var b strings.Builder
	for x := from; x <= to; x++ {
		p := s.board[sq(x, y)]
		if p == 0 {
			b.WriteByte('.')
			continue
		}
		b.WriteByte("prPR"[p.kind()])
	}
	return b.String()
}

// Setup (AVANT DE JOUER): 11 pieces on the first row, the double in the
// middle passage face up, passage and repos alternating; the ball in the centre.
func TestSetupTwoPlayers(t *testing.T) {
	s := start(t, nil)
	if got := rowOf(s, 0, 0, 12); got != ".prprpPrprpr." {
		t.Errorf("rank 1 = %s", got)
	}
	// N faces S: its left is the east, so its row reads the other way.
	if got := rowOf(s, 12, 0, 12); got != ".rprprPprprp." {
		t.Errorf("rank 13 = %s", got)
	}
	if s.ball != centre || s.board[centre] != 0 || squareName(centre) != "g7" {
		t.Errorf("ball on %s", squareName(s.ball))
	}
	var counts [2][4]int
	for _, p := range s.board {
		if p != 0 {
			counts[p.owner()][p.kind()]++
		}
	}
	if counts[0] != [4]int{5, 5, 1, 0} || counts[1] != [4]int{5, 5, 1, 0} {
		t.Errorf("pieces per kind %v", counts)
	}
}

// Which piece stands next to the double is a variant (setup=right).
func TestSetupRight(t *testing.T) {
	s := start(t, map[string]string{"setup": "right"})
	if got := rowOf(s, 0, 0, 12); got != ".rprprPprprp." {
		t.Errorf("rank 1 = %s", got)
	}
}

// 4 players: 3 passage, 3 repos and the double each on the middle of its
// own side; partners face to face.
func TestSetupFourPlayers(t *testing.T) {
	s := start(t, four)
	if got := rowOf(s, 0, 0, 12); got != "...prpPrpr..." {
		t.Errorf("rank 1 = %s", got)
	}
	for seat, want := range []string{"S", "W", "N", "E"} {
		if sideName(s.r, seat) != want {
			t.Errorf("seat %d is %s, want %s", seat, sideName(s.r, seat), want)
		}
	}
	if s.r.opponents(0, 2) || s.r.opponents(1, 3) || !s.r.opponents(0, 1) {
		t.Error("teams should be S+N against W+E")
	}
	n := 0
	for _, p := range s.board {
		if p != 0 {
			n++
		}
	}
	if n != 28 {
		t.Errorf("%d pieces, want 28", n)
	}
	if p := s.board[sq(0, 6)]; !p.isDouble() || p.owner() != 1 {
		t.Errorf("a7 holds %v, want W's double", p)
	}
}

// Geometry: the Arrivée is the middle of a starting row, squares 1-5 its
// five neighbours.
func TestArriveeAndFive(t *testing.T) {
	s := start(t, four)
	v := s.Board().(BoardView)
	want := map[string][2]string{"S": {"g1", "f1 f2 g2 h2 h1"}, "W": {"a7", "a8 b8 b7 b6 a6"},
		"N": {"g13", "h13 h12 g12 f12 f13"}, "E": {"m7", "m6 l6 l7 l8 m8"}}
	for _, seat := range v.Seats {
		w := want[seat.Side]
		if seat.Arrivee != w[0] || strings.Join(seat.Five, " ") != w[1] {
			t.Errorf("%s: Arrivée %s squares 1-5 %v, want %v", seat.Side, seat.Arrivee, seat.Five, w)
		}
	}
}

// Slides go one square sideways or diagonally, not forward or back.
func TestSlideSideways(t *testing.T) {
	s := build(t, nil, "S", "g7", "e5=Sp")
	if got, want := targetsOf(s, "e5"), sorted("d5", "f5", "d6", "f6", "d4", "f4"); !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
	illegal(t, s, "e5-e6")
}

// Variant lateral=orthogonal: every orthogonal direction.
func TestSlideOrthogonalVariant(t *testing.T) {
	s := build(t, map[string]string{"lateral": "orthogonal"}, "S", "g7", "e5=Sp")
	if got := targetsOf(s, "e5"); len(got) != 8 {
		t.Errorf("targets %v, want all 8 neighbours", got)
	}
	legal(t, s, "e5-e6")
}

// Sideways is along the owner's starting row: along the file for W and E.
func TestSlideSidewaysWest(t *testing.T) {
	s := build(t, four, "W", "g7", "e5=Wp")
	legal(t, s, "e5-e6")
	illegal(t, s, "e5-f5")
}

// A jump goes over an adjacent piece of either colour, in any of the 8
// directions, landing right behind it.
func TestSingleJump(t *testing.T) {
	s := build(t, nil, "S", "g7", "e5=Sp", "e6=Nr", "f5=Sr")
	legal(t, s, "e5:e7")
	legal(t, s, "e5:g5")
	illegal(t, s, "e5:e8")
}

// Jumps chain and may turn; each lands on an empty square.
func TestMultipleJump(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=Sp", "c4=Np", "d5=Nr", "e6=Sr", "d7=Np")
	for _, sqr := range []string{"c5", "e5", "e7", "c7"} {
		if !slices.Contains(targetsOf(s, "c3"), sqr) {
			t.Errorf("c3 cannot reach %s by jumps: %v", sqr, targetsOf(s, "c3"))
		}
	}
	after := legal(t, s, "c3:c7")
	if after.board[sq(2, 6)] == 0 || after.board[sq(2, 2)] != 0 {
		t.Error("the piece did not go from c3 to c7")
	}
}

// A slide and a jump are never combined.
func TestNoSlideThenJump(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=Sp", "d5=Nr")
	illegal(t, s, "c3-d6")
	illegal(t, s, "c3:d6")
}

// Only a double jumps a double.
func TestCannotJumpDouble(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=Sp", "c4=NP")
	illegal(t, s, "c3:c5")
}

// Nobody jumps the ball carrier.
func TestCannotJumpCarrier(t *testing.T) {
	s := build(t, nil, "S", "c4", "c3=Sp", "c4=Nr")
	illegal(t, s, "c3:c5")
	s = build(t, nil, "S", "c4", "c2=SP", "c4=Nr")
	illegal(t, s, "c2:c5")
}

// The loose ball on the central square is not a piece: nothing lands on
// it or jumps it.
func TestLooseBallBlocks(t *testing.T) {
	s := build(t, nil, "S", "g7", "f6=Sp", "e7=SP")
	illegal(t, s, "f6-g7")
	illegal(t, s, "f6:h8")
	illegal(t, s, "e7-h7")
	legal(t, s, "e7-f7")
}

// The double slides any distance in a straight line (its slide
// directions), stopping before a piece.
func TestDoubleLongSlide(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=SP", "k3=Nr")
	legal(t, s, "c3-j3")
	illegal(t, s, "c3-m3")
	legal(t, s, "c3:l3") // a long jump, not a slide
	legal(t, s, "c3-f6")
	illegal(t, s, "c3-c8")
	illegal(t, s, "c3-c4")
}

// Variant longslide=all: the long slide also goes forward and back.
func TestDoubleLongSlideAllVariant(t *testing.T) {
	s := build(t, map[string]string{"longslide": "all"}, "S", "g7", "c3=SP")
	legal(t, s, "c3-c8")
	legal(t, s, "c3-c4") // a long slide of one square
}

// The double may be turned over as part of its move.
func TestDoubleFlipWhileMoving(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=SP")
	after := legal(t, s, "c3-e3=R")
	if p := after.board[sq(4, 2)]; p.kind() != kindDoubleR {
		t.Errorf("e3 holds kind %d, want the double repos face up", p.kind())
	}
	legal(t, s, "c3-e3")
}

// Turning the double over in place is a whole move.
func TestFlipInPlace(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=SP", "m13=Nr")
	after := legal(t, s, "c3=R")
	if after.ToMove() != 1 || after.board[sq(2, 2)].kind() != kindDoubleR {
		t.Errorf("after c3=R: %s", after.Position())
	}
	illegal(t, s, "c3=P")
}

// The double jumps sideways or diagonally over a piece at a distance,
// landing right behind it.
func TestDoubleLongJump(t *testing.T) {
	s := build(t, nil, "S", "g7", "a3=SP", "e3=Np", "c5=Sr")
	legal(t, s, "a3:f3")
	illegal(t, s, "a3:g3")
	legal(t, s, "a3:d6")
}

// The long jump does not go straight forward; a short one does.
func TestDoubleLongJumpNotForward(t *testing.T) {
	s := build(t, nil, "S", "g7", "c1=SP", "c5=Np", "d2=Nr")
	illegal(t, s, "c1:c6")
	s = build(t, nil, "S", "g7", "c1=SP", "c2=Np")
	legal(t, s, "c1:c3")
}

// Long jumps chain: a3 over e3 to f3, then f3 over f4 (short, forward) to f5.
func TestDoubleLongJumpChain(t *testing.T) {
	s := build(t, nil, "S", "g7", "a3=SP", "e3=Np", "f4=Nr")
	legal(t, s, "a3:f5")
}

// The double may jump the other double.
func TestDoubleJumpsDouble(t *testing.T) {
	s := build(t, nil, "S", "g7", "c3=SP", "e3=NP")
	legal(t, s, "c3:f3")
	s = build(t, nil, "S", "g7", "c3=Sp", "d3=NP")
	illegal(t, s, "c3:e3")
}

// The ball passes from the centre over an adjacent passage piece of the
// player onto its repos two squares away, after a piece move.
func TestBallFromCentre(t *testing.T) {
	s := build(t, nil, "S", "g7", "f6=Sp", "e5=Sr", "a1=Sp")
	after := legal(t, s, "a1-b1/g7-e5")
	if after.ball != sq(4, 4) {
		t.Errorf("ball on %s", squareName(after.ball))
	}
	legal(t, s, "a1-b1") // taking the ball is optional
}

// Only the player's own passage and repos carry the ball (2 players).
func TestBallOwnPiecesOnly(t *testing.T) {
	s := build(t, nil, "S", "g7", "f6=Np", "e5=Sr", "a1=Sp")
	illegal(t, s, "a1-b1/g7-e5")
	s = build(t, nil, "S", "g7", "f6=Sp", "e5=Nr", "a1=Sp")
	illegal(t, s, "a1-b1/g7-e5")
}

// The passage piece must be next to the ball; the ball never moves to a
// neighbouring square and always lands two squares away.
func TestBallNeedsAdjacentPassage(t *testing.T) {
	s := build(t, nil, "S", "g7", "e5=Sp", "c3=Sr", "f6=Sr", "a1=Sp")
	illegal(t, s, "a1-b1/g7-c3")
	illegal(t, s, "a1-b1/g7-f6")
	for _, m := range listed(s) {
		if strings.Contains(m, "/") {
			t.Errorf("listed ball move %s", m)
		}
	}
}

// A passage goes on over alternate passage and repos pieces, turning only
// on a repos: g7 over f6 to e5, then turn north over e6 to e7.
func TestBallTurnsOnRepos(t *testing.T) {
	s := build(t, nil, "S", "g7", "f6=Sp", "e5=Sr", "e6=Sp", "e7=Sr", "a1=Sp")
	after := legal(t, s, "a1-b1/g7-e5-e7")
	if after.ball != sq(4, 6) {
		t.Errorf("ball on %s", squareName(after.ball))
	}
	if !slices.Contains(listed(s), "a1-b1/g7-e5-e7") {
		t.Errorf("path not listed: %v", listed(s))
	}
	// A hop is straight: no turning on the passage piece.
	illegal(t, s, "a1-b1/g7-e6")
}

// A straight run over several pieces, and any legal path to the same end is
// the same move.
func TestBallLongRun(t *testing.T) {
	s := build(t, nil, "S", "g7", "g8=Sp", "g9=Sr", "g10=Sp", "g11=Sr", "a1=Sp")
	legal(t, s, "a1-b1/g7-g9-g11")
	m1, err1 := s.ParseMove("a1-b1/g7-g9-g11")
	m2, err2 := s.ParseMove("a1-b1/g7-g9-g11-g9-g11")
	if err1 != nil || err2 != nil || m1 != m2 {
		t.Errorf("two paths to g11: %v %v %v %v", m1, m2, err1, err2)
	}
}

// Interception: taking the ball from an opponent's carrier needs the piece
// moved this turn to be the passage or the repos of the taking line.
func TestInterceptionAllowed(t *testing.T) {
	s := build(t, nil, "S", "e5", "e5=Nr", "e4=Sp", "g5=Sr", "a1=Sp")
	legal(t, s, "e4-f5/e5-g5")
	s = build(t, nil, "S", "e5", "e5=Nr", "f5=Sp", "h4=Sr", "a1=Sp")
	legal(t, s, "h4-g5/e5-g5")
}

func TestInterceptionRefused(t *testing.T) {
	s := build(t, nil, "S", "e5", "e5=Nr", "f5=Sp", "g5=Sr", "a1=Sp")
	illegal(t, s, "a1-b1/e5-g5")
	after := legal(t, s, "a1-b1")
	_ = after
}

// Variant interception=every: the condition holds on every ball move.
func TestInterceptionEveryVariant(t *testing.T) {
	set := map[string]string{"interception": "every"}
	s := build(t, set, "S", "e5", "e5=Sr", "f5=Sp", "g5=Sr", "a1=Sp")
	illegal(t, s, "a1-b1/e5-g5")
	s = build(t, nil, "S", "e5", "e5=Sr", "f5=Sp", "g5=Sr", "a1=Sp")
	legal(t, s, "a1-b1/e5-g5")
}

// The carrier cannot move, nor, for a double, turn over.
func TestCarrierInactive(t *testing.T) {
	s := build(t, nil, "S", "e5", "e5=Sr", "a1=Sp")
	illegal(t, s, "e5-d5")
	s = build(t, nil, "S", "e5", "e5=SR", "a1=Sp")
	illegal(t, s, "e5=P")
	illegal(t, s, "e5-c5")
}

// A double turned over in place then carries the ball across on its new face.
func TestFlipThenBall(t *testing.T) {
	s := build(t, nil, "S", "g7", "f6=SR", "e5=Sr")
	legal(t, s, "f6=P/g7-e5")
}

// Teams: a player's passage and repos may be the partner's pieces.
func TestTeamPassesThroughPartner(t *testing.T) {
	s := build(t, four, "S", "g7", "f6=Np", "e5=Nr", "e6=Sp", "e7=Sr", "d1=Sp")
	legal(t, s, "d1-e1/g7-e5-e7")
	s = build(t, fourSolo, "S", "g7", "f6=Np", "e5=Nr", "d1=Sp")
	illegal(t, s, "d1-e1/g7-e5")
}

// Teams: taking the ball from the partner is no interception.
func TestTeamTakesFromPartner(t *testing.T) {
	s := build(t, four, "S", "e5", "e5=Nr", "f5=Sp", "g5=Sr", "d1=Sp")
	legal(t, s, "d1-e1/e5-g5")
	s = build(t, four, "S", "e5", "e5=Wr", "f5=Sp", "g5=Sr", "d1=Sp")
	illegal(t, s, "d1-e1/e5-g5")
}

// The ball placed on the opponent's empty Arrivée (a repos) wins.
func TestWinOnArrivee(t *testing.T) {
	s := build(t, nil, "S", "g11", "g11=Sr", "g12=Sp", "a1=Sp", "a13=Np")
	after := legal(t, s, "a1-b1/g11-g13")
	o := after.Outcome()
	if !o.Over || o.Results[0] != game.Win || o.Results[1] != game.Loss || o.Reason != "ball placed on the Arrivée" {
		t.Errorf("outcome %+v", o)
	}
	if after.ToMove() != game.Nobody || len(after.Moves(nil)) != 0 {
		t.Error("the game goes on")
	}
}

// ...or on one of the player's repos standing on it.
func TestWinOnReposOnArrivee(t *testing.T) {
	s := build(t, nil, "S", "g11", "g11=Sr", "g12=Sp", "g13=Sr", "a1=Sp")
	after := legal(t, s, "a1-b1/g11-g13")
	if !after.Outcome().Over {
		t.Error("not over")
	}
}

// The player's own Arrivée is no repos for it.
func TestOwnArriveeIsNoRepos(t *testing.T) {
	s := build(t, nil, "S", "g3", "g3=Sr", "g2=Sp", "a13=Sp")
	illegal(t, s, "a13-b13/g3-g1")
}

// An opponent's piece on the Arrivée may be covered by a repos (by a legal
// slide), and the ball placed on it in the same turn.
func TestCoverArriveeThenWin(t *testing.T) {
	s := build(t, nil, "S", "g11", "g13=Nr", "f12=Sr", "g11=Sr", "g12=Sp")
	after := legal(t, s, "f12-g13^/g11-g13")
	if !after.Outcome().Over || after.Outcome().Results[0] != game.Win {
		t.Errorf("outcome %+v", after.Outcome())
	}
	if got := after.stackAt(sq(6, 12), nil); len(got) != 1 || got[0].owner() != 1 {
		t.Errorf("g13 covers %v", got)
	}
}

// A passage piece does not cover the Arrivée.
func TestCoverArriveeNeedsRepos(t *testing.T) {
	s := build(t, free, "S", "g7", "g13=Nr", "f12=Sp")
	illegal(t, s, "f12-g13^")
	illegal(t, s, "f12-g13")
}

// Squares 1-5: a passage piece covers an opponent's piece there, by slide or
// by jump; a repos does not.
func TestCoverFive(t *testing.T) {
	s := build(t, free, "S", "g7", "g12=Np", "f11=Sp")
	after := legal(t, s, "f11-g12^")
	if after.ncov != 1 || after.board[sq(6, 11)].owner() != 0 {
		t.Errorf("after the cover: %s", after.Position())
	}
	s = build(t, free, "S", "g7", "g12=Np", "f11=Sr")
	illegal(t, s, "f11-g12^")
	s = build(t, free, "S", "g7", "g12=Np", "g11=Nr", "g10=Sp")
	legal(t, s, "g10:g12^")
}

// Covering is only on the squares of the Arrivée the player aims at.
func TestNoCoverElsewhere(t *testing.T) {
	s := build(t, free, "S", "g7", "f2=Np", "e1=Sp", "d5=Nr", "c4=Sr")
	illegal(t, s, "e1-f2^")
	illegal(t, s, "c4-d5^")
}

// At most two pieces of one colour are covered.
func TestTwoCoveredLimit(t *testing.T) {
	s := build(t, free, "S", "g7", "f13=Np+Sp", "h13=Nr+Sp", "g12=Np", "f11=Sp")
	illegal(t, s, "f11-g12^")
	s = build(t, free, "S", "g7", "f13=Np+Sp", "g12=Np", "f11=Sp")
	legal(t, s, "f11-g12^")
}

// A covered piece is inactive; it is active again once uncovered.
func TestCoveredInactive(t *testing.T) {
	s := build(t, free, "N", "g7", "g12=Np+Sp", "a1=Sp", "m13=Nr")
	for _, m := range listed(s) {
		if strings.HasPrefix(m, "g12") {
			t.Errorf("N moves its covered piece: %s", m)
		}
	}
	s = build(t, free, "S", "g7", "g12=Np+Sp", "m13=Nr")
	after := legal(t, s, "g12-h12")
	if p := after.board[sq(6, 11)]; p == 0 || p.owner() != 1 || after.ncov != 0 {
		t.Errorf("g12 after the cover leaves: %s", after.Position())
	}
}

// A covered passage piece does not carry the ball of its owner.
func TestCoveredIsNoPassage(t *testing.T) {
	s := build(t, free, "N", "g10", "g10=Nr", "g12=Np+Sp", "m13=Nr")
	if m := listed(s); slices.ContainsFunc(m, func(x string) bool { return strings.Contains(x, "/") }) {
		t.Errorf("ball moves through a covered piece: %v", m)
	}
}

// A double covers with the right face: repos on the Arrivée, passage on 1-5.
func TestDoubleCoverFace(t *testing.T) {
	s := build(t, free, "S", "g7", "g13=Nr", "f12=SP")
	legal(t, s, "f12-g13^=R")
	illegal(t, s, "f12-g13^")
	s = build(t, free, "S", "g7", "g12=Nr", "f11=SR")
	legal(t, s, "f11-g12^=P")
	illegal(t, s, "f11-g12^")
}

// Neither partners' pieces nor the ball carrier are covered.
func TestNoCoverPartnerOrCarrier(t *testing.T) {
	s := build(t, fourFree, "S", "g7", "a8=Np", "b9=Sp")
	illegal(t, s, "b9-a8^")
	s = build(t, fourFree, "S", "g7", "a8=Wp", "b9=Sp")
	legal(t, s, "b9-a8^")
	s = build(t, free, "S", "g13", "g13=Nr", "f12=Sr")
	illegal(t, s, "f12-g13^")
}

// A player with no move passes; a whole round of passes is a draw.
func TestBlockedPasses(t *testing.T) {
	s := build(t, nil, "S", "e5", "e5=Sr")
	if got := listed(s); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("moves %v, want pass", got)
	}
	after := legal(t, s, "pass")
	if after.ToMove() != 1 {
		t.Fatal("N should be to move")
	}
	after = legal(t, after, "pass")
	if o := after.Outcome(); !o.Over || o.Results[0] != game.Draw || o.Reason != "no player can move" {
		t.Errorf("outcome %+v", o)
	}
	s = build(t, nil, "S", "g7", "a1=Sp")
	illegal(t, s, "pass")
}

// Variant blocked=lose: a player left without a move loses.
func TestBlockedLoseVariant(t *testing.T) {
	set := map[string]string{"blocked": "lose"}
	s := build(t, set, "N", "e5", "e5=Sr", "a1=Sp", "a2=Np", "b1=Nr", "a3=Np", "c3=Nr", "c1=Np", "c2=Nr")
	after := legal(t, s, "c2-b2")
	if o := after.Outcome(); !o.Over || o.Results[1] != game.Win || o.Reason != "no legal move" {
		t.Errorf("outcome %+v", o)
	}
	if !strings.Contains(after.Position(), "blocked:N") {
		t.Errorf("position %s", after.Position())
	}
}

// Variant blocked=lose: a position whose side to move cannot move is a
// finished game, so the parser refuses it with the side to move, saying
// which status it has; the finished text parses, and with blocked=pass the
// side to move passes.
func TestBlockedLoseRefusedByParser(t *testing.T) {
	const board = "13/13/13/13/13/13/13/13/4Sr8/13/Np1Nr10/NpNr11/SpNrNp10"
	parse := func(set map[string]string, text string) (game.State, error) {
		t.Helper()
		cfg, err := game.NewConfig(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		return Game{}.ParsePosition(cfg, text)
	}
	lose := map[string]string{"blocked": "lose"}
	_, err := parse(lose, board+" S e5 1 0")
	if err == nil || !strings.Contains(err.Error(), "S to move cannot move") || !strings.Contains(err.Error(), "blocked:N") {
		t.Errorf("blocked=lose, S to move and blocked: %v, want an error naming S and the status blocked:N", err)
	}
	s, err := parse(lose, board+" blocked:N e5 1 0")
	if err != nil {
		t.Fatalf("the finished game: %v", err)
	}
	if o := s.Outcome(); !o.Over || o.Results[1] != game.Win {
		t.Errorf("the finished game: outcome %+v, want N's win", o)
	}
	s, err = parse(nil, board+" S e5 1 0")
	if err != nil {
		t.Fatalf("blocked=pass: %v", err)
	}
	if got := listed(s.(*State)); !slices.Equal(got, []string{"pass"}) {
		t.Errorf("blocked=pass: moves %v, want pass", got)
	}
}

// Threefold repetition draws; repetition=off does not. Repeats counts the
// earlier occurrences on the way.
func TestRepetition(t *testing.T) {
	cycle := []string{"a1=R", "m13=R", "a1=P", "m13=P"}
	for _, on := range []bool{true, false} {
		set := map[string]string{}
		if !on {
			set["repetition"] = "off"
		}
		s := build(t, set, "S", "g7", "a1=SP", "m13=NP")
		// Each position of the cycle comes back after four turns.
		want := []int{0, 0, 0, 1, 1, 1, 1, 0}
		for i := range 8 {
			s = legal(t, s, cycle[i%4])
			if !on {
				want[i] = 0
			}
			if got := s.Repeats(); got != want[i] {
				t.Errorf("repetition=%v, after turn %d: Repeats %d, want %d", on, i+1, got, want[i])
			}
		}
		if o := s.Outcome(); o.Over != on || (on && o.Reason != "threefold repetition") {
			t.Errorf("repetition=%v: outcome %+v", on, o)
		}
	}
}

// Variant limit: a draw after that many turns.
func TestLimit(t *testing.T) {
	s := build(t, map[string]string{"limit": "3"}, "S", "g7", "a1=SP", "m13=NP")
	for _, m := range []string{"a1=R", "m13=R", "a1=P"} {
		s = legal(t, s, m)
	}
	if o := s.Outcome(); !o.Over || o.Reason != "turn limit reached" {
		t.Errorf("outcome %+v", o)
	}
}

// 4 players: turns go round the table S, W, N, E.
func TestTurnOrderFour(t *testing.T) {
	s := start(t, four)
	var order []string
	for range 5 {
		order = append(order, sideName(s.r, s.toMove))
		ms := s.Moves(nil)
		if err := s.Play(ms[0]); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(order, ""); got != "SWNES" {
		t.Errorf("order %s", got)
	}
}

// Teams aim at either Arrivée of the opposing camp and win together.
func TestTeamGoals(t *testing.T) {
	for _, g := range []struct {
		pieces []string
		path   string
	}{
		{[]string{"c7=Sr", "b7=Sp"}, "c7-a7"},
		{[]string{"k7=Sr", "l7=Sp"}, "k7-m7"},
	} {
		ball := g.pieces[0][:2]
		s := build(t, four, "S", ball, append(g.pieces, "d1=Sp")...)
		after := legal(t, s, "d1-e1/"+g.path)
		o := after.Outcome()
		if !o.Over || o.Results[0] != game.Win || o.Results[2] != game.Win || o.Results[1] != game.Loss {
			t.Errorf("%s: outcome %+v", g.path, o)
		}
	}
	s := build(t, four, "S", "g11", "g11=Sr", "g12=Sp", "d1=Sp")
	illegal(t, s, "d1-e1/g11-g13") // the partner's Arrivée
}

// Solo: the opposite Arrivée by default, any other one with goal=any.
func TestSoloGoals(t *testing.T) {
	s := build(t, fourSolo, "S", "c7", "c7=Sr", "b7=Sp", "d1=Sp")
	illegal(t, s, "d1-e1/c7-a7")
	s = build(t, fourSolo, "S", "g11", "g11=Sr", "g12=Sp", "d1=Sp")
	after := legal(t, s, "d1-e1/g11-g13")
	if o := after.Outcome(); o.Results[0] != game.Win || o.Results[2] != game.Loss || o.Results[1] != game.Loss {
		t.Errorf("outcome %+v", o)
	}
	any := map[string]string{"players": "4", "mode": "solo", "goal": "any"}
	s = build(t, any, "S", "c7", "c7=Sr", "b7=Sp", "d1=Sp")
	legal(t, s, "d1-e1/c7-a7")
}

// Rival: each seat faces the seat whose Arrivée is its only goal, when it
// is that seat's only goal too: with 2 players, and with 4 solo aiming at
// the opposite Arrivée; never in teams or with goal=any.
func TestRival(t *testing.T) {
	for _, c := range []struct {
		set  map[string]string
		want []int // each seat's rival, -1 for none
	}{
		{nil, []int{1, 0}},
		{map[string]string{"players": "4", "mode": "solo"}, []int{2, 3, 0, 1}},
		{map[string]string{"players": "4"}, []int{-1, -1, -1, -1}},
		{map[string]string{"players": "4", "mode": "solo", "goal": "any"}, []int{-1, -1, -1, -1}},
	} {
		s := start(t, c.set)
		for p, want := range c.want {
			q, ok := s.Rival(game.Player(p))
			if !ok {
				q = -1
			}
			if int(q) != want {
				t.Errorf("%v: seat %d's rival %d (%v), want %d", c.set, p, q, ok, want)
			}
		}
		if _, ok := s.Rival(game.Player(len(c.want))); ok {
			t.Errorf("%v: seat %d, which does not play, has a rival", c.set, len(c.want))
		}
	}
}

// With 2 players the mode option changes nothing.
func TestModeIgnoredWithTwo(t *testing.T) {
	a := start(t, nil)
	b := start(t, map[string]string{"mode": "solo"})
	if a.Position() != b.Position() || !slices.Equal(listed(a), listed(b)) {
		t.Error("mode=solo differs with 2 players")
	}
}

// Default cover=arriving: covering only in the turn the ball then arrives,
// as the sheet covers a piece "to place the ball".
func TestCoverArriving(t *testing.T) {
	s := build(t, nil, "S", "g11", "g13=Nr", "f12=Sr", "g11=Sr", "g12=Sp", "a1=Sp")
	illegal(t, s, "f12-g13^")
	legal(t, s, "f12-g13^/g11-g13")
	s = build(t, nil, "S", "g11", "g12=Np", "f11=Sp", "g11=Sr", "a1=Sp")
	illegal(t, s, "f11-g12^")
	after := legal(t, s, "f11-g12^/g11-g13")
	if !after.Outcome().Over {
		t.Error("the covering passage should carry the ball home")
	}
}

// With the default, a defender whose double stands on its Arrivée and whose
// pieces hold the five squares around it cannot be scored against: the last
// hop must cross one of the five (a cover with a passage piece) and land on
// the double (a cover with a repos), two covers for the one move of the
// winning turn. With cover=free the attacker covers one, then the other
// with the ball's arrival. docs/ai/notebook.md (Intercept game lengths) says what
// this does to the length of games between good defenders.
func TestArriveeFortress(t *testing.T) {
	pieces := []string{"g13=NP", "f13=Nr", "h13=Np", "f12=Np", "g12=Nr", "h12=Np", "a13=Np",
		"g11=Sr", "f11=Sp", "e11=Sr", "a1=Sp"}
	s := build(t, nil, "S", "g11", pieces...)
	for _, m := range s.Moves(nil) {
		c := s.Clone().(*State)
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		if c.Outcome().Over {
			t.Errorf("%s wins against the fortress in %s", s.FormatMove(m), s.Position())
		}
	}
	illegal(t, s, "f11-g12^")
	illegal(t, s, "e11:g13^/g11-g13")
	// The same without the double on the Arrivée falls to one cover.
	open := build(t, nil, "S", "g11", append([]string{"b13=NP"}, pieces[1:]...)...)
	if !legal(t, open, "f11-g12^/g11-g13").Outcome().Over {
		t.Error("one cover should carry the ball onto the empty Arrivée")
	}

	s = build(t, free, "S", "g11", pieces...)
	s = legal(t, s, "f11-g12^")
	s = legal(t, s, "a13-b13")
	if !legal(t, s, "e11:g13^/g11-g13").Outcome().Over {
		t.Error("with cover=free the second cover should carry the ball home")
	}
}

// With the default, a double cannot cover and lock the opponent's double
// on its Arrivée from the second move (issue 20), nor can anyone cover on
// the first move with four players; cover=free allows both.
func TestNoEarlyCoverByDefault(t *testing.T) {
	for _, tt := range []struct {
		set   map[string]string
		legal bool
	}{{nil, false}, {free, true}} {
		s := legal(t, legal(t, start(t, tt.set), "g1-a7"), "b13-a12")
		if tt.legal {
			legal(t, s, "a7-g13=R")
		} else {
			illegal(t, s, "a7-g13=R")
		}
	}
	for _, tt := range []struct {
		set    map[string]string
		covers bool
	}{{four, false}, {fourFree, true}} {
		s := start(t, tt.set)
		covers := slices.ContainsFunc(listed(s), func(m string) bool { return strings.Contains(m, "^") })
		if covers != tt.covers {
			t.Errorf("%v: a cover among the first moves: %v, want %v", tt.set, covers, tt.covers)
		}
	}
}
