package room_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
)

// table starts a game of seats of the given kinds ("h" human, "a" AI, "o"
// an open seat not yet claimed), with a fixed dice seed, and plays what
// the server plays at the start.
func table(t *testing.T, gameID string, variant map[string]string, kinds string, casual bool, c store.Clock) *room.Play {
	t.Helper()
	rec := &store.Game{ID: "g1", Game: gameID, Variant: variant, Casual: casual, Clock: c, DiceSeed: []byte("a fixed seed of thirty-two bytes")}
	for i, k := range kinds {
		switch k {
		case 'h':
			rec.Seats = append(rec.Seats, store.Seat{Kind: store.Human, TokenHash: []byte{byte(i)}})
		case 'a':
			rec.Seats = append(rec.Seats, store.Seat{Kind: store.AI, Level: "easy"})
		case 'o':
			rec.Seats = append(rec.Seats, store.Seat{Kind: store.Human, Open: true})
		}
	}
	p, err := room.Replay(games.Registry(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	do(t, p, -1, room.Action{Kind: room.ActAdvance})
	return p
}

// do decides an action and applies its events; it returns them.
func do(t *testing.T, p *room.Play, seat int, a room.Action) []store.Event {
	t.Helper()
	if a.Time.IsZero() {
		a.Time = t0
	}
	if a.Kind == room.ActMove && a.Version == nil {
		v := p.Version
		a.Version = &v
	}
	d, err := room.Decide(p, seat, a)
	if err != nil {
		t.Fatalf("%s by seat %d: %v", a.Kind, seat, err)
	}
	evs := d.Events
	for _, e := range evs {
		if err := p.Apply(e); err != nil {
			t.Fatalf("apply %s %q: %v", e.Kind, e.Notation, err)
		}
	}
	return evs
}

func kinds(evs []store.Event) []string {
	var ks []string
	for _, e := range evs {
		ks = append(ks, e.Kind)
	}
	return ks
}

func ver(v int64) *int64 { return &v }

func TestDecide(t *testing.T) {
	damesHH := func(t *testing.T) *room.Play { return table(t, "dames", nil, "hh", true, store.Clock{}) }
	moved := func(t *testing.T) *room.Play { // 32-28 by seat 0
		p := damesHH(t)
		do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
		return p
	}
	offered := func(t *testing.T) *room.Play {
		p := damesHH(t)
		do(t, p, 0, room.Action{Kind: room.ActDrawOffer})
		return p
	}
	undoAsked := func(t *testing.T) *room.Play {
		p := moved(t)
		do(t, p, 0, room.Action{Kind: room.ActUndoRequest})
		return p
	}
	resigned := func(t *testing.T) *room.Play {
		p := damesHH(t)
		do(t, p, 1, room.Action{Kind: room.ActResign})
		return p
	}
	timed := func(t *testing.T) *room.Play { // seat 1's clock runs from t0
		p := table(t, "dames", nil, "hh", false, store.Clock{Initial: time.Minute})
		do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
		return p
	}
	tests := []struct {
		name  string
		play  func(*testing.T) *room.Play
		seat  int
		a     room.Action
		want  []string // the events' kinds
		code  string   // or the refusal's code
		check func(*testing.T, []store.Event)
	}{
		{name: "move", play: damesHH, seat: 0, a: room.Action{Kind: room.ActMove, Move: "32 - 28", Version: ver(0)}, want: []string{"move"},
			check: func(t *testing.T, evs []store.Event) {
				if evs[0].Notation != "32-28" || evs[0].Player != 0 || evs[0].Seq != 1 || !evs[0].Time.Equal(t0) {
					t.Errorf("move event %+v, want 32-28 by seat 0 at seq 1, time t0", evs[0])
				}
			}},
		{name: "move needs its version", play: damesHH, seat: 0, a: room.Action{Kind: room.ActMove, Move: "32-28"}, code: "bad_message"},
		{name: "move on a stale version", play: moved, seat: 1, a: room.Action{Kind: room.ActMove, Move: "19-23", Version: ver(0)}, code: "stale_version"},
		{name: "move out of turn", play: damesHH, seat: 1, a: room.Action{Kind: room.ActMove, Move: "19-23", Version: ver(0)}, code: "not_your_turn"},
		{name: "illegal move", play: damesHH, seat: 0, a: room.Action{Kind: room.ActMove, Move: "31-20", Version: ver(0)}, code: "illegal_move"},
		{name: "move that is not notation", play: damesHH, seat: 0, a: room.Action{Kind: room.ActMove, Move: "e2e4", Version: ver(0)}, code: "illegal_move"},
		{name: "move after the end", play: resigned, seat: 0, a: room.Action{Kind: room.ActMove, Move: "32-28", Version: ver(2)}, code: "game_over"},
		{name: "move by no seat", play: damesHH, seat: 5, a: room.Action{Kind: room.ActMove, Move: "32-28", Version: ver(0)}, code: "not_allowed"},
		{name: "move rolls the dice after it", play: func(t *testing.T) *room.Play { return table(t, "mahbousse", nil, "hh", false, store.Clock{}) },
			seat: 0, a: room.Action{Kind: room.ActMove, Move: "24/18 24/19", Version: ver(2)}, want: []string{"move", "roll"}},

		{name: "resign", play: damesHH, seat: 1, a: room.Action{Kind: room.ActResign}, want: []string{"resign", "end"},
			check: func(t *testing.T, evs []store.Event) {
				if u := room.EndUpdate(evs); u == nil || u.Status != store.StatusFinished || string(u.Result) == "" {
					t.Errorf("the end's update: %+v", u)
				}
			}},
		{name: "resign of three players", play: func(t *testing.T) *room.Play {
			return table(t, "shutbox", map[string]string{"players": "3"}, "hhh", false, store.Clock{})
		}, seat: 0, a: room.Action{Kind: room.ActResign}, code: "not_allowed"},
		{name: "resign after the end", play: resigned, seat: 0, a: room.Action{Kind: room.ActResign}, code: "game_over"},

		{name: "draw offer", play: damesHH, seat: 0, a: room.Action{Kind: room.ActDrawOffer}, want: []string{"draw_offer"}},
		{name: "draw offer while one is pending", play: offered, seat: 1, a: room.Action{Kind: room.ActDrawOffer}, code: "not_allowed"},
		{name: "draw offer of three players", play: func(t *testing.T) *room.Play {
			return table(t, "shutbox", map[string]string{"players": "3"}, "hhh", false, store.Clock{})
		}, seat: 0, a: room.Action{Kind: room.ActDrawOffer}, code: "not_allowed"},
		{name: "draw offer in a game without draws by agreement", play: func(t *testing.T) *room.Play {
			return table(t, "mahbousse", nil, "hh", false, store.Clock{})
		}, seat: 0, a: room.Action{Kind: room.ActDrawOffer}, code: "not_allowed"},
		{name: "draw accept", play: offered, seat: 1, a: room.Action{Kind: room.ActDrawAccept}, want: []string{"draw_accept", "end"}},
		{name: "draw accept of one's own offer", play: offered, seat: 0, a: room.Action{Kind: room.ActDrawAccept}, code: "not_allowed"},
		{name: "draw accept without offer", play: damesHH, seat: 1, a: room.Action{Kind: room.ActDrawAccept}, code: "not_allowed"},
		{name: "draw decline", play: offered, seat: 1, a: room.Action{Kind: room.ActDrawDecline}, want: []string{"draw_decline"}},
		{name: "draw decline without offer", play: damesHH, seat: 1, a: room.Action{Kind: room.ActDrawDecline}, code: "not_allowed"},

		{name: "undo request", play: moved, seat: 0, a: room.Action{Kind: room.ActUndoRequest}, want: []string{"undo_request"}},
		{name: "undo request against an AI is accepted at once", play: func(t *testing.T) *room.Play {
			p := table(t, "dames", nil, "ha", true, store.Clock{})
			do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
			return p
		}, seat: 0, a: room.Action{Kind: room.ActUndoRequest}, want: []string{"undo_request", "undo_accept"},
			check: func(t *testing.T, evs []store.Event) {
				if evs[1].Player != 1 || string(evs[1].Data) != `{"seat":0}` {
					t.Errorf("the AI's acceptance: %+v (data %s)", evs[1], evs[1].Data)
				}
			}},
		{name: "undo request in a rated game", play: func(t *testing.T) *room.Play {
			p := table(t, "dames", nil, "hh", false, store.Clock{})
			do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
			return p
		}, seat: 0, a: room.Action{Kind: room.ActUndoRequest}, code: "not_allowed"},
		{name: "undo request in a rated game marked casual", play: func(t *testing.T) *room.Play {
			p := table(t, "dames", nil, "hh", true, store.Clock{})
			p.Rec.Rated = true
			do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
			return p
		}, seat: 0, a: room.Action{Kind: room.ActUndoRequest}, code: "not_allowed"},
		{name: "undo accept in a rated game marked casual", play: func(t *testing.T) *room.Play {
			p := table(t, "dames", nil, "hh", true, store.Clock{})
			do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
			do(t, p, 0, room.Action{Kind: room.ActUndoRequest})
			p.Rec.Rated = true
			return p
		}, seat: 1, a: room.Action{Kind: room.ActUndoAccept}, code: "not_allowed"},
		{name: "undo request with no move to take back", play: moved, seat: 1, a: room.Action{Kind: room.ActUndoRequest}, code: "not_allowed"},
		{name: "undo request over a roll", play: func(t *testing.T) *room.Play {
			p := table(t, "shutbox", nil, "hh", true, store.Clock{})
			do(t, p, 0, room.Action{Kind: room.ActMove, Move: p.State.FormatMove(p.State.Moves(nil)[0])})
			return p
		}, seat: 0, a: room.Action{Kind: room.ActUndoRequest}, code: "not_allowed"},
		{name: "undo request while one is pending", play: undoAsked, seat: 0, a: room.Action{Kind: room.ActUndoRequest}, code: "not_allowed"},
		{name: "undo accept", play: undoAsked, seat: 1, a: room.Action{Kind: room.ActUndoAccept}, want: []string{"undo_accept"},
			check: func(t *testing.T, evs []store.Event) {
				if string(evs[0].Data) != `{"seat":0}` {
					t.Errorf("undo_accept data %s, want the requester", evs[0].Data)
				}
			}},
		{name: "undo accept of one's own request", play: undoAsked, seat: 0, a: room.Action{Kind: room.ActUndoAccept}, code: "not_allowed"},
		{name: "undo accept without request", play: moved, seat: 1, a: room.Action{Kind: room.ActUndoAccept}, code: "not_allowed"},
		{name: "undo decline", play: undoAsked, seat: 1, a: room.Action{Kind: room.ActUndoDecline}, want: []string{"undo_decline"}},
		{name: "undo decline without request", play: moved, seat: 1, a: room.Action{Kind: room.ActUndoDecline}, code: "not_allowed"},

		{name: "rematch", play: resigned, seat: 0, a: room.Action{Kind: room.ActRematch, RematchID: "next"}, want: []string{"rematch"},
			check: func(t *testing.T, evs []store.Event) {
				if string(evs[0].Data) != `{"rematch_id":"next"}` {
					t.Errorf("rematch data %s", evs[0].Data)
				}
			}},
		{name: "rematch before the end", play: damesHH, seat: 0, a: room.Action{Kind: room.ActRematch, RematchID: "next"}, code: "not_allowed"},
		{name: "rematch twice", play: func(t *testing.T) *room.Play {
			p := resigned(t)
			do(t, p, 1, room.Action{Kind: room.ActRematch, RematchID: "next"})
			return p
		}, seat: 0, a: room.Action{Kind: room.ActRematch, RematchID: "other"}, code: "not_allowed"},
		{name: "rematch without the new game", play: resigned, seat: 0, a: room.Action{Kind: room.ActRematch}, code: "internal"},

		{name: "claim", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ho", false, store.Clock{}) },
			seat: 1, a: room.Action{Kind: room.ActClaim, TokenHash: []byte("new token hash")}, want: []string{"claim"}},
		{name: "claim without a token", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ho", false, store.Clock{}) },
			seat: 1, a: room.Action{Kind: room.ActClaim}, code: "internal"},
		{name: "join", play: damesHH, seat: 1, a: room.Action{Kind: room.ActJoin}, want: []string{"join"}},
		{name: "join twice", play: func(t *testing.T) *room.Play {
			p := damesHH(t)
			do(t, p, 1, room.Action{Kind: room.ActJoin})
			return p
		}, seat: 1, a: room.Action{Kind: room.ActJoin}, code: "not_allowed"},
		{name: "join of an AI seat", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ha", false, store.Clock{}) },
			seat: 1, a: room.Action{Kind: room.ActJoin}, code: "not_allowed"},
		{name: "join after the end", play: resigned, seat: 1, a: room.Action{Kind: room.ActJoin}, want: []string{"join"}},
		{name: "account", play: resigned, seat: 1, a: room.Action{Kind: room.ActAccount, Account: "a1", Name: "Ada"}, want: []string{"account"}},
		{name: "account again", play: func(t *testing.T) *room.Play {
			p := damesHH(t)
			do(t, p, 1, room.Action{Kind: room.ActAccount, Account: "a1", Name: "Ada"})
			return p
		}, seat: 1, a: room.Action{Kind: room.ActAccount, Account: "a1", Name: "Ada"}, want: nil},
		{name: "account of another's seat", play: func(t *testing.T) *room.Play {
			p := damesHH(t)
			do(t, p, 1, room.Action{Kind: room.ActAccount, Account: "a1", Name: "Ada"})
			return p
		}, seat: 1, a: room.Action{Kind: room.ActAccount, Account: "a2"}, code: "seat_taken"},
		{name: "account of an AI seat", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ha", false, store.Clock{}) },
			seat: 1, a: room.Action{Kind: room.ActAccount, Account: "a1"}, code: "seat_taken"},
		{name: "claim of no seat", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ho", false, store.Clock{}) },
			seat: 2, a: room.Action{Kind: room.ActClaim}, code: "not_found"},
		{name: "claim of a seat not open", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ho", false, store.Clock{}) },
			seat: 0, a: room.Action{Kind: room.ActClaim}, code: "seat_not_open"},
		{name: "claim of an AI seat", play: func(t *testing.T) *room.Play { return table(t, "dames", nil, "ha", false, store.Clock{}) },
			seat: 1, a: room.Action{Kind: room.ActClaim}, code: "seat_not_open"},
		{name: "claim of a taken seat", play: func(t *testing.T) *room.Play {
			p := table(t, "dames", nil, "ho", false, store.Clock{})
			do(t, p, 1, room.Action{Kind: room.ActClaim, TokenHash: []byte{1}})
			return p
		}, seat: 1, a: room.Action{Kind: room.ActClaim, TokenHash: []byte("new token hash")}, code: "seat_taken"},
		{name: "claim after the end", play: func(t *testing.T) *room.Play {
			p := table(t, "dames", nil, "ho", false, store.Clock{})
			do(t, p, 0, room.Action{Kind: room.ActResign})
			return p
		}, seat: 1, a: room.Action{Kind: room.ActClaim}, code: "game_over"},

		{name: "flag", play: timed, seat: 1, a: room.Action{Kind: room.ActFlag, Time: t0.Add(time.Minute)}, want: []string{"timeout", "end"}},
		{name: "flag with time left", play: timed, seat: 1, a: room.Action{Kind: room.ActFlag, Time: t0.Add(59 * time.Second)}, code: "not_allowed"},
		{name: "flag of a stopped clock", play: timed, seat: 0, a: room.Action{Kind: room.ActFlag, Time: t0.Add(time.Hour)}, code: "not_allowed"},
		{name: "flag of an untimed game", play: damesHH, seat: 0, a: room.Action{Kind: room.ActFlag, Time: t0.Add(time.Hour)}, code: "not_allowed"},
		{name: "move after the flag fell", play: timed, seat: 1, a: room.Action{Kind: room.ActMove, Move: "19-23", Version: ver(1), Time: t0.Add(time.Minute)}, code: "time"},

		{name: "advance with nothing due", play: damesHH, seat: -1, a: room.Action{Kind: room.ActAdvance}, want: nil},
		{name: "advance rolls the opening", play: func(t *testing.T) *room.Play {
			rec := &store.Game{ID: "g", Game: "mahbousse", DiceSeed: []byte("seed"), Seats: []store.Seat{{Kind: store.Human}, {Kind: store.Human}}}
			p, err := room.Replay(games.Registry(), rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}, seat: -1, a: room.Action{Kind: room.ActAdvance}, want: []string{"roll", "roll"}}, // the opening roll, then the first player's
		{name: "unknown action", play: damesHH, seat: 0, a: room.Action{Kind: "castle"}, code: "bad_message"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.play(t)
			before, version := p.State.Position(), p.Version
			if tc.a.Time.IsZero() {
				tc.a.Time = t0
			}
			d, err := room.Decide(p, tc.seat, tc.a)
			evs := d.Events
			if p.State.Position() != before || p.Version != version {
				t.Errorf("Decide changed the play: %q v%d, was %q v%d", p.State.Position(), p.Version, before, version)
			}
			if tc.code != "" {
				var ref *room.Refusal
				if !errors.As(err, &ref) || ref.Code != tc.code {
					t.Fatalf("got %v (events %v), want a refusal %s", err, kinds(evs), tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(kinds(evs), tc.want) {
				t.Fatalf("events %v, want %v", kinds(evs), tc.want)
			}
			for i, e := range evs { // they apply, in order, from the play's version
				if e.Seq != version+int64(i)+1 {
					t.Errorf("event %d has seq %d, want %d", i, e.Seq, version+int64(i)+1)
				}
				if err := p.Apply(e); err != nil {
					t.Fatalf("apply %s: %v", e.Kind, err)
				}
			}
			// The decision's game is the game its events make.
			if q := d.Play; q == nil {
				t.Error("no game in the decision")
			} else if q.State.Position() != p.State.Position() || q.Version != p.Version || len(q.Moves) != len(p.Moves) ||
				q.Draw != p.Draw || q.Undo != p.Undo || q.Ended != p.Ended || q.Rematch != p.Rematch || q.Over() != p.Over() ||
				!reflect.DeepEqual(q.Rec, p.Rec) {
				t.Errorf("the decision's game is %q v%d %+v, the events make %q v%d %+v", q.State.Position(), q.Version, q.Rec, p.State.Position(), p.Version, p.Rec)
			}
			if tc.check != nil {
				tc.check(t, evs)
			}
		})
	}
}

// A pass that is a player's only legal move is played by the server, at
// once, marked automatic; a player is never left to move with a pass as
// its only move.
func TestDecideForcedPass(t *testing.T) {
	for _, tc := range []struct {
		game    string
		variant map[string]string
		seed    uint64
	}{
		{"mahbousse", nil, 1},
		{"mahbousse", nil, 2},
		{"intercept", map[string]string{"blocked": "pass"}, 3},
	} {
		rng := rand.New(rand.NewPCG(tc.seed, 9))
		auto := 0
		for g := 0; g < 8 && (auto == 0 || g < 2); g++ {
			p := table(t, tc.game, tc.variant, "hh", false, store.Clock{})
			p.Rec.DiceSeed = []byte{byte(g), byte(tc.seed)}
			for turn := 0; !p.Over() && turn < 400; turn++ {
				seat := int(p.State.ToMove())
				if n, ok := onlyMove(p.State); ok && n == room.PassNotation {
					t.Fatalf("%s: seat %d left to move with a pass as its only move at version %d", tc.game, seat, p.Version)
				}
				ms := p.State.Moves(nil)
				evs := do(t, p, seat, room.Action{Kind: room.ActMove, Move: p.State.FormatMove(ms[rng.IntN(len(ms))])})
				for _, e := range evs[1:] {
					if e.Kind != room.KindMove {
						continue
					}
					if e.Notation != room.PassNotation || e.Player < 0 || string(e.Data) != `{"auto":true}` {
						t.Fatalf("server move %+v (data %s), want an automatic pass", e, e.Data)
					}
					if j := room.ToJSON(e); !j.Auto {
						t.Errorf("the event as clients see it is not marked auto: %+v", j)
					}
					auto++
				}
			}
		}
		if tc.game == "mahbousse" && auto == 0 {
			t.Errorf("%s seed %d: no forced pass in the games played", tc.game, tc.seed)
		}
		t.Logf("%s seed %d: %d forced passes", tc.game, tc.seed, auto)
	}
}

func onlyMove(s game.State) (string, bool) {
	ms := s.Moves(nil)
	if len(ms) != 1 || s.ToMove() < 0 {
		return "", false
	}
	return s.FormatMove(ms[0]), true
}

func TestRematchOrder(t *testing.T) {
	for _, tc := range []struct {
		game, kinds string
		variant     map[string]string
		end         func(t *testing.T, p *room.Play)
		want        []int
	}{
		{"benedictine", "hh", nil, func(t *testing.T, p *room.Play) { do(t, p, 0, room.Action{Kind: room.ActResign}) }, []int{0, 1}},
		{"benedictine", "hh", nil, func(t *testing.T, p *room.Play) { do(t, p, 1, room.Action{Kind: room.ActResign}) }, []int{1, 0}},
		{"benedictine", "hh", nil, func(t *testing.T, p *room.Play) {
			do(t, p, 1, room.Action{Kind: room.ActDrawOffer})
			do(t, p, 0, room.Action{Kind: room.ActDrawAccept})
		}, []int{1, 0}},
		{"dames", "hh", nil, func(t *testing.T, p *room.Play) { do(t, p, 0, room.Action{Kind: room.ActResign}) }, []int{1, 0}},
		{"dames", "hh", nil, func(t *testing.T, p *room.Play) { do(t, p, 1, room.Action{Kind: room.ActResign}) }, []int{1, 0}},
		{"shutbox", "hhh", map[string]string{"players": "3"}, func(t *testing.T, p *room.Play) {
			o := game.Finished(3, "test", 2)
			p.Forced = &o
		}, []int{1, 2, 0}},
	} {
		p := table(t, tc.game, tc.variant, tc.kinds, false, store.Clock{})
		tc.end(t, p)
		if got := room.RematchOrder(p); !slices.Equal(got, tc.want) {
			t.Errorf("%s ending %v: rematch order %v, want %v", tc.game, p.Outcome().Results, got, tc.want)
		}
	}
}

// Resolve picks the seat of a connection's message; Decide says whether
// the action is allowed now.
func TestResolve(t *testing.T) {
	p := table(t, "dames", nil, "hh", true, store.Clock{})
	do(t, p, 0, room.Action{Kind: room.ActMove, Move: "32-28"})
	do(t, p, 1, room.Action{Kind: room.ActDrawOffer})
	seat := func(s int) *int { return &s }
	for _, tc := range []struct {
		name string
		held []int
		req  protocol.ClientMsg
		seat int
		kind string
		code string
	}{
		{"spectator", nil, protocol.ClientMsg{Type: "resign"}, 0, "", "not_allowed"},
		{"seat not held", []int{0}, protocol.ClientMsg{Type: "resign", Seat: seat(1)}, 0, "", "not_allowed"},
		{"stale version", []int{1}, protocol.ClientMsg{Type: "move", Version: ver(0), Move: ptr("19-23")}, 0, "", "stale_version"},
		{"move of the seat to move", []int{0, 1}, protocol.ClientMsg{Type: "move", Version: ver(2), Move: ptr("19-23")}, 1, room.ActMove, ""},
		{"move when the other is to move", []int{0}, protocol.ClientMsg{Type: "move", Version: ver(2), Move: ptr("19-23")}, 0, "", "not_your_turn"},
		{"move for a named seat not to move", []int{0, 1}, protocol.ClientMsg{Type: "move", Seat: seat(0), Version: ver(2), Move: ptr("19-23")}, 0, "", "not_your_turn"},
		{"resign: the first held", []int{1, 0}, protocol.ClientMsg{Type: "resign"}, 1, room.ActResign, ""},
		{"draw accept by the other seat", []int{0, 1}, protocol.ClientMsg{Type: "draw", Action: "accept"}, 0, room.ActDrawAccept, ""},
		{"draw accept by the offerer only", []int{1}, protocol.ClientMsg{Type: "draw", Action: "decline"}, 0, "", "not_allowed"},
		{"draw offer while one is pending", []int{0, 1}, protocol.ClientMsg{Type: "draw", Action: "offer"}, 1, room.ActDrawOffer, "not_allowed"},
		{"draw, bad action", []int{0}, protocol.ClientMsg{Type: "draw", Action: "maybe"}, 0, "", "bad_message"},
		{"undo request: the last mover", []int{1, 0}, protocol.ClientMsg{Type: "undo", Action: "request"}, 0, room.ActUndoRequest, ""},
		{"undo accept with no request", []int{1}, protocol.ClientMsg{Type: "undo", Action: "accept"}, 0, "", "not_allowed"},
		{"undo, bad action", []int{0}, protocol.ClientMsg{Type: "undo", Action: "now"}, 0, "", "bad_message"},
		{"rematch before the end", []int{1}, protocol.ClientMsg{Type: "rematch"}, 1, room.ActRematch, "not_allowed"},
		{"unknown", []int{1}, protocol.ClientMsg{Type: "castle"}, 0, "", "bad_message"},
	} {
		s, a, err := room.Resolve(p, tc.held, tc.req, t0)
		if err == nil {
			a.RematchID = "r"
			_, err = room.Decide(p, s, a)
		}
		if tc.code != "" {
			var ref *room.Refusal
			if !errors.As(err, &ref) || ref.Code != tc.code {
				t.Errorf("%s: got seat %d %s, %v; want a refusal %s", tc.name, s, a.Kind, err, tc.code)
			}
			continue
		}
		if err != nil || s != tc.seat || a.Kind != tc.kind {
			t.Errorf("%s: got seat %d %s, %v; want seat %d %s", tc.name, s, a.Kind, err, tc.seat, tc.kind)
		}
	}
}

func ptr[T any](v T) *T { return &v }
