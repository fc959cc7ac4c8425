package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"plateau/game"
	"plateau/mint"
	"plateau/room"
	"plateau/seek"
	"plateau/server/internal/httpx"
	"plateau/server/levels"
	"plateau/server/lobby"
	servertournament "plateau/server/tournament"
	"plateau/store"
	"plateau/tournament/director"
)

// startTournaments runs the tournaments (tournament/director, under a
// lease per tournament) and makes their API (server/tournament) when the
// store keeps them, as both stores do; raw is the store before New wraps
// it.
func (s *Server) startTournaments(raw store.Store) {
	ts, ok := raw.(store.Tournaments)
	if !ok {
		return
	}
	dir := director.New(director.Config{Store: tournamentStore{ts, s.o.Store}, Games: tournamentGames{s}, Owner: s.rooms.Instance(),
		Now: s.o.Now, NewID: room.NewID, NewToken: room.NewToken, Log: s.o.Log})
	s.tourneys = servertournament.New(servertournament.Deps{Store: ts, Director: dir, Now: s.o.Now, Log: s.o.Log,
		Account: s.accounts.Seeker,
		Rating: func(ctx context.Context, account, game string) (int, error) {
			r, _, err := s.ratings.RatingIn(ctx, account, game)
			return r, err
		},
		Level: s.tournamentLevel,
		CheckTable: func(game string, variant map[string]string, players int) (map[string]string, error) {
			return checkTable(s.o.Games, game, variant, players)
		},
		Check: func(game string, variant map[string]string, c director.Clock) (map[string]string, error) {
			spec, fe := lobby.Spec(s.o.Games, lobby.SeekRequest{Game: game, Variant: variant, Clock: &seek.Clock{Minutes: c.Minutes, Increment: c.Increment}, Rated: true})
			if fe != nil {
				return nil, fe
			}
			return spec.Variant, nil
		}})
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		dir.Run(s.closed)
	}()
}

// registerTournaments adds the tournaments' routes; a store without
// tournaments lists none, so that the lobby, which asks, gets no error.
func (s *Server) registerTournaments(m *http.ServeMux) {
	if s.tourneys == nil {
		m.HandleFunc("GET /api/tournaments", func(w http.ResponseWriter, r *http.Request) {
			httpx.WriteJSON(w, http.StatusOK, map[string]any{"tournaments": []any{}})
		})
	}
	if s.tourneys != nil {
		s.tourneys.Register(m)
		m.HandleFunc("GET /t/{id}", func(w http.ResponseWriter, r *http.Request) {
			s.web.Page(w, r, "", bootData{Catalog: s.catalogJSON()})
		})
	}
}

// tournamentStore reads the games' records through the server's store.
type tournamentStore struct {
	keeper
	games store.Store
}

// keeper names the embedded store.Tournaments (whose method Tournaments
// would clash with the field's name).
type keeper interface{ store.Tournaments }

func (t tournamentStore) Game(ctx context.Context, id string) (*store.Game, error) {
	return t.games.Game(ctx, id)
}

func (t tournamentStore) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	return t.games.Events(ctx, id, after)
}

// tournamentGames creates a tournament's games, and aborts those nobody
// started.
type tournamentGames struct{ s *Server }

// Create implements director.Games: a rated game between the two
// accounts, white on seat 0 (unrated once the two have played their
// rated games of the day: FarmingLimits.PairGamesPerDay), or a casual
// game of a multi-player event's seats, loaded at once (the opening
// roll).
func (g tournamentGames) Create(ctx context.Context, t *store.Tournament, spec director.Spec, tg *director.Game) error {
	accounts := tg.Accounts()
	seats := make([]store.Seat, len(accounts))
	for i, a := range accounts {
		seats[i] = store.Seat{Kind: store.Human, TokenHash: mint.HashToken(tg.Tokens[i]), Account: a}
	}
	for i, lv := range tg.Levels {
		if lv != "" { // a computer level entered by the creator plays through the AI seat
			seats[i] = store.Seat{Kind: store.AI, Level: lv, Account: seats[i].Account}
		}
	}
	rec, err := room.NewGameRecord(t.Game, spec.Variant, false, seats)
	if err != nil {
		return err
	}
	rec.ID, rec.Rated = tg.ID, spec.Seats <= 2 // the multi-player events are casual
	if rec.Rated && len(accounts) == 2 {
		// The farming limit of a pair holds here too: past it the game
		// still counts for the tournament, not for the ratings.
		done, err := g.s.pairedToday(ctx, accounts[0], accounts[1])
		if err != nil {
			return fmt.Errorf("tournament game %s: the rated games of the pair: %w", tg.ID, err)
		}
		rec.Rated = !done
	}
	rec.Clock = store.Clock{Initial: time.Duration(spec.Clock.Minutes * float64(time.Minute)).Round(time.Millisecond),
		Increment: time.Duration(spec.Clock.Increment * float64(time.Second)).Round(time.Millisecond),
		Berserk:   spec.Berserk && t.Kind == director.Arena && spec.Seats <= 2}
	if err := store.WithDeadline(ctx, g.s.o.WriteTimeout, func(ctx context.Context) error { return g.s.o.Store.Create(ctx, rec) }); err != nil {
		return err
	}
	if rm, err := g.s.rooms.Acquire(ctx, rec.ID); err == nil {
		g.s.rooms.Release(rm)
	}
	return nil
}

// Abort implements director.Games: the game's room aborts it if no
// player has moved in it.
func (g tournamentGames) Abort(ctx context.Context, id string) error {
	rm, err := g.s.rooms.Acquire(ctx, id)
	if err != nil {
		return err
	}
	defer g.s.rooms.Release(rm)
	if err := rm.Abort(ctx); errors.Is(err, room.ErrStarted) {
		return fmt.Errorf("game %s: %w", id, director.ErrGameStarted)
	} else if err != nil {
		return fmt.Errorf("abort game %s: %w", id, err)
	}
	return nil
}

// tournamentLevel checks that level plays game in the rating pools and
// returns its account, name and rating there (for a level entered in a
// tournament by its creator).
func (s *Server) tournamentLevel(ctx context.Context, game, level string) (servertournament.Level, error) {
	if err := s.levels.Check(ctx, game, level); err != nil {
		if errors.Is(err, levels.ErrNoLevel) {
			return servertournament.Level{}, fmt.Errorf("%w: %w", err, servertournament.ErrNoLevel)
		}
		return servertournament.Level{}, err
	}
	id := levels.AccountID(level)
	r, _, err := s.ratings.RatingIn(ctx, id, game)
	if err != nil {
		return servertournament.Level{}, err
	}
	return servertournament.Level{Account: id, Name: levels.AccountName(level), Rating: r}, nil
}

// checkTable validates a casual multi-player event's game: 4-player
// Intercept or 3-4 player Shut the Box, and returns the complete variant.
func checkTable(games *game.Registry, gameID string, variant map[string]string, players int) (map[string]string, error) {
	switch {
	case gameID == "shutbox" && (players == 3 || players == 4):
	case gameID == "intercept" && players == 4:
	default:
		return nil, fmt.Errorf("%s with %d players: the multi-player events are 4-player intercept and 3-4 player shutbox", gameID, players)
	}
	g, err := games.Lookup(gameID)
	if err != nil {
		return nil, err
	}
	settings := map[string]string{}
	for k, v := range variant {
		settings[k] = v
	}
	settings["players"] = strconv.Itoa(players)
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		return nil, err
	}
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	if st.Players() != players {
		return nil, fmt.Errorf("%s (%s) has %d players, not %d", gameID, cfg, st.Players(), players)
	}
	return cfg, nil
}
