package director

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"plateau/game"
	"plateau/store"
)

// Store is what a director needs of the store: the tournaments, and the
// games' records to read their results.
type Store interface {
	store.Tournaments
	Game(ctx context.Context, id string) (*store.Game, error)
	// Events reads a game's log after seq after (who berserked).
	Events(ctx context.Context, id string, after int64) ([]store.Event, error)
}

// Games creates the games a director pairs.
type Games interface {
	// Create stores (and loads) a rated game of the tournament between
	// g.White's account on seat 0 and g.Black's on seat 1, with g.ID as
	// its id and g.Tokens as its seats' tokens; a seat with a level in
	// g.Levels is an AI seat of that level, bound to the level's account.
	Create(ctx context.Context, t *store.Tournament, spec Spec, g *Game) error
	// Abort ends game id as aborted, with no result, if no player has
	// moved in it; ErrGameStarted when one has (the game goes on).
	Abort(ctx context.Context, id string) error
}

// ErrGameStarted is the error of Games.Abort for a game a player has
// moved in.
var ErrGameStarted = errors.New("director: the game has started")

// Config is a director's dependencies and settings.
type Config struct {
	Store Store
	Games Games
	// Owner names this instance in the leases.
	Owner string
	// TTL is a lease's life (15 s if zero), Tick the pause between two
	// steps (1 s if zero).
	TTL, Tick time.Duration
	// StartWithin is how long a paired game may wait for its first move
	// (2 min if zero): past it, or past an arena's end, a game without a
	// move is aborted and void (a player who does not come does not hold
	// the others, and the game cannot be played once counted void).
	StartWithin time.Duration
	Now         func() time.Time
	NewID       func() string // a new game id
	NewToken    func() string // a new seat token
	Log         *slog.Logger
	// Notify, if not nil, is called after each append to a tournament.
	Notify func(id string)
}

// Director keeps the tournaments' states and runs those whose lease it
// holds.
type Director struct {
	cfg Config

	mu      sync.Mutex
	entries map[string]*entry
	held    map[string]bool
}

type entry struct {
	mu sync.Mutex
	st *State
}

// Errors of Join and Leave.
var (
	ErrClosed    = errors.New("director: the tournament is over")
	ErrStarted   = errors.New("director: the Swiss tournament is past half of its rounds: late entries are closed")
	ErrNotJoined = errors.New("director: not a player of the tournament")
)

