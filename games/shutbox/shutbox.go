package shutbox

import (
	"fmt"
	"slices"
	"strings"

	"plateau/game"
)

// Game is Shut the Box. Its zero value is ready to use.
type Game struct{}

// New returns the game.
func New() Game { return Game{} }

// ID returns "shutbox".
func (Game) ID() string { return "shutbox" }

// Name returns the display name in French ("fr") or English (anything else).
func (Game) Name(lang string) string {
	if lang == "fr" {
		return "Fermer la boîte"
	}
	return "Shut the Box"
}

// Options lists players (1..4, default 2), tiles (9|12, default 9) and
// one_die (seed|never, default seed).
func (Game) Options() []game.Option {
	return []game.Option{
		{Key: "players", Kind: game.Int, Default: "2", Min: 1, Max: 4,
			Help: "number of players; 1 is solitaire practice"},
		{Key: "tiles", Kind: game.Enum, Default: "9", Values: []string{"9", "12"},
			Help: "tiles per box: 1-9 (the sheet) or 1-12 (the sheet's note)"},
		{Key: "one_die", Kind: game.Enum, Default: "seed", Values: []string{"seed", "never"},
			Help: "seed: a player whose open tiles sum to 6 or less may roll one die; never: always two dice"},
	}
}

// ExamplePosition is a two-player position where player 1 must cover 6-3.
func (Game) ExamplePosition() string { return "12345678/1234679 1 cover:6-3" }

// Rules is the variant a state is played under.
type Rules struct {
	Players int  // 1 to 4
	Tiles   int  // 9 or 12
	OneDie  bool // one_die=seed: one die allowed when the open tiles sum to 6 or less
}

// RulesOf reads a configuration of the game (see game.NewConfig).
func RulesOf(cfg game.Config) (Rules, error) {
	r := Rules{Players: 2, Tiles: 9, OneDie: true}
	if v, ok := cfg["players"]; ok {
		r.Players = cfg.Int("players")
		if r.Players < 1 || r.Players > MaxPlayers {
			return r, fmt.Errorf("shutbox: players=%q is not a number from 1 to %d", v, MaxPlayers)
		}
	}
	switch v := cfg["tiles"]; v {
	case "", "9":
	case "12":
		r.Tiles = 12
	default:
		return r, fmt.Errorf("shutbox: tiles=%q is not 9 or 12", v)
	}
	switch v := cfg["one_die"]; v {
	case "", "seed":
	case "never":
		r.OneDie = false
	default:
		return r, fmt.Errorf("shutbox: one_die=%q is not seed or never", v)
	}
	return r, nil
}

// Config returns r as a game configuration.
func (r Rules) Config() game.Config {
	od := "never"
	if r.OneDie {
		od = "seed"
	}
	return game.Config{"players": fmt.Sprint(r.Players), "tiles": fmt.Sprint(r.Tiles), "one_die": od}
}

// Full is the mask of every tile of the box.
func (r Rules) Full() uint16 { return uint16(1)<<r.Tiles - 1 }

// New returns the start position: every tile open, player 1 to roll two dice.
func (g Game) New(cfg game.Config) (game.State, error) {
	r, err := RulesOf(cfg)
	if err != nil {
		return nil, err
	}
	return NewState(r), nil
}

// NewState returns the start position of a variant.
func NewState(r Rules) *State {
	s := &State{rules: r}
	for p := range r.Players {
		s.open[p] = r.Full()
	}
	s.turn = 0
	s.startTurn()
	return s
}

// ParsePosition reads the position text described in the package doc.
func (g Game) ParsePosition(cfg game.Config, text string) (game.State, error) {
	r, err := RulesOf(cfg)
	if err != nil {
		return nil, err
	}
	return Parse(r, text)
}

// tileName writes a tile number as the position text does: 1-9, then
// A, B, C for 10, 11, 12.
func tileName(t int) byte {
	if t <= 9 {
		return byte('0' + t)
	}
	return byte('A' + t - 10)
}

// tileOf reads a tile character, or returns 0.
func tileOf(c byte) int {
	switch {
	case c >= '1' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'C':
		return int(c-'A') + 10
	case c >= 'a' && c <= 'c':
		return int(c-'a') + 10
	}
	return 0
}

// MaskSum is the sum of the tiles in a mask (bit t-1 is tile t).
func MaskSum(m uint16) int { return int(maskSum[m&0xfff]) }

// Tiles returns the tiles of a mask in descending order.
func Tiles(m uint16) []int {
	var ts []int
	for t := 12; t >= 1; t-- {
		if m&(1<<(t-1)) != 0 {
			ts = append(ts, t)
		}
	}
	return ts
}

// maskString writes a cover as its notation: tiles in descending order
// joined by "+", e.g. "4+3+2".
func maskString(m uint16) string {
	var b strings.Builder
	for _, t := range Tiles(m) {
		if b.Len() > 0 {
			b.WriteByte('+')
		}
		fmt.Fprint(&b, t)
	}
	return b.String()
}

var (
	maskSum [1 << 12]uint8
	// reach[m] has bit s set when some non-empty subset of m sums to s
	// (s from 1 to 12).
	reach [1 << 12]uint16
	// subsets[s] lists the sets of distinct tiles 1..12 summing to s, in
	// notation order ("9", "8+1", "7+2", "6+3", "6+2+1", ...).
	subsets [13][]uint16
)

func init() {
	for m := 1; m < 1<<12; m++ {
		low := m & -m
		t := 1
		for 1<<(t-1) != low {
			t++
		}
		rest := m &^ low
		maskSum[m] = maskSum[rest] + uint8(t)
		reach[m] = (reach[rest] | reach[rest]<<t | 1<<t) & 0x1ffe
		if s := maskSum[m]; s <= 12 {
			subsets[s] = append(subsets[s], uint16(m))
		}
	}
	for s := range subsets {
		slices.SortFunc(subsets[s], func(a, b uint16) int {
			ta, tb := Tiles(a), Tiles(b)
			return -slices.Compare(ta, tb)
		})
	}
}

// CanCover reports whether some open tiles sum to roll.
func CanCover(open uint16, roll int) bool {
	return roll >= 1 && roll <= 12 && reach[open&0xfff]&(1<<roll) != 0
}

// Covers appends to buf the sets of open tiles that sum to roll, in
// notation order, and returns it.
func Covers(open uint16, roll int, buf []uint16) []uint16 {
	if roll < 1 || roll > 12 {
		return buf
	}
	for _, c := range subsets[roll] {
		if c&^open == 0 {
			buf = append(buf, c)
		}
	}
	return buf
}

// OneDieAllowed reports whether a player with these open tiles may choose
// to roll one die under rules r.
func (r Rules) OneDieAllowed(open uint16) bool {
	return r.OneDie && open != 0 && MaskSum(open) <= 6
}
