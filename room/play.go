package room

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"plateau/game"
	"plateau/store"
)

// Event kinds.
const (
	KindMove        = "move"
	KindRoll        = "roll"
	KindResign      = "resign"
	KindDrawOffer   = "draw_offer"
	KindDrawAccept  = "draw_accept"
	KindDrawDecline = "draw_decline"
	KindUndoRequest = "undo_request"
	KindUndoAccept  = "undo_accept"
	KindUndoDecline = "undo_decline"
	KindEnd         = "end"
	KindRematch     = "rematch"
	// KindAbort is the server's end of a game no player has moved in (a
	// tournament's paired game nobody started): aborted, no winner.
	KindAbort = "abort"
	// The seat events (store.KindJoin): a seat's first connection, an
	// open seat's claim, a seat given to an account. They change the
	// game's record, not its position, and are allowed once it is over.
	KindJoin    = store.KindJoin
	KindClaim   = store.KindClaim
	KindAccount = store.KindAccount
)

// NoPlayer is the Player of events that concern no seat.
const NoPlayer = -2

// eventData is the JSON of an event's fields other than kind, player and notation.
type eventData struct {
	Result    json.RawMessage `json:"result,omitempty"` // a game.Outcome
	RematchID string          `json:"rematch_id,omitempty"`
	Seat      *int            `json:"seat,omitempty"`    // undo_accept/undo_decline: the requester
	Seed      string          `json:"seed,omitempty"`    // end: the revealed dice seed
	Auto      bool            `json:"auto,omitempty"`    // move: played by the server, the only legal move (a pass)
	Aborted   bool            `json:"aborted,omitempty"` // resign, timeout, draw_accept: the rated game is aborted (abort.go)
	// claim: the hash of the seat's new token (never sent to clients);
	// account: the seat's account and its name (store.SeatData).
	TokenHash []byte `json:"token_hash,omitempty"`
	Account   string `json:"account,omitempty"`
	Name      string `json:"name,omitempty"`
}

// empty reports whether d has no field set: its event has no data.
func (d eventData) empty() bool {
	return d.Result == nil && d.RematchID == "" && d.Seat == nil && d.Seed == "" && !d.Auto && !d.Aborted &&
		d.TokenHash == nil && d.Account == "" && d.Name == ""
}

// ToJSON converts a stored event.
func ToJSON(e store.Event) EventJSON {
	var d eventData
	if len(e.Data) > 0 && json.Unmarshal(e.Data, &d) != nil {
		d = eventData{}
	}
	return toJSON(e, d)
}

// toJSON converts an event whose data d is decoded.
func toJSON(e store.Event, d eventData) EventJSON {
	return EventJSON{Kind: e.Kind, Seq: e.Seq, Player: e.Player, Notation: e.Notation, Time: e.Time,
		Result: d.Result, RematchID: d.RematchID, Seat: d.Seat, Seed: d.Seed, Auto: d.Auto, Aborted: d.Aborted, Name: d.Name}
}

// Play is a game rebuilt from its log: the engine state plus what the log
// adds (agreed results, pending offers, undos). Apply is the one place that
// interprets events, used both to replay a log and to validate new events.
type Play struct {
	// Rec is the game's record (seats, dice seed, casual), shared with
	// the room that owns it; nil for a play rebuilt from an export. Apply
	// never changes it in place: a seat event or the end replaces it with
	// a changed copy (see ownRec), so that a clone's events leave the
	// original's record as it was.
	Rec     *store.Game
	G       game.Game
	Cfg     game.Config
	State   game.State
	Moves   []MoveRec
	Version int64
	// Played is the version of the last event that is not a seat event
	// (store.KindJoin): the game's position and offers are the same at
	// every version from Played to Version, so that an action made on any
	// of them is not stale.
	Played  int64
	Rolls   uint64        // chance moves played so far (k of the next roll is Rolls+1)
	Forced  *game.Outcome // result of a resignation or agreed draw
	Ended   bool          // the end event is in the log
	Rematch string        // id of the rematch game, once asked
	Draw    int           // seat with a pending draw offer, -1 for none
	Undo    int           // seat with a pending undo request, -1 for none
	Clock   *Clocks       // nil for an untimed game
}

// NewPlay returns the start of a game.
func NewPlay(g game.Game, cfg game.Config) (*Play, error) {
	s, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	return &Play{G: g, Cfg: cfg, State: s, Draw: -1, Undo: -1}, nil
}

