package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"plateau/game"
	"plateau/mint"
	"plateau/protocol"
	"plateau/rating"
	"plateau/room"
	"plateau/seek"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// seekLobby is the lobby's seeks (package seek) and the connections of
// their owners, to tell them when someone pairs with them.
type seekLobby struct {
	board *seek.Board
	mu    sync.Mutex
	// owners maps an open seek's id to its connection's pairing channel.
	owners map[string]chan seekPaired
}

func newSeekLobby() *seekLobby {
	return &seekLobby{board: seek.NewBoard(), owners: map[string]chan seekPaired{}}
}

// withdraw removes the open seek id, if any, and forgets its owner.
func (lb *seekLobby) withdraw(id string) {
	if id == "" {
		return
	}
	lb.board.Remove(id)
	lb.mu.Lock()
	delete(lb.owners, id)
	lb.mu.Unlock()
}

// SeekRequest is a message of the lobby's WebSocket (GET /api/seeks/ws):
// "seek" (Game, Variant, Clock, Rated, Range), "cancel", or "accept" (ID).
type SeekRequest struct {
	Type    string            `json:"type"`
	Game    string            `json:"game,omitempty"`
	Variant map[string]string `json:"variant,omitempty"`
	Clock   *seek.Clock       `json:"clock,omitempty"`
	Rated   bool              `json:"rated,omitempty"`
	Range   int               `json:"range,omitempty"`
	ID      string            `json:"id,omitempty"`
}

// SeekMessage is a message the lobby's WebSocket sends: "seeks" (Seeks:
// every open seek, on connection with Account, and after each change), "seeking" (Seek:
// the connection's own seek is open), "paired" (Game, Seat, Token, URL)
// or "error" (Code, Message).
type SeekMessage struct {
	Type    string      `json:"type"`
	Seeks   []seek.Seek `json:"seeks,omitempty"`
	Seek    *seek.Seek  `json:"seek,omitempty"`
	Game    string      `json:"game,omitempty"`
	Seat    *int        `json:"seat,omitempty"`
	Token   string      `json:"token,omitempty"`
	URL     string      `json:"url,omitempty"`
	Code    string      `json:"code,omitempty"`
	Message string      `json:"message,omitempty"`
	// Account is the connection's account name, in its first "seeks"
	// message ("" for a guest, who may only watch).
	Account string `json:"account,omitempty"`
}

// seekPaired is what a pairing tells the owner of the seek it took.
type seekPaired struct {
	seek        string // the seek's id
	game, token string // "" if the game could not be created
	seat        int
}

func (p seekPaired) message() SeekMessage {
	return SeekMessage{Type: "paired", Game: p.game, Seat: &p.seat, Token: p.token,
		URL: fmt.Sprintf("/g/%s?seat=%d&token=%s", p.game, p.seat, p.token)}
}

// seekRange bounds a seek's rating range.
const seekRange = 1000

