package benedictine

import (
	"fmt"
	"strings"

	"plateau/game"
)

// paths returns the squares the bottle and the ball pass through in a legal
// move: the bottle's step or its shortest chain of jumps, then the ball's
// shortest chain (nil when the ball does not move).
func (s *State) paths(m game.Move) (bottle, ball []int) {
	from, to, dest := unpack(m)
	all := s.bottles[0] | s.bottles[1]
	if stepMask[from]&(1<<to) != 0 && direction(from, to) >= 0 {
		bottle = []int{from, to}
	} else {
		var parent [64]int8
		jumpReach(from, all&^(1<<from), &parent)
		for sq := to; sq != from; sq = int(parent[sq]) {
			bottle = append(bottle, sq)
		}
		bottle = append(bottle, from)
		reverse(bottle)
	}
	if dest == noBall {
		return bottle, nil
	}
	p := int(s.turn)
	var parent [64]int8
	ballReach(int(s.ball), s.bottles[p]&^(1<<from)|1<<to, p, &parent)
	for sq := dest; sq != int(s.ball); sq = int(parent[sq]) {
		ball = append(ball, sq)
	}
	ball = append(ball, int(s.ball))
	reverse(ball)
	return bottle, ball
}

func reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

func names(path []int) []string {
	out := make([]string, len(path))
	for i, sq := range path {
		out[i] = squareName(sq)
	}
	return out
}

// FormatMove writes a legal move: the bottle's path, then, after a space,
// the ball's path. A step is written with a hyphen ("c2-c3"), jumps with an
// x between the squares landed on ("c1xc3xe3"), and the ball always jumps
// ("d4xd6"). A try ends on the try square behind the last-row bottle the
// ball jumped ("f6xg8" for the corner try over g7).
func (s *State) FormatMove(m game.Move) string {
	if _, _, _, err := s.check(m); err != nil {
		return fmt.Sprintf("illegal(%#x)", uint64(m))
	}
	bottle, ball := s.paths(m)
	sep := "x"
	if len(bottle) == 2 && direction(bottle[0], bottle[1]) >= 0 {
		sep = "-"
	}
	text := strings.Join(names(bottle), sep)
	if ball != nil {
		text += " " + strings.Join(names(ball), "x")
	}
	return text
}

// MoveDescription is the JSON description of a move.
type MoveDescription struct {
	game.MoveText
	// Player is the mover: 0 green, 1 amber.
	Player int `json:"player"`
	// Bottle is the bottle's path, from its square to its destination.
	Bottle []string `json:"bottle"`
	// Ball is the ball's path, empty when the ball does not move. A try
	// ends on a try square (rank 8 for green, 0 for amber).
	Ball []string `json:"ball"`
	// Try is true when the move scores.
	Try bool `json:"try,omitempty"`
}

// DescribeMove describes a legal move; Clicks are the bottle's path then
// the ball's path.
func (s *State) DescribeMove(m game.Move) any {
	d := MoveDescription{Player: int(s.turn), Bottle: []string{}, Ball: []string{}}
	d.Notation = s.FormatMove(m)
	if _, _, _, err := s.check(m); err != nil {
		d.Clicks = []string{}
		return d
	}
	bottle, ball := s.paths(m)
	d.Bottle = names(bottle)
	if ball != nil {
		d.Ball = names(ball)
		d.Try = isTry(ball[len(ball)-1])
	}
	d.Clicks = append(append([]string{}, d.Bottle...), d.Ball...)
	return d
}

// parsePath reads squares separated by '-' or 'x'.
func parsePath(text string) ([]int, error) {
	var path []int
	for i := 0; ; i += 3 {
		if i+2 > len(text) {
			return nil, fmt.Errorf("%q: expected a square after %q", text, text[:i])
		}
		sq, err := parseSquare(text[i : i+2])
		if err != nil {
			return nil, fmt.Errorf("%q: %w", text, err)
		}
		path = append(path, sq)
		if i+2 == len(text) {
			return path, nil
		}
		if c := text[i+2]; c != '-' && c != 'x' {
			return nil, fmt.Errorf("%q: %q is not a separator (- or x)", text, c)
		}
	}
}

// ParseMove reads a move written as FormatMove writes it. The separators
// '-' and 'x' are interchangeable; any valid path is accepted, and a path
// of two squares may skip the intermediate landings of a chain of jumps
// ("c1xe5" for c1xc3xe5).
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.over {
		return 0, fmt.Errorf("benedictine: move %q: %w", text, game.ErrGameOver)
	}
	fields := strings.Fields(text)
	if len(fields) < 1 || len(fields) > 2 {
		return 0, fmt.Errorf("benedictine: move %q: want the bottle's path, then optionally a space and the ball's path", text)
	}
	bottle, err := parsePath(fields[0])
	if err != nil {
		return 0, fmt.Errorf("benedictine: move %q: bottle path %w", text, err)
	}
	from, to, err := s.checkBottlePath(bottle)
	if err != nil {
		return 0, fmt.Errorf("benedictine: move %q: %w", text, err)
	}
	dest := noBall
	if len(fields) == 2 {
		ball, err := parsePath(fields[1])
		if err != nil {
			return 0, fmt.Errorf("benedictine: move %q: ball path %w", text, err)
		}
		if dest, err = s.checkBallPath(ball, from, to); err != nil {
			return 0, fmt.Errorf("benedictine: move %q: %w", text, err)
		}
	}
	m := pack(from, to, dest)
	if _, _, _, err := s.check(m); err != nil {
		return 0, fmt.Errorf("benedictine: move %q: %w", text, err)
	}
	return m, nil
}

