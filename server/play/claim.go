package play

import (
	"fmt"
	"net/http"

	"plateau/room"
	"plateau/server/internal/httpx"
)

// Claimed is the answer of POST /api/games/{id}/seats/{seat}/claim.
type Claimed struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
	Invite string `json:"invite"`
}

// claim gives an open seat to whoever asks first.
func (h *Handler) claim(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	seat, ferr := httpx.URLNumber("seat", r.PathValue("seat"), 0, httpx.MaxSeatNumber)
	if ferr != nil {
		ferr.Write(w)
		return
	}
	rm, err := h.c.Rooms.Acquire(r.Context(), id)
	if err != nil {
		h.c.Errors.StoreError(w, id, err)
		return
	}
	defer h.c.Rooms.Release(rm)
	tok, ref := rm.Claim(r.Context(), seat)
	if ref != nil {
		if ref.Code == room.CodeStorageUnavailable {
			h.c.Errors.StorageUnavailable(w, ref.RetryAfter)
			return
		}
		if ref.Code == "internal" { // the store's or the room's error: logged, not shown
			h.c.Log.Error("claim failed", "game", id, "seat", seat, "err", ref.Message)
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
	h.c.Log.Info("seat claimed", "game", id, "seat", seat)
	httpx.WriteJSON(w, http.StatusOK, Claimed{ID: id, Seat: seat, Token: tok, Invite: fmt.Sprintf("/g/%s?seat=%d&token=%s", id, seat, tok)})
}
