package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"plateau/mint"
	"plateau/protocol"
	"plateau/room"
	"plateau/server/internal/httpx"
)

const (
	writeTimeout = 10 * time.Second
	outBuffer    = 256
)

// Close codes besides the standard ones.
const (
	// closeBadHello closes connections whose hello was refused.
	closeBadHello = websocket.StatusPolicyViolation
	// closeUnloaded closes the spectators of a game unloaded because no
	// player was connected (--no-player-timeout): reconnect on demand.
	closeUnloaded websocket.StatusCode = 4000
)

func (s *Server) ws(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	ip := s.clientAddr(r)
	if !s.enter(ip) {
		httpx.Error(w, http.StatusTooManyRequests, "rate_limited", "too many connections from "+ip)
		return
	}
	defer s.leave(ip)
	rm, err := s.rooms.Acquire(r.Context(), id)
	if err != nil {
		s.storeError(w, id, err)
		return
	}
	defer s.rooms.Release(rm)
	c, err := websocket.Accept(bigWrites{ResponseWriter: w, guard: s.wsGuard("game", id, ip)}, r, &websocket.AcceptOptions{OriginPatterns: s.o.OriginPatterns})
	if err != nil {
		s.o.Log.Info("websocket refused", "game", id, "ip", ip, "err", err)
		return
	}
	s.metrics.conns.Add(1)
	defer s.metrics.conns.Add(-1)
	c.SetReadLimit(s.o.MaxMessage)
	ctx, cancel := s.contextClosing(r.Context())
	defer cancel()
	var session string // the session cookie: the seats joined become its account's
	if ck, err := r.Cookie(sessionCookie); err == nil {
		session = ck.Value
	}
	s.serveConn(ctx, c, rm, session)
}

// wsWriteBuffer is the size of a WebSocket's write buffer: a message that
// does not fit is written in two system calls, and net/http's 4 KiB are
// less than a draughts event (about 5 KB with its view). It costs 4 KiB a
// connection.
const wsWriteBuffer = 8 << 10

// bigWrites gives the WebSocket it hijacks a write buffer of wsWriteBuffer,
// and reads it through guard (nil: none), given the bytes net/http read
// past the request.
type bigWrites struct {
	http.ResponseWriter
	guard func(c net.Conn, buffered []byte) net.Conn
}

func (b bigWrites) Unwrap() http.ResponseWriter { return b.ResponseWriter }

// Hijack hijacks the connection with a larger, empty, write buffer.
func (b bigWrites) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := http.NewResponseController(b.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if brw.Writer.Buffered() == 0 {
		// In place: net/http keeps this Writer until the handler returns,
		// so its 4 KiB are freed only if it takes the new buffer.
		*brw.Writer = *bufio.NewWriterSize(c, wsWriteBuffer)
	}
	if b.guard != nil {
		buffered, _ := brw.Reader.Peek(brw.Reader.Buffered())
		c = b.guard(c, bytes.Clone(buffered))
		brw.Reader.Reset(c) // the WebSocket reads what was buffered through the guard
	}
	return c, brw, nil
}

// enter counts a connection from ip; false if ip has too many or the
// server is closing.
func (s *Server) enter(ip string) bool {
	s.ipMu.Lock()
	defer s.ipMu.Unlock()
	if s.stopped || (s.o.ConnsPerIP > 0 && s.perIP[ip] >= s.o.ConnsPerIP) {
		return false
	}
	s.perIP[ip]++
	s.nconn++
	return true
}

func (s *Server) leave(ip string) {
	s.ipMu.Lock()
	defer s.ipMu.Unlock()
	if s.perIP[ip]--; s.perIP[ip] <= 0 {
		delete(s.perIP, ip)
	}
	if s.nconn--; s.nconn == 0 && s.stopped {
		close(s.allGone)
	}
}

