package intercept

import (
	"fmt"
	"strings"

	"plateau/game"
)

// Move notation (see docs/rules/intercept.md):
//
//	pass                 the player cannot move a piece
//	e1-f2                slide (any distance for the double)
//	d1:f3                jump, single or multiple (a move no slide makes)
//	g1=R  g1=P           turn the double over in place
//	g1-g5=R              move the double and show its repos face
//	h12-g13^             cover the opponent's piece on g13
//	f1-f2/g7-e5-c5       then pass the ball: its square, then each landing
//
// A jump is written with ":" only when no slide reaches the square; ParseMove
// accepts either separator. The ball path is one shortest path; ParseMove
// accepts any legal path and keeps its end.

// FormatMove writes a legal move.
func (s *State) FormatMove(gm game.Move) string {
	m, ok := unpack(gm)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(gm))
	}
	if m.pass {
		return "pass"
	}
	var b strings.Builder
	b.WriteString(s.formatPiece(m))
	if m.hasBall {
		for i, sq := range s.ballPath(m) {
			if i == 0 {
				b.WriteByte('/')
			} else {
				b.WriteByte('-')
			}
			b.WriteString(squareName(sq))
		}
	}
	return b.String()
}

// formatPiece writes the piece part of m.
func (s *State) formatPiece(m move) string {
	var b strings.Builder
	b.WriteString(squareName(m.from))
	if m.to != m.from {
		if s.slideReaches(m.from, m.to) {
			b.WriteByte('-')
		} else {
			b.WriteByte(':')
		}
		b.WriteString(squareName(m.to))
		if s.board[m.to] != 0 {
			b.WriteByte('^')
		}
	}
	if p := s.board[m.from]; m.flip && p != 0 {
		if p.actsAsRepos() {
			b.WriteString("=P")
		} else {
			b.WriteString("=R")
		}
	}
	return b.String()
}

// slideReaches reports whether the piece on from reaches to by a slide.
func (s *State) slideReaches(from, to int) bool {
	p := s.board[from]
	if p == 0 {
		return false
	}
	seat := p.owner()
	for _, d := range s.r.slideDirs[seat] {
		if int(step[from][d]) == to {
			return true
		}
	}
	if !p.isDouble() {
		return false
	}
	for _, d := range s.r.longSlideDirs[seat] {
		for l := int(step[from][d]); l != noSq; l = int(step[l][d]) {
			if l == to {
				return true
			}
			if !s.free(l) {
				break
			}
		}
	}
	return false
}

// ballPath returns the ball's squares for m, start first: one shortest path.
func (s *State) ballPath(m move) []int {
	u := s.applyPiece(m)
	var parent [nsq]uint8
	reach := s.ballReach(s.toMove, m.to, &parent)
	s.undoPiece(m, u)
	if !reach.has(m.ballTo) {
		return []int{s.ball, m.ballTo}
	}
	var rev []int
	for c := m.ballTo; c != s.ball; c = int(parent[c]) {
		rev = append(rev, c)
	}
	path := []int{s.ball}
	for i := len(rev) - 1; i >= 0; i-- {
		path = append(path, rev[i])
	}
	return path
}

// ParseMove reads a move in the notation above and returns it if legal.
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.end != endNone {
		return 0, fmt.Errorf("intercept: move %q: %w", text, game.ErrGameOver)
	}
	m, path, err := s.parseText(text)
	if err != nil {
		return 0, fmt.Errorf("intercept: move %q: %w", text, err)
	}
	if _, err := s.check(m.pack()); err != nil {
		return 0, err
	}
	if path != nil {
		if err := s.checkPath(m, path); err != nil {
			return 0, fmt.Errorf("intercept: move %q: %w", text, err)
		}
	}
	return m.pack(), nil
}