// Clone returns an independent copy.
func (p *Play) Clone() *Play {
	c := *p
	c.State = p.State.Clone()
	c.Moves = append([]MoveRec(nil), p.Moves...)
	c.Clock = p.Clock.clone()
	return &c
}

// Outcome is the game's result: a resignation or agreed draw, else the engine's.
func (p *Play) Outcome() game.Outcome {
	if p.Forced != nil {
		return *p.Forced
	}
	return p.State.Outcome()
}

// Over reports whether the game has ended.
func (p *Play) Over() bool { return p.Outcome().Over }

// Apply plays one event. It refuses (with an error wrapping a *Refusal)
// events that are not allowed now, leaving p unchanged.
func (p *Play) Apply(e store.Event) error {
	var d eventData
	if len(e.Data) > 0 {
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return refuse("internal", "event %d: data: %v", e.Seq, err)
		}
	}
	return p.apply(e, &d, nil)
}

// apply is Apply with the event's data d already decoded and, for a move
// or a roll, its move m already parsed (nil: parsed here from the
// notation): what Decide made is neither decoded nor parsed again.
func (p *Play) apply(e store.Event, d *eventData, m *game.Move) error {
	if e.Seq != p.Version+1 {
		return refuse("internal", "event %d applied at version %d", e.Seq, p.Version)
	}
	if store.IsSeatEvent(e.Kind) {
		if err := p.applySeat(e, d); err != nil {
			return err
		}
		p.Version = e.Seq
		return nil
	}
	over := p.Over()
	if over && e.Kind != KindEnd && e.Kind != KindRematch {
		return refuse("game_over", "the game is over")
	}
	if err := p.Clock.check(e); err != nil {
		return err
	}
	n := p.State.Players()
	switch e.Kind {
	case KindMove, KindRoll:
		want := game.Player(e.Player)
		if e.Kind == KindRoll {
			want = game.Chance
		}
		if p.State.ToMove() != want || (e.Kind == KindMove && e.Player < 0) {
			return refuse("not_your_turn", "%s is to move, not %s", p.State.ToMove(), want)
		}
		if err := p.playMove(e.Notation, m); err != nil {
			return refuse("illegal_move", "%q: %v", e.Notation, err)
		}
		if e.Kind == KindRoll {
			p.Rolls++
		}
		p.Moves = append(p.Moves, MoveRec{Seq: e.Seq, Player: e.Player, Notation: e.Notation})
		p.Draw, p.Undo = -1, -1
	case KindResign:
		if n != 2 {
			return refuse("not_allowed", "resigning is for two-player games (this one has %d players)", n)
		}
		o := game.Finished(n, fmt.Sprintf("player %d resigned", e.Player), game.Player(1-e.Player))
		p.Forced = abortedOr(*d, o)
	case KindDrawOffer, KindDrawAccept, KindDrawDecline, KindUndoRequest, KindUndoAccept, KindUndoDecline:
		if err := p.applyOffer(e, d, n); err != nil {
			return err
		}
	case KindBerserk, KindAbort:
		if err := p.applyServerRule(e); err != nil {
			return err
		}
	case KindTimeout: // checked by Clock.check
		o := timeoutOutcome(n, p.Cfg, e.Player)
		p.Forced = abortedOr(*d, o)
	case KindEnd:
		if !over || p.Ended {
			return refuse("internal", "end event in a game that is not over")
		}
		p.Ended = true
		if p.Rec != nil {
			rec := p.ownRec()
			rec.Status, rec.Result = store.StatusFinished, d.Result
		}
	case KindRematch:
		if !over || p.Rematch != "" || d.RematchID == "" {
			return refuse("not_allowed", "a rematch is asked once, after the end")
		}
		p.Rematch = d.RematchID
	default:
		return refuse("internal", "unknown event kind %q", e.Kind)
	}
	if p.Clock != nil {
		p.Clock.after(p, e)
	}
	p.Version, p.Played = e.Seq, e.Seq
	return nil
}

