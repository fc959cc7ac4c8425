package lobby

import (
	"fmt"
	"time"

	"plateau/game"
	"plateau/seek"
	"plateau/server/correspondence"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// seekRange bounds a seek's rating range.
const seekRange = 1000

// Spec checks a seek message: a two-player game and variant, a clock
// as POST /api/games accepts, a range from 0 to seekRange.
func Spec(games *game.Registry, m SeekRequest) (seek.Spec, *httpx.FieldError) {
	g, err := games.Lookup(m.Game)
	if err != nil {
		return seek.Spec{}, &httpx.FieldError{Field: "game", Message: err.Error()}
	}
	settings := map[string]string{}
	for k, v := range m.Variant {
		settings[k] = v
	}
	for _, o := range g.Options() {
		if _, ok := settings[o.Key]; o.Key == "players" && !ok {
			settings["players"] = "2"
		}
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		return seek.Spec{}, &httpx.FieldError{Field: "variant", Message: err.Error()}
	}
	st, err := g.New(cfg)
	if err != nil {
		return seek.Spec{}, &httpx.FieldError{Field: "variant", Message: err.Error()}
	}
	if st.Players() != 2 {
		return seek.Spec{}, &httpx.FieldError{Field: "variant", Message: fmt.Sprintf("%s (%s) has %d players: seeks are for two", g.ID(), cfg, st.Players())}
	}
	spec := seek.Spec{Game: g.ID(), Variant: cfg, Key: cfg.String(), Rated: m.Rated, Range: m.Range}
	if c := m.Clock; c != nil && c.Days != 0 {
		if fe := CheckDays(*c); fe != nil {
			return seek.Spec{}, fe
		}
		spec.Clock = *c
	} else if c != nil && (c.Minutes != 0 || c.Increment != 0) {
		if !(c.Minutes >= seek.MinClockMinutes && c.Minutes <= seek.MaxClockMinutes) || !seek.Whole(c.Minutes*60) {
			return seek.Spec{}, &httpx.FieldError{Field: "clock.minutes", Message: fmt.Sprintf("%v: want minutes from 1/60 to %v, a whole number of seconds", c.Minutes, seek.MaxClockMinutes)}
		}
		if !(c.Increment >= 0 && c.Increment <= seek.MaxIncrement) || !seek.Whole(c.Increment*1000) {
			return seek.Spec{}, &httpx.FieldError{Field: "clock.increment", Message: fmt.Sprintf("%v: want seconds from 0 to %d", c.Increment, seek.MaxIncrement)}
		}
		spec.Clock = *c
	}
	if m.Range < 0 || m.Range > seekRange {
		return seek.Spec{}, &httpx.FieldError{Field: "range", Message: fmt.Sprintf("%d: want 0 (anyone) to %d", m.Range, seekRange)}
	}
	return spec, nil
}

// CheckDays checks a correspondence clock: days a move, no minutes nor
// increment.
func CheckDays(c seek.Clock) *httpx.FieldError {
	if err := correspondence.CheckDays(c.Days); err != nil {
		return &httpx.FieldError{Field: "clock.days", Message: err.Error()}
	}
	if c.Minutes != 0 || c.Increment != 0 {
		return &httpx.FieldError{Field: "clock.days", Message: fmt.Sprintf("%d days a move is a correspondence clock: give no minutes nor increment with it", c.Days)}
	}
	return nil
}

// StoreClock is the time control of a checked clock.
func StoreClock(c seek.Clock) store.Clock {
	if c.Days != 0 {
		return correspondence.Clock(c.Days)
	}
	return store.Clock{Initial: time.Duration(c.Minutes * float64(time.Minute)).Round(time.Millisecond),
		Increment: time.Duration(c.Increment * float64(time.Second)).Round(time.Millisecond)}
}
