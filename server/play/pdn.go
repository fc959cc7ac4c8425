package play

import (
	"fmt"
	"net/http"

	"plateau/game"
	"plateau/games/dames"
	"plateau/room"
	"plateau/server/internal/httpx"
)

func (h *Handler) exportPDN(w http.ResponseWriter, r *http.Request) {
	x, err := h.exportOf(r)
	if err != nil {
		h.c.Errors.StoreError(w, r.PathValue("id"), err)
		return
	}
	if x.Game != "dames" {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("PDN export is for dames, game %s is %s", x.ID, x.Game))
		return
	}
	var moves []string
	var outcome game.Outcome
	for _, e := range x.Events {
		switch e.Kind {
		case room.KindMove:
			moves = append(moves, e.Notation)
		case room.KindUndoAccept:
			// Take back the requester's last move and the later ones.
			for i := len(moves) - 1; i >= 0; i-- {
				if i%2 == *e.Seat {
					moves = moves[:i]
					break
				}
			}
		case room.KindEnd:
			if e.Result != nil {
				outcome, _ = room.ParseOutcome(e.Result)
			}
		}
	}
	pg := dames.PDNGame{Moves: moves, Result: dames.PDNResult(outcome), Tags: []dames.PDNTag{
		{Name: "Event", Value: "Plateau game " + x.ID}, {Name: "Site", Value: "Plateau"},
		{Name: "Date", Value: x.Created.Format("2006.01.02")},
		{Name: "White", Value: seatName(x.Seats, 0)}, {Name: "Black", Value: seatName(x.Seats, 1)},
	}}
	w.Header().Set("Content-Type", "application/x-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "plateau-"+x.ID+".pdn"))
	if err := dames.WritePDN(w, pg); err != nil {
		h.c.Log.Error("PDN export", "game", x.ID, "err", err)
	}
}

func seatName(seats []room.SeatJSON, i int) string {
	if i >= len(seats) {
		return "?"
	}
	if seats[i].Kind == "ai" {
		return "AI (" + seats[i].Level + ")"
	}
	return fmt.Sprintf("seat %d", i)
}
