package director

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"plateau/store"
	"plateau/tournament/arena"
	"plateau/tournament/swiss"
)

// Kinds of tournament.
const (
	Arena = "arena"
	Swiss = "swiss"
)

// Event types of a tournament's log.
const (
	EvJoin   = "join"   // joinData
	EvLeave  = "leave"  // leaveData
	EvStart  = "start"  // startData
	EvPair   = "pair"   // pairData: one game paired
	EvResult = "result" // resultData
	EvRound  = "round"  // roundData: a Swiss round's games paired, with its bye
	EvEnd    = "end"    // no data
)

// Results of a tournament game, from white's side; Void: the game did not
// count (it could not start, or was aborted).
const (
	WhiteWins = "white"
	Draw      = "draw"
	BlackWins = "black"
	Void      = "void"
)

// Clock is a tournament's time control.
type Clock struct {
	Minutes   float64 `json:"minutes"`
	Increment float64 `json:"increment"`
}

// Spec is a tournament's settings, the JSON of its record's Spec.
type Spec struct {
	Variant map[string]string `json:"variant,omitempty"`
	Clock   Clock             `json:"clock"`
	// Minutes is an arena's duration; Rounds a Swiss tournament's number
	// of rounds.
	Minutes int  `json:"minutes,omitempty"`
	Rounds  int  `json:"rounds,omitempty"`
	Berserk bool `json:"berserk,omitempty"`
	// Seats is a casual multi-player arena's players a game (3 or 4; 0
	// for the two-player tournaments): its games are unrated and score
	// by rank (TablePoints).
	Seats int `json:"seats,omitempty"`
	// RoundEvery is a Swiss tournament's round schedule, in minutes: round
	// k starts at Starts + (k-1)*RoundEvery, and never before every game
	// of round k-1 is over; 0: each round as soon as the last ends.
	RoundEvery int `json:"round_every,omitempty"`
}

type joinData struct {
	Account string `json:"account"`
	Name    string `json:"name"`
	Rating  int    `json:"rating"`
	// Level is set for a computer level entered by the creator: the
	// account is the level's, and its games' seat is an AI seat.
	Level string `json:"level,omitempty"`
}

type leaveData struct {
	Account string `json:"account"`
}

type startData struct {
	// Order is a Swiss tournament's initial ranking (the accounts by
	// rating at the start).
	Order []string `json:"order,omitempty"`
}

// Game is one tournament game.
type Game struct {
	ID    string `json:"id"`
	White string `json:"white"` // account ids
	Black string `json:"black"`
	// Seats are the accounts of a game of more than two seats, in seat
	// order (White and Black are its first two).
	Seats  []string `json:"seats,omitempty"`
	Round  int      `json:"round,omitempty"` // Swiss round, from 1
	Result string   `json:"result,omitempty"`
	// Tokens are the seats' secret tokens, given only to their players.
	Tokens []string `json:"tokens"`
	// Levels are the seats' computer levels ("" for a person), nil when
	// both are people.
	Levels []string `json:"levels,omitempty"`
	// Paired is when the game was paired (its event's time).
	Paired time.Time `json:"-"`
}

type roundData struct {
	Round int     `json:"round"`
	Games []*Game `json:"games"`
	Bye   string  `json:"bye,omitempty"`
}

type resultData struct {
	Game   string `json:"game"`
	Result string `json:"result"`
	// Points are a Ranked game's points, seat by seat.
	Points []int `json:"points,omitempty"`
	// Berserk says, white then black, who berserked and played at least
	// BerserkMoves moves (an arena's extra point for a win).
	Berserk []bool `json:"berserk,omitempty"`
}

// Entry is a player of a tournament.
type Entry struct {
	Account string `json:"account"`
	Name    string `json:"name"`
	Rating  int    `json:"rating"`
	Left    bool   `json:"left,omitempty"`
	Level   string `json:"level,omitempty"` // a computer level's entry
}

// State is a tournament as its log's replay leaves it.
type State struct {
	T       store.Tournament
	Spec    Spec
	Started bool
	Ended   bool
	Players []Entry
	Games   []*Game

	idx    map[string]int
	games  map[string]*Game
	arena  *arena.Arena
	tables *tables  // a casual multi-player arena's, with arena for its time
	order  []string // Swiss: the accounts in initial ranking order
	rounds []swiss.Round
	byes   []string // Swiss: the bye of each round
	last   time.Time
}

