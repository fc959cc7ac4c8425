package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"plateau/game"
	"plateau/mint"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant"`
	Seats   []struct {
		Kind  string `json:"kind"`
		Level string `json:"level"`
	} `json:"seats"`
	Casual bool `json:"casual"`
	// Rated is refused: rated games are made by pairing seeks, which
	// bind each seat to its account (see docs/ratings.md).
	Rated bool `json:"rated"`
	// Clock is the optional time control.
	Clock *struct {
		Minutes   float64 `json:"minutes"`   // each timed seat's time for the game
		Increment float64 `json:"increment"` // seconds added after each move
	} `json:"clock"`
}

// CreatedSeat is one seat of POST /api/games's answer.
type CreatedSeat struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Level  string `json:"level,omitempty"`
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
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
	g, err := s.o.Games.Lookup(req.Game)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if len(req.Seats) == 0 || len(req.Seats) > 16 {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "seats: give one seat per player")
		return
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
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	st, err := g.New(cfg)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if st.Players() != len(req.Seats) {
		httpx.Error(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("%s (%s) has %d players, got %d seats", g.ID(), cfg, st.Players(), len(req.Seats)))
		return
	}
	seats := make([]store.Seat, len(req.Seats))
	out := Created{Seats: make([]CreatedSeat, len(req.Seats))}
	tokens := make([]string, len(req.Seats))
	for i, rs := range req.Seats {
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
			ok := false
			for _, l := range s.o.AILevels {
				ok = ok || l == level
			}
			if !ok {
				httpx.Error(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("seat %d: AI level %q is not one of %s", i, level, strings.Join(s.o.AILevels, ", ")))
				return
			}
			seats[i] = store.Seat{Kind: store.AI, Level: level}
		default:
			httpx.Error(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("seat %d: kind %q is not human, open or ai", i, rs.Kind))
			return
		}
	}
	if fe := s.checkAIOnly(seats); fe != nil {
		fe.Write(w)
		return
	}
	rec, err := room.NewGameRecord(g.ID(), cfg, req.Casual, seats)
	if err != nil {
		s.storeError(w, "", err)
		return
	}
	rec.Rated = req.Rated
	if c := req.Clock; c != nil {
		if !(c.Minutes > 0 && c.Minutes <= 24*60) || !(c.Increment >= 0 && c.Increment <= 600) {
			httpx.Error(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("clock: %v minutes + %v seconds: want minutes in (0, 1440] and an increment of 0 to 600 seconds", c.Minutes, c.Increment))
			return
		}
		rec.Clock = store.Clock{Initial: time.Duration(c.Minutes * float64(time.Minute)).Round(time.Millisecond),
			Increment: time.Duration(c.Increment * float64(time.Second)).Round(time.Millisecond)}
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
	out.ID = rec.ID
	out.DiceCommitment = room.SummaryOf(rec).Dice.Commitment
	for i, st := range seats {
		out.Seats[i] = CreatedSeat{Seat: i, Kind: st.Kind, Level: st.Level}
		if st.Open {
			out.Seats[i].Kind = "open"
		} else if st.Kind == store.Human {
			out.Seats[i].Token = tokens[i]
			out.Seats[i].Invite = fmt.Sprintf("/g/%s?seat=%d&token=%s", rec.ID, i, tokens[i])
		}
	}
	// Load the room so that it rolls the opening dice and starts AI seats.
	if rm, err := s.rooms.Acquire(r.Context(), rec.ID); err == nil {
		s.rooms.Release(rm)
	}
	s.o.Log.Info("game created", "game", rec.ID, "engine", g.ID(), "variant", cfg.String())
	httpx.WriteJSON(w, http.StatusCreated, out)
}

// Claimed is the answer of POST /api/games/{id}/seats/{seat}/claim.
type Claimed struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite"`
}

// claim gives an open seat to whoever asks first.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	seat, ferr := httpx.URLNumber("seat", r.PathValue("seat"), 0, httpx.MaxSeatNumber)
	if ferr != nil {
		ferr.Write(w)
		return
	}
	rm, err := s.rooms.Acquire(r.Context(), id)
	if err != nil {
		s.storeError(w, id, err)
		return
	}
	defer s.rooms.Release(rm)
	tok, ref := rm.Claim(r.Context(), seat)
	if ref != nil {
		if ref.Code == room.CodeStorageUnavailable {
			s.storageUnavailable(w, ref.RetryAfter)
			return
		}
		if ref.Code == "internal" { // the store's or the room's error: logged, not shown
			s.o.Log.Error("claim failed", "game", id, "seat", seat, "err", ref.Message)
			httpx.Error(w, http.StatusInternalServerError, "internal", "internal error: retry")
			return
		}
		status := http.StatusConflict
		if ref.Code == "not_found" {
			status = http.StatusNotFound
		}
		httpx.Error(w, status, ref.Code, ref.Message)
		return
	}
	s.o.Log.Info("seat claimed", "game", id, "seat", seat)
	httpx.WriteJSON(w, http.StatusOK, Claimed{ID: id, Seat: seat, Token: tok, Invite: fmt.Sprintf("/g/%s?seat=%d&token=%s", id, seat, tok)})
}
