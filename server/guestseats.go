package server

import (
	"fmt"
	"slices"

	"plateau/mint"
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
func (s *Server) ownSeats(dev string, tokens []string) ([]string, string) {
	var own []string
	why := ""
	for i, tok := range tokens {
		devs := s.devices.seatDevices(mint.HashToken(tok))
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
