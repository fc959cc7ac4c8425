package levels

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"time"

	"plateau/ai/level"
	"plateau/game"
	"plateau/mint"
	"plateau/rating"
	"plateau/room"
	"plateau/seek"
	"plateau/server/accounts"
	"plateau/server/internal/httpx"
	"plateau/server/lobby"
	"plateau/server/ratings"
	"plateau/store"
)

// Config is what a Handler needs.
type Config struct {
	Store store.Store
	Games *game.Registry
	Rooms *room.Manager
	Log   *slog.Logger
	Now   func() time.Time
	// Levels are the levels of the rating pools (the server's AI levels);
	// Ladder gives their published Elo in a game.
	Levels []string
	Ladder func(gameID string) []level.Rated
	// WriteTimeout bounds the write of a created game.
	WriteTimeout time.Duration
	// Sessions tells who sent a request, answering 401 when nobody.
	Sessions interface {
		MustSession(w http.ResponseWriter, r *http.Request) *accounts.Session
	}
	// Provisional tells whether a rating is shown provisional
	// (server/ratings).
	Provisional func(store.Rating) bool
	// MarkedReason says why an account may not play rated, "" when it
	// may (server/fairplay).
	MarkedReason func(ctx context.Context, acc *store.Account) (string, error)
	// SeekRefusal says why a seek of an account from an address is
	// refused now, "" when it is not; PairedToday whether two accounts
	// have played their PairGamesPerDay rated games of the day.
	SeekRefusal     func(account, ip string) string
	PairedToday     func(ctx context.Context, a, b string) (bool, error)
	PairGamesPerDay int
	ClientAddr      func(r *http.Request) string
	// WriteFailed answers a failed write of a game.
	WriteFailed func(w http.ResponseWriter, what string, err error)
}

// Handler serves the levels' ratings and the rated games against them.
// Make one with New; Start makes their accounts.
type Handler struct {
	c     Config
	ready accountsMade
}

// New returns the handler of c.
func New(c Config) *Handler { return &Handler{c: c} }

// Routes adds the levels' routes to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/levels", h.list)
	m.HandleFunc("POST /api/levels/games", h.game)
}

// The computer levels are players of each game's rating pool (issue 68;
// docs/ratings.md, Computer levels): one account a level, "Plateau hard",
// rated in every game apart, as a person is. A level's rating starts from
// the published ladder (ai/level/ladder.json), where random moves are 0,
// moved onto the players' scale by Anchor, and then moves with the
// rated games people choose to play against it (POST /api/levels/games).
const (
	// Anchor is the rating of random moves, as chess sites anchor their
	// weakest bot near 400: a level starts at Anchor plus its Elo over
	// random moves in the game's two-player ladder.
	Anchor = 400
	// RD is the deviation a level's rating starts with: the ladder
	// measures the levels against each other well, but where people stand
	// against them only their games tell, so the first ones move it.
	RD = 150
)

// AccountName is the name of a level's account: "Plateau hard". The
// space keeps it out of the names a person may take (account.CheckName),
// and the account has no password: nobody signs in as a level.
func AccountName(level string) string { return "Plateau " + level }

// AccountID is the id of a level's account, the same on every server
// instance.
func AccountID(level string) string { return "level-" + level }

// accountsMade remembers whether the level accounts and their ratings
// are in the store: made at the server's start, or at the first request
// that needs them when the store failed then.
type accountsMade struct {
	mu    sync.Mutex
	ready bool
}

// seed is the starting rating of level in a game: Anchor plus
// its Elo in the game's first two-player ladder; false when the game has
// no such ladder or the ladder no such level.
func (h *Handler) seed(gameID, level string) (rating.Rating, bool) {
	for _, l := range h.c.Ladder(gameID) {
		if l.Players != 2 {
			continue
		}
		elo, ok := l.Elo[level]
		if !ok {
			return rating.Rating{}, false
		}
		return rating.Rating{Rating: Anchor + elo, RD: RD, Vol: rating.InitialVol}, true
	}
	return rating.Rating{}, false
}