// checkBottlePath validates a bottle path for the player to move.
func (s *State) checkBottlePath(path []int) (from, to int, err error) {
	p := int(s.turn)
	for _, sq := range path {
		if sq >= numSquares {
			return 0, 0, fmt.Errorf("a bottle cannot leave the board (%s): %w", squareName(sq), game.ErrIllegal)
		}
	}
	from, to = path[0], path[len(path)-1]
	if len(path) < 2 {
		return 0, 0, fmt.Errorf("the bottle on %s needs a destination: %w", squareName(from), game.ErrIllegal)
	}
	if s.bottles[p]&(1<<from) == 0 {
		return 0, 0, fmt.Errorf("%s has no %s bottle: %w", squareName(from), colourName[p], game.ErrIllegal)
	}
	occ := (s.bottles[0] | s.bottles[1]) &^ (1 << from)
	if len(path) == 2 {
		if bottleReach(from, occ)&(1<<to) == 0 {
			return 0, 0, fmt.Errorf("the bottle on %s cannot reach %s: %w", squareName(from), squareName(to), game.ErrIllegal)
		}
		return from, to, nil
	}
	seen := uint64(1) << from
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		d := jumpDirection(a, b)
		switch {
		case d < 0:
			return 0, 0, fmt.Errorf("%s to %s is not a jump: %w", squareName(a), squareName(b), game.ErrIllegal)
		case occ&(1<<neighbour[a][d]) == 0:
			return 0, 0, fmt.Errorf("no bottle on %s to jump from %s to %s: %w", squareName(int(neighbour[a][d])), squareName(a), squareName(b), game.ErrIllegal)
		case seen&(1<<b) != 0:
			return 0, 0, fmt.Errorf("the path lands on %s twice: %w", squareName(b), game.ErrIllegal)
		case occ&(1<<b) != 0:
			return 0, 0, fmt.Errorf("%s is taken: %w", squareName(b), game.ErrIllegal)
		}
		seen |= 1 << b
	}
	return from, to, nil
}

// jumpDirection returns the direction of a jump from a to board square b,
// or -1.
func jumpDirection(a, b int) int {
	for d := range dirs {
		if int(twoAway[a][d]) == b {
			return d
		}
	}
	return -1
}

// checkBallPath validates the ball's path after the bottle moved from
// from to to, and returns the ball's destination.
func (s *State) checkBallPath(path []int, from, to int) (int, error) {
	p := int(s.turn)
	if path[0] != int(s.ball) {
		return 0, fmt.Errorf("the ball is on %s, not %s: %w", squareName(int(s.ball)), squareName(path[0]), game.ErrIllegal)
	}
	if len(path) < 2 {
		return 0, fmt.Errorf("the ball needs a destination: %w", game.ErrIllegal)
	}
	own := s.bottles[p]&^(1<<from) | 1<<to
	dest := path[len(path)-1]
	if len(path) == 2 {
		if ballReach(path[0], own, p, nil)&(1<<dest) == 0 {
			return 0, fmt.Errorf("the ball on %s cannot reach %s over %s bottles: %w", squareName(path[0]), squareName(dest), colourName[p], game.ErrIllegal)
		}
		return dest, nil
	}
	seen := uint64(1) << path[0]
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if a >= numSquares {
			return 0, fmt.Errorf("the ball cannot jump on from the try square %s: %w", squareName(a), game.ErrIllegal)
		}
		d := -1
		for e := range dirs {
			if int(twoAway[a][e]) == b || int(tryCode[p][a][e]) == b {
				d = e
			}
		}
		switch {
		case d < 0:
			return 0, fmt.Errorf("the ball cannot jump from %s to %s: %w", squareName(a), squareName(b), game.ErrIllegal)
		case own&(1<<neighbour[a][d]) == 0:
			return 0, fmt.Errorf("no %s bottle on %s for the ball to jump from %s to %s: %w", colourName[p], squareName(int(neighbour[a][d])), squareName(a), squareName(b), game.ErrIllegal)
		case seen&(1<<b) != 0:
			return 0, fmt.Errorf("the ball's path lands on %s twice: %w", squareName(b), game.ErrIllegal)
		}
		seen |= 1 << b
	}
	return dest, nil
}
