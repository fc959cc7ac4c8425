package server

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"

	"plateau/game"
	"plateau/protocol"
	"plateau/seek"
	"plateau/server/internal/httpx"
	"plateau/server/lobby"
)

// decodeCreate reads and checks a create request's body: one JSON object,
// no duplicate key, no key in another case or unknown, variant values in
// their canonical form, a clock in range and exact to the second (minutes)
// and the millisecond (increment).
func (s *Server) decodeCreate(w http.ResponseWriter, r *http.Request) (CreateRequest, *httpx.FieldError) {
	var req CreateRequest
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 64<<10))
	if err != nil {
		return req, &httpx.FieldError{Message: err.Error()}
	}
	if err := protocol.DecodeStrict(body, &req); err != nil {
		return req, httpx.StrictError(err)
	}
	if g, err := s.o.Games.Lookup(req.Game); err == nil {
		keys := slices.Sorted(maps.Keys(req.Variant))
		for _, k := range keys {
			v := req.Variant[k]
			if _, err := game.NewConfig(g, map[string]string{k: v}); err != nil {
				return req, &httpx.FieldError{Field: "variant." + k, Message: err.Error()}
			}
			i := slices.IndexFunc(g.Options(), func(o game.Option) bool { return o.Key == k })
			if n, err := strconv.Atoi(v); err == nil && g.Options()[i].Kind == game.Int && strconv.Itoa(n) != v {
				return req, &httpx.FieldError{Field: "variant." + k, Message: fmt.Sprintf("%q is not written canonically: write %q", v, strconv.Itoa(n))}
			}
		}
	}
	if req.Rated {
		if req.Casual {
			return req, &httpx.FieldError{Field: "rated", Message: "a rated game is not casual (no undo): set casual to false"}
		}
		if len(req.Seats) != 2 {
			return req, &httpx.FieldError{Field: "rated", Message: fmt.Sprintf("rated games have two players, not %d (see docs/ratings.md)", len(req.Seats))}
		}
		for i, st := range req.Seats {
			if st.Kind == "ai" {
				return req, &httpx.FieldError{Field: fmt.Sprintf("seats[%d].kind", i), Message: "a computer cannot play a rated game"}
			}
		}
		// The creator would hold both seats' tokens: rated games are made
		// by pairing two accounts' seeks, each seat bound to its account
		// (issue 66; docs/ratings.md).
		return req, &httpx.FieldError{Field: "rated", Message: "rated games are made by pairing two signed-in players' seeks (the lobby's Play anyone, " +
			"GET /api/seeks/ws), which gives each seat to its account; POST /api/games makes unrated games"}
	}
	if c := req.Clock; c != nil && c.Days != 0 {
		if fe := lobby.CheckDays(*c); fe != nil {
			return req, fe
		}
	} else if c != nil {
		if !(c.Minutes >= seek.MinClockMinutes && c.Minutes <= seek.MaxClockMinutes) || !seek.Whole(c.Minutes*60) {
			return req, &httpx.FieldError{Field: "clock.minutes", Message: fmt.Sprintf("%v: want minutes from 1 second (1/60) to %v, a whole number of seconds (or no clock)",
				c.Minutes, seek.MaxClockMinutes)}
		}
		if !(c.Increment >= 0 && c.Increment <= seek.MaxIncrement) || !seek.Whole(c.Increment*1000) {
			return req, &httpx.FieldError{Field: "clock.increment", Message: fmt.Sprintf("%v: want seconds from 0 to %d, a whole number of milliseconds", c.Increment, seek.MaxIncrement)}
		}
	}
	return req, nil
}