// ensureLevels creates the level accounts that are missing and seeds
// their ratings in every game with a ladder (store.SeedRating leaves the
// ratings games have moved). Once it succeeded it does nothing.
func (h *Handler) ensure(ctx context.Context) error {
	h.ready.mu.Lock()
	defer h.ready.mu.Unlock()
	if h.ready.ready {
		return nil
	}
	now := h.c.Now().UTC()
	for _, lv := range h.c.Levels {
		a := &store.Account{ID: AccountID(lv), Name: AccountName(lv), Created: now}
		err := h.c.Store.CreateAccount(ctx, a)
		if errors.Is(err, store.ErrNameTaken) || errors.Is(err, store.ErrExists) {
			// Made before, or by another instance at once.
			got, gerr := h.c.Store.AccountByName(ctx, a.Name)
			if gerr != nil {
				return fmt.Errorf("level %s: %w", lv, gerr)
			}
			if got.ID != a.ID {
				return fmt.Errorf("level %s: the name %q belongs to account %s, not %s", lv, a.Name, got.ID, a.ID)
			}
		} else if err != nil {
			return fmt.Errorf("level %s: create its account: %w", lv, err)
		}
		for _, g := range h.c.Games.Games() {
			seed, ok := h.seed(g.ID(), lv)
			if !ok {
				continue
			}
			if _, err := h.c.Store.SeedRating(ctx, a.ID, g.ID(), seed, now); err != nil {
				return fmt.Errorf("level %s: seed its rating in %s: %w", lv, g.ID(), err)
			}
		}
	}
	h.ready.ready = true
	return nil
}

// Start makes the level accounts when the server starts; a store that
// fails then is tried again by the first request that needs them.
func (h *Handler) Start(ctx context.Context) {
	ctx, cancelT := context.WithTimeout(ctx, 30*time.Second)
	defer cancelT()
	if err := h.ensure(ctx); err != nil {
		h.c.Log.Error("levels: the computer levels' accounts", "err", err)
	}
}

// Rating is one level's rating in a game (GET /api/levels).
type Rating struct {
	Level       string `json:"level"`
	Account     string `json:"account"` // the level account's name
	Rating      int    `json:"rating"`
	RD          int    `json:"rd"`
	Games       int    `json:"games"`
	Provisional bool   `json:"provisional"`
}

// InGame are a game's levels, weakest first.
type InGame struct {
	Game   string   `json:"game"`
	Levels []Rating `json:"levels"`
}

// List is the answer of GET /api/levels.
type List struct {
	// Anchor is the rating random moves were given (Anchor).
	Anchor int      `json:"anchor"`
	Games  []InGame `json:"games"`
}

// list answers the levels' ratings in each game.
func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	ls, err := h.levelsOf(r.Context())
	if err != nil {
		h.internal(w, "levels", err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, ls)
}

func (h *Handler) levelsOf(ctx context.Context) (List, error) {
	ls := List{Anchor: Anchor, Games: []InGame{}}
	if err := h.ensure(ctx); err != nil {
		return ls, err
	}
	byGame := map[string][]Rating{}
	for _, lv := range h.c.Levels {
		rs, err := h.c.Store.Ratings(ctx, AccountID(lv))
		if err != nil {
			return ls, err
		}
		for _, x := range rs {
			byGame[x.Game] = append(byGame[x.Game], Rating{Level: lv, Account: AccountName(lv), Rating: ratings.Round(x.Rating.Rating),
				RD: ratings.Round(x.RD), Games: x.Games, Provisional: h.c.Provisional(x)})
		}
	}
	for _, g := range h.c.Games.Games() {
		if lr := byGame[g.ID()]; len(lr) > 0 {
			ls.Games = append(ls.Games, InGame{Game: g.ID(), Levels: lr})
		}
	}
	return ls, nil
}

// GameRequest is the body of POST /api/levels/games: a rated game
// against a level.
type GameRequest struct {
	Game    string            `json:"game"`
	Level   string            `json:"level"`
	Variant map[string]string `json:"variant,omitempty"`
	Clock   *seek.Clock       `json:"clock,omitempty"`
}

// Game is the answer of POST /api/levels/games: the game, the
// player's seat and its token.
type Game struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite"`
	Level  string `json:"level"`
}