// connWriter writes a connection's messages, each within writeTimeout: a
// write that takes longer closes the connection. One timer serves every
// write (a context with a deadline for each message took allocations and
// locks, a few per cent of the server's time under load). The server's
// closing does not interrupt a write: serveConn closes the connection.
type connWriter struct {
	c *websocket.Conn
	t *time.Timer
}

func newConnWriter(c *websocket.Conn) *connWriter {
	t := time.AfterFunc(writeTimeout, func() { c.CloseNow() })
	t.Stop()
	return &connWriter{c: c, t: t}
}

// write sends one message.
func (w *connWriter) write(msg []byte) error {
	w.t.Reset(writeTimeout)
	err := w.c.Write(context.Background(), websocket.MessageText, msg)
	w.t.Stop()
	return err
}

// closeStatus is how a connection that ended with err is closed.
func closeStatus(err error) websocket.StatusCode {
	if s := websocket.CloseStatus(err); s != -1 {
		return s
	}
	return websocket.StatusInternalError
}

func (s *Server) serveConn(ctx context.Context, c *websocket.Conn, rm *room.Room, session string) {
	defer c.CloseNow()
	account, ended, unwatch := s.connSession(ctx, session)
	defer unwatch()
	cw := newConnWriter(c)
	defer cw.t.Stop()
	// The hello.
	typ, data, err := s.readHello(ctx, c)
	if err != nil {
		return
	}
	refuseHello := func(id, code, msg string) {
		cw.write(protocol.ErrorJSON(id, code, msg))
		c.Close(closeBadHello, code)
	}
	if typ != websocket.MessageText {
		refuseHello("", "bad_message", "messages are JSON text")
		return
	}
	if !utf8.Valid(data) {
		cw.write(protocol.ErrorJSON("", "bad_message", "the message is not valid UTF-8"))
		c.Close(websocket.StatusInvalidFramePayloadData, "invalid UTF-8")
		return
	}
	m, ref := protocol.Decode(data)
	if ref != nil {
		refuseHello(m.ID, ref.Code, ref.Message)
		return
	}
	if m.Type != "hello" {
		refuseHello(m.ID, "bad_message", "the first message must be hello")
		return
	}
	if len(m.Tokens) > 0 && rm.Rated() && !s.signedIn(ctx, session) {
		refuseHello(m.ID, "sign_in", "this game is rated: sign in to play it")
		return
	}
	sub := room.NewSub(outBuffer)
	sub.Account = account
	initial, ref := rm.Join(ctx, sub, *m.Version, m.Tokens)
	if ref != nil {
		refuseHello(m.ID, ref.Code, ref.Message)
		return
	}
	defer rm.Leave(sub)
	if len(m.Tokens) > 0 {
		hashes := make([][]byte, len(m.Tokens))
		for i, tok := range m.Tokens {
			hashes[i] = mint.HashToken(tok)
		}
		s.devices.joined(deviceOf(ctx), rm.ID(), hashes, s.o.Now())
	}
	for _, msg := range initial {
		if cw.write(msg) != nil {
			return
		}
	}
	if session != "" && len(m.Tokens) > 0 {
		s.attachJoined(ctx, rm, session, m.Tokens)
	}
	// direct carries the connection's own replies (pong, refusals of
	// malformed messages); the room's messages come on sub.Out.
	direct := make(chan []byte, 16)
	readErr, idle := make(chan error, 1), make(chan error, 1)
	var lastMsg atomic.Int64
	lastMsg.Store(time.Now().UnixNano())
	go func() { readErr <- s.readLoop(c, rm, sub, direct, &lastMsg, session) }()
	defer s.keepAlive(ctx, c, &lastMsg, idle)()
	for {
		select {
		case msg := <-sub.Out:
			if cw.write(msg) != nil {
				return
			}
		case msg := <-direct:
			if cw.write(msg) != nil {
				return
			}
		case <-sub.Gone:
			// Flush what the room sent before dropping it (the error of a
			// room that failed).
			for len(sub.Out) > 0 {
				if cw.write(<-sub.Out) != nil {
					break
				}
			}
			if sub.Unloaded {
				c.Close(closeUnloaded, truncate(sub.Reason))
			} else {
				c.Close(websocket.StatusTryAgainLater, truncate(sub.Reason))
			}
			return
		case err := <-readErr:
			var ce closeError
			switch {
			case errors.As(err, &ce):
				// Flush what is queued (the refusal that explains the close).
				for len(direct) > 0 {
					cw.write(<-direct)
				}
				c.Close(ce.code, ce.reason)
			case ctx.Err() != nil:
				c.Close(websocket.StatusGoingAway, "server shutting down")
			default:
				c.Close(closeStatus(err), "")
			}
			return
		case <-ended:
			cw.write(protocol.ErrorJSON("", "signed_out", signedOutMessage))
			c.Close(closeSignedOut, "signed_out")
			return
		case err := <-idle:
			s.metrics.idleClosed.Add(1)
			c.Close(websocket.StatusPolicyViolation, truncate(err.Error()))
			return
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "server shutting down")
			return
		}
	}
}

