package room

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"plateau/dice"
	"plateau/game"
	"plateau/store"
)

// Chooser picks moves for AI seats. Choose must respect ctx's deadline and
// must not change s (it is a clone anyway).
type Chooser interface {
	Choose(ctx context.Context, s game.State) (game.Move, error)
}

// ChooserFactory returns the player of an AI seat of a game at a level.
type ChooserFactory func(gameID, level string) (Chooser, error)

// Random is a Chooser that plays a uniformly random legal move.
type Random struct{}

// Choose implements Chooser.
func (Random) Choose(ctx context.Context, s game.State) (game.Move, error) {
	ms := s.Moves(nil)
	if len(ms) == 0 {
		return 0, errors.New("no legal move")
	}
	return ms[rand.IntN(len(ms))], nil
}

// Options configures a Manager.
type Options struct {
	Store store.Store
	Games *game.Registry
	// AI makes the players of AI seats (default: Random for every level).
	AI ChooserFactory
	// AIWorkers bounds the AI moves computed at once (default 2).
	AIWorkers int
	// AITime is the time budget of one AI move (default 2s).
	AITime time.Duration
	// IdleTimeout is how long a room with no client stays loaded (default 1m).
	IdleTimeout time.Duration
	Log         *slog.Logger
	// OnCommit, if set, is called after each durable append with the
	// number of events and the time the store took.
	OnCommit func(events int, d time.Duration)
}

// Manager loads rooms on demand and unloads them when idle.
type Manager struct {
	o     Options
	mu    sync.Mutex
	rooms map[string]*Room
	aiSem chan struct{}
	quit  chan struct{}
	wg    sync.WaitGroup
}

