package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
	"plateau/mint"
	"plateau/room"
	"plateau/seek"
	"plateau/server/internal/httpx"
	"plateau/server/lobby"
	"plateau/store"
)

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant"`
	Seats   []CreateSeat      `json:"seats"`
	Casual  bool              `json:"casual"`
	// Rated is refused: rated games are made by pairing seeks, which
	// bind each seat to its account (see docs/ratings.md).
	Rated bool `json:"rated"`
	// Clock is the optional time control.
	// Minutes each timed seat has for the game and Increment seconds
	// added after each move, or for correspondence Days a move.
	Clock *seek.Clock `json:"clock"`
}

// CreatedSeat is one seat of POST /api/games's answer.
type CreatedSeat struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Level  string `json:"level,omitempty"`
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
}

// CreateSeat is a seat of a CreateRequest: "human", "open" or "ai" of
// a level.
type CreateSeat struct {
	Kind  string `json:"kind"`
	Level string `json:"level"`
}

// Created is POST /api/games's answer.
type Created struct {
	ID             string        `json:"id"`
	Seats          []CreatedSeat `json:"seats"`
	DiceCommitment string        `json:"dice_commitment"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	req, ferr := s.decodeCreate(w, r)
	if ferr != nil {
		ferr.Write(w)
		return
	}
	rec, tokens, err := s.recordOf(req)
	var fe *httpx.FieldError
	switch {
	case errors.As(err, &fe):
		fe.Write(w)
		return
	case errors.Is(err, errBadCreate):
		httpx.Error(w, http.StatusBadRequest, "bad_request", strings.TrimPrefix(err.Error(), errBadCreate.Error()+": "))
		return
	case err != nil:
		s.storeError(w, "", err)
		return
	}
	res, err := s.creations.admit(r.Context(), s.clientAddr(r))
	if lerr, ok := errors.AsType[*LimitError](err); ok {
		s.refuseCreate(w, lerr)
		return
	} else if err != nil {
		s.storeError(w, "", err)
		return
	}
	if err := store.WithDeadline(r.Context(), s.o.WriteTimeout, func(ctx context.Context) error { return s.o.Store.Create(ctx, rec) }); err != nil {
		res.done("")
		s.writeFailed(w, "create a game", err)
		return
	}
	res.done(rec.ID)
	s.creators.note(rec.ID, s.clientKey(r))
	// Load the room so that it rolls the opening dice and starts AI seats.
	if rm, err := s.rooms.Acquire(r.Context(), rec.ID); err == nil {
		s.rooms.Release(rm)
	}
	s.o.Log.Info("game created", "game", rec.ID, "engine", rec.Game, "variant", game.Config(rec.Variant).String())
	httpx.WriteJSON(w, http.StatusCreated, createdOf(rec, tokens))
}

// errBadCreate wraps the refusals of a create request answered 400
// bad_request without a field.
var errBadCreate = errors.New("bad create request")

func badCreate(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadCreate, fmt.Sprintf(format, args...))
}

// recordOf is the record of the game req asks for, with its human seats'
// tokens; the error wraps errBadCreate, or is a *httpx.FieldError, for a
// refused request.
func (s *Server) recordOf(req CreateRequest) (*store.Game, []string, error) {
	g, err := s.o.Games.Lookup(req.Game)
	if err != nil {
		return nil, nil, badCreate("%v", err)
	}
	if len(req.Seats) == 0 || len(req.Seats) > 16 {
		return nil, nil, badCreate("seats: give one seat per player")
	}
	settings := map[string]string{}
	for k, v := range req.Variant {
		settings[k] = v
	}
	for _, o := range g.Options() {
		if _, ok := settings[o.Key]; o.Key == "players" && !ok {
			settings["players"] = strconv.Itoa(len(req.Seats))
		}
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		return nil, nil, badCreate("%v", err)
	}
	st, err := g.New(cfg)
	if err != nil {
		return nil, nil, badCreate("%v", err)
	}
	if st.Players() != len(req.Seats) {
		return nil, nil, badCreate("%s (%s) has %d players, got %d seats", g.ID(), cfg, st.Players(), len(req.Seats))
	}
	seats, tokens, err := s.seatsOf(req.Seats)
	if err != nil {
		return nil, nil, err
	}
	if fe := s.checkAIOnly(seats); fe != nil {
		return nil, nil, fe
	}
	rec, err := room.NewGameRecord(g.ID(), cfg, req.Casual, seats)
	if err != nil {
		return nil, nil, err
	}
	rec.Rated = req.Rated
	if c := req.Clock; c != nil {
		rec.Clock = lobby.StoreClock(*c) // checked by decodeCreate
	}
	return rec, tokens, nil
}

// seatsOf makes the seats a create request asks for, a token for each
// human seat.
func (s *Server) seatsOf(req []CreateSeat) ([]store.Seat, []string, error) {
	seats := make([]store.Seat, len(req))
	tokens := make([]string, len(req))
	for i, rs := range req {
		switch rs.Kind {
		case store.Human:
			tokens[i] = mint.Token()
			seats[i] = store.Seat{Kind: store.Human, TokenHash: mint.HashToken(tokens[i])}
		case "open":
			seats[i] = store.Seat{Kind: store.Human, Open: true}
		case store.AI:
			level := rs.Level
			if level == "" {
				level = s.o.AILevels[0]
			}
			if !slices.Contains(s.o.AILevels, level) {
				return nil, nil, badCreate("seat %d: AI level %q is not one of %s", i, level, strings.Join(s.o.AILevels, ", "))
			}
			seats[i] = store.Seat{Kind: store.AI, Level: level}
		default:
			return nil, nil, badCreate("seat %d: kind %q is not human, open or ai", i, rs.Kind)
		}
	}
	return seats, tokens, nil
}

// createdOf is the answer of a created game: its seats, with the human
// seats' tokens and invite links.
func createdOf(rec *store.Game, tokens []string) Created {
	out := Created{ID: rec.ID, DiceCommitment: room.SummaryOf(rec).Dice.Commitment, Seats: make([]CreatedSeat, len(rec.Seats))}
	for i, st := range rec.Seats {
		out.Seats[i] = CreatedSeat{Seat: i, Kind: st.Kind, Level: st.Level}
		if st.Open {
			out.Seats[i].Kind = "open"
		} else if st.Kind == store.Human {
			out.Seats[i].Token = tokens[i]
			out.Seats[i].Invite = fmt.Sprintf("/g/%s?seat=%d&token=%s", rec.ID, i, tokens[i])
		}
	}
	return out
}
