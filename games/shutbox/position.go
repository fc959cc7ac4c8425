package shutbox

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Position writes the one-line position text: the boxes, the seat to move
// and the phase, separated by spaces (see the package doc).
func (s *State) Position() string {
	var b strings.Builder
	for p := range s.rules.Players {
		if p > 0 {
			b.WriteByte('/')
		}
		writeBox(&b, s.open[p])
		if s.blocked[p] {
			b.WriteByte('x')
		}
	}
	if s.phase == Over {
		b.WriteString(" - over")
		return b.String()
	}
	fmt.Fprintf(&b, " %d ", s.turn+1)
	switch s.phase {
	case Choose:
		b.WriteString("choose")
	case Roll:
		fmt.Fprintf(&b, "roll%d", s.ndice)
	case Cover:
		b.WriteString("cover:")
		b.WriteString(rollString(int(s.d1), int(s.d2)))
	}
	return b.String()
}

func writeBox(b *strings.Builder, open uint16) {
	if open == 0 {
		b.WriteByte('-')
		return
	}
	for t := 1; t <= 12; t++ {
		if open&(1<<(t-1)) != 0 {
			b.WriteByte(tileName(t))
		}
	}
}

// rollString writes dice as "6-3" (high die first) or "5" for one die.
func rollString(d1, d2 int) string {
	if d2 == 0 {
		return strconv.Itoa(d1)
	}
	return fmt.Sprintf("%d-%d", d1, d2)
}

// parseRoll reads "6-3" (either order) or "5" (one die).
func parseRoll(text string) (d1, d2 int, err error) {
	a, b, two := strings.Cut(text, "-")
	die := func(t string) (int, error) {
		if len(t) != 1 || t[0] < '1' || t[0] > '6' {
			return 0, fmt.Errorf("%q is not a die from 1 to 6", t)
		}
		return int(t[0] - '0'), nil
	}
	if d1, err = die(a); err != nil {
		return 0, 0, fmt.Errorf("roll %q: %w", text, err)
	}
	if two {
		if d2, err = die(b); err != nil {
			return 0, 0, fmt.Errorf("roll %q: %w", text, err)
		}
		if d2 > d1 {
			d1, d2 = d2, d1
		}
	}
	return d1, d2, nil
}

// Parse reads a position text under rules r. Errors say which field is
// wrong and why.
func Parse(r Rules, text string) (*State, error) {
	s, err := parse(r, text)
	if err != nil {
		return nil, fmt.Errorf("shutbox position %q: %w", text, err)
	}
	return s, nil
}

func parse(r Rules, text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("want 3 fields (boxes, player to move, phase) separated by spaces, got %d", len(f))
	}
	boxes := strings.Split(f[0], "/")
	if len(boxes) != r.Players {
		return nil, fmt.Errorf("%d boxes for %d players (the variant has players=%d)", len(boxes), r.Players, r.Players)
	}
	s := &State{rules: r}
	for p, box := range boxes {
		open, blocked, err := parseBox(r, box)
		if err != nil {
			return nil, fmt.Errorf("box %d %q: %w", p+1, box, err)
		}
		s.open[p], s.blocked[p] = open, blocked
	}
	allDone := true
	for p := range r.Players {
		allDone = allDone && s.Done(p)
	}
	if f[1] == "-" || f[2] == "over" {
		if f[1] != "-" || f[2] != "over" {
			return nil, errors.New(`a finished game is written with player "-" and phase "over"`)
		}
		if !allDone {
			return nil, errors.New("the game cannot be over while a player is neither blocked nor shut")
		}
		s.turn, s.phase = -1, Over
		return s, nil
	}
	if allDone {
		return nil, errors.New(`every player is blocked or shut: the position must be "- over"`)
	}
	turn, err := strconv.Atoi(f[1])
	if err != nil || turn < 1 || turn > r.Players {
		return nil, fmt.Errorf("player to move %q is not a number from 1 to %d", f[1], r.Players)
	}
	s.turn = int8(turn - 1)
	if s.blocked[s.turn] {
		return nil, fmt.Errorf("player %d is blocked and cannot be to move", turn)
	}
	if s.open[s.turn] == 0 {
		return nil, fmt.Errorf("player %d has shut the box and cannot be to move", turn)
	}
	if err := s.parsePhase(f[2]); err != nil {
		return nil, fmt.Errorf("phase %q: %w", f[2], err)
	}
	return s, nil
}

// parseBox reads the open tiles of a box ("-" when none), with a trailing
// "x" when the player is blocked.
func parseBox(r Rules, box string) (open uint16, blocked bool, err error) {
	if rest, ok := strings.CutSuffix(box, "x"); ok {
		box, blocked = rest, true
	}
	if box == "-" {
		if blocked {
			return 0, false, errors.New("a shut box cannot be blocked")
		}
		return 0, false, nil
	}
	if box == "" {
		return 0, false, errors.New(`no tiles: write "-" for a shut box`)
	}
	for i := 0; i < len(box); i++ {
		t := tileOf(box[i])
		if t == 0 {
			return 0, false, fmt.Errorf("%q is not a tile (1-9, A=10, B=11, C=12)", box[i:i+1])
		}
		if t > r.Tiles {
			return 0, false, fmt.Errorf("tile %d is out of range 1..%d (tiles=%d)", t, r.Tiles, r.Tiles)
		}
		if open&(1<<(t-1)) != 0 {
			return 0, false, fmt.Errorf("tile %d appears twice", t)
		}
		open |= 1 << (t - 1)
	}
	return open, blocked, nil
}

func (s *State) parsePhase(ph string) error {
	open := s.open[s.turn]
	oneDie := func() error {
		if !s.rules.OneDie {
			return errors.New("one die is never allowed in this variant (one_die=never)")
		}
		if !s.rules.OneDieAllowed(open) {
			return fmt.Errorf("player %d's open tiles sum to %d: one die is allowed only at 6 or less", s.turn+1, MaskSum(open))
		}
		return nil
	}
	switch {
	case ph == "choose":
		if err := oneDie(); err != nil {
			return fmt.Errorf("no choice to make: %w", err)
		}
		s.phase = Choose
	case ph == "roll1":
		if err := oneDie(); err != nil {
			return err
		}
		s.phase, s.ndice = Roll, 1
	case ph == "roll2":
		s.phase, s.ndice = Roll, 2
	case strings.HasPrefix(ph, "cover:"):
		d1, d2, err := parseRoll(strings.TrimPrefix(ph, "cover:"))
		if err != nil {
			return err
		}
		s.ndice = 2
		if d2 == 0 {
			if err := oneDie(); err != nil {
				return err
			}
			s.ndice = 1
		}
		if !CanCover(open, d1+d2) {
			return fmt.Errorf("no open tiles of player %d sum to %d: the roll would have blocked the player", s.turn+1, d1+d2)
		}
		s.phase, s.d1, s.d2 = Cover, int8(d1), int8(d2)
	default:
		return errors.New(`want choose, roll1, roll2 or cover:ROLL (e.g. cover:6-3, or cover:5 for one die)`)
	}
	return nil
}
