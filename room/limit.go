package room

import (
	"errors"
	"fmt"
)

// ErrTooManyRooms is the error of Acquire when Options.MaxRooms rooms are
// loaded and none can be unloaded: each has a client.
var ErrTooManyRooms = errors.New("too many games loaded")

// evictFor makes room for one more loaded room when Options.MaxRooms are
// loaded: it forgets the least recently used room without a client (its
// running clock, if any, is parked with the wheel as it stops) and returns it, for the caller to stop once m.mu is
// released. m.mu is held.
func (m *Manager) evictFor() (*Room, error) {
	if m.o.MaxRooms <= 0 || len(m.rooms) < m.o.MaxRooms {
		return nil, nil
	}
	var lru *Room
	for _, r := range m.rooms {
		if r.refs == 0 && (lru == nil || r.idleSince.Before(lru.idleSince)) {
			lru = r
		}
	}
	if lru == nil {
		return nil, fmt.Errorf("%w: %d, each with a client", ErrTooManyRooms, len(m.rooms))
	}
	delete(m.rooms, lru.id)
	return lru, nil
}