// NewManager starts a manager.
func NewManager(o Options) *Manager {
	if o.AI == nil {
		o.AI = func(string, string) (Chooser, error) { return Random{}, nil }
	}
	if o.AIWorkers <= 0 {
		o.AIWorkers = 2
	}
	if o.AITime <= 0 {
		o.AITime = 2 * time.Second
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = time.Minute
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	m := &Manager{o: o, rooms: map[string]*Room{}, aiSem: make(chan struct{}, o.AIWorkers), quit: make(chan struct{})}
	m.wg.Add(1)
	go m.janitor()
	return m
}

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
	if r == nil {
		r = &Room{m: m, id: id, inbox: make(chan func(), 64), quit: make(chan struct{}), done: make(chan struct{}),
			ready: make(chan struct{}), subs: map[*Sub]struct{}{}, aiFor: -1}
		m.rooms[id] = r
		m.wg.Add(1)
		go r.run()
	}
	r.refs++
	m.mu.Unlock()
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
	t := time.NewTicker(max(m.o.IdleTimeout/4, 10*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-m.quit:
			return
		case now := <-t.C:
			var idle []*Room
			m.mu.Lock()
			for id, r := range m.rooms {
				// A room whose clock runs stays until the clock stops: its timer ends the game on time.
				if r.refs == 0 && now.Sub(r.idleSince) >= m.o.IdleTimeout && !r.ticking.Load() {
					delete(m.rooms, id)
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

// Close stops every room, letting writes in progress finish.
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
}

// Sub is one client connection subscribed to a room. The room sends it
// messages on Out, in order; if Out is full the room drops it, closing Gone.
type Sub struct {
	Out    chan []byte
	Gone   chan struct{}
	Reason string // why it was dropped, set before Gone is closed
	seats  []int
}

// NewSub returns a subscriber with an outgoing buffer of n messages.
func NewSub(n int) *Sub { return &Sub{Out: make(chan []byte, n), Gone: make(chan struct{})} }

func (s *Sub) holds(seat int) bool {
	for _, x := range s.seats {
		if x == seat {
			return true
		}
	}
	return false
}

// Room is one loaded game. Its goroutine owns everything below the line.
type Room struct {
	m         *Manager
	id        string
	inbox     chan func()
	quit      chan struct{}
	done      chan struct{}
	ready     chan struct{}
	loadErr   error
	stopOnce  sync.Once
	refs      int         // guarded by m.mu
	idleSince time.Time   // guarded by m.mu
	ticking   atomic.Bool // a clock runs: keep the room loaded

	rec    *store.Game
	play   *Play
	events []store.Event
	msgs   [][]byte // the event message of each event, nil until built
	subs   map[*Sub]struct{}
	aiFor  int64       // version an AI move was asked for
	flagAt *time.Timer // fires when the running clock runs out
}

// ID is the room's game id.
func (r *Room) ID() string { return r.id }

func (r *Room) stop() { r.stopOnce.Do(func() { close(r.quit) }) }

func (r *Room) run() {
	defer r.m.wg.Done()
	defer close(r.done)
	ctx := context.Background()
	if err := r.load(ctx); err != nil {
		r.loadErr = err
		close(r.ready)
		r.m.remove(r)
		return
	}
	close(r.ready)
	r.advance(ctx)
	r.armClock()
	defer func() {
		if r.flagAt != nil {
			r.flagAt.Stop()
		}
	}()
	for {
		select {
		case fn := <-r.inbox:
			fn()
		case <-r.quit:
			for s := range r.subs {
				r.drop(s, "the game's room closed: reconnect")
			}
			return
		}
	}
}

func (r *Room) load(ctx context.Context) error {
	rec, err := r.m.o.Store.Game(ctx, r.id)
	if err != nil {
		return err
	}
	evs, err := r.m.o.Store.Events(ctx, r.id, 0)
	if err != nil {
		return err
	}
	p, err := Replay(r.m.o.Games, rec, evs)
	if err != nil {
		return err
	}
	r.rec, r.play, r.events, r.msgs = rec, p, evs, make([][]byte, len(evs))
	return nil
}

// call runs fn in the room's goroutine and waits for it; false if the room
// has stopped.
func (r *Room) call(fn func()) bool {
	finished := make(chan struct{})
	select {
	case r.inbox <- func() { fn(); close(finished) }:
	case <-r.done:
		return false
	}
	select {
	case <-finished:
		return true
	case <-r.done:
		return false
	}
}

// post queues fn without waiting; false if the room has stopped.
func (r *Room) post(fn func()) bool {
	select {
	case r.inbox <- fn:
		return true
	case <-r.done:
		return false
	}
}

// fail stops a room whose in-memory state may no longer match the store;
// the next Acquire reloads it from the log.
func (r *Room) fail(err error) {
	r.m.o.Log.Error("room failed, unloading", "game", r.id, "err", err)
	r.m.remove(r)
}

// Summary returns the game's summary with its moves and view.
func (r *Room) Summary() (Summary, bool) {
	var s Summary
	ok := r.call(func() { s = r.summary() })
	return s, ok
}

func (r *Room) summary() Summary {
	s := SummaryOf(r.rec)
	s.Moves = append([]MoveRec{}, r.play.Moves...)
	v := game.NewView(r.play.G, r.play.State)
	if o := r.play.Outcome(); o.Over {
		v.Outcome = &o
	}
	s.View = &v
	s.RematchID = r.play.Rematch
	if r.play.Clock != nil {
		s.Clock = r.play.Clock.JSON(time.Now())
	}
	return s
}

// Join subscribes sub with the seats of tokens, after version. It returns
// the welcome message and the events after version, to be sent before
// anything sub receives on Out.
func (r *Room) Join(sub *Sub, version int64, tokens []string) ([][]byte, *Refusal) {
	var out [][]byte
	var ref *Refusal
	ok := r.call(func() { out, ref = r.join(sub, version, tokens) })
	if !ok {
		return nil, &Refusal{"internal", "the game's room closed: reconnect"}
	}
	return out, ref
}

func (r *Room) join(sub *Sub, version int64, tokens []string) ([][]byte, *Refusal) {
	if version < 0 || version > r.play.Version {
		return nil, &Refusal{"stale_version", fmt.Sprintf("version %d is not between 0 and the game's version %d", version, r.play.Version)}
	}
	var seats, fresh []int
	for i, tok := range tokens {
		seat := r.seatOf(tok)
		if seat < 0 {
			return nil, &Refusal{"bad_token", fmt.Sprintf("token %d matches no seat of game %s", i+1, r.id)}
		}
		seats = append(seats, seat)
		if !r.rec.Seats[seat].Joined {
			fresh = append(fresh, seat)
		}
	}
	if len(fresh) > 0 {
		upd := &store.Update{Joined: fresh}
		allJoined := true
		for i, st := range r.rec.Seats {
			if st.Kind == store.Human && !st.Joined && !contains(fresh, i) {
				allJoined = false
			}
		}
		if allJoined && r.rec.Status == store.StatusOpen {
			upd.Status = store.StatusLive
		}
		if err := r.m.o.Store.Append(context.Background(), r.id, nil, upd); err != nil {
			return nil, &Refusal{"internal", "could not record the seat: " + err.Error()}
		}
		for _, s := range fresh {
			r.rec.Seats[s].Joined = true
		}
		if upd.Status != "" {
			r.rec.Status = upd.Status
		}
		r.broadcastSeats()
	}
	sub.seats = seats
	out := [][]byte{mustJSON(map[string]any{"type": "welcome", "version": r.play.Version, "seats": nonNil(seats), "game": r.summary()})}
	for i := int(version); i < len(r.events); i++ {
		out = append(out, r.msg(i))
	}
	r.subs[sub] = struct{}{}
	return out, nil
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

func nonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}

// HashToken is how seat tokens are stored.
func HashToken(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}

func (r *Room) seatOf(tok string) int {
	h := HashToken(tok)
	found := -1
	for i, st := range r.rec.Seats {
		if st.Kind == store.Human && subtle.ConstantTimeCompare(h, st.TokenHash) == 1 {
			found = i
		}
	}
	return found
}

// Claim gives the open seat of the game to a new player: it returns the
// seat's fresh token (shown once, stored hashed), or why not: codes
// not_found (no such seat), seat_not_open, seat_taken, game_over, internal.
func (r *Room) Claim(ctx context.Context, seat int) (string, *Refusal) {
	var tok string
	var ref *Refusal
	if !r.call(func() { tok, ref = r.claim(ctx, seat) }) {
		return "", &Refusal{"internal", "the game's room closed: retry"}
	}
	return tok, ref
}

func (r *Room) claim(ctx context.Context, seat int) (string, *Refusal) {
	if seat < 0 || seat >= len(r.rec.Seats) {
		return "", &Refusal{"not_found", fmt.Sprintf("game %s has no seat %d (seats 0 to %d)", r.id, seat, len(r.rec.Seats)-1)}
	}
	st := r.rec.Seats[seat]
	switch {
	case !st.Open || st.Kind != store.Human:
		return "", &Refusal{"seat_not_open", fmt.Sprintf("seat %d of game %s is not an open seat", seat, r.id)}
	case !st.Claimable():
		return "", &Refusal{"seat_taken", fmt.Sprintf("seat %d of game %s is already taken", seat, r.id)}
	case r.play.Over():
		return "", &Refusal{"game_over", fmt.Sprintf("game %s is over", r.id)}
	}
	tok := NewToken()
	h := HashToken(tok)
	if err := r.m.o.Store.Claim(ctx, r.id, seat, h); err != nil {
		if errors.Is(err, store.ErrSeatTaken) { // by another server instance
			r.fail(err) // the record is stale: the next Acquire reloads it
			return "", &Refusal{"seat_taken", fmt.Sprintf("seat %d of game %s is already taken", seat, r.id)}
		}
		return "", &Refusal{"internal", fmt.Sprintf("could not claim seat %d: %v", seat, err)}
	}
	r.rec.Seats[seat].TokenHash = h
	r.broadcastSeats()
	return tok, nil
}

// broadcastSeats tells the clients that a seat was claimed or joined.
func (r *Room) broadcastSeats() {
	if len(r.subs) == 0 {
		return
	}
	s := SummaryOf(r.rec)
	msg := mustJSON(map[string]any{"type": "seats", "game": map[string]any{"status": s.Status, "seats": s.Seats}})
	for sub := range r.subs {
		r.send(sub, msg)
	}
}

// Leave unsubscribes sub.
func (r *Room) Leave(sub *Sub) {
	r.post(func() { delete(r.subs, sub) })
}

func (r *Room) drop(s *Sub, reason string) {
	if _, ok := r.subs[s]; !ok {
		return
	}
	delete(r.subs, s)
	s.Reason = reason
	close(s.Gone)
}

func (r *Room) send(s *Sub, msg []byte) {
	if _, ok := r.subs[s]; !ok {
		return
	}
	select {
	case s.Out <- msg:
	default:
		r.drop(s, "client too slow: reconnect to catch up")
	}
}

// msg returns the event message of events[i], building the missing ones by
// replaying the log.
func (r *Room) msg(i int) []byte {
	if r.msgs[i] == nil {
		p, err := Replay(r.m.o.Games, r.rec, nil)
		if err != nil {
			panic(err) // the room loaded, so the game starts
		}
		for j, e := range r.events {
			if err := p.Apply(e); err != nil {
				panic(fmt.Sprintf("room %s: event %d replays no more: %v", r.id, e.Seq, err))
			}
			if j >= i && r.msgs[j] == nil {
				r.msgs[j] = eventMsg(p, e)
			}
		}
	}
	return r.msgs[i]
}

func eventMsg(p *Play, e store.Event) []byte {
	v := game.NewView(p.G, p.State)
	if o := p.Outcome(); o.Over {
		v.Outcome = &o
	}
	m := map[string]any{"type": "event", "version": e.Seq, "event": ToJSON(e), "view": v}
	if p.Clock != nil {
		m["clock"] = p.Clock.JSON(e.Time)
	}
	return mustJSON(m)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// ErrorMsg is the error message sent to a client.
func ErrorMsg(id, code, message string) []byte {
	m := map[string]any{"type": "error", "code": code, "message": message}
	if id != "" {
		m["id"] = id
	}
	return mustJSON(m)
}

func ackMsg(id string, version int64, rematchID string) []byte {
	m := map[string]any{"type": "ack", "version": version}
	if rematchID != "" {
		m["rematch_id"] = rematchID
	}
	if id != "" {
		m["id"] = id
	}
	return mustJSON(m)
}

// extend adds to evs, already applied to p, the rolls the server plays next
// and the end event if the game is over.
func (r *Room) extend(p *Play, evs []store.Event) ([]store.Event, *store.Update, error) {
	now := time.Now().UTC()
	for !p.Over() && p.State.ToMove() == game.Chance {
		ms := p.State.ChanceMoves(nil)
		m, err := dice.Roll(r.rec.DiceSeed, p.Rolls+1, ms)
		if err != nil {
			return nil, nil, err
		}
		e := store.Event{Seq: p.Version + 1, Kind: KindRoll, Player: int(game.Chance), Notation: p.State.FormatMove(m), Time: now}
		if err := p.Apply(e); err != nil {
			return nil, nil, err
		}
		evs = append(evs, e)
	}
	var upd *store.Update
	if p.Over() && !p.Ended {
		o := p.Outcome()
		data := mustJSON(eventData{Result: mustJSON(o), Seed: seedHex(r.rec.DiceSeed)})
		e := store.Event{Seq: p.Version + 1, Kind: KindEnd, Player: NoPlayer, Data: data, Time: now}
		if err := p.Apply(e); err != nil {
			return nil, nil, err
		}
		evs = append(evs, e)
		upd = &store.Update{Status: store.StatusFinished, Result: mustJSON(o)}
	}
	return evs, upd, nil
}

// commit makes evs durable, then applies them and broadcasts them.
func (r *Room) commit(evs []store.Event, upd *store.Update) error {
	if len(evs) == 0 {
		return nil
	}
	start := time.Now()
	if err := r.m.o.Store.Append(context.Background(), r.id, evs, upd); err != nil {
		r.fail(err)
		return err
	}
	if r.m.o.OnCommit != nil {
		r.m.o.OnCommit(len(evs), time.Since(start))
	}
	for _, e := range evs {
		if err := r.play.Apply(e); err != nil {
			r.fail(err)
			return err
		}
		r.events = append(r.events, e)
		var msg []byte
		if len(r.subs) > 0 {
			msg = eventMsg(r.play, e)
		}
		r.msgs = append(r.msgs, msg)
		for s := range r.subs {
			r.send(s, msg)
		}
	}
	r.rec.Version = r.play.Version
	r.rec.Updated = time.Now().UTC()
	r.armClock()
	if upd != nil {
		if upd.Status != "" {
			r.rec.Status = upd.Status
		}
		if upd.Result != nil {
			r.rec.Result = upd.Result
		}
	}
	return nil
}

// advance plays what the server plays: pending rolls and AI moves.
func (r *Room) advance(ctx context.Context) {
	if p := r.play.Clone(); !p.Ended && (p.Over() || p.State.ToMove() == game.Chance) {
		evs, upd, err := r.extend(p, nil)
		if err != nil {
			r.fail(err)
			return
		}
		if r.commit(evs, upd) != nil {
			return
		}
	}
	r.kickAI()
}

func (r *Room) kickAI() {
	p := r.play
	if p.Over() {
		return
	}
	seat := int(p.State.ToMove())
	if seat < 0 || r.rec.Seats[seat].Kind != store.AI || r.aiFor == p.Version {
		return
	}
	chooser, err := r.m.o.AI(r.rec.Game, r.rec.Seats[seat].Level)
	if err != nil {
		r.m.o.Log.Error("no AI player, using random moves", "game", r.id, "level", r.rec.Seats[seat].Level, "err", err)
		chooser = Random{}
	}
	r.aiFor = p.Version
	st, version := p.State.Clone(), p.Version
	go func() {
		select {
		case r.m.aiSem <- struct{}{}:
		case <-r.quit:
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), r.m.o.AITime)
		m, err := chooser.Choose(ctx, st)
		cancel()
		<-r.m.aiSem
		if err != nil {
			r.m.o.Log.Warn("AI move failed, playing a random move", "game", r.id, "err", err)
			m, _ = Random{}.Choose(context.Background(), st)
		}
		notation := st.FormatMove(m)
		r.post(func() {
			if r.play.Version != version {
				return
			}
			r.submit(nil, "", store.Event{Kind: KindMove, Player: seat, Notation: notation})
		})
	}()
}

// armClock sets the timer of the running clock, if any.
func (r *Room) armClock() {
	if r.flagAt != nil {
		r.flagAt.Stop()
		r.flagAt = nil
	}
	c := r.play.Clock
	r.ticking.Store(c != nil && c.Running >= 0 && !r.play.Over())
	if !r.ticking.Load() {
		return
	}
	version := r.play.Version
	r.flagAt = time.AfterFunc(c.LeftAt(c.Running, time.Now()), func() {
		r.post(func() {
			if r.play.Version == version {
				r.flagDue()
			}
		})
	})
}

// flagDue ends the game if the running clock has run out.
func (r *Room) flagDue() {
	c := r.play.Clock
	if c == nil || c.Running < 0 || r.play.Over() {
		return
	}
	now := time.Now().UTC()
	if c.LeftAt(c.Running, now) > 0 {
		r.armClock() // a timer that fired early
		return
	}
	r.submit(nil, "", store.Event{Kind: KindTimeout, Player: c.Running, Time: now})
}

// submit validates e on a copy of the game, adds the server's follow-ups,
// commits, then acknowledges to sub (nil for the server's own moves).
func (r *Room) submit(sub *Sub, id string, e store.Event) {
	p := r.play.Clone()
	e.Seq = p.Version + 1
	if e.Time.IsZero() {
		e.Time = time.Now().UTC()
	}
	if err := p.Apply(e); err != nil {
		r.refuse(sub, id, err)
		return
	}
	r.submitted(sub, id, p, []store.Event{e})
}

func (r *Room) submitted(sub *Sub, id string, p *Play, evs []store.Event) {
	evs, upd, err := r.extend(p, evs)
	if err != nil {
		r.refuse(sub, id, err)
		return
	}
	if err := r.commit(evs, upd); err != nil {
		if sub != nil {
			select {
			case sub.Out <- ErrorMsg(id, "internal", "the move could not be stored: reconnect"):
			default:
			}
		}
		return
	}
	if sub != nil {
		rematch := ""
		if evs[0].Kind == KindRematch {
			rematch = r.play.Rematch
		}
		r.send(sub, ackMsg(id, evs[0].Seq, rematch))
	}
	r.kickAI()
}

func (r *Room) refuse(sub *Sub, id string, err error) {
	if sub == nil {
		r.m.o.Log.Error("server event refused", "game", r.id, "err", err)
		return
	}
	var ref *Refusal
	if !errors.As(err, &ref) {
		ref = &Refusal{"internal", err.Error()}
	}
	r.send(sub, ErrorMsg(id, ref.Code, ref.Message))
}

// Action is a client's request, already checked for shape by the server.
type Action struct {
	Type    string // move, resign, draw, undo, rematch
	ID      string
	Version *int64
	Move    string
	Seat    *int
	Action  string // offer/accept/decline, request/accept/decline
}

// Do handles a client's action; replies (ack or error) and events arrive
// on sub.Out. It returns false if the room has stopped.
func (r *Room) Do(sub *Sub, a Action) bool {
	return r.post(func() {
		if _, ok := r.subs[sub]; !ok {
			return
		}
		if err := r.do(sub, a); err != nil {
			r.refuse(sub, a.ID, err)
		}
	})
}

func (r *Room) do(sub *Sub, a Action) error {
	r.flagDue()
	p := r.play
	if a.Version != nil && *a.Version != p.Version {
		return refuse("stale_version", "the game is at version %d, not %d: reconnect to catch up", p.Version, *a.Version)
	}
	if len(sub.seats) == 0 {
		return refuse("not_allowed", "spectators cannot play: connect with a seat token")
	}
	if p.Over() && a.Type != "rematch" {
		return refuse("game_over", "the game is over")
	}
	seat := -1
	if a.Seat != nil {
		if !sub.holds(*a.Seat) {
			return refuse("not_allowed", "this connection does not hold seat %d", *a.Seat)
		}
		seat = *a.Seat
	}
	pick := func(pred func(int) bool) int { // the given seat, else the first held seat that fits
		if seat >= 0 {
			return seat
		}
		for _, s := range sub.seats {
			if pred(s) {
				return s
			}
		}
		return -1
	}
	anySeat := func(int) bool { return true }
	noSeat := func(what string) error {
		return refuse("not_allowed", "this connection holds no seat that may %s now", what)
	}
	switch a.Type {
	case "move":
		if a.Version == nil {
			return refuse("bad_message", "a move names the version it was made on")
		}
		tm := int(p.State.ToMove())
		if tm < 0 || !sub.holds(tm) || (seat >= 0 && seat != tm) {
			return refuse("not_your_turn", "%s is to move", p.State.ToMove())
		}
		m, err := p.State.ParseMove(a.Move)
		if err != nil {
			return refuse("illegal_move", "%q: %v", a.Move, err)
		}
		r.submit(sub, a.ID, store.Event{Kind: KindMove, Player: tm, Notation: p.State.FormatMove(m)})
	case "resign":
		r.submit(sub, a.ID, store.Event{Kind: KindResign, Player: pick(anySeat)})
	case "draw":
		var kind string
		s := -1
		switch a.Action {
		case "offer":
			kind = KindDrawOffer
			s = pick(func(x int) bool { return x == int(p.State.ToMove()) })
			if s < 0 {
				s = pick(anySeat)
			}
		case "accept", "decline":
			kind = map[string]string{"accept": KindDrawAccept, "decline": KindDrawDecline}[a.Action]
			s = pick(func(x int) bool { return x != p.Draw })
		default:
			return refuse("bad_message", "draw action %q is not offer, accept or decline", a.Action)
		}
		if s < 0 {
			return noSeat(a.Action + " a draw")
		}
		r.submit(sub, a.ID, store.Event{Kind: kind, Player: s})
	case "undo":
		if !r.rec.Casual {
			return refuse("not_allowed", "undo is for casual games")
		}
		switch a.Action {
		case "request":
			s := seat
			if s < 0 { // the held seat that moved last
				for i := len(p.Moves) - 1; i >= 0 && s < 0; i-- {
					if sub.holds(p.Moves[i].Player) {
						s = p.Moves[i].Player
					}
				}
				if s < 0 {
					s = sub.seats[0]
				}
			}
			q := p.Clone()
			req := store.Event{Seq: q.Version + 1, Kind: KindUndoRequest, Player: s, Time: time.Now().UTC()}
			if err := q.Apply(req); err != nil {
				return err
			}
			evs := []store.Event{req}
			if other := r.onlyAIOpponent(s); other >= 0 { // the AI always agrees
				acc := store.Event{Seq: q.Version + 1, Kind: KindUndoAccept, Player: other, Data: mustJSON(eventData{Seat: &s}), Time: req.Time}
				if err := q.Apply(acc); err != nil {
					return err
				}
				evs = append(evs, acc)
			}
			r.submitted(sub, a.ID, q, evs)
		case "accept", "decline":
			kind := map[string]string{"accept": KindUndoAccept, "decline": KindUndoDecline}[a.Action]
			req := p.Undo
			s := pick(func(x int) bool { return x != req })
			if s < 0 || req < 0 {
				return noSeat(a.Action + " an undo request")
			}
			r.submit(sub, a.ID, store.Event{Kind: kind, Player: s, Data: mustJSON(eventData{Seat: &req})})
		default:
			return refuse("bad_message", "undo action %q is not request, accept or decline", a.Action)
		}
	case "rematch":
		if !p.Over() {
			return refuse("not_allowed", "a rematch is asked after the end of the game")
		}
		if p.Rematch != "" {
			r.send(sub, ackMsg(a.ID, p.Version, p.Rematch))
			return nil
		}
		id, err := r.createRematch()
		if err != nil {
			return refuse("internal", "rematch: %v", err)
		}
		r.submit(sub, a.ID, store.Event{Kind: KindRematch, Player: pick(anySeat), Data: mustJSON(eventData{RematchID: id})})
	default:
		return refuse("bad_message", "unknown message type %q", a.Type)
	}
	return nil
}

// onlyAIOpponent returns an AI seat if every seat but seat is an AI, else -1.
func (r *Room) onlyAIOpponent(seat int) int {
	other := -1
	for i, st := range r.rec.Seats {
		if i == seat {
			continue
		}
		if st.Kind != store.AI {
			return -1
		}
		other = i
	}
	return other
}

// createRematch stores a new game with the same variant and seat tokens,
// the seats rotated by one (swapped for two players).
func (r *Room) createRematch() (string, error) {
	n := len(r.rec.Seats)
	seats := make([]store.Seat, n)
	for i := range seats {
		seats[i] = r.rec.Seats[(i+1)%n]
		seats[i].Joined = false
	}
	g, err := NewGameRecord(r.rec.Game, r.rec.Variant, r.rec.Casual, seats)
	if err != nil {
		return "", err
	}
	g.RematchOf = r.id
	g.Clock = r.rec.Clock
	if err := r.m.o.Store.Create(context.Background(), g); err != nil {
		return "", err
	}
	return g.ID, nil
}
