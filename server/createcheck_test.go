package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestCreateRefusesBadBodies(t *testing.T) {
	ts := newTestServer(t, nil)
	const hh = `"seats":[{"kind":"human"},{"kind":"human"}]`
	tests := []struct {
		name, body, field, msg string // msg: a part of the message
	}{
		{"non-canonical int", `{"game":"intercept","variant":{"limit":"+5"},` + hh + `}`, "variant.limit", `write "5"`},
		{"leading zero", `{"game":"intercept","variant":{"limit":"05"},` + hh + `}`, "variant.limit", `write "5"`},
		{"minus zero", `{"game":"intercept","variant":{"limit":"-0"},` + hh + `}`, "variant.limit", `write "0"`},
		{"out of range option", `{"game":"intercept","variant":{"limit":"5001"},` + hh + `}`, "variant.limit", "from 0 to 5000"},
		{"unknown option", `{"game":"dames","variant":{"limit":"5"},` + hh + `}`, "variant.limit", "no option"},
		{"bad enum", `{"game":"dames","variant":{"draw":"never"},` + hh + `}`, "variant.draw", "not one of"},
		{"tiny clock", `{"game":"dames",` + hh + `,"clock":{"minutes":1e-300}}`, "clock.minutes", "from 1 second (1/60) to 1440"},
		{"zero clock", `{"game":"dames",` + hh + `,"clock":{"minutes":0}}`, "clock.minutes", "minutes"},
		{"negative clock", `{"game":"dames",` + hh + `,"clock":{"minutes":-5}}`, "clock.minutes", "minutes"},
		{"huge clock", `{"game":"dames",` + hh + `,"clock":{"minutes":1e300}}`, "clock.minutes", "minutes"},
		{"clock below a second", `{"game":"dames",` + hh + `,"clock":{"minutes":5.001}}`, "clock.minutes", "whole number of seconds"},
		{"increment below a millisecond", `{"game":"dames",` + hh + `,"clock":{"minutes":5,"increment":1e-300}}`, "clock.increment", "milliseconds"},
		{"negative increment", `{"game":"dames",` + hh + `,"clock":{"minutes":5,"increment":-1}}`, "clock.increment", "from 0 to 600"},
		{"clock as string", `{"game":"dames",` + hh + `,"clock":{"minutes":"5"}}`, "clock.minutes", "not a float64"},
		{"unknown field", `{"game":"dames",` + hh + `,"colour":"white"}`, "colour", "unknown field"},
		{"unknown seat field", `{"game":"dames","seats":[{"kind":"human"},{"kind":"human","name":"x"}]}`, "seats[1].name", "unknown field"},
		{"unknown clock field", `{"game":"dames",` + hh + `,"clock":{"minutes":5,"delay":2}}`, "clock.delay", "unknown field"},
		{"key in another case", `{"GAME":"dames",` + hh + `}`, "GAME", `write "game"`},
		{"seat key in another case", `{"game":"dames","seats":[{"Kind":"human"},{"kind":"human"}]}`, "seats[0].Kind", `write "kind"`},
		{"duplicate key", `{"game":"dames","game":"shutbox",` + hh + `}`, "game", "given twice"},
		{"duplicate seat key", `{"game":"dames","seats":[{"kind":"ai","kind":"human"},{"kind":"human"}]}`, "seats[0].kind", "given twice"},
		{"duplicate variant key", `{"game":"intercept","variant":{"limit":"5","limit":"6"},` + hh + `}`, "variant.limit", "given twice"},
		{"trailing data", `{"game":"dames",` + hh + `} {}`, "", "trailing data"},
		{"not an object", `["dames"]`, "", "cannot unmarshal"},
		{"not JSON", `{"game":`, "game", "not JSON"},
		{"AI-vs-AI above hard", `{"game":"dames","seats":[{"kind":"ai","level":"max"},{"kind":"ai","level":"max"}]}`, "seats",
			"at most level hard: seat 0 (max), seat 1 (max)"},
		{"AI-vs-AI one seat above hard", `{"game":"shutbox","variant":{"players":"3"},"seats":[{"kind":"ai","level":"easy"},{"kind":"ai","level":"hard"},{"kind":"ai","level":"max"}]}`, "seats",
			"at most level hard: seat 2 (max)"},
		{"rated and casual", `{"game":"dames",` + hh + `,"rated":true,"casual":true}`, "rated", "not casual"},
		{"rated for three", `{"game":"shutbox","variant":{"players":"3"},"seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}],"rated":true}`, "rated", "two players, not 3"},
		{"rated against the computer", `{"game":"dames","seats":[{"kind":"human"},{"kind":"ai"}],"rated":true}`, "seats[1].kind", "computer"},
		{"rated as string", `{"game":"dames",` + hh + `,"rated":"yes"}`, "rated", "not a bool"},
		{"deep nesting", `{"game":"dames","seats":` + strings.Repeat("[", 50) + strings.Repeat("]", 50) + `}`, "seats[0][0][0][0][0][0][0][0]", "nested too deep"},
	}
	for _, tt := range tests {
		resp, err := ts.HTTP.Post(ts.URL+"/api/games", "application/json", strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Error struct{ Code, Field, Message string }
		}
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusBadRequest || out.Error.Code != "bad_request" || out.Error.Field != tt.field ||
			!strings.Contains(out.Error.Message, tt.msg) {
			t.Errorf("%s: %d %+v (%v); want 400 naming field %q with %q", tt.name, resp.StatusCode, out.Error, err, tt.field, tt.msg)
		}
	}
	// Good bodies still create games.
	for _, body := range []string{
		`{"game":"intercept","variant":{"limit":"5"},` + hh + `}`,
		`{"game":"dames",` + hh + `,"clock":{"minutes":0.5,"increment":1.5}}`,
		`{"game":"dames",` + hh + `,"clock":null,"casual":true}`,
		`{"game":"shutbox","variant":{"players":"3"},"seats":[{"kind":"human"},{"kind":"ai","level":"easy"},{"kind":"open"}]}`,
		`{"game":"dames","seats":[{"kind":"ai","level":"hard"},{"kind":"ai","level":"hard"}]}`, // AI-vs-AI up to hard
		`{"game":"dames","seats":[{"kind":"human"},{"kind":"ai","level":"max"}]}`,              // max facing a human
		`{"game":"dames","seats":[{"kind":"open"},{"kind":"ai","level":"max"}]}`,               // max facing a seat for a human
	} {
		resp, err := ts.HTTP.Post(ts.URL+"/api/games", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Errorf("%s: %d, want 201", body, resp.StatusCode)
		}
	}
}