type closeError struct {
	code   websocket.StatusCode
	reason string
}

func (e closeError) Error() string { return e.reason }

func truncate(s string) string {
	if len(s) > 120 {
		return s[:120]
	}
	return s
}

// readLoop reads client messages until the connection fails (serveConn
// closes it to end the loop). Each message read stores its time in
// lastMsg (Unix nanoseconds).
func (s *Server) readLoop(c *websocket.Conn, rm *room.Room, sub *room.Sub, direct chan<- []byte, lastMsg *atomic.Int64, session string) error {
	lim := httpx.NewMsgLimiter(s.o.Rate, s.o.Burst)
	reply := func(msg []byte) bool {
		select {
		case direct <- msg:
			return true
		default:
			return false
		}
	}
	for {
		// No context to cancel: a cancellable one cost a registration
		// for each message.
		typ, data, err := c.Read(context.Background())
		if err != nil {
			if errors.Is(err, websocket.ErrMessageTooBig) || websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				return closeError{websocket.StatusMessageTooBig, "too_large"}
			}
			return err
		}
		now := time.Now()
		lastMsg.Store(now.UnixNano())
		if ok, flood := lim.Allow(now); !ok {
			if flood {
				reply(protocol.ErrorJSON("", "rate_limited", "flood: closing the connection"))
				return closeError{websocket.StatusPolicyViolation, "rate_limited"}
			}
			reply(protocol.ErrorJSON("", "rate_limited", "too many messages: slow down"))
			continue
		}
		if typ != websocket.MessageText {
			reply(protocol.ErrorJSON("", "bad_message", "messages are JSON text"))
			continue
		}
		if !utf8.Valid(data) { // RFC 6455: a text message that is not UTF-8 fails the connection
			reply(protocol.ErrorJSON("", "bad_message", "the message is not valid UTF-8"))
			return closeError{websocket.StatusInvalidFramePayloadData, "invalid UTF-8"}
		}
		m, ref := protocol.Decode(data)
		if ref != nil {
			reply(protocol.ErrorJSON(m.ID, ref.Code, ref.Message))
			continue
		}
		switch m.Type {
		case "ping":
			reply(pong)
		case "hello":
			reply(protocol.ErrorJSON(m.ID, "bad_message", "hello is the first message only"))
		default:
			if sub.Account != "" && rm.Rated() && !s.liveSession(context.Background(), session) {
				reply(protocol.ErrorJSON(m.ID, "signed_out", signedOutMessage))
				return closeError{closeSignedOut, "signed_out"}
			}
			if !rm.Do(sub, m) {
				reply(protocol.ErrorJSON(m.ID, "internal", "the game's room closed: reconnect"))
				return closeError{websocket.StatusTryAgainLater, "room closed"}
			}
		}
	}
}

// pong is the answer to a ping.
var pong = func() []byte {
	b, _ := protocol.Marshal(protocol.NewPong())
	return b
}()
