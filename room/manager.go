package room

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/store"
)

// PlayerFactory returns a new player for an AI seat of a game at a level.
// A room makes one per AI seat and keeps it for the game (its search
// tables serve every move), then closes it.
type PlayerFactory func(gameID, level string) (ai.Player, error)

// Options configures a Manager.
type Options struct {
	Store store.Store
	Games *game.Registry
	// AI makes the players of AI seats (default: random moves for every level).
	AI PlayerFactory
	// AIWorkers bounds the AI moves computed at once (default 2). A freed
	// worker goes first to the searches of games with a human seat, then
	// to those of games between AI seats only, then to the searches of
	// game reviews (ReviewWorker), which a search of a game with a human
	// seat preempts.
	AIWorkers int
	// AIKept bounds the AI players kept from one move to the next, each
	// with its search tables (default 4 per AI worker); past it, an AI
	// seat's player is made for one move.
	AIKept int
	// AITime is the time budget of one AI move (default 2s).
	AITime time.Duration
	// IdleTimeout is how long a room with no client stays loaded (default 1m).
	IdleTimeout time.Duration
	// PlayerlessTimeout is how long a room with clients but none holding
	// a seat (spectators only) stays loaded, its clock not running
	// (default 10m): then it unloads, its spectators dropped with
	// Sub.Unloaded set, to reconnect on demand.
	PlayerlessTimeout time.Duration
	Log               *slog.Logger
	// OnCommit, if set, is called after each durable append with the
	// number of events and the time the store took.
	OnCommit func(events int, d time.Duration)
	// AIClient, if set, names the client a game's AI searches count for
	// when no human seat has an account (its creator: see aiClient); ""
	// for none. It must be safe for concurrent use.
	AIClient func(gameID string) string
	// RematchRated, if set, says whether the rematch of a rated game
	// between accounts is rated too (false: it is made unrated, as when
	// the two accounts have played their rated games of the day); a nil
	// RematchRated keeps every rematch of a rated game rated.
	RematchRated func(ctx context.Context, accounts []string) bool
	// OnRated, if set, is called with a rated game's id once its end,
	// rated, is durable, from the room's goroutine: it must not block
	// (the server queues the game's fair-play statistics).
	OnRated func(gameID string)
	// Instance names this server instance among those sharing the store
	// (the owner of its leases); required when the store is a
	// store.Leaser.
	Instance string
	// LeaseTTL and LeaseRenew are how long a game's lease lasts and how
	// often its owner renews it (default DefaultLeaseTTL,
	// DefaultLeaseRenew), when the store is a store.Leaser.
	LeaseTTL, LeaseRenew time.Duration
	// MaxRooms bounds the rooms loaded (0: no bound): loading one more
	// unloads the least recently used room without a client (a running
	// clock does not keep it: see wheel.go), or fails with
	// ErrTooManyRooms if there is none.
	MaxRooms int
	// WriteTimeout bounds each write of a game's events (default
	// DefaultWriteTimeout): past it the command is answered
	// storage_unavailable, whatever the disk does (storage.go).
	WriteTimeout time.Duration
	// WheelEvery is how often the clock wheel reads from the store the
	// deadlines of the games unloaded while their clock runs (default
	// DefaultWheelEvery).
	WheelEvery time.Duration
	// Now is the clock of the games' events and time controls (default
	// time.Now): tests of correspondence games move it days on. Idle
	// unloading and leases keep the real time.
	Now func() time.Time
	// Signer, when set, signs every finished game's record in the
	// transaction of its end (and again with each later event: a
	// rematch), see VerifySignature; nil leaves records unsigned.
	Signer Signer
}

// Manager loads rooms on demand and unloads them when idle.
type Manager struct {
	o      Options
	mu     sync.Mutex
	rooms  map[string]*Room
	aiSem  *aiScheduler
	aiKept chan struct{} // a place per AI player kept
	wheel  *wheel        // wakes the unloaded games at their clock's deadline
	quit   chan struct{}
	// notifier and leaser are the store's, when it is shared by several
	// instances (see lease.go); nil otherwise.
	notifier store.Notifier
	leaser   store.Leaser
	ctx      context.Context // the rooms' context: cancelled once they have all stopped
	cancel   context.CancelFunc
	wg       sync.WaitGroup // the janitor, the rooms and their AI searches
}

// randomPlayers is the default PlayerFactory.
func randomPlayers(string, string) (ai.Player, error) { return ai.NewRandom(rand.Uint64()), nil }

