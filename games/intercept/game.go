package intercept

import (
	"fmt"
	"strconv"

	"plateau/game"
)

// Game is Intercept. Its zero value is ready to use.
type Game struct{}

// ID returns "intercept".
func (Game) ID() string { return "intercept" }

// DrawByAgreement is true: the players may agree a draw (docs/rules/intercept.md).
func (Game) DrawByAgreement() bool { return true }

// Name returns the display name (the same in every language).
func (Game) Name(lang string) string { return "Intercept" }

// Options lists the variant options; see the package doc and
// docs/rules/intercept.md for the reading behind each one.
func (Game) Options() []game.Option {
	return []game.Option{
		{Key: "players", Kind: game.Enum, Default: "2", Values: []string{"2", "4"},
			Help: "2 players face to face, or 4 players, one per side of the board"},
		{Key: "mode", Kind: game.Enum, Default: "teams", Values: []string{"teams", "solo"},
			Help: "4 players: partners face to face (teams) or everyone for themself (solo); with 2 players both play the same"},
		{Key: "lateral", Kind: game.Enum, Default: "sideways", Values: []string{"sideways", "orthogonal"},
			Help: "one-square slides go sideways (along the owner's starting row) or diagonally; orthogonal also allows forward and back"},
		{Key: "longslide", Kind: game.Enum, Default: "lateral", Values: []string{"lateral", "all"},
			Help: "the double's long slide follows the slide directions (lateral) or any of the 8 lines (all)"},
		{Key: "interception", Kind: game.Enum, Default: "opponent", Values: []string{"opponent", "every"},
			Help: "the piece moved this turn must be in the first hop of the ball only when taking from an opponent (opponent) or on every ball move (every)"},
		{Key: "setup", Kind: game.Enum, Default: "left", Values: []string{"left", "right"},
			Help: "the passage piece next to the double stands on its owner's left (the repos on the right), or the reverse"},
		{Key: "goal", Kind: game.Enum, Default: "opposite", Values: []string{"opposite", "any"},
			Help: "4 players solo: aim at the opposite Arrivée only, or at any other player's Arrivée"},
		{Key: "cover", Kind: game.Enum, Default: "arriving", Values: []string{"arriving", "free"},
			Help: "covering an opponent on the Arrivée or squares 1-5 only in a turn whose ball passage then wins (arriving), or as any legal move (free)"},
		{Key: "repetition", Kind: game.Enum, Default: "on", Values: []string{"on", "off"},
			Help: "the third occurrence of a position with the same player to move is a draw"},
		{Key: "blocked", Kind: game.Enum, Default: "pass", Values: []string{"pass", "lose"},
			Help: "a player with no legal move passes (a full round of passes is a draw), or loses with their team"},
		{Key: "limit", Kind: game.Int, Default: "0", Min: 0, Max: 5000,
			Help: "draw after this many turns (0: no limit)"},
	}
}

// Sides of the board, named by compass point. Seats are numbered in turn
// order: 2 players are S then N; 4 players go round the table S, W, N, E.
const (
	sideS = iota
	sideW
	sideN
	sideE
)

const sideLetters = "SWNE"

// rules is a validated configuration with its precomputed geometry. It is
// shared, read-only, by every state of that configuration.
type rules struct {
	cfg            game.Config
	players        int
	teams          bool // 4 players in two teams
	orthogonal     bool // slides may also go forward and back
	longAll        bool // the double's long slide goes along all 8 lines
	interceptEvery bool // the moved-piece condition applies to every ball move
	setupRight     bool // passage on the owner's right of the double
	goalAny        bool // 4 solo: any other Arrivée is a goal
	coverArriving  bool // covering only in a turn whose ball passage wins
	repetition     bool
	blockedLose    bool
	limit          int
	side           [4]int     // seat -> side
	seatOfSide     [4]int     // side -> seat, -1 if unused
	team           [4]int     // seat -> team number
	slideDirs      [4][]int   // seat -> direction indexes for one-square slides and long jumps
	longSlideDirs  [4][]int   // seat -> direction indexes for the double's long slide
	goals          [4][]int   // seat -> goal Arrivée squares
	goalMask       [4]bitset  // seat -> goal Arrivées
	fiveMask       [4]bitset  // seat -> squares 1-5 around its goals
	isGoalOf       [nsq]uint8 // square -> seats (bit mask) aiming at it
}

