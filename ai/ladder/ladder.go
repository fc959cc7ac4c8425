package ladder

import (
	"cmp"
	"slices"
)

// Ladder is a measured ladder, as published in ai/level/ladder.json.
type Ladder struct {
	Game    string `json:"game"`
	Variant string `json:"variant"`
	Players int    `json:"players"`
	// Command is the command line that measured it; Seed its seed.
	Command string `json:"command,omitempty"`
	Seed    uint64 `json:"seed"`
	// Anchor is the rating of the first level.
	Anchor float64 `json:"anchor"`
	// Measured is the date of the measure and Code what code it ran
	// (filled in by the command, not by arena.LadderRun.Run).
	Measured string    `json:"measured,omitempty"`
	Code     string    `json:"code,omitempty"`
	Levels   []Level   `json:"levels"`
	Pairings []Pairing `json:"pairings"`
	// Seconds is the wall-clock time of the games this run played: the
	// games a match was given as played (arena.Match.Played, plateau ladder
	// --games-dir) count for nothing, so a run that extends a ladder
	// reports the time of its new games alone.
	Seconds float64 `json:"seconds"`
	// Luck says the ratings were fitted on luck-adjusted scores
	// (arena.LadderRun.Luck).
	Luck bool `json:"luck,omitempty"`
}

// Level is a level's fitted rating with its 95% interval, and its
// gap above the level before it (zero for the first), with the gap's own
// 95% interval: the gap's interval, not the ratings', says whether a level
// is stronger than the one below.
type Level struct {
	Name  string  `json:"name"`
	Elo   float64 `json:"elo"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	Gap   float64 `json:"gap"`
	GapLo float64 `json:"gapLo"`
	GapHi float64 `json:"gapHi"`
}

// Pairing is one match of the round robin, from A's side (A is the
// level higher in the list).
type Pairing struct {
	A      string  `json:"a"`
	B      string  `json:"b"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
	Elo    float64 `json:"elo"`
	// Adjusted is the luck-adjusted score, when the luck was measured.
	Adjusted *float64 `json:"adjusted,omitempty"`
	// Seconds is the wall-clock time of the games this run played (see
	// Ladder.Seconds).
	Seconds float64 `json:"seconds"`
	// ANodes and BNodes are the nodes a move each side searched on
	// average, AMillis and BMillis its time a move: what a level bound
	// by time reached on the machine that measured it.
	ANodes  float64 `json:"aNodes"`
	BNodes  float64 `json:"bNodes"`
	AMillis float64 `json:"aMillis"`
	BMillis float64 `json:"bMillis"`
}

// Stronger reports whether level i of the ladder is measured stronger
// than the level below it: the lower end of its gap's 95% interval is
// above zero.
func (l Ladder) Stronger(i int) bool {
	return i > 0 && i < len(l.Levels) && l.Levels[i].GapLo > 0
}

// File is the file of published ladders (ai/level/ladder.json): at
// most one a game, variant and player count.
type File struct {
	Ladders []Ladder `json:"ladders"`
}

// Put adds l to the file, replacing the ladder of the same game, variant
// and player count, and keeps the ladders sorted by game, then players, then
// variant.
func (f *File) Put(l Ladder) {
	f.Ladders = slices.DeleteFunc(f.Ladders, func(o Ladder) bool { return o.Game == l.Game && o.Variant == l.Variant && o.Players == l.Players })
	f.Ladders = append(f.Ladders, l)
	slices.SortFunc(f.Ladders, func(a, b Ladder) int {
		return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Players, b.Players), cmp.Compare(a.Variant, b.Variant))
	})
}