// NewManager starts a manager.
func NewManager(o Options) *Manager {
	if o.AI == nil {
		o.AI = randomPlayers
	}
	if o.AIWorkers <= 0 {
		o.AIWorkers = 2
	}
	if o.AIKept <= 0 {
		o.AIKept = 4 * o.AIWorkers
	}
	if o.AITime <= 0 {
		o.AITime = 2 * time.Second
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = time.Minute
	}
	if o.PlayerlessTimeout <= 0 {
		o.PlayerlessTimeout = 10 * time.Minute
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	m := &Manager{o: o, rooms: map[string]*Room{}, aiSem: newAIScheduler(o.AIWorkers),
		aiKept: make(chan struct{}, o.AIKept), quit: make(chan struct{})}
	if o.LeaseTTL <= 0 {
		o.LeaseTTL = DefaultLeaseTTL
	}
	if o.LeaseRenew <= 0 {
		o.LeaseRenew = DefaultLeaseRenew
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = DefaultWriteTimeout
	}
	if o.WheelEvery <= 0 {
		o.WheelEvery = DefaultWheelEvery
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	m.o = o
	m.wheel = newWheel(m, o.WheelEvery)
	m.notifier, _ = o.Store.(store.Notifier)
	if m.notifier != nil {
		m.leaser, _ = o.Store.(store.Leaser)
	}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.wg.Add(2)
	go m.janitor()
	go m.wheel.run()
	if m.notifier != nil {
		m.wg.Add(2)
		go m.listen()
		go m.clusterLoop()
	}
	return m
}

// now is the time of the games' clocks, in UTC.
func (m *Manager) now() time.Time { return m.o.Now().UTC() }

// Live is the number of rooms loaded.
func (m *Manager) Live() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.rooms)
}

// Acquire returns the room of a game, loading it from the store if needed.
// Every Acquire must be followed by a Release. The error wraps
// store.ErrNotFound for an unknown game.
func (m *Manager) Acquire(ctx context.Context, id string) (*Room, error) {
	m.mu.Lock()
	select {
	case <-m.quit:
		m.mu.Unlock()
		return nil, errors.New("server is shutting down")
	default:
	}
	r := m.rooms[id]
	var evicted *Room
	if r == nil {
		var err error
		if evicted, err = m.evictFor(); err != nil {
			m.mu.Unlock()
			return nil, err
		}
		r = newRoom(m, id)
		m.rooms[id] = r
		m.wg.Add(1)
		go r.run()
	}
	r.refs++
	m.mu.Unlock()
	if evicted != nil {
		evicted.stop()
	}
	select {
	case <-r.ready:
	case <-ctx.Done():
		m.Release(r)
		return nil, ctx.Err()
	}
	if r.loadErr != nil {
		m.Release(r)
		return nil, r.loadErr
	}
	return r, nil
}

// Release gives back a room obtained by Acquire.
func (m *Manager) Release(r *Room) {
	m.mu.Lock()
	r.refs--
	if r.refs == 0 {
		r.idleSince = time.Now()
	}
	m.mu.Unlock()
}

// remove forgets r (if it is still the loaded room of its game) and stops it.
func (m *Manager) remove(r *Room) {
	m.mu.Lock()
	if m.rooms[r.id] == r {
		delete(m.rooms, r.id)
	}
	m.mu.Unlock()
	r.stop()
}

func (m *Manager) janitor() {
	defer m.wg.Done()
	t := time.NewTicker(max(min(m.o.IdleTimeout, m.o.PlayerlessTimeout)/4, 10*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-m.quit:
			return
		case now := <-t.C:
			var idle []*Room
			m.mu.Lock()
			for id, r := range m.rooms {
				if r.refs == 0 && now.Sub(r.idleSince) >= m.o.IdleTimeout {
					delete(m.rooms, id)
					idle = append(idle, r)
				} else if r.refs > 0 && r.players.Load() == 0 && now.UnixNano()-r.noPlayerSince.Load() >= int64(m.o.PlayerlessTimeout) {
					delete(m.rooms, id)
					r.unloaded = true // read by the room's goroutine once quit is closed
					idle = append(idle, r)
				}
			}
			m.mu.Unlock()
			for _, r := range idle {
				r.stop()
			}
		}
	}
}

// AIQueued is the number of AI searches waiting for a worker: in games
// with a human seat, and in games of AI seats only.
func (m *Manager) AIQueued() (facingHuman, aiOnly int) {
	facingHuman, aiOnly, _ = m.aiSem.queued()
	return facingHuman, aiOnly
}

// ReviewsQueued is the number of review searches waiting for an AI worker.
func (m *Manager) ReviewsQueued() int {
	_, _, reviews := m.aiSem.queued()
	return reviews
}

// ReviewWorker waits for one of the AI workers for one search of a game
// review, at the lowest priority: after every live game's search. The
// search runs under the returned context, which is cancelled when a
// search facing a human needs the worker (the review then redoes the
// search): a person's reply never waits for a review. done gives the
// worker back once the search is over; ctx's error if ctx ends first.
func (m *Manager) ReviewWorker(ctx context.Context) (wctx context.Context, done func(), err error) {
	return m.aiSem.acquireReview(ctx)
}

// Close stops every room, letting writes in progress finish, and waits
// for them and their AI searches.
func (m *Manager) Close() {
	m.mu.Lock()
	select {
	case <-m.quit:
	default:
		close(m.quit)
	}
	rooms := m.rooms
	m.rooms = map[string]*Room{}
	m.mu.Unlock()
	for _, r := range rooms {
		r.stop()
	}
	m.wg.Wait()
	m.cancel()
}
