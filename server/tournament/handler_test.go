package tournament

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"plateau/store"
	"plateau/tournament/director"
)

func TestCheck(t *testing.T) {
	h := New(Deps{Check: func(game string, variant map[string]string, _ director.Clock) (map[string]string, error) {
		if game != "dames" {
			return nil, errors.New("no such game")
		}
		return map[string]string{"size": "10"}, nil
	}})
	now := time.Date(2026, 12, 5, 20, 0, 0, 0, time.UTC)
	clock := director.Clock{Minutes: 3, Increment: 2}
	tests := []struct {
		name  string
		req   CreateRequest
		field string
	}{
		{"arena", CreateRequest{Kind: "arena", Game: "dames", Clock: clock, Minutes: 30, StartsIn: 5}, ""},
		{"swiss", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 5}, ""},
		{"kind", CreateRequest{Kind: "cup", Game: "dames", Clock: clock}, "kind"},
		{"arena length", CreateRequest{Kind: "arena", Game: "dames", Clock: clock, Minutes: 0}, "minutes"},
		{"arena too long", CreateRequest{Kind: "arena", Game: "dames", Clock: clock, Minutes: 361}, "minutes"},
		{"rounds", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 16}, "rounds"},
		{"swiss berserk", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 3, Berserk: true}, "berserk"},
		{"no clock", CreateRequest{Kind: "arena", Game: "dames", Minutes: 30}, "clock.minutes"},
		{"game", CreateRequest{Kind: "arena", Game: "chess", Clock: clock, Minutes: 30}, "game"},
		{"start", CreateRequest{Kind: "arena", Game: "dames", Clock: clock, Minutes: 30, StartsIn: -1}, "startsIn"},
		{"name", CreateRequest{Kind: "arena", Game: "dames", Clock: clock, Minutes: 30, Name: strings.Repeat("é", 61)}, "name"},
		{"swiss every 30 min", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 5, RoundEvery: 30}, ""},
		{"swiss every day", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 7, RoundEvery: 1440}, ""},
		{"round_every negative", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 5, RoundEvery: -1}, "round_every"},
		{"round_every over a day", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 2, RoundEvery: 1441}, "round_every"},
		{"rounds over 7 days", CreateRequest{Kind: "swiss", Game: "dames", Clock: clock, Rounds: 8, RoundEvery: 1440}, "round_every"},
		{"round_every in an arena", CreateRequest{Kind: "arena", Game: "dames", Clock: clock, Minutes: 30, RoundEvery: 10}, "round_every"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, field, err := h.check(tt.req, &store.Account{ID: "a1"}, now)
			if field != tt.field || (err == nil) != (tt.field == "") {
				t.Fatalf("field %q, err %v, want field %q", field, err, tt.field)
			}
			if err != nil {
				return
			}
			if tr.Creator != "a1" || tr.Status != store.TournamentOpen || !tr.Starts.Equal(now.Add(time.Duration(tt.req.StartsIn)*time.Minute)) ||
				!strings.Contains(string(tr.Spec), `"size":"10"`) {
				t.Errorf("record %+v, spec %s", tr, tr.Spec)
			}
			var spec director.Spec
			if json.Unmarshal(tr.Spec, &spec) != nil || spec.RoundEvery != tt.req.RoundEvery {
				t.Errorf("spec %s, want round_every %d", tr.Spec, tt.req.RoundEvery)
			}
		})
	}
}