// New returns a director.
func New(cfg Config) *Director {
	if cfg.TTL == 0 {
		cfg.TTL = 15 * time.Second
	}
	if cfg.Tick == 0 {
		cfg.Tick = time.Second
	}
	if cfg.StartWithin == 0 {
		cfg.StartWithin = 2 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Director{cfg: cfg, entries: map[string]*entry{}, held: map[string]bool{}}
}

// Run steps every Tick until ctx ends, then gives up its leases.
func (d *Director) Run(ctx context.Context) error {
	t := time.NewTicker(d.cfg.Tick)
	defer t.Stop()
	for {
		if err := d.Step(ctx); err != nil && ctx.Err() == nil {
			d.cfg.Log.Warn("tournaments step", "err", err)
		}
		select {
		case <-ctx.Done():
			uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			for id := range d.held {
				d.cfg.Store.UnleaseTournament(uctx, id, d.cfg.Owner)
			}
			cancel()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Step runs once every tournament not finished whose lease this director
// holds or can take.
func (d *Director) Step(ctx context.Context) error {
	ts, err := d.cfg.Store.Tournaments(ctx, []string{store.TournamentOpen, store.TournamentRunning}, 1000)
	if err != nil {
		return fmt.Errorf("director: list tournaments: %w", err)
	}
	var errs []error
	for _, t := range ts {
		if t.Status == store.TournamentOpen && t.Starts.After(d.cfg.Now().Add(d.cfg.Tick)) {
			continue
		}
		tok, err := d.cfg.Store.LeaseTournament(ctx, t.ID, d.cfg.Owner, d.cfg.TTL)
		if errors.Is(err, store.ErrFenced) {
			delete(d.held, t.ID)
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		d.held[t.ID] = true
		if err := d.run(ctx, t.ID, store.Fence{Owner: d.cfg.Owner, Token: tok}); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// entry returns the cache entry of tournament id, locked, its state caught
// up with the log.
func (d *Director) entry(ctx context.Context, id string) (*entry, error) {
	d.mu.Lock()
	e, ok := d.entries[id]
	if !ok {
		e = &entry{}
		d.entries[id] = e
	}
	d.mu.Unlock()
	e.mu.Lock()
	if err := d.refresh(ctx, e, id); err != nil {
		e.mu.Unlock()
		return nil, err
	}
	return e, nil
}

func (d *Director) refresh(ctx context.Context, e *entry, id string) error {
	if e.st == nil {
		t, err := d.cfg.Store.Tournament(ctx, id)
		if err != nil {
			return err
		}
		if e.st, err = NewState(t); err != nil {
			return err
		}
	}
	evs, err := d.cfg.Store.TournamentEvents(ctx, id, e.st.T.Version)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if err := e.st.Apply(ev); err != nil {
			e.st = nil
			return err
		}
	}
	if len(evs) > 0 {
		if t, err := d.cfg.Store.Tournament(ctx, id); err == nil {
			t.Version = e.st.T.Version
			e.st.T = *t
		}
	}
	return nil
}

// View calls fn with tournament id's state, caught up with its log; fn
// must not keep it.
func (d *Director) View(ctx context.Context, id string, fn func(*State)) error {
	e, err := d.entry(ctx, id)
	if err != nil {
		return err
	}
	defer e.mu.Unlock()
	fn(e.st)
	return nil
}

// appendEvents appends events of the given types and data after the
// state's version and, when apply is set, applies them to it.
func (d *Director) appendEvents(ctx context.Context, e *entry, f store.Fence, status string, apply bool, evs ...store.TournamentEvent) error {
	now := d.cfg.Now()
	for i := range evs {
		evs[i].Seq, evs[i].Time = e.st.T.Version+int64(i)+1, now
	}
	if err := d.cfg.Store.AppendTournament(ctx, e.st.T.ID, f, evs, status); err != nil {
		e.st = nil // reload from the log
		return err
	}
	if d.cfg.Notify != nil {
		defer d.cfg.Notify(e.st.T.ID)
	}
	if status != "" {
		e.st.T.Status = status
	}
	if !apply {
		return nil
	}
	for _, ev := range evs {
		if err := e.st.Apply(ev); err != nil {
			e.st = nil
			return err
		}
	}
	return nil
}

func event(typ string, data any) store.TournamentEvent {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err) // our own types always marshal
	}
	return store.TournamentEvent{Type: typ, Data: b}
}

// Join enters account in tournament id, or brings it back after leaving.
func (d *Director) Join(ctx context.Context, id, account, name string, rating int) error {
	return d.join(ctx, id, joinData{Account: account, Name: name, Rating: rating})
}

// EnterLevel enters a computer level in tournament id as its own player:
// account is the level's account, and its games' seat is an AI seat of
// that level (Games.Create sees it in Game.Levels). The same rules as
// Join apply; who may enter levels is the caller's to check.
func (d *Director) EnterLevel(ctx context.Context, id, level, account, name string, rating int) error {
	if level == "" {
		return errors.New("director: enter a level: no level named")
	}
	return d.join(ctx, id, joinData{Account: account, Name: name, Rating: rating, Level: level})
}

func (d *Director) join(ctx context.Context, id string, jd joinData) error {
	return d.retry(ctx, id, func(e *entry) (store.TournamentEvent, bool, error) {
		account := jd.Account
		st := e.st
		switch {
		case st.Ended || st.arena != nil && st.arena.Over(d.cfg.Now()):
			return store.TournamentEvent{}, false, ErrClosed
		case st.Joined(account):
			return store.TournamentEvent{}, false, nil
		case st.Joinable(d.cfg.Now()):
		default:
			return store.TournamentEvent{}, false, ErrStarted
		}
		return event(EvJoin, jd), true, nil
	})
}

// Leave takes account out of tournament id's pairings; its results stay.
func (d *Director) Leave(ctx context.Context, id, account string) error {
	return d.retry(ctx, id, func(e *entry) (store.TournamentEvent, bool, error) {
		if !e.st.Joined(account) {
			return store.TournamentEvent{}, false, ErrNotJoined
		}
		return event(EvLeave, leaveData{Account: account}), true, nil
	})
}

// retry appends the event decide returns, without a lease, again after a
// conflict with another writer.
func (d *Director) retry(ctx context.Context, id string, decide func(*entry) (store.TournamentEvent, bool, error)) error {
	for range 5 {
		e, err := d.entry(ctx, id)
		if err != nil {
			return err
		}
		ev, ok, err := decide(e)
		if err == nil && ok {
			err = d.appendEvents(ctx, e, store.Fence{}, "", true, ev)
		}
		e.mu.Unlock()
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
	}
	return fmt.Errorf("director: tournament %q: too many concurrent writes: %w", id, store.ErrConflict)
}

// outcome reads a finished game's result from white's side.
func outcome(rec *store.Game) string {
	var o game.Outcome
	if json.Unmarshal(rec.Result, &o) != nil || len(o.Results) != 2 || o.Reason == "aborted" {
		return Void
	}
	switch {
	case o.Results[0] == game.Win:
		return WhiteWins
	case o.Results[1] == game.Win:
		return BlackWins
	}
	return Draw
}
