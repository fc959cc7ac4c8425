package server

import (
	"context"
	"fmt"
	"time"

	"plateau/store"
)

// sharedStore is the server's store when it is shared by several
// instances (a store.Notifier and store.Leaser, see docs/cluster.md): the
// watched store with the notes and leases passed through, its fenced
// appends watched too.
type sharedStore struct {
	watchedStore
	store.Notifier
	leaser store.Leaser
}

func (s sharedStore) Lease(ctx context.Context, owner string, ids []string, ttl time.Duration) (map[string]int64, error) {
	return s.leaser.Lease(ctx, owner, ids, ttl)
}

func (s sharedStore) Unlease(ctx context.Context, owner string, ids []string) error {
	return s.leaser.Unlease(ctx, owner, ids)
}

func (s sharedStore) AppendFenced(ctx context.Context, id, owner string, token int64, events []store.Event, upd *store.Update) error {
	err := s.leaser.AppendFenced(ctx, id, owner, token, events, upd)
	s.h.wrote(err)
	return err
}

// watch wraps st so that its writes are recorded in h, keeping what makes
// it a shared store.
func watch(st store.Store, h *health) store.Store {
	w := watchedStore{Store: st, h: h}
	n, isNotifier := st.(store.Notifier)
	l, isLeaser := st.(store.Leaser)
	if isNotifier && isLeaser {
		return sharedStore{watchedStore: w, Notifier: n, leaser: l}
	}
	return w
}

// shared reports whether the server's store is shared by several instances.
func (s *Server) shared() bool {
	_, ok := s.o.Store.(sharedStore)
	return ok
}

// clusterHealth is the line /healthz adds on a shared store.
func (s *Server) clusterHealth() string {
	db := "the database"
	if n, ok := s.o.Store.(sharedStore).watchedStore.Store.(fmt.Stringer); ok {
		db = n.String()
	}
	return fmt.Sprintf("instance %s on %s: %d games loaded, %d owned\n", s.rooms.Instance(), db, s.rooms.Live(), s.rooms.Owned())
}
