package mahbousse

import (
	"fmt"
	"strconv"
	"strings"

	"plateau/game"
)

// FormatMove writes a move. Rolls: "6-3" (larger die first), the opening
// roll "5:2" (x's die, then o's). Turns: the checker steps in the mover's
// numbering, in the order played, separated by spaces: "13/7 7/4", "6/off";
// a step that pins a checker ends with "*" ("8/5*"); "pass" when no die can
// be played.
func (s *State) FormatMove(m game.Move) string {
	u := uint64(m)
	if u&chanceFlag != 0 {
		sep := "-"
		if u&openingFlag != 0 {
			sep = ":"
		}
		return fmt.Sprintf("%d%s%d", u&7, sep, u>>3&7)
	}
	seq, n, ok := decodeTurn(m)
	if !ok {
		return fmt.Sprintf("invalid(%#x)", u)
	}
	if n == 0 {
		return "pass"
	}
	_, pins := s.after(m)
	var sb strings.Builder
	for i, st := range seq[:n] {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(stepText(st, pins[i]))
	}
	return sb.String()
}

func stepText(st step, pin bool) string {
	t := strconv.Itoa(int(st.from)) + "/"
	if to := st.to(); to == 0 {
		t += "off"
	} else {
		t += strconv.Itoa(int(to))
	}
	if pin {
		t += "*"
	}
	return t
}

// ParseMove reads a roll or a turn. A roll is "6-3" (either order); at the
// opening, "5:2" or "5-2" gives x's die then o's. A turn lists checker
// moves "from/to" in the mover's numbering, separated by spaces; "to" may
// be "off", a "*" is ignored, "24/18/15" chains, and a move longer than one
// die ("24/15" with 6-3) is split over the dice. The turn is accepted when
// its steps are legal and reach the position of a listed turn, whatever
// the order or the intermediate points chosen.
func (s *State) ParseMove(text string) (game.Move, error) {
	m, err := s.parseMove(strings.ToLower(strings.TrimSpace(text)))
	if err != nil {
		return 0, fmt.Errorf("mahbousse move %q: %w", text, err)
	}
	return m, nil
}

func (s *State) parseMove(text string) (game.Move, error) {
	switch s.phase {
	case phOver:
		return 0, game.ErrGameOver
	case phOpening:
		sep := ":"
		if !strings.Contains(text, ":") {
			sep = "-"
		}
		a, b, err := pair(strings.Replace(text, sep, "-", 1), 1, 6)
		if err != nil {
			return 0, fmt.Errorf("the opening roll is x's die and o's die, like 5:2: %w", err)
		}
		return encodeRoll(int8(a), int8(b), true), nil
	case phRoll:
		a, b, err := pair(text, 1, 6)
		if err != nil {
			return 0, fmt.Errorf("a roll is two dice like 6-3: %w", err)
		}
		return encodeRoll(int8(max(a, b)), int8(min(a, b)), false), nil
	}
	if text == "pass" {
		m := encodeTurn(nil)
		if !s.isLegal(m) {
			return 0, fmt.Errorf("%s can play %d-%d, passing is not allowed: %w", playerName(s.turn), s.dice[0], s.dice[1], game.ErrIllegal)
		}
		return m, nil
	}
	segs, err := parseSegments(text)
	if err != nil {
		return 0, err
	}
	if m, ok := s.matchTurn(segs); ok {
		return m, nil
	}
	return 0, fmt.Errorf("not a legal turn of %s with %d-%d: %w", playerName(s.turn), s.dice[0], s.dice[1], game.ErrIllegal)
}