// parseText reads the syntax of a move; legality is checked by the caller.
func (s *State) parseText(text string) (move, []int, error) {
	var m move
	if text == "pass" {
		m.pass = true
		return m, nil, nil
	}
	pieceText, ballText, hasBall := strings.Cut(text, "/")
	t := pieceText
	from, n, ok := parseSquare(t)
	if !ok {
		return m, nil, fmt.Errorf("want a square such as g1 at %q: %w", t, game.ErrIllegal)
	}
	m.from, m.to = from, from
	t = t[n:]
	coverMark := false
	if len(t) > 0 && (t[0] == '-' || t[0] == ':') {
		to, n, ok := parseSquare(t[1:])
		if !ok {
			return m, nil, fmt.Errorf("want a destination square after %q: %w", t[:1], game.ErrIllegal)
		}
		if to == from {
			return m, nil, fmt.Errorf("the destination is the starting square: %w", game.ErrIllegal)
		}
		m.to = to
		t = t[1+n:]
		if strings.HasPrefix(t, "^") {
			coverMark = true
			t = t[1:]
		}
	}
	p := s.board[m.from]
	if t == "=P" || t == "=R" {
		if !p.isDouble() {
			return m, nil, fmt.Errorf("only a double piece can be turned over: %w", game.ErrIllegal)
		}
		m.flip = p.actsAsRepos() != (t == "=R")
		if m.from == m.to && !m.flip {
			return m, nil, fmt.Errorf("the double already shows that face: %w", game.ErrIllegal)
		}
		t = ""
	}
	if t != "" {
		return m, nil, fmt.Errorf("unexpected %q (want -, :, ^, =P, =R or /ball-path): %w", t, game.ErrIllegal)
	}
	if m.from == m.to && !m.flip {
		return m, nil, fmt.Errorf("a move needs a destination or a new face: %w", game.ErrIllegal)
	}
	if coverMark && s.board[m.to] == 0 {
		return m, nil, fmt.Errorf("^ marks a covering move, but %s is empty: %w", squareName(m.to), game.ErrIllegal)
	}
	if !hasBall {
		return m, nil, nil
	}
	var path []int
	for i, part := range strings.Split(ballText, "-") {
		sq, n, ok := parseSquare(part)
		if !ok || n != len(part) {
			return m, nil, fmt.Errorf("ball path square %d %q is not a square: %w", i+1, part, game.ErrIllegal)
		}
		path = append(path, sq)
	}
	if len(path) < 2 {
		return m, nil, fmt.Errorf("a ball path names the ball's square and at least one landing: %w", game.ErrIllegal)
	}
	if path[0] != s.ball {
		return m, nil, fmt.Errorf("the ball is on %s, not %s: %w", squareName(s.ball), squareName(path[0]), game.ErrIllegal)
	}
	m.hasBall, m.ballTo = true, path[len(path)-1]
	if m.ballTo == s.ball {
		return m, nil, fmt.Errorf("the ball path ends where it starts: %w", game.ErrIllegal)
	}
	return m, path, nil
}

// checkPath verifies each hop of a ball path typed by a player.
func (s *State) checkPath(m move, path []int) error {
	u := s.applyPiece(m)
	defer s.undoPiece(m, u)
	seat := s.toMove
	for i := 1; i < len(path); i++ {
		a, l := path[i-1], path[i]
		dx, dy := l%size-a%size, l/size-a/size
		if (dx != 0 && dx != 2 && dx != -2) || (dy != 0 && dy != 2 && dy != -2) || (dx == 0 && dy == 0) {
			return fmt.Errorf("the ball lands two squares away in a straight line, not %s to %s: %w",
				squareName(a), squareName(l), game.ErrIllegal)
		}
		over := sq(a%size+dx/2, a/size+dy/2)
		ok, goal := s.hopOK(seat, m.to, s.ball, over, l, i == 1)
		if !ok {
			return fmt.Errorf("the ball cannot pass from %s over %s to %s: %w",
				squareName(a), squareName(over), squareName(l), game.ErrIllegal)
		}
		if goal && i != len(path)-1 {
			return fmt.Errorf("the ball stops on the Arrivée %s: %w", squareName(l), game.ErrIllegal)
		}
	}
	return nil
}

// MoveInfo describes a move for clients.
type MoveInfo struct {
	game.MoveText
	// Kind is "slide", "jump", "flip" (in place) or "pass".
	Kind string `json:"kind"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Face is the double's face after the move ("passage" or "repos").
	Face string `json:"face,omitempty"`
	Flip bool   `json:"flip,omitempty"`
	// Covers is the piece the move covers, if any.
	Covers *PieceView `json:"covers,omitempty"`
	// Ball is the ball's path, its square first.
	Ball         []string `json:"ball,omitempty"`
	Interception bool     `json:"interception,omitempty"`
	Wins         bool     `json:"wins,omitempty"`
}

// DescribeMove describes a legal move.
func (s *State) DescribeMove(gm game.Move) any {
	d := MoveInfo{MoveText: game.MoveText{Notation: s.FormatMove(gm), Clicks: []string{}}}
	m, ok := unpack(gm)
	if !ok {
		return d
	}
	if m.pass {
		d.Kind = "pass"
		return d
	}
	p := s.board[m.from]
	d.From, d.To = squareName(m.from), squareName(m.to)
	d.Clicks = append(d.Clicks, d.From, d.To)
	switch {
	case m.from == m.to:
		d.Kind = "flip"
	case s.slideReaches(m.from, m.to):
		d.Kind = "slide"
	default:
		d.Kind = "jump"
	}
	if p.isDouble() {
		after := p
		if m.flip {
			after = p.flipped()
		}
		d.Face = faceName(after)
		d.Flip = m.flip
		if m.flip {
			d.Clicks = append(d.Clicks, d.Face)
		}
	}
	if m.to != m.from && s.board[m.to] != 0 {
		v := s.pieceView(m.to, s.board[m.to])
		d.Covers = &v
	}
	if m.hasBall {
		for _, sq := range s.ballPath(m) {
			d.Ball = append(d.Ball, squareName(sq))
		}
		d.Clicks = append(d.Clicks, d.Ball...)
		c := s.board[s.ball]
		d.Interception = c != 0 && s.r.opponents(s.toMove, c.owner())
		d.Wins = s.r.goalMask[s.toMove].has(m.ballTo)
	}
	return d
}

func faceName(p piece) string {
	if p.actsAsRepos() {
		return "repos"
	}
	return "passage"
}
