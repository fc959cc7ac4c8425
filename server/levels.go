package server

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"plateau/rating"
	"plateau/room"
	"plateau/seek"
	"plateau/server/internal/httpx"
	"plateau/server/lobby"
	"plateau/server/ratings"
	"plateau/store"
)

// The computer levels are players of each game's rating pool (issue 68;
// docs/ratings.md, Computer levels): one account a level, "Plateau hard",
// rated in every game apart, as a person is. A level's rating starts from
// the published ladder (ai/level/ladder.json), where random moves are 0,
// moved onto the players' scale by LevelAnchor, and then moves with the
// rated games people choose to play against it (POST /api/levels/games).
const (
	// LevelAnchor is the rating of random moves, as chess sites anchor
	// their weakest bot near 400: a level starts at LevelAnchor plus its
	// Elo over random moves in the game's two-player ladder.
	LevelAnchor = 400
	// LevelRD is the deviation a level's rating starts with: the ladder
	// measures the levels against each other well, but where people stand
	// against them only their games tell, so the first ones move it.
	LevelRD = 150
)

// LevelAccountName is the name of a level's account: "Plateau hard". The
// space keeps it out of the names a person may take (account.CheckName),
// and the account has no password: nobody signs in as a level.
func LevelAccountName(level string) string { return "Plateau " + level }

// levelAccountID is the id of a level's account, the same on every
// server instance.
func levelAccountID(level string) string { return "level-" + level }

// levelAccounts remembers whether the level accounts and their ratings
// are in the store: made at the server's start, or at the first request
// that needs them when the store failed then.
type levelAccounts struct {
	mu    sync.Mutex
	ready bool
}

// levelSeed is the starting rating of level in a game: LevelAnchor plus
// its Elo in the game's first two-player ladder; false when the game has
// no such ladder or the ladder no such level.
func (s *Server) levelSeed(gameID, level string) (rating.Rating, bool) {
	for _, l := range s.o.Ladder(gameID) {
		if l.Players != 2 {
			continue
		}
		elo, ok := l.Elo[level]
		if !ok {
			return rating.Rating{}, false
		}
		return rating.Rating{Rating: LevelAnchor + elo, RD: LevelRD, Vol: rating.InitialVol}, true
	}
	return rating.Rating{}, false
}

// ensureLevels creates the level accounts that are missing and seeds
// their ratings in every game with a ladder (store.SeedRating leaves the
// ratings games have moved). Once it succeeded it does nothing.
func (s *Server) ensureLevels(ctx context.Context) error {
	s.levels.mu.Lock()
	defer s.levels.mu.Unlock()
	if s.levels.ready {
		return nil
	}
	now := s.o.Now().UTC()
	for _, lv := range s.o.AILevels {
		a := &store.Account{ID: levelAccountID(lv), Name: LevelAccountName(lv), Created: now}
		err := s.o.Store.CreateAccount(ctx, a)
		if errors.Is(err, store.ErrNameTaken) || errors.Is(err, store.ErrExists) {
			// Made before, or by another instance at once.
			got, gerr := s.o.Store.AccountByName(ctx, a.Name)
			if gerr != nil {
				return fmt.Errorf("level %s: %w", lv, gerr)
			}
			if got.ID != a.ID {
				return fmt.Errorf("level %s: the name %q belongs to account %s, not %s", lv, a.Name, got.ID, a.ID)
			}
		} else if err != nil {
			return fmt.Errorf("level %s: create its account: %w", lv, err)
		}
		for _, g := range s.o.Games.Games() {
			seed, ok := s.levelSeed(g.ID(), lv)
			if !ok {
				continue
			}
			if _, err := s.o.Store.SeedRating(ctx, a.ID, g.ID(), seed, now); err != nil {
				return fmt.Errorf("level %s: seed its rating in %s: %w", lv, g.ID(), err)
			}
		}
	}
	s.levels.ready = true
	return nil
}

// levelsAtStart makes the level accounts when the server starts; a store
// that fails then is tried again by the first request that needs them.
func (s *Server) levelsAtStart() {
	defer s.bg.Done()
	ctx, cancel := s.contextClosing(context.Background())
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 30*time.Second)
	defer cancelT()
	if err := s.ensureLevels(ctx); err != nil {
		s.o.Log.Error("levels: the computer levels' accounts", "err", err)
	}
}

// LevelRating is one level's rating in a game (GET /api/levels).
type LevelRating struct {
	Level       string `json:"level"`
	Account     string `json:"account"` // the level account's name
	Rating      int    `json:"rating"`
	RD          int    `json:"rd"`
	Games       int    `json:"games"`
	Provisional bool   `json:"provisional"`
}

// GameLevels are a game's levels, weakest first.
type GameLevels struct {
	Game   string        `json:"game"`
	Levels []LevelRating `json:"levels"`
}

// Levels is the answer of GET /api/levels.
type Levels struct {
	// Anchor is the rating random moves were given (LevelAnchor).
	Anchor int          `json:"anchor"`
	Games  []GameLevels `json:"games"`
}