// seeksWS serves the lobby's seeks: anyone may watch them; a signed-in
// player may open one seek (which lasts as long as the connection),
// cancel it, or accept another's.
func (s *Server) seeksWS(w http.ResponseWriter, r *http.Request) {
	ip := s.clientAddr(r)
	if !s.enter(ip) {
		httpx.Error(w, http.StatusTooManyRequests, "rate_limited", "too many connections from "+ip)
		return
	}
	defer s.leave(ip)
	acc, err := s.seeker(r)
	if err != nil {
		s.o.Log.Error("seeks: the session", "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	c, err := websocket.Accept(bigWrites{ResponseWriter: w, guard: s.wsGuard("socket", "seeks", ip)}, r, &websocket.AcceptOptions{OriginPatterns: s.o.OriginPatterns})
	if err != nil {
		return
	}
	defer c.CloseNow()
	s.metrics.conns.Add(1)
	defer s.metrics.conns.Add(-1)
	c.SetReadLimit(s.o.MaxMessage)
	ctx, cancel := s.contextClosing(r.Context())
	defer cancel()

	cw := newConnWriter(c)
	defer cw.t.Stop()
	session, ended, unwatch := s.watchSeeker(ctx, r, acc)
	defer unwatch()
	lb := s.seeks
	changes, stop := lb.board.Watch()
	defer stop()
	paired := make(chan seekPaired, 1)
	mine := "" // the connection's open seek
	drop := func() {
		lb.withdraw(mine)
		mine = ""
	}
	defer drop()
	send := func(m SeekMessage) bool {
		b, err := json.Marshal(m)
		return err == nil && cw.write(b) == nil
	}
	fail := func(code, msg string) bool { return send(SeekMessage{Type: "error", Code: code, Message: msg}) }

	// in carries the client's messages: a request, or why one was refused
	// (code and message).
	type input struct {
		req           SeekRequest
		code, message string
	}
	in := make(chan input)
	readErr := make(chan error, 1)
	go func() {
		lim := httpx.NewMsgLimiter(s.o.Rate, s.o.Burst)
		for {
			typ, data, err := c.Read(ctx)
			if err != nil {
				readErr <- err
				return
			}
			var m input
			if ok, flood := lim.Allow(time.Now()); !ok {
				if flood {
					readErr <- closeError{websocket.StatusPolicyViolation, "rate_limited"}
					return
				}
				m.code, m.message = "rate_limited", "too many messages: slow down"
			} else if typ != websocket.MessageText {
				m.code, m.message = "bad_message", "messages are JSON text"
			} else {
				if err := protocol.DecodeStrict(data, &m.req); errors.Is(err, protocol.ErrInvalidUTF8) {
					readErr <- closeError{websocket.StatusInvalidFramePayloadData, "invalid UTF-8"}
					return
				} else if err != nil {
					m.code, m.message = "bad_message", err.Error()
				}
			}
			select {
			case in <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	go s.seekPings(ctx, c)
	first := SeekMessage{Type: "seeks", Seeks: emptyIfNil(lb.board.List())}
	if acc != nil {
		first.Account = acc.Name
	}
	if !send(first) {
		return
	}
	for {
		select {
		case <-changes:
			if !send(SeekMessage{Type: "seeks", Seeks: emptyIfNil(lb.board.List())}) {
				return
			}
		case p := <-paired:
			if p.seek == mine {
				mine = "" // the pairing took it from the board
			}
			ok := false
			if p.game == "" {
				ok = fail("internal", "the game could not be created: seek again")
			} else {
				ok = send(p.message())
			}
			if !ok {
				return
			}
		case <-ended:
			fail("signed_out", signedOutMessage)
			c.Close(closeSignedOut, "signed_out")
			return
		case err := <-readErr:
			var ce closeError
			if errors.As(err, &ce) {
				fail("rate_limited", "flood: closing the connection")
				c.Close(ce.code, ce.reason)
			} else if ctx.Err() != nil {
				c.Close(websocket.StatusGoingAway, "server shutting down")
			} else {
				c.Close(closeStatus(err), "")
			}
			return
		case x := <-in:
			ok := true
			switch m := x.req; {
			case x.code != "":
				ok = fail(x.code, x.message)
			case m.Type == "cancel":
				drop()
			case m.Type == "seek" || m.Type == "accept":
				if acc == nil {
					ok = fail("sign_in", "sign in to play anyone")
					break
				}
				if !s.liveSession(ctx, session) { // ended on another instance
					fail("signed_out", signedOutMessage)
					c.Close(closeSignedOut, "signed_out")
					return
				}
				if msg := s.seekRefusal(acc.ID, ip); msg != "" { // farming.go
					ok = fail("rate_limited", msg)
					break
				}
				ok = s.onSeek(ctx, acc, m, &mine, paired, send, fail)
			default:
				ok = fail("bad_message", fmt.Sprintf("unknown message type %q: want seek, cancel or accept", m.Type))
			}
			if !ok {
				return
			}
		}
	}
}

func emptyIfNil(ss []seek.Seek) []seek.Seek {
	if ss == nil {
		return []seek.Seek{}
	}
	return ss
}

// onSeek handles a seek or an accept of a signed-in player; false when the
// connection failed.
func (s *Server) onSeek(ctx context.Context, acc *store.Account, m SeekRequest, mine *string, paired chan seekPaired,
	send func(SeekMessage) bool, fail func(code, msg string) bool) bool {
	lb := s.seeks
	if m.Type == "accept" {
		// The taker plays the seek's game: its rating there decides.
		me := seek.Seek{Owner: acc.ID, Name: acc.Name}
		var err error
		rated := false
		for _, o := range lb.board.List() {
			if o.ID == m.ID {
				me.Rating, me.Provisional, err = s.ratingIn(ctx, acc.ID, o.Game)
				rated = o.Rated
				if msg := s.pairRefusal(ctx, acc.ID, o); err == nil && msg != "" { // farming.go
					return fail("pair_limit", msg)
				}
			}
		}
		if ok, refused := s.seekMarked(ctx, acc, rated, fail); refused {
			return ok
		}
		var taken seek.Seek
		if err == nil {
			taken, err = lb.board.Take(m.ID, me)
		}
		switch {
		case errors.Is(err, seek.ErrGone), errors.Is(err, seek.ErrOwn), errors.Is(err, seek.ErrOutside):
			return fail("seek_refused", err.Error())
		case err != nil:
			s.o.Log.Error("seeks: accept", "err", err)
			return fail("internal", "internal error")
		}
		me.Spec = taken.Spec
		lb.withdraw(*mine) // paired: the connection's own seek goes
		*mine = ""
		return s.pair(ctx, taken, me, paired, send, fail)
	}
	spec, fe := s.seekSpec(m)
	if fe != nil {
		return fail("bad_request", fe.Error())
	}
	if ok, refused := s.seekMarked(ctx, acc, spec.Rated, fail); refused {
		return ok
	}
	me, err := s.seekOf(ctx, acc, spec)
	if err != nil {
		s.o.Log.Error("seeks: rating", "account", acc.ID, "err", err)
		return fail("internal", "internal error")
	}
	lb.withdraw(*mine) // a new seek replaces the connection's
	*mine = ""
	me.ID = seek.NewID()
	lb.mu.Lock()
	other, ok := lb.board.AddExcept(me, s.pairedOut(ctx, me)) // farming.go
	if !ok {
		lb.owners[me.ID] = paired
	} else {
		delete(lb.owners, me.ID)
	}
	lb.mu.Unlock()
	if !ok {
		*mine = me.ID
		return send(SeekMessage{Type: "seeking", Seek: &me})
	}
	*mine = ""
	return s.pair(ctx, other, me, paired, send, fail)
}

// pair makes the game of two paired seeks, waiting (an open seek of the
// board) and asking (the connection's), and tells both owners their seat.
func (s *Server) pair(ctx context.Context, waiting, asking seek.Seek, paired chan seekPaired, send func(SeekMessage) bool, fail func(code, msg string) bool) bool {
	lb := s.seeks
	lb.mu.Lock()
	other := lb.owners[waiting.ID]
	delete(lb.owners, waiting.ID)
	lb.mu.Unlock()
	id, tokens, err := s.createPaired(ctx, waiting, asking, rand.IntN(2) == 0)
	if err != nil {
		s.o.Log.Error("seeks: creating the paired game", "err", err)
		if other != nil {
			select {
			case other <- seekPaired{seek: waiting.ID}:
			default:
			}
		}
		return fail("internal", "the game could not be created: seek again")
	}
	s.o.Log.Info("seeks paired", "game", id, "engine", waiting.Game, "rated", waiting.Rated)
	if other != nil {
		select { // buffered: the owner's connection reads it, or has gone
		case other <- seekPaired{seek: waiting.ID, game: id, seat: tokens.waiting, token: tokens.tokens[tokens.waiting]}:
		default:
		}
	}
	return send(seekPaired{game: id, seat: 1 - tokens.waiting, token: tokens.tokens[1-tokens.waiting]}.message())
}

// pairedSeats is a paired game's tokens and the waiting owner's seat.
type pairedSeats struct {
	tokens  [2]string
	waiting int
}

// createPaired creates the game of two paired seeks, the waiting owner
// first if waitingFirst, each seat with its account.
func (s *Server) createPaired(ctx context.Context, waiting, asking seek.Seek, waitingFirst bool) (string, pairedSeats, error) {
	var ps pairedSeats
	owners := [2]string{asking.Owner, waiting.Owner}
	if waitingFirst {
		owners = [2]string{waiting.Owner, asking.Owner}
	} else {
		ps.waiting = 1
	}
	seats := make([]store.Seat, 2)
	for i := range seats {
		ps.tokens[i] = mint.Token()
		seats[i] = store.Seat{Kind: store.Human, TokenHash: mint.HashToken(ps.tokens[i]), Account: owners[i]}
	}
	rec, err := room.NewGameRecord(waiting.Game, waiting.Variant, !waiting.Rated, seats)
	if err != nil {
		return "", ps, err
	}
	rec.Rated = waiting.Rated
	rec.Clock = store.Clock{Initial: time.Duration(waiting.Clock.Minutes * float64(time.Minute)).Round(time.Millisecond),
		Increment: time.Duration(waiting.Clock.Increment * float64(time.Second)).Round(time.Millisecond)}
	if err := s.o.Store.Create(ctx, rec); err != nil {
		return "", ps, err
	}
	if rm, err := s.rooms.Acquire(ctx, rec.ID); err == nil { // roll the opening dice
		s.rooms.Release(rm)
	}
	return rec.ID, ps, nil
}

// seekSpec checks a seek message: a two-player game and variant, a clock
// as POST /api/games accepts, a range from 0 to seekRange.
func (s *Server) seekSpec(m SeekRequest) (seek.Spec, *httpx.FieldError) {
	g, err := s.o.Games.Lookup(m.Game)
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
	if c := m.Clock; c != nil && (c.Minutes != 0 || c.Increment != 0) {
		if !(c.Minutes >= minClockMinutes && c.Minutes <= maxClockMinutes) || !exact(c.Minutes*60) {
			return seek.Spec{}, &httpx.FieldError{Field: "clock.minutes", Message: fmt.Sprintf("%v: want minutes from 1/60 to %v, a whole number of seconds", c.Minutes, maxClockMinutes)}
		}
		if !(c.Increment >= 0 && c.Increment <= maxIncrement) || !exact(c.Increment*1000) {
			return seek.Spec{}, &httpx.FieldError{Field: "clock.increment", Message: fmt.Sprintf("%v: want seconds from 0 to %d", c.Increment, maxIncrement)}
		}
		spec.Clock = *c
	}
	if m.Range < 0 || m.Range > seekRange {
		return seek.Spec{}, &httpx.FieldError{Field: "range", Message: fmt.Sprintf("%d: want 0 (anyone) to %d", m.Range, seekRange)}
	}
	return spec, nil
}

// seekOf is acc's seek of spec, with acc's rating in spec's game.
func (s *Server) seekOf(ctx context.Context, acc *store.Account, spec seek.Spec) (seek.Seek, error) {
	me := seek.Seek{Owner: acc.ID, Name: acc.Name, Spec: spec, Created: time.Now().UTC()}
	var err error
	if spec.Game != "" {
		me.Rating, me.Provisional, err = s.ratingIn(ctx, acc.ID, spec.Game)
	}
	return me, err
}

// ratingIn is an account's rating in a game, rounded (a new player's if it
// has none), and whether it is provisional.
func (s *Server) ratingIn(ctx context.Context, account, gameID string) (int, bool, error) {
	rs, err := s.o.Store.Ratings(ctx, account)
	if err != nil {
		return 0, false, err
	}
	for _, r := range rs {
		if r.Game == gameID {
			return round(r.Rating.Rating), s.farm.provisional(r), nil
		}
	}
	n := rating.New()
	return round(n.Rating), n.Provisional(), nil
}

// seekPings pings the lobby connection every PingInterval; one not
// answered within PingTimeout closes it.
func (s *Server) seekPings(ctx context.Context, c *websocket.Conn) {
	t := time.NewTicker(s.o.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, s.o.PingTimeout)
			err := c.Ping(pctx)
			cancel()
			if err != nil && ctx.Err() == nil {
				c.Close(websocket.StatusPolicyViolation, "no answer to ping")
				return
			}
		}
	}
}
