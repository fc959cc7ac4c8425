package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"plateau/game"
	"plateau/room"
	"plateau/server/play"
	"plateau/store"
)

// Computer help (the analysis board's engine and solver, a game's review)
// is refused to a player for the position of any game they play that is
// still running, however the position is sent: a seated player asking is
// known by their account (its seats, in the store) and by their device
// (the games it joined with seat tokens, accounts.Handler.RecentGames). Games whose hints
// are given while they run (play.HintsAllowed: Shut the Box solitaire, AI
// seats only) are not guarded, as nobody playing them faces a person
// helped by the engine. docs/fairplay.md lists what is refused.

// Bounds of the running games a request looks at: a player has few, and
// each costs a store read and, for a game of the engine asked about, its
// room's summary.
const (
	liveAccountGames = 100 // the account's running games of the engine, newest first
	liveDeviceGames  = 32  // the games the device joined most recently
)

// liveGame is a running game the requester plays, with the board keys
// (boardKeys) of its position and of every position one move from it.
type liveGame struct {
	id   string
	keys map[string]bool
}

// liveGames are the running games of one engine that a request's sender
// plays.
type liveGames struct {
	engine string
	games  []liveGame
}

// liveGamesOf gathers the running games of engine that r's sender plays:
// those whose seats belong to its signed-in account and those its device
// joined with seat tokens. Without an account and a device cookie there
// are none: nothing tells a guest's requests from a stranger's.
func (s *Server) liveGamesOf(ctx context.Context, r *http.Request, engine string) (*liveGames, error) {
	var recs []*store.Game
	si, err := s.accounts.Session(ctx, r)
	if err != nil {
		return nil, fmt.Errorf("reading the session: %w", err)
	}
	if si != nil {
		recs, err = s.o.Store.PlayerGames(ctx, store.PlayerFilter{Account: si.Account.ID, Game: engine, Running: true, Limit: liveAccountGames})
		if err != nil {
			return nil, fmt.Errorf("listing the running games of account %s: %w", si.Account.ID, err)
		}
	}
	for _, id := range s.accounts.RecentGames(ctx, liveDeviceGames) {
		if slices.ContainsFunc(recs, func(g *store.Game) bool { return g.ID == id }) {
			continue
		}
		rec, err := s.o.Store.Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("reading game %s: %w", id, err)
		}
		if rec.Game == engine && rec.Status != store.StatusFinished {
			recs = append(recs, rec)
		}
	}
	lg := &liveGames{engine: engine}
	for _, rec := range recs {
		if play.HintsAllowed(room.SummaryOf(rec).Seats) {
			continue
		}
		keys, err := s.liveKeys(ctx, rec.ID)
		if err != nil {
			return nil, err
		}
		if keys != nil {
			lg.games = append(lg.games, liveGame{id: rec.ID, keys: keys})
		}
	}
	return lg, nil
}

// liveKeys returns the board keys of game id's current position and of
// every position one move from it (each legal move of the player to move,
// each roll at a chance node); nil if the game has ended meanwhile.
func (s *Server) liveKeys(ctx context.Context, id string) (map[string]bool, error) {
	rm, err := s.rooms.Acquire(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	sum, ok := rm.Summary()
	s.rooms.Release(rm)
	if !ok || sum.View == nil {
		return nil, fmt.Errorf("game %s: its room closed", id)
	}
	if sum.View.Outcome != nil || sum.Status == store.StatusFinished {
		return nil, nil
	}
	st, err := play.StateOf(s.o.Games, sum.Game, sum.Variant, sum.View.Position)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	keys := map[string]bool{}
	add := func(st game.State) {
		for _, k := range boardKeys(sum.Game, st) {
			keys[k] = true
		}
	}
	add(st)
	for _, m := range st.Moves(nil) {
		next := st.Clone()
		if next.Play(m) == nil {
			add(next)
		}
	}
	return keys, nil
}

// playing returns the id of the running game whose position st is by
// board key (the same board, whoever moves and whatever was rolled), or
// is one move from; "" if none.
func (lg *liveGames) playing(st game.State) string {
	for _, k := range boardKeys(lg.engine, st) {
		for _, g := range lg.games {
			if g.keys[k] {
				return g.id
			}
		}
	}
	return ""
}

// boardKeys returns the keys that compare a position of engine with the
// live ones: its canonical text (Position, so that the spacing, ranges
// and orderings of the text sent do not matter) without the fields that
// say who moves, what was rolled and how many turns were played. The same
// board with the other side to move or another roll is then the same. A
// Shut the Box position adds each of its open boxes alone, so that one's
// own box sent as a solitaire is the same too.
func boardKeys(engine string, st game.State) []string {
	pos := st.Position()
	fields := strings.Fields(pos)
	switch engine {
	case "dames": // "W:W31-50:B1-20": the side to move, then the pieces
		if _, pieces, ok := strings.Cut(pos, ":"); ok {
			return []string{pieces}
		}
	case "benedictine": // board, player to move
		if len(fields) >= 1 {
			return fields[:1]
		}
	case "intercept": // board, status (the side to move), ball, turns, passes
		if len(fields) >= 3 {
			return []string{fields[0] + " " + fields[2]}
		}
	case "mahbousse": // points, off=, turn (player and dice), [score= of a match]
		if len(fields) >= 2 {
			return []string{fields[0] + " " + fields[1]}
		}
	case "shutbox": // boxes (x: blocked), player to move, phase (the roll)
		if len(fields) >= 1 {
			boxes := strings.ReplaceAll(fields[0], "x", "")
			keys := []string{boxes}
			for b := range strings.SplitSeq(boxes, "/") {
				if b != "-" {
					keys = append(keys, "box "+b)
				}
			}
			return keys
		}
	}
	return []string{pos}
}

// livePlayed returns the id of a running game that r's sender plays and
// whose position st is, or is one move from (see liveGames.playing); ""
// if none.
func (s *Server) livePlayed(ctx context.Context, r *http.Request, g game.Game, st game.State) (string, error) {
	if st.Outcome().Over {
		return "", nil // no live game is over
	}
	lg, err := s.liveGamesOf(ctx, r, g.ID())
	if err != nil {
		return "", err
	}
	return lg.playing(st), nil
}

// seatedAt reports whether r's sender plays game rec: a seat of its
// account, or the device joined it with a seat token.
func (s *Server) seatedAt(ctx context.Context, r *http.Request, rec *store.Game) (bool, error) {
	if slices.Contains(s.accounts.RecentGames(ctx, -1), rec.ID) {
		return true, nil
	}
	si, err := s.accounts.Session(ctx, r)
	if err != nil || si == nil {
		return false, err
	}
	return slices.ContainsFunc(rec.Seats, func(st store.Seat) bool { return st.Account == si.Account.ID }), nil
}

// guard is the server's analysis.Guard: the running games a request's
// sender plays, by its account and its device.
type guard struct{ s *Server }

func (g guard) LivePlayed(ctx context.Context, r *http.Request, gm game.Game, st game.State) (string, error) {
	return g.s.livePlayed(ctx, r, gm, st)
}

func (g guard) SeatedAt(ctx context.Context, r *http.Request, rec *store.Game) (bool, error) {
	return g.s.seatedAt(ctx, r, rec)
}
