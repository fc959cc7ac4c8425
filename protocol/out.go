package protocol

import (
	"encoding/json"
	"time"

	"plateau/game"
)

// Types of server messages.
const (
	TypeWelcome = "welcome"
	TypeEvent   = "event"
	TypeAck     = "ack"
	TypeError   = "error"
	TypeSeats   = "seats"
	TypePong    = "pong"
)

// Welcome answers a hello: the seats the connection holds and the game now
// (its view and its move list). The catch-up events that follow it are
// those after Since, up to Version: Since is the hello's version, or
// later when the client is far behind (the catch-up is bounded).
type Welcome struct {
	Type     string  `json:"type"` // "welcome"
	Protocol int     `json:"protocol"`
	Version  int64   `json:"version"`
	Since    int64   `json:"since"`
	Seats    []int   `json:"seats"` // never null
	Game     Summary `json:"game"`
}

// NewWelcome returns a welcome.
func NewWelcome(version, since int64, seats []int, g Summary) Welcome {
	if seats == nil {
		seats = []int{}
	}
	return Welcome{Type: TypeWelcome, Protocol: Version, Version: version, Since: since, Seats: seats, Game: g}
}

// EventMsg is one event of the game, with the game's view (and clocks)
// after it.
type EventMsg struct {
	Type    string    `json:"type"` // "event"
	Version int64     `json:"version"`
	Event   Event     `json:"event"`
	View    game.View `json:"view"`
	Clock   *Clock    `json:"clock,omitempty"`
}

// NewEventMsg returns an event message.
func NewEventMsg(e Event, v game.View, c *Clock) EventMsg {
	return EventMsg{Type: TypeEvent, Version: e.Seq, Event: e, View: v, Clock: c}
}

// Ack says that the client's message id was applied and is durable as
// version Version; a rematch's names the new game.
type Ack struct {
	Type      string `json:"type"` // "ack"
	ID        string `json:"id,omitempty"`
	Version   int64  `json:"version"`
	RematchID string `json:"rematch_id,omitempty"`
}

// NewAck returns an ack.
func NewAck(id string, version int64, rematchID string) Ack {
	return Ack{Type: TypeAck, ID: id, Version: version, RematchID: rematchID}
}