// NewState returns the state of a tournament before its first event.
func NewState(t *store.Tournament) (*State, error) {
	s := &State{T: *t, idx: map[string]int{}, games: map[string]*Game{}}
	if err := json.Unmarshal(t.Spec, &s.Spec); err != nil {
		return nil, fmt.Errorf("director: tournament %q: spec: %w", t.ID, err)
	}
	switch t.Kind {
	case Arena:
		s.arena = arena.New(arena.Config{Start: t.Starts, Duration: time.Duration(s.Spec.Minutes) * time.Minute, Berserk: s.Spec.Berserk})
		if s.Spec.Seats > 2 {
			s.tables = newTables(s.Spec.Seats)
		}
	case Swiss:
		if s.Spec.Seats > 2 {
			return nil, fmt.Errorf("director: tournament %q: games of %d seats are for arenas", t.ID, s.Spec.Seats)
		}
	default:
		return nil, fmt.Errorf("director: tournament %q: kind %q is not arena or swiss", t.ID, t.Kind)
	}
	s.T.Version = 0
	return s, nil
}

// Apply replays one event; the events must come in order.
func (s *State) Apply(e store.TournamentEvent) error {
	if e.Seq != s.T.Version+1 {
		return fmt.Errorf("director: tournament %q: event %d after %d", s.T.ID, e.Seq, s.T.Version)
	}
	if err := s.apply(e); err != nil {
		return fmt.Errorf("director: tournament %q: event %d (%s): %w", s.T.ID, e.Seq, e.Type, err)
	}
	s.T.Version, s.last = e.Seq, e.Time
	return nil
}

func (s *State) apply(e store.TournamentEvent) error {
	switch e.Type {
	case EvJoin:
		var d joinData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		return s.join(d, e.Time)
	case EvLeave:
		var d leaveData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		return s.leave(d.Account)
	case EvStart:
		var d startData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		s.Started, s.order = true, d.Order
		return nil
	case EvPair:
		var g Game
		if err := json.Unmarshal(e.Data, &g); err != nil {
			return err
		}
		g.Paired = e.Time
		return s.pair(&g)
	case EvRound:
		var d roundData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		return s.round(d, e.Time)
	case EvResult:
		var d resultData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		return s.result(d, e.Time)
	case EvEnd:
		s.Ended = true
		return nil
	}
	return fmt.Errorf("unknown event type %q", e.Type)
}

func (s *State) join(d joinData, at time.Time) error {
	i, ok := s.idx[d.Account]
	if !ok {
		i = len(s.Players)
		s.idx[d.Account] = i
		s.Players = append(s.Players, Entry{Account: d.Account, Name: d.Name, Level: d.Level})
	}
	s.Players[i].Rating, s.Players[i].Left = d.Rating, false
	if s.Started && s.arena == nil && !slices.Contains(s.order, d.Account) {
		// A late entry to a Swiss tournament: last in the initial order,
		// absent (no points) in the rounds before its first.
		s.order = append(s.order, d.Account)
	}
	if s.tables != nil {
		s.tables.join(d.Account, d.Rating, at)
	}
	if s.arena != nil {
		return s.arena.Join(d.Account, d.Rating, at)
	}
	return nil
}

func (s *State) leave(account string) error {
	i, ok := s.idx[account]
	if !ok {
		return fmt.Errorf("%q has not joined", account)
	}
	s.Players[i].Left = true
	if s.tables != nil {
		s.tables.leave(account)
	}
	if s.arena != nil {
		return s.arena.Leave(account)
	}
	return nil
}

func (s *State) pair(g *Game) error {
	if s.arena == nil {
		return errors.New("a single pairing in a Swiss tournament")
	}
	if s.tables != nil {
		if err := s.tables.begin(g.Seats); err != nil {
			return err
		}
		s.addGame(g)
		return nil
	}
	if err := s.arena.Begin(g.White, g.Black); err != nil {
		return err
	}
	s.addGame(g)
	return nil
}

func (s *State) addGame(g *Game) {
	g.Result = ""
	s.Games = append(s.Games, g)
	s.games[g.ID] = g
}

func (s *State) round(d roundData, at time.Time) error {
	if s.arena != nil || d.Round != len(s.rounds)+1 {
		return fmt.Errorf("round %d after %d rounds", d.Round, len(s.rounds))
	}
	rd := swiss.Round{Bye: -1}
	pos := map[string]int{}
	for i, a := range s.order {
		pos[a] = i
	}
	for _, g := range d.Games {
		w, okw := pos[g.White]
		b, okb := pos[g.Black]
		if !okw || !okb {
			return fmt.Errorf("game %s: %q or %q is not in the initial order", g.ID, g.White, g.Black)
		}
		rd.Games = append(rd.Games, swiss.Game{White: w, Black: b})
		g.Round, g.Paired = d.Round, at
		s.addGame(g)
	}
	if d.Bye != "" {
		b, ok := pos[d.Bye]
		if !ok {
			return fmt.Errorf("bye to %q, not in the initial order", d.Bye)
		}
		rd.Bye = b
	}
	s.rounds = append(s.rounds, rd)
	s.byes = append(s.byes, d.Bye)
	return nil
}