func newRules(cfg game.Config) (*rules, error) {
	r := &rules{cfg: cfg}
	switch cfg["players"] {
	case "2":
		r.players = 2
	case "4":
		r.players = 4
	default:
		return nil, fmt.Errorf("intercept: players %q is not 2 or 4", cfg["players"])
	}
	r.teams = r.players == 4 && cfg["mode"] != "solo"
	r.orthogonal = cfg["lateral"] == "orthogonal"
	r.longAll = cfg["longslide"] == "all"
	r.interceptEvery = cfg["interception"] == "every"
	r.setupRight = cfg["setup"] == "right"
	r.goalAny = cfg["goal"] == "any"
	r.coverArriving = cfg["cover"] == "arriving"
	r.repetition = cfg["repetition"] != "off"
	r.blockedLose = cfg["blocked"] == "lose"
	if v := cfg["limit"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("intercept: limit %q is not a whole number >= 0", v)
		}
		r.limit = n
	}
	r.seatOfSide = [4]int{-1, -1, -1, -1}
	if r.players == 2 {
		r.side = [4]int{sideS, sideN}
	} else {
		r.side = [4]int{sideS, sideW, sideN, sideE}
	}
	for seat := range r.players {
		r.seatOfSide[r.side[seat]] = seat
		r.team[seat] = seat
		if r.teams {
			r.team[seat] = seat % 2
		}
	}
	for seat := range r.players {
		sd := r.side[seat]
		rt := rightOf[sd]
		for d := range 8 {
			dx, dy := dirs[d][0], dirs[d][1]
			diag := dx != 0 && dy != 0
			sideways := !diag && (dx == rt[0] && dy == rt[1] || dx == -rt[0] && dy == -rt[1])
			if diag || sideways || r.orthogonal {
				r.slideDirs[seat] = append(r.slideDirs[seat], d)
			}
			if diag || sideways || r.orthogonal || r.longAll {
				r.longSlideDirs[seat] = append(r.longSlideDirs[seat], d)
			}
		}
		for other := range r.players {
			if r.isGoal(seat, other) {
				a := arrivee[r.side[other]]
				r.goals[seat] = append(r.goals[seat], a)
				r.goalMask[seat].set(a)
				r.isGoalOf[a] |= 1 << seat
				for _, f := range fiveOf(r.side[other]) {
					r.fiveMask[seat].set(f)
				}
			}
		}
	}
	return r, nil
}

// isGoal reports whether seat aims at other's Arrivée.
func (r *rules) isGoal(seat, other int) bool {
	if seat == other || r.team[seat] == r.team[other] {
		return false
	}
	if r.players == 2 || r.teams || r.goalAny {
		return true
	}
	return other == (seat+2)%4
}

// opponents reports whether two seats play against each other.
func (r *rules) opponents(a, b int) bool { return r.team[a] != r.team[b] }

// New returns the start position.
func (Game) New(cfg game.Config) (game.State, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	return newState(r), nil
}

// ParsePosition reads a position written by Position.
func (Game) ParsePosition(cfg game.Config, text string) (game.State, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	return parsePosition(r, text)
}

// ExamplePosition is a 2-player position after six turns.
func (Game) ExamplePosition() string {
	return "NpNr1NrNpNrNPNpNrNp3/10NpNr1/13/13/13/13/13/13/13/13/4SP8/10Sr1Sr/1SpSrSpSrSp1SrSp1Sp2 S g7 6 0"
}