// Error says that the client's message id was refused (nothing changed),
// or that the connection is closing.
type Error struct {
	Type    string `json:"type"` // "error"
	ID      string `json:"id,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// RetryAfter is how many seconds to wait before trying again, for an
	// error that time may mend (storage_unavailable); 0 otherwise.
	RetryAfter int `json:"retry_after,omitempty"`
}

// NewError returns an error message.
func NewError(id, code, message string) Error {
	return Error{Type: TypeError, ID: id, Code: code, Message: message}
}

// SeatsMsg says that a seat was taken or connected for the first time.
type SeatsMsg struct {
	Type string      `json:"type"` // "seats"
	Game SeatsStatus `json:"game"`
}

// SeatsStatus is the part of the summary a seats message carries.
type SeatsStatus struct {
	Status string `json:"status"`
	Seats  []Seat `json:"seats"`
}

// NewSeatsMsg returns a seats message.
func NewSeatsMsg(status string, seats []Seat) SeatsMsg {
	return SeatsMsg{Type: TypeSeats, Game: SeatsStatus{Status: status, Seats: seats}}
}

// Pong answers a ping.
type Pong struct {
	Type string `json:"type"` // "pong"
}

// NewPong returns a pong.
func NewPong() Pong { return Pong{Type: TypePong} }

// Marshal encodes a message. Every message of this package encodes
// (their fields are strings, numbers, and JSON already checked), but a
// game's view is the engine's: its error is returned, never panicked.
func Marshal(msg any) ([]byte, error) { return json.Marshal(msg) }

// ErrorJSON is an error message already encoded (it cannot fail).
func ErrorJSON(id, code, message string) []byte {
	return RefusalJSON(id, &Refusal{Code: code, Message: message})
}

// RefusalJSON is the error message of refusal ref of the message id.
func RefusalJSON(id string, ref *Refusal) []byte {
	e := NewError(id, ref.Code, ref.Message)
	e.RetryAfter = ref.RetryAfter
	b, err := json.Marshal(e)
	if err != nil { // strings only: unreachable
		return []byte(`{"type":"error","code":"internal","message":"unencodable error"}`)
	}
	return b
}

// Event is an event of a game's log as clients see it.
type Event struct {
	Kind      string          `json:"kind"`
	Seq       int64           `json:"seq"`
	Player    int             `json:"player"`
	Notation  string          `json:"notation,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"` // a game.Outcome
	RematchID string          `json:"rematch_id,omitempty"`
	Seat      *int            `json:"seat,omitempty"`
	Seed      string          `json:"seed,omitempty"`
	// Auto marks a move the server played for the seat: a pass that was
	// its only legal move.
	Auto bool `json:"auto,omitempty"`
	// Aborted marks the resignation, time-out or agreed draw that ended a
	// rated game before both players made two moves: the game is
	// aborted, not rated (docs/ratings.md).
	Aborted bool `json:"aborted,omitempty"`
	// Name is the name of the account an account event gave the seat
	// Player to.
	Name string    `json:"name,omitempty"`
	Time time.Time `json:"time"`
}

// Move is one move of the effective move list (after undos).
type Move struct {
	Seq      int64  `json:"seq"`
	Player   int    `json:"player"`
	Notation string `json:"notation"`
}

// Seat is a seat as clients see it.
type Seat struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Level  string `json:"level,omitempty"`
	Joined bool   `json:"joined"`
	// Open: anyone may claim the seat now (POST /api/games/{id}/seats/{seat}/claim).
	Open bool `json:"open,omitempty"`
	// Name is the name of the account the seat belongs to; absent for a
	// guest's seat.
	Name string `json:"name,omitempty"`
}

// Dice is the dice commitment, and the seed once the game is finished.
type Dice struct {
	Commitment string `json:"commitment"`
	Seed       string `json:"seed,omitempty"`
}

// Clock is the clocks as clients see them, at a moment: the time left of
// each seat (milliseconds; null for a seat without a clock) and the seat
// whose clock runs from that moment on (-1 for none).
//
// A correspondence clock has PerMoveMS, each move's time (InitialMS and
// IncrementMS are then 0).
type Clock struct {
	InitialMS   int64    `json:"initial_ms"`
	IncrementMS int64    `json:"increment_ms"`
	PerMoveMS   int64    `json:"per_move_ms,omitempty"`
	LeftMS      []*int64 `json:"left_ms,omitempty"`
	Running     int      `json:"running"`
	// Berserk: each player may halve their own clock before their first
	// move (the games of an arena that allows it); Berserked: the seats
	// that did.
	Berserk   bool   `json:"berserk,omitempty"`
	Berserked []bool `json:"berserked,omitempty"`
}

// Summary is a game as GET /api/games/{id}, the lobby and welcome show it.
type Summary struct {
	ID        string            `json:"id"`
	Game      string            `json:"game"`
	Variant   map[string]string `json:"variant"`
	Casual    bool              `json:"casual"`
	Rated     bool              `json:"rated,omitempty"`
	Status    string            `json:"status"`
	Created   time.Time         `json:"created"`
	Updated   time.Time         `json:"updated"`
	Seats     []Seat            `json:"seats"`
	Version   int64             `json:"version"`
	Result    json.RawMessage   `json:"result,omitempty"`
	RematchOf string            `json:"rematch_of,omitempty"`
	RematchID string            `json:"rematch_id,omitempty"`
	Moves     []Move            `json:"moves,omitempty"`
	View      *game.View        `json:"view,omitempty"`
	Dice      Dice              `json:"dice"`
	// Clock is the time control; in a game's summary, the clocks now.
	Clock *Clock `json:"clock,omitempty"`
}