func (s *State) result(d resultData, at time.Time) error {
	g, ok := s.games[d.Game]
	if !ok || g.Result != "" {
		return fmt.Errorf("result of game %q: not in progress", d.Game)
	}
	g.Result = d.Result
	if s.tables != nil {
		if d.Result != Ranked {
			return s.tables.finish(g.Seats, nil, at)
		}
		return s.tables.finish(g.Seats, d.Points, at)
	}
	if s.arena != nil {
		r := map[string]arena.Result{WhiteWins: arena.WhiteWins, Draw: arena.Draw, BlackWins: arena.BlackWins}[d.Result]
		if r == 0 {
			return s.arena.Void(g.White, g.Black, at)
		}
		bw, bb := len(d.Berserk) == 2 && d.Berserk[0], len(d.Berserk) == 2 && d.Berserk[1]
		return s.arena.Finish(g.White, g.Black, r, bw, bb, at)
	}
	r := map[string]swiss.Result{WhiteWins: swiss.WhiteWins, Draw: swiss.Draw, BlackWins: swiss.BlackWins, Void: swiss.Draw}[d.Result]
	if r == swiss.Pending {
		return fmt.Errorf("result %q", d.Result)
	}
	rd := &s.rounds[g.Round-1]
	for i := range rd.Games {
		if s.order[rd.Games[i].White] == g.White && s.order[rd.Games[i].Black] == g.Black {
			rd.Games[i].Result = r
		}
	}
	return nil
}

// Accounts returns the game's players in seat order.
func (g *Game) Accounts() []string {
	if len(g.Seats) > 0 {
		return g.Seats
	}
	return []string{g.White, g.Black}
}

// Playing returns the games in progress.
func (s *State) Playing() []*Game {
	var out []*Game
	for _, g := range s.Games {
		if g.Result == "" {
			out = append(out, g)
		}
	}
	return out
}

// levels returns the computer levels of the accounts' seats, nil when
// none is a level.
func (s *State) levels(accounts ...string) []string {
	var out []string
	for i, a := range accounts {
		if j, ok := s.idx[a]; ok && s.Players[j].Level != "" {
			if out == nil {
				out = make([]string, len(accounts))
			}
			out[i] = s.Players[j].Level
		}
	}
	return out
}

// Bye returns the account with the bye of a Swiss tournament's round
// in progress (or last paired), "" if none or once it has ended.
func (s *State) Bye() string {
	if s.Ended || len(s.byes) == 0 {
		return ""
	}
	return s.byes[len(s.byes)-1]
}

// NextRound returns when a Swiss tournament with a round schedule
// (Spec.RoundEvery) starts its next round: the start before it has
// started, then round k's set time, Starts + (k-1)*RoundEvery; the round
// starts then, or when the round in progress ends if it runs later. It
// reads only the record and the log (the rounds paired), so every
// instance agrees. ok is false without a schedule, once the last round
// is paired, or after the end.
func (s *State) NextRound() (at time.Time, ok bool) {
	if s.arena != nil || s.Spec.RoundEvery <= 0 || s.Ended || len(s.rounds) >= s.Spec.Rounds {
		return time.Time{}, false
	}
	return s.T.Starts.Add(time.Duration(len(s.rounds)*s.Spec.RoundEvery) * time.Minute), true
}

// Joined reports whether account has joined and not left.
func (s *State) Joined(account string) bool {
	i, ok := s.idx[account]
	return ok && !s.Players[i].Left
}

// Joinable reports whether a player may join at now: an arena until its
// end; a Swiss tournament until half of its rounds have started (a late
// entry misses the rounds before, as lichess allows).
func (s *State) Joinable(now time.Time) bool {
	switch {
	case s.Ended:
		return false
	case s.arena != nil: // a multi-player event's tables too
		return !s.arena.Over(now)
	}
	return !s.Started || 2*len(s.rounds) < s.Spec.Rounds
}

// swissPlayers returns the Swiss players in initial order.
func (s *State) swissPlayers() []swiss.Player {
	ps := make([]swiss.Player, len(s.order))
	for i, a := range s.order {
		e := s.Players[s.idx[a]]
		ps[i] = swiss.Player{ID: a, Rating: e.Rating, Withdrawn: e.Left}
	}
	return ps
}

// initialOrder ranks the players present for a Swiss start: by rating,
// then by joining order.
func (s *State) initialOrder() []string {
	var es []Entry
	for _, e := range s.Players {
		if !e.Left {
			es = append(es, e)
		}
	}
	slices.SortStableFunc(es, func(a, b Entry) int { return b.Rating - a.Rating })
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Account
	}
	return out
}