// game creates a rated game of the signed-in player against a level,
// under the rules of rated games between people: not for an account
// marked for a fair-play review, the seeks' rate per account and address,
// and the pair's rated games a day.
func (h *Handler) game(w http.ResponseWriter, r *http.Request) {
	in := h.c.Sessions.MustSession(w, r)
	if in == nil {
		return
	}
	var req GameRequest
	if !httpx.DecodeJSON(w, r, &req) {
		return
	}
	spec, fe := lobby.Spec(h.c.Games, lobby.SeekRequest{Game: req.Game, Variant: req.Variant, Clock: req.Clock, Rated: true})
	if fe != nil {
		fe.Write(w)
		return
	}
	if !slices.Contains(h.c.Levels, req.Level) {
		(&httpx.FieldError{Field: "level", Message: fmt.Sprintf("%q is not a level of the rating pools (%v)", req.Level, h.c.Levels)}).Write(w)
		return
	}
	ctx := r.Context()
	if err := h.ensure(ctx); err != nil {
		h.internal(w, "levels", err)
		return
	}
	if _, ok := h.seed(spec.Game, req.Level); !ok {
		(&httpx.FieldError{Field: "level", Message: fmt.Sprintf("%s has no published rating of the level %s", spec.Game, req.Level)}).Write(w)
		return
	}
	acc, levelID := in.Account, AccountID(req.Level)
	if msg, err := h.c.MarkedReason(ctx, acc); err != nil {
		h.internal(w, "levels: the fair-play status", err)
		return
	} else if msg != "" {
		httpx.Error(w, http.StatusForbidden, "fair_play", msg)
		return
	}
	if msg := h.c.SeekRefusal(acc.ID, h.c.ClientAddr(r)); msg != "" {
		httpx.Error(w, http.StatusTooManyRequests, "rate_limited", msg)
		return
	}
	if done, err := h.c.PairedToday(ctx, acc.ID, levelID); err != nil {
		h.internal(w, "levels: rated games of the pair", err)
		return
	} else if done {
		httpx.Error(w, http.StatusConflict, "pair_limit", fmt.Sprintf("you and %s have played %d rated games within a day: play casual, or rated against another level",
			AccountName(req.Level), h.c.PairGamesPerDay))
		return
	}
	out, err := h.create(ctx, acc.ID, req.Level, spec)
	if err != nil {
		h.c.WriteFailed(w, "create a rated game against a level", err)
		return
	}
	h.c.Log.Info("level game created", "game", out.ID, "engine", spec.Game, "level", req.Level)
	httpx.WriteJSON(w, http.StatusCreated, out)
}

// create stores a rated game of account against level, the
// player's seat drawn, both seats bound to their accounts, and loads its
// room (the opening roll, the level's first move).
func (h *Handler) create(ctx context.Context, account, level string, spec seek.Spec) (Game, error) {
	seat := rand.IntN(2)
	tok := mint.Token()
	seats := make([]store.Seat, 2)
	seats[seat] = store.Seat{Kind: store.Human, TokenHash: mint.HashToken(tok), Account: account}
	seats[1-seat] = store.Seat{Kind: store.AI, Level: level, Account: AccountID(level)}
	rec, err := room.NewGameRecord(spec.Game, spec.Variant, false, seats)
	if err != nil {
		return Game{}, err
	}
	rec.Rated = true
	rec.Clock = lobby.StoreClock(spec.Clock)
	if err := store.WithDeadline(ctx, h.c.WriteTimeout, func(ctx context.Context) error { return h.c.Store.Create(ctx, rec) }); err != nil {
		return Game{}, err
	}
	if rm, err := h.c.Rooms.Acquire(ctx, rec.ID); err == nil {
		h.c.Rooms.Release(rm)
	}
	return Game{ID: rec.ID, Seat: seat, Token: tok, Invite: fmt.Sprintf("/g/%s?seat=%d&token=%s", rec.ID, seat, tok), Level: level}, nil
}

// internal answers 500 and logs err, which is not shown to the client.
func (h *Handler) internal(w http.ResponseWriter, what string, err error) {
	h.c.Log.Error(what+" failed", "err", err)
	httpx.Error(w, http.StatusInternalServerError, "internal", "internal error: retry")
}

// Check tells whether level is a level of the rating pools with a
// published rating in gameID, and makes the level accounts if they are
// not made yet (for a level a tournament's creator enters).
func (h *Handler) Check(ctx context.Context, gameID, level string) error {
	if !slices.Contains(h.c.Levels, level) {
		return fmt.Errorf("%q is not a level of the rating pools (%v): %w", level, h.c.Levels, ErrNoLevel)
	}
	if _, ok := h.seed(gameID, level); !ok {
		return fmt.Errorf("%s has no published rating of the level %s: %w", gameID, level, ErrNoLevel)
	}
	return h.ensure(ctx)
}

// ErrNoLevel is the error of Check for a level that cannot play a game
// in the rating pools.
var ErrNoLevel = errors.New("no such level in the rating pools")
