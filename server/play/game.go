package play

import (
	"fmt"
	"net/http"

	"plateau/room"
	"plateau/server/internal/httpx"
)

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rm, err := h.c.Rooms.Acquire(r.Context(), id)
	if err != nil {
		h.c.Errors.StoreError(w, id, err)
		return
	}
	defer h.c.Rooms.Release(rm)
	sum, ok := rm.Summary()
	if !ok {
		httpx.Error(w, http.StatusServiceUnavailable, "internal", "the game's room closed: retry")
		return
	}
	httpx.WriteJSON(w, http.StatusOK, sum)
}

func (h *Handler) exportOf(r *http.Request) (room.Export, error) {
	id := r.PathValue("id")
	rec, err := h.c.Store.Game(r.Context(), id)
	if err != nil {
		return room.Export{}, err
	}
	evs, err := h.c.Store.Events(r.Context(), id, 0)
	if err != nil {
		return room.Export{}, err
	}
	return room.ExportOf(rec, evs), nil
}

func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	x, err := h.exportOf(r)
	if err != nil {
		h.c.Errors.StoreError(w, r.PathValue("id"), err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "plateau-"+x.ID+".json"))
	httpx.WriteJSON(w, http.StatusOK, x)
}