// parseSegments reads "24/18 18/15", "24/18/15" or "6/off" into the
// (from, to) pairs of single checker moves; to is 0 for off.
func parseSegments(text string) ([][2]int8, error) {
	var segs [][2]int8
	for tok := range strings.FieldsSeq(text) {
		parts := strings.Split(tok, "/")
		if len(parts) < 2 {
			return nil, fmt.Errorf("%q is not a checker move from/to", tok)
		}
		var pts []int8
		for i, p := range parts {
			p = strings.TrimSuffix(p, "*")
			if p == "off" && i == len(parts)-1 && i > 0 {
				pts = append(pts, 0)
				continue
			}
			n, err := strconv.Atoi(p)
			if err != nil || n < 1 || n > 24 || strconv.Itoa(n) != p {
				return nil, fmt.Errorf("%q in %q is not a point from 1 to 24 (or off)", parts[i], tok)
			}
			if i > 0 && int8(n) >= pts[i-1] {
				return nil, fmt.Errorf("%q moves backwards: checkers move from higher to lower points", tok)
			}
			pts = append(pts, int8(n))
		}
		for i := 1; i < len(pts); i++ {
			segs = append(segs, [2]int8{pts[i-1], pts[i]})
		}
	}
	if len(segs) == 0 || len(segs) > 4 {
		return nil, fmt.Errorf("want 1 to 4 checker moves or pass, got %d", len(segs))
	}
	return segs, nil
}

// matchTurn plays the segments in order, each with one or more legal steps
// of one checker, and returns the listed turn reaching the same position.
func (s *State) matchTurn(segs [][2]int8) (game.Move, bool) {
	c := s.legal()
	var found game.Move
	var walk func(b board, d roll, i int, at int8) bool
	walk = func(b board, d roll, i int, at int8) bool {
		if i == len(segs) {
			h := b.hash()
			for j, r := range c.result {
				if r == h {
					found = c.moves[j]
					return true
				}
			}
			return false
		}
		target := segs[i][1]
		var buf [maxSteps]step
		for _, st := range legalSteps(&b, s.turn, &d, &s.r, buf[:0]) {
			t := st.to()
			if st.from != at || t < target {
				continue
			}
			nb, nd := b, d
			nd.consume(st)
			nb.move(s.turn, st.from, t)
			switch {
			case t == target && i+1 < len(segs):
				if walk(nb, nd, i+1, segs[i+1][0]) {
					return true
				}
			case t == target:
				if walk(nb, nd, i+1, 0) {
					return true
				}
			default: // touched down on the way
				if walk(nb, nd, i, t) {
					return true
				}
			}
		}
		return false
	}
	ok := walk(s.b, newRoll(s.dice[0], s.dice[1]), 0, segs[0][0])
	return found, ok
}

// MoveInfo describes a move for clients (plateau moves --json, the web
// client). Points are named by their board ids ("1".."24" in x's numbering,
// "off"), the same strings Board uses.
type MoveInfo struct {
	game.MoveText
	// Kind is "opening", "roll", "turn" or "pass".
	Kind string `json:"kind"`
	// Player is the mover of a turn, -1 for a roll.
	Player int `json:"player"`
	// Dice is the roll (a turn's roll, or the opening's x die and o die).
	Dice []int `json:"dice,omitempty"`
	// Steps are the checker steps of a turn in the order of Notation.
	Steps []StepInfo `json:"steps,omitempty"`
	// Paths lists every click sequence (the from and to of each step) that
	// makes this turn: every legal order and every choice of intermediate
	// points that reaches the same position. Clicks is the first.
	Paths [][]string `json:"paths,omitempty"`
}

// StepInfo is one checker step of a turn.
type StepInfo struct {
	From string `json:"from"` // board id of the start point
	To   string `json:"to"`   // board id of the landing point, or "off"
	// FromPoint and ToPoint number the points for the mover (0: off).
	FromPoint int `json:"fromPoint"`
	ToPoint   int `json:"toPoint"`
	// Pips is the die played (the dice summed by a sum=jump step).
	Pips int  `json:"pips"`
	Pins bool `json:"pins,omitempty"`
}

