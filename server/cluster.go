package server

import (
	"context"
	"fmt"
	"io"
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

// writeClusterMetrics writes the instance's part in a cluster: its name,
// whether the database answered its last write, the games it owns.
func (s *Server) writeClusterMetrics(w io.Writer, dbErr error) {
	up := 1
	if dbErr != nil {
		up = 0
	}
	fmt.Fprintf(w, "# HELP plateau_instance_info This server instance among those sharing the database.\n# TYPE plateau_instance_info gauge\nplateau_instance_info{instance=%q} 1\n", s.rooms.Instance())
	fmt.Fprintf(w, "# HELP plateau_database_up Whether the database took the last write (1) or not (0).\n# TYPE plateau_database_up gauge\nplateau_database_up %d\n", up)
	fmt.Fprintf(w, "# HELP plateau_games_owned Loaded games whose lease this instance holds (it runs their clocks and AI seats).\n# TYPE plateau_games_owned gauge\nplateau_games_owned %d\n", s.rooms.Owned())
}

// clusterHealth is the line /healthz adds on a shared store.
func (s *Server) clusterHealth() string {
	db := "the database"
	if n, ok := s.o.Store.(sharedStore).watchedStore.Store.(fmt.Stringer); ok {
		db = n.String()
	}
	return fmt.Sprintf("instance %s on %s: %d games loaded, %d owned\n", s.rooms.Instance(), db, s.rooms.Live(), s.rooms.Owned())
}