// levelsList answers the levels' ratings in each game.
func (s *Server) levelsList(w http.ResponseWriter, r *http.Request) {
	ls, err := s.levelsOf(r.Context())
	if err != nil {
		s.internal(w, "levels", err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, ls)
}

func (s *Server) levelsOf(ctx context.Context) (Levels, error) {
	ls := Levels{Anchor: LevelAnchor, Games: []GameLevels{}}
	if err := s.ensureLevels(ctx); err != nil {
		return ls, err
	}
	byGame := map[string][]LevelRating{}
	for _, lv := range s.o.AILevels {
		rs, err := s.o.Store.Ratings(ctx, levelAccountID(lv))
		if err != nil {
			return ls, err
		}
		for _, x := range rs {
			byGame[x.Game] = append(byGame[x.Game], LevelRating{Level: lv, Account: LevelAccountName(lv), Rating: ratings.Round(x.Rating.Rating),
				RD: ratings.Round(x.RD), Games: x.Games, Provisional: s.ratings.Provisional(x)})
		}
	}
	for _, g := range s.o.Games.Games() {
		if lr := byGame[g.ID()]; len(lr) > 0 {
			ls.Games = append(ls.Games, GameLevels{Game: g.ID(), Levels: lr})
		}
	}
	return ls, nil
}

// LevelGameRequest is the body of POST /api/levels/games: a rated game
// against a level.
type LevelGameRequest struct {
	Game    string            `json:"game"`
	Level   string            `json:"level"`
	Variant map[string]string `json:"variant,omitempty"`
	Clock   *seek.Clock       `json:"clock,omitempty"`
}

// LevelGame is the answer of POST /api/levels/games: the game, the
// player's seat and its token.
type LevelGame struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite"`
	Level  string `json:"level"`
}

// levelGame creates a rated game of the signed-in player against a level,
// under the rules of rated games between people: not for an account
// marked for a fair-play review, the seeks' rate per account and address,
// and the pair's rated games a day.
func (s *Server) levelGame(w http.ResponseWriter, r *http.Request) {
	in := s.accounts.MustSession(w, r)
	if in == nil {
		return
	}
	var req LevelGameRequest
	if !httpx.DecodeJSON(w, r, &req) {
		return
	}
	spec, fe := lobby.Spec(s.o.Games, lobby.SeekRequest{Game: req.Game, Variant: req.Variant, Clock: req.Clock, Rated: true})
	if fe != nil {
		fe.Write(w)
		return
	}
	if !slices.Contains(s.o.AILevels, req.Level) {
		(&httpx.FieldError{Field: "level", Message: fmt.Sprintf("%q is not a level of the rating pools (%v)", req.Level, s.o.AILevels)}).Write(w)
		return
	}
	ctx := r.Context()
	if err := s.ensureLevels(ctx); err != nil {
		s.internal(w, "levels", err)
		return
	}
	if _, ok := s.levelSeed(spec.Game, req.Level); !ok {
		(&httpx.FieldError{Field: "level", Message: fmt.Sprintf("%s has no published rating of the level %s", spec.Game, req.Level)}).Write(w)
		return
	}
	acc, levelID := in.Account, levelAccountID(req.Level)
	if msg, err := s.fairplay.MarkedReason(ctx, acc); err != nil {
		s.internal(w, "levels: the fair-play status", err)
		return
	} else if msg != "" {
		httpx.Error(w, http.StatusForbidden, "fair_play", msg)
		return
	}
	if msg := s.seekRefusal(acc.ID, s.clientAddr(r)); msg != "" {
		httpx.Error(w, http.StatusTooManyRequests, "rate_limited", msg)
		return
	}
	if done, err := s.pairedToday(ctx, acc.ID, levelID); err != nil {
		s.internal(w, "levels: rated games of the pair", err)
		return
	} else if done {
		httpx.Error(w, http.StatusConflict, "pair_limit", fmt.Sprintf("you and %s have played %d rated games within a day: play casual, or rated against another level",
			LevelAccountName(req.Level), s.farm.lim.PairGamesPerDay))
		return
	}
	out, err := s.createLevelGame(ctx, acc.ID, req.Level, spec)
	if err != nil {
		s.writeFailed(w, "create a rated game against a level", err)
		return
	}
	s.o.Log.Info("level game created", "game", out.ID, "engine", spec.Game, "level", req.Level)
	httpx.WriteJSON(w, http.StatusCreated, out)
}

// createLevelGame stores a rated game of account against level, the
// player's seat drawn, both seats bound to their accounts, and loads its
// room (the opening roll, the level's first move).
func (s *Server) createLevelGame(ctx context.Context, account, level string, spec seek.Spec) (LevelGame, error) {
	seat := rand.IntN(2)
	tok := room.NewToken()
	seats := make([]store.Seat, 2)
	seats[seat] = store.Seat{Kind: store.Human, TokenHash: room.HashToken(tok), Account: account}
	seats[1-seat] = store.Seat{Kind: store.AI, Level: level, Account: levelAccountID(level)}
	rec, err := room.NewGameRecord(spec.Game, spec.Variant, false, seats)
	if err != nil {
		return LevelGame{}, err
	}
	rec.Rated = true
	rec.Clock = lobby.StoreClock(spec.Clock)
	if err := store.WithDeadline(ctx, s.o.WriteTimeout, func(ctx context.Context) error { return s.o.Store.Create(ctx, rec) }); err != nil {
		return LevelGame{}, err
	}
	if rm, err := s.rooms.Acquire(ctx, rec.ID); err == nil {
		s.rooms.Release(rm)
	}
	return LevelGame{ID: rec.ID, Seat: seat, Token: tok, Invite: fmt.Sprintf("/g/%s?seat=%d&token=%s", rec.ID, seat, tok), Level: level}, nil
}