// DescribeMove describes a move (see MoveInfo).
func (s *State) DescribeMove(m game.Move) any {
	info := MoveInfo{MoveText: game.MoveText{Notation: s.FormatMove(m), Clicks: []string{}}, Player: -1}
	u := uint64(m)
	if u&chanceFlag != 0 {
		info.Kind = "roll"
		if u&openingFlag != 0 {
			info.Kind = "opening"
		}
		info.Dice = []int{int(u & 7), int(u >> 3 & 7)}
		return info
	}
	seq, n, ok := decodeTurn(m)
	if !ok {
		return info
	}
	info.Player = int(s.turn)
	info.Dice = []int{int(s.dice[0]), int(s.dice[1])}
	if n == 0 {
		info.Kind = "pass"
		return info
	}
	info.Kind = "turn"
	_, pins := s.after(m)
	for i, st := range seq[:n] {
		info.Steps = append(info.Steps, StepInfo{
			From: pointID(s.turn, st.from), To: pointID(s.turn, st.to()),
			FromPoint: int(st.from), ToPoint: int(st.to()), Pips: int(st.dist), Pins: pins[i],
		})
	}
	info.Clicks = s.clicks(seq[:n])
	info.Paths = [][]string{info.Clicks}
	for _, p := range s.paths(m) {
		if c := s.clicks(p); !equalStrings(c, info.Clicks) {
			info.Paths = append(info.Paths, c)
		}
	}
	return info
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (s *State) clicks(seq []step) []string {
	out := make([]string, 0, 2*len(seq))
	for _, st := range seq {
		out = append(out, pointID(s.turn, st.from), pointID(s.turn, st.to()))
	}
	return out
}

// pointID is the board id of p's point n: its number in x's numbering,
// "off" for 0.
func pointID(p, n int8) string {
	if n <= 0 {
		return "off"
	}
	return strconv.Itoa(int(idx(p, n)) + 1)
}

// Limits of the click-path enumeration of DescribeMove.
const (
	maxPathsPerTurn = 48
	maxPathLeaves   = 200000
)

// paths returns the legal step sequences reaching the position of the
// listed turn m (at most maxPathsPerTurn).
func (s *State) paths(m game.Move) [][]step {
	c := s.legal()
	if c.paths == nil {
		c.paths = s.allPaths(c)
	}
	b, _ := s.after(m)
	return c.paths[b.hash()]
}

// allPaths enumerates every legal sequence of the turn, without the
// transposition pruning of the generator, grouped by the position reached.
func (s *State) allPaths(c *turnCache) map[uint64][][]step {
	type leaf struct {
		seq  [4]step
		n    int
		rank int
		hash uint64
	}
	var leaves []leaf
	var seq [4]step
	var walk func(b *board, d roll, depth, used int)
	walk = func(b *board, d roll, depth, used int) {
		if len(leaves) >= maxPathLeaves {
			return
		}
		var buf [maxSteps]step
		steps := legalSteps(b, s.turn, &d, &s.r, buf[:0])
		if (s.r.Free && depth > 0) || (!s.r.Free && len(steps) == 0) {
			leaves = append(leaves, leaf{seq, depth, rank(&d, used), b.hash()})
		}
		for _, st := range steps {
			nb, nd := *b, d
			nd.consume(st)
			nb.move(s.turn, st.from, st.to())
			seq[depth] = st
			walk(&nb, nd, depth+1, used+int(st.k))
			seq[depth] = step{}
		}
	}
	walk(&s.b, newRoll(s.dice[0], s.dice[1]), 0, 0)
	best := -1
	for _, l := range leaves {
		best = max(best, l.rank)
	}
	legal := make(map[uint64]bool, len(c.result))
	for _, h := range c.result {
		legal[h] = true
	}
	out := make(map[uint64][][]step)
	for _, l := range leaves {
		if (s.r.Free || l.rank == best) && legal[l.hash] && len(out[l.hash]) < maxPathsPerTurn && l.n > 0 {
			out[l.hash] = append(out[l.hash], l.seq[:l.n:l.n])
		}
	}
	return out
}
