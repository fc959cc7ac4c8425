package game

import (
	"errors"
	"fmt"
)

// Player is a seat at the table, numbered from 0 in turn order, or one of
// the pseudo-players Chance and Nobody.
type Player int8

const (
	// Chance is the player to move when dice must be rolled.
	Chance Player = -1
	// Nobody is the player to move in a finished game.
	Nobody Player = -2
)

func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case Nobody:
		return "nobody"
	}
	return fmt.Sprintf("player %d", int(p))
}

// Move is one move, encoded by the engine that listed it. Engines pack their
// moves into 64 bits so that move lists are plain slices that search can use
// without allocating. A Move is only meaningful to states of the game that
// produced it; use FormatMove and ParseMove to store or send moves.
type Move uint64

// ChanceMove is one outcome of a roll with its weight. The probability of
// an outcome is its weight divided by the sum of the weights listed at that
// node; integer weights let the server sample rolls exactly.
type ChanceMove struct {
	Move   Move
	Weight int
}

// Game describes one game and creates its states.
type Game interface {
	// ID is the game's stable identifier ("dames", "shutbox", ...).
	ID() string
	// Name is the game's display name in a language ("fr" or "en").
	Name(lang string) string
	// Options lists the variant options with their defaults.
	// A game played by a varying number of players has an option "players".
	Options() []Option
	// New returns the start position for a validated configuration
	// (see NewConfig).
	New(cfg Config) (State, error)
	// ParsePosition parses the game's one-line position text.
	ParsePosition(cfg Config, text string) (State, error)
	// ExamplePosition is a position text that ParsePosition accepts,
	// shown to users as an example of the format.
	ExamplePosition() string
}

// State is one position of a game, with whatever history its rules need
// (repetition counts, the opening roll). States are mutable: Play changes
// the receiver. Use Clone to branch.
//
// A position text (Position) is the position, not the game: everything the
// rules read except a repetition history, which is the game's moves. A state
// with its history is rebuilt by replaying the moves from the start (Replay);
// ParsePosition starts a new history at the position it reads, as a FEN
// does in chess. So a text stays short (it is stored with every version of
// a game and shown to players) and never depends on a hash function.
type State interface {
	// Players is the number of seats.
	Players() int
	// ToMove is the player whose turn it is: a seat, Chance when dice
	// must be rolled, or Nobody when the game is over.
	ToMove() Player
	// Moves appends the legal moves to buf and returns it. At a chance
	// node these are the roll's outcomes (see ChanceMoves). A finished
	// game has no moves.
	Moves(buf []Move) []Move
	// ChanceMoves appends the outcomes of the pending roll with their
	// weights, in the order Moves lists them. It returns buf unchanged
	// when ToMove is not Chance.
	ChanceMoves(buf []ChanceMove) []ChanceMove
	// Play plays a legal move. An illegal move returns an error saying
	// why and leaves the state unchanged.
	Play(m Move) error
	// Clone returns an independent deep copy.
	Clone() State
	// Outcome reports whether the game is over and how it ended.
	Outcome() Outcome
	// Position is the one-line position text; ParsePosition reads it
	// back to a state with the same position, moves and outcome, and the
	// same hash (see Hasher), whose repetition history starts there.
	Position() string
	// FormatMove writes a legal move in the game's notation.
	FormatMove(m Move) string
	// ParseMove reads a move in the game's notation and returns it if it
	// is legal here; otherwise the error says what is wrong.
	ParseMove(text string) (Move, error)
	// DescribeMove returns a JSON-marshalable description of a legal move:
	// an object that embeds MoveText and adds the game's own fields
	// (from, to, captured, paths...).
	DescribeMove(m Move) any
	// Board returns a JSON-marshalable picture of the position for
	// renderers: pieces, dice, special squares. The web client draws
	// from it and never re-implements rules.
	Board() any
}

// MoveText is the part of a move description that every game shares.
type MoveText struct {
	// Notation is the move in the game's notation (FormatMove).
	Notation string `json:"notation"`
	// Clicks are the locations a player selects, in order, to make the
	// move in a graphical client: squares, points or tiles named as the
	// game's Board names them. Moves whose Clicks are a prefix of
	// another's are finished by an explicit confirmation.
	Clicks []string `json:"clicks"`
}

// Hasher is implemented by states that can give a hash of their position
// (for transposition tables and repetition detection). Equal positions
// with the same player to move have equal hashes, however they were
// reached: by different move orders, or parsed from their text; the
// repetition history is not part of the hash.
type Hasher interface {
	Hash() uint64
}

// Copier is implemented by states that can become a deep copy of another
// state while reusing their own storage: searches branch millions of times
// and Clone allocates each time. CopyFrom reports false, changing nothing,
// when src is not a state of the receiver's type.
type Copier interface {
	CopyFrom(src State) bool
}

// CopyOf returns a deep copy of src: dst, written over, when dst is a
// Copier of src's type, so that a loop copying positions again and again
// does not allocate, or else a Clone of src.
func CopyOf(dst, src State) State {
	if c, ok := dst.(Copier); ok && c.CopyFrom(src) {
		return dst
	}
	return src.Clone()
}

// Trusting is implemented by states whose Play pays for its legality check
// with work a search should not repeat (Mahboussé's generates every turn of
// the roll again). PlayListed plays m without that check: m must be one of
// the moves Moves returned for this very position, and anything else is a
// bug of the caller with unspecified results. Only searches use it; moves
// from players go through Play.
type Trusting interface {
	PlayListed(m Move) error
}

// PlayListed plays m, which s.Moves listed for this very position, through
// s's PlayListed when s is Trusting and its Play otherwise.
func PlayListed(s State, m Move) error {
	if t, ok := s.(Trusting); ok {
		return t.PlayListed(m)
	}
	return s.Play(m)
}

// Evaluator is implemented by states that can estimate, without search,
// how good the position is for a player: a value in [0, 1] comparable to
// Outcome.Value (1 a sure win, 0 a sure loss).
type Evaluator interface {
	Evaluate(p Player) float64
}

// Rivals is implemented by states of games where, with every player for
// themself, each seat faces one seat in particular: the one it aims at,
// which aims back at it (Intercept's 4 players solo, each after the
// opposite Arrivée). Rival returns p's rival, or false when p has none (it
// aims at several seats, or plays in a team). A match between two players
// seats them so that each one's rivals are the other's (ai/arena).
type Rivals interface {
	Rival(p Player) (Player, bool)
}

// ErrIllegal is wrapped by errors that reject an illegal move.
var ErrIllegal = errors.New("illegal move")

// ErrGameOver is wrapped by errors that reject a move in a finished game.
var ErrGameOver = errors.New("game is over")

// States may also implement fmt.Stringer to draw the position as a few lines
// of text for terminals (plateau play).
