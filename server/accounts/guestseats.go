package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"plateau/mint"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Which guest seats an account may take (issue 66). Holding a seat's
// token is not enough: whoever created a game holds every seat's token,
// and would otherwise take the seat of the friend they invited. A seat
// becomes an account's, by claim-guest or by connecting signed in, only
// when this device joined it and no other device did (as far as this
// server process remembers: see devices).

// ownSeats splits tokens, the seat tokens a request from device dev gives
// for one game, into those of seats only dev joined, and why the others
// were refused ("" when none was).
func (h *Handler) ownSeats(dev string, tokens []string) ([]string, string) {
	var own []string
	why := ""
	for i, tok := range tokens {
		devs := h.devices.seatDevices(mint.HashToken(tok))
		switch {
		case slices.ContainsFunc(devs, func(d string) bool { return d != dev }):
			if why == "" {
				why = fmt.Sprintf("token %d: its seat was joined from another device: it stays that player's", i+1)
			}
		case dev == "" || !slices.Contains(devs, dev):
			if why == "" {
				why = fmt.Sprintf("token %d: its seat was not joined from this device: open the game here to play it", i+1)
			}
		default:
			own = append(own, tok)
		}
	}
	return own, why
}

// GuestSeats is the body of POST /api/account/claim-guest: the seat
// tokens a browser holds as a guest, by game.
type GuestSeats struct {
	Seats []struct {
		Game  string `json:"game"`
		Token string `json:"token"`
	} `json:"seats"`
}

// ClaimedGame is one game of claim-guest's answer.
type ClaimedGame struct {
	Game  string `json:"game"`
	Seats []int  `json:"seats,omitempty"` // the seats now the account's
	Error string `json:"error,omitempty"` // why the game's tokens were refused
}

func (h *Handler) claimGuest(w http.ResponseWriter, r *http.Request) {
	var req GuestSeats
	if !httpx.DecodeJSON(w, r, &req) {
		return
	}
	if len(req.Seats) > maxClaims {
		(&httpx.FieldError{Field: "seats", Message: fmt.Sprintf("at most %d seats at once, got %d", maxClaims, len(req.Seats))}).Write(w)
		return
	}
	in := h.MustSession(w, r)
	if in == nil {
		return
	}
	var order []string
	tokens := map[string][]string{}
	for i, st := range req.Seats {
		if st.Game == "" || st.Token == "" {
			(&httpx.FieldError{Field: fmt.Sprintf("seats[%d]", i), Message: "give the game's id and the seat's token"}).Write(w)
			return
		}
		if tokens[st.Game] == nil {
			order = append(order, st.Game)
		}
		tokens[st.Game] = append(tokens[st.Game], st.Token)
	}
	out := []ClaimedGame{}
	for _, id := range order {
		c := ClaimedGame{Game: id}
		own, why := h.ownSeats(deviceOf(r.Context()), tokens[id])
		seats, err := h.attach(r.Context(), id, own, in.Account)
		switch {
		case errors.Is(err, store.ErrNotFound):
			c.Error = "no such game"
		case errors.Is(err, room.ErrBadToken):
			c.Error = "a token matches no seat of the game"
		case err != nil:
			h.c.Log.Error("claim a guest's seats", "game", id, "account", in.Account.ID, "err", err)
			c.Error = "internal error: retry"
		}
		if c.Error == "" {
			c.Error = why
		}
		c.Seats = seats
		out = append(out, c)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"games": out})
}

// attach gives the seats of tokens in game id to account a.
func (h *Handler) attach(ctx context.Context, id string, tokens []string, a *store.Account) ([]int, error) {
	rm, err := h.c.Rooms.Acquire(ctx, id)
	if err != nil {
		return nil, err
	}
	defer h.c.Rooms.Release(rm)
	return rm.AttachAccount(ctx, tokens, a.ID, a.Name)
}

// attachJoined gives the seats a signed-in connection joined with tokens
// to its account (the clients are told by a seats message). A failure is
// logged: the game goes on without the names.
func (h *Handler) AttachJoined(ctx context.Context, rm *room.Room, session string, tokens []string) {
	in, err := h.sessionOf(ctx, session)
	if own, _ := h.ownSeats(deviceOf(ctx), tokens); err == nil && in != nil && len(own) > 0 {
		_, err = rm.AttachAccount(ctx, own, in.Account.ID, in.Account.Name)
	}
	if err != nil {
		h.c.Log.Error("give joined seats to their account", "game", rm.ID(), "err", err)
	}
}