// applyOffer applies a draw offer or undo request, or its answer, e with
// data d, in a game of n players.
func (p *Play) applyOffer(e store.Event, d *eventData, n int) error {
	switch e.Kind {
	case KindDrawOffer:
		if n != 2 {
			return refuse("not_allowed", "draws by agreement are for two-player games")
		}
		if p.Draw >= 0 {
			return refuse("not_allowed", "seat %d's draw offer is pending", p.Draw)
		}
		p.Draw = e.Player
	case KindDrawAccept, KindDrawDecline:
		if p.Draw < 0 || p.Draw == e.Player {
			return refuse("not_allowed", "no draw offer from the opponent is pending")
		}
		if e.Kind == KindDrawAccept {
			o := game.Drawn(n, "draw agreed")
			p.Forced = abortedOr(*d, o)
		}
		p.Draw = -1
	case KindUndoRequest:
		if p.Undo >= 0 {
			return refuse("not_allowed", "seat %d's undo request is pending", p.Undo)
		}
		if _, err := p.undoCut(e.Player); err != nil {
			return err
		}
		p.Undo = e.Player
	case KindUndoAccept, KindUndoDecline:
		if p.Undo < 0 || p.Undo == e.Player {
			return refuse("not_allowed", "no undo request from the opponent is pending")
		}
		if e.Kind == KindUndoAccept {
			cut, err := p.undoCut(p.Undo)
			if err != nil {
				return err
			}
			s, err := p.G.New(p.Cfg)
			if err != nil {
				return refuse("internal", "undo: %v", err)
			}
			texts := make([]string, cut)
			for i := range texts {
				texts[i] = p.Moves[i].Notation
			}
			if err := game.Replay(s, texts); err != nil {
				return refuse("internal", "undo: %v", err)
			}
			p.State, p.Moves = s, p.Moves[:cut]
		}
		p.Undo = -1
	}
	return nil
}

// playMove plays the move of notation, m when it is already parsed.
func (p *Play) playMove(notation string, m *game.Move) error {
	if m == nil {
		mv, err := p.State.ParseMove(notation)
		if err != nil {
			return err
		}
		m = &mv
	}
	return p.State.Play(*m)
}

// frame returns a copy of p for rendering the message of an event that
// later events of the same decision follow (see Decision): its state and
// clock, not its move list.
func (p *Play) frame() *Play {
	c := *p
	c.State = p.State.Clone()
	c.Clock = p.Clock.clone()
	c.Moves = nil
	return &c
}

// undoCut returns the length of the move list once seat's last move and
// every later one are taken back; rolls are never taken back.
func (p *Play) undoCut(seat int) (int, error) {
	for i := len(p.Moves) - 1; i >= 0; i-- {
		switch p.Moves[i].Player {
		case seat:
			return i, nil
		case int(game.Chance):
			return 0, refuse("not_allowed", "undo cannot take back a roll")
		}
	}
	return 0, refuse("not_allowed", "seat %d has no move to take back", seat)
}

func refuse(code, format string, args ...any) error {
	return &Refusal{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Replay rebuilds a game from its record and events: the record's seats
// are its Start seats changed by the seat events of the log (when Start
// is nil, its Seats are taken as the start).
func Replay(games *game.Registry, rec *store.Game, events []store.Event) (*Play, error) {
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	cfg, err := game.NewConfig(g, rec.Variant)
	if err != nil {
		return nil, err
	}
	p, err := NewPlay(g, cfg)
	if err != nil {
		return nil, err
	}
	kinds := make([]string, len(rec.Seats))
	for i, st := range rec.Seats {
		kinds[i] = st.Kind
	}
	p.Clock = NewClocks(rec.Clock, kinds)
	p.Rec = startOf(rec)
	if err := p.applyAll(rec.ID, events); err != nil {
		return nil, err
	}
	return p, nil
}

// applyAll applies the events of game id in order.
func (p *Play) applyAll(id string, events []store.Event) error {
	for _, e := range events {
		if err := p.Apply(e); err != nil {
			return fmt.Errorf("game %s: replay event %d (%s %q): %w", id, e.Seq, e.Kind, e.Notation, err)
		}
	}
	return nil
}

func seedHex(seed []byte) string { return hex.EncodeToString(seed) }

// ParseOutcome reads a game.Outcome written as JSON (results as "win",
// "draw", "loss").
func ParseOutcome(raw json.RawMessage) (game.Outcome, error) {
	var o game.Outcome
	if err := json.Unmarshal(raw, &o); err != nil {
		return game.Outcome{}, fmt.Errorf("outcome %.100s: %w", raw, err)
	}
	return o, nil
}

// applyServerRule applies a berserk (before the seat's first move, in a
// game that allows it) or the server's abort of a game no player has
// moved in.
func (p *Play) applyServerRule(e store.Event) error {
	if e.Kind == KindAbort {
		if p.playerMoved() {
			return refuse("not_allowed", "the game has started: a player has moved")
		}
		p.Forced = &game.Outcome{Over: true, Reason: AbortedReason}
		return nil
	}
	if p.movesOf(e.Player) > 0 {
		return refuse("not_allowed", "berserk is before your first move")
	}
	return p.Clock.berserk(e.Player)
}
