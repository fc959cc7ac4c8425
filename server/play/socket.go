package play

import (
	"context"
	"errors"
	"net/http"
	"unicode/utf8"

	"github.com/coder/websocket"

	"plateau/protocol"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/server/internal/wsconn"
)

// outBuffer is the room messages queued for one connection.
const outBuffer = 256

func (h *Handler) ws(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	ip := h.c.ClientAddr(r)
	if !h.c.Gate.Enter(ip) {
		httpx.Error(w, http.StatusTooManyRequests, "rate_limited", "too many connections from "+ip)
		return
	}
	defer h.c.Gate.Leave(ip)
	rm, err := h.c.Rooms.Acquire(r.Context(), id)
	if err != nil {
		h.c.Errors.StoreError(w, id, err)
		return
	}
	defer h.c.Rooms.Release(rm)
	c, err := h.c.Limits.Accept(w, r, h.c.Log, "game", id, ip)
	if err != nil {
		h.c.Log.Info("websocket refused", "game", id, "ip", ip, "err", err)
		return
	}
	h.c.Conns.Add(1)
	defer h.c.Conns.Add(-1)
	ctx, cancel := h.c.Closing(r.Context())
	defer cancel()
	// The session cookie: the seats joined become its account's.
	h.serveConn(ctx, c, rm, h.c.Sessions.Cookie(r))
}

func (h *Handler) serveConn(ctx context.Context, c *websocket.Conn, rm *room.Room, session string) {
	defer c.CloseNow()
	account, ended, unwatch := h.c.Sessions.ConnSession(ctx, session)
	defer unwatch()
	cw := wsconn.NewWriter(c)
	defer cw.Stop()
	sub, ok := h.join(ctx, c, cw, rm, session, account)
	if !ok {
		return
	}
	defer rm.Leave(sub)
	h.relay(ctx, c, cw, rm, sub, session, ended)
}

// join reads the connection's hello and joins the room with it, sending
// what the client missed; false when refused or failed (the connection
// then closed or closing).
func (h *Handler) join(ctx context.Context, c *websocket.Conn, cw *wsconn.Writer, rm *room.Room, session, account string) (*room.Sub, bool) {
	typ, data, err := h.c.Limits.ReadHello(ctx, c)
	if err != nil {
		return nil, false
	}
	refuseHello := func(id, code, msg string) {
		cw.Write(protocol.ErrorJSON(id, code, msg))
		c.Close(wsconn.CloseBadHello, code)
	}
	if typ != websocket.MessageText {
		refuseHello("", "bad_message", "messages are JSON text")
		return nil, false
	}
	if !utf8.Valid(data) {
		cw.Write(protocol.ErrorJSON("", "bad_message", "the message is not valid UTF-8"))
		c.Close(websocket.StatusInvalidFramePayloadData, "invalid UTF-8")
		return nil, false
	}
	m, ref := protocol.Decode(data)
	if ref != nil {
		refuseHello(m.ID, ref.Code, ref.Message)
		return nil, false
	}
	if m.Type != "hello" {
		refuseHello(m.ID, "bad_message", "the first message must be hello")
		return nil, false
	}
	if len(m.Tokens) > 0 && rm.Rated() && !h.c.Sessions.SignedIn(ctx, session) {
		refuseHello(m.ID, "sign_in", "this game is rated: sign in to play it")
		return nil, false
	}
	sub := room.NewSub(outBuffer)
	sub.Account = account
	initial, ref := rm.Join(ctx, sub, *m.Version, m.Tokens)
	if ref != nil {
		refuseHello(m.ID, ref.Code, ref.Message)
		return nil, false
	}
	if len(m.Tokens) > 0 {
		h.c.Sessions.Joined(ctx, rm.ID(), m.Tokens)
	}
	for _, msg := range initial {
		if cw.Write(msg) != nil {
			rm.Leave(sub)
			return nil, false
		}
	}
	if session != "" && len(m.Tokens) > 0 {
		h.c.Sessions.AttachJoined(ctx, rm, session, m.Tokens)
	}
	return sub, true
}

// relay relays the room's messages to the connection and the client's
// to the room until either ends.
func (h *Handler) relay(ctx context.Context, c *websocket.Conn, cw *wsconn.Writer, rm *room.Room, sub *room.Sub, session string, ended <-chan struct{}) {
	// direct carries the connection's own replies (pong, refusals of
	// malformed messages); the room's messages come on sub.Out.
	direct := make(chan []byte, 16)
	readErr, idle := make(chan error, 1), make(chan error, 1)
	in := h.c.Limits.NewReader(c)
	go func() { readErr <- h.readLoop(in, rm, sub, direct, session) }()
	defer h.c.Limits.KeepAlive(ctx, c, in.Last(), idle)()
	for {
		select {
		case msg := <-sub.Out:
			if cw.Write(msg) != nil {
				return
			}
		case msg := <-direct:
			if cw.Write(msg) != nil {
				return
			}
		case <-sub.Gone:
			// Flush what the room sent before dropping it (the error of a
			// room that failed).
			for len(sub.Out) > 0 {
				if cw.Write(<-sub.Out) != nil {
					break
				}
			}
			if sub.Unloaded {
				c.Close(wsconn.CloseUnloaded, wsconn.Truncate(sub.Reason))
			} else {
				c.Close(websocket.StatusTryAgainLater, wsconn.Truncate(sub.Reason))
			}
			return
		case err := <-readErr:
			var ce wsconn.CloseError
			switch {
			case errors.As(err, &ce):
				// Flush what is queued (the refusal that explains the close).
				for len(direct) > 0 {
					cw.Write(<-direct)
				}
				if ce.ErrCode != "" {
					cw.Write(protocol.ErrorJSON("", ce.ErrCode, ce.Message))
				}
				c.Close(ce.Code, ce.Reason)
			case ctx.Err() != nil:
				c.Close(websocket.StatusGoingAway, "server shutting down")
			default:
				c.Close(wsconn.CloseStatus(err), "")
			}
			return
		case <-ended:
			cw.Write(protocol.ErrorJSON("", "signed_out", wsconn.SignedOutMessage))
			c.Close(wsconn.CloseSignedOut, "signed_out")
			return
		case err := <-idle:
			h.c.IdleClosed.Add(1)
			c.Close(websocket.StatusPolicyViolation, wsconn.Truncate(err.Error()))
			return
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "server shutting down")
			return
		}
	}
}

// readLoop reads client messages until the connection fails (serveConn
// closes it to end the loop).
func (h *Handler) readLoop(in *wsconn.Reader, rm *room.Room, sub *room.Sub, direct chan<- []byte, session string) error {
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
		data, refused, err := in.Next(context.Background())
		if err != nil {
			return err
		}
		if refused != nil {
			reply(protocol.ErrorJSON("", refused.Code, refused.Message))
			continue
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
			if sub.Account != "" && rm.Rated() && !h.c.Sessions.LiveSession(context.Background(), session) {
				reply(protocol.ErrorJSON(m.ID, "signed_out", wsconn.SignedOutMessage))
				return wsconn.CloseError{Code: wsconn.CloseSignedOut, Reason: "signed_out"}
			}
			if !rm.Do(sub, m) {
				reply(protocol.ErrorJSON(m.ID, "internal", "the game's room closed: reconnect"))
				return wsconn.CloseError{Code: websocket.StatusTryAgainLater, Reason: "room closed"}
			}
		}
	}
}

// pong is the answer to a ping.
var pong = func() []byte {
	b, _ := protocol.Marshal(protocol.NewPong())
	return b
}()
