package lobby

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"

	"plateau/protocol"
	"plateau/seek"
	"plateau/server/internal/httpx"
	"plateau/server/internal/wsconn"
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

// seeksWS serves the lobby's seeks: anyone may watch them; a signed-in
// player may open one seek (which lasts as long as the connection),
// cancel it, or accept another's.
func (h *Handler) seeksWS(w http.ResponseWriter, r *http.Request) {
	ip := h.c.ClientAddr(r)
	if !h.c.Gate.Enter(ip) {
		httpx.Error(w, http.StatusTooManyRequests, "rate_limited", "too many connections from "+ip)
		return
	}
	defer h.c.Gate.Leave(ip)
	acc, err := h.c.Players.Seeker(r)
	if err != nil {
		h.c.Log.Error("seeks: the session", "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	c, err := h.c.Limits.Accept(w, r, h.c.Log, "socket", "seeks", ip)
	if err != nil {
		return
	}
	defer c.CloseNow()
	h.c.Conns.Add(1)
	defer h.c.Conns.Add(-1)
	ctx, cancel := h.c.Closing(r.Context())
	defer cancel()
	session, ended, unwatch := h.c.Players.WatchSeeker(ctx, r, acc)
	defer unwatch()
	cn := &conn{h: h, c: c, w: wsconn.NewWriter(c), acc: acc, ip: ip, session: session, paired: make(chan seekPaired, 1)}
	defer cn.w.Stop()
	defer cn.drop()
	cn.serve(ctx, ended)
}

// conn is one connection of the lobby: its account (nil for a guest)
// and its open seek.
type conn struct {
	h       *Handler
	c       *websocket.Conn
	w       *wsconn.Writer
	acc     *store.Account
	ip      string
	session string
	paired  chan seekPaired // the pairing of its open seek
	mine    string          // its open seek's id
}

// drop withdraws the connection's open seek.
func (cn *conn) drop() {
	cn.h.seeks.withdraw(cn.mine)
	cn.mine = ""
}

func (cn *conn) send(m SeekMessage) bool {
	b, err := json.Marshal(m)
	return err == nil && cn.w.Write(b) == nil
}

func (cn *conn) fail(code, msg string) bool {
	return cn.send(SeekMessage{Type: "error", Code: code, Message: msg})
}

// input is a client's message: a request, or why one was refused.
type input struct {
	req     SeekRequest
	refusal *wsconn.Refusal
}

// read reads the client's messages into in until the connection fails,
// the error then on readErr: the game socket's reader, each message
// decoded strictly (protocol.DecodeStrict).
func (cn *conn) read(ctx context.Context, rd *wsconn.Reader, in chan<- input, readErr chan<- error) {
	for {
		data, refused, err := rd.Next(ctx)
		if err != nil {
			readErr <- err
			return
		}
		m := input{refusal: refused}
		if refused == nil {
			if err := protocol.DecodeStrict(data, &m.req); err != nil {
				m.refusal = &wsconn.Refusal{Code: "bad_message", Message: err.Error()}
			}
		}
		select {
		case in <- m:
		case <-ctx.Done():
			return
		}
	}
}

// serve runs the connection until it fails, the server closes or the
// session ends.
func (cn *conn) serve(ctx context.Context, ended <-chan struct{}) {
	lb := cn.h.seeks
	changes, stop := lb.board.Watch()
	defer stop()
	in := make(chan input)
	readErr, idle := make(chan error, 1), make(chan error, 1)
	rd := cn.h.c.Limits.NewReader(cn.c)
	go cn.read(ctx, rd, in, readErr)
	defer cn.h.c.Limits.KeepAlive(ctx, cn.c, rd.Last(), idle)()
	first := SeekMessage{Type: "seeks", Seeks: emptyIfNil(lb.board.List())}
	if cn.acc != nil {
		first.Account = cn.acc.Name
	}
	if !cn.send(first) {
		return
	}
	for {
		ok := true
		select {
		case <-changes:
			ok = cn.send(SeekMessage{Type: "seeks", Seeks: emptyIfNil(lb.board.List())})
		case p := <-cn.paired:
			if p.seek == cn.mine {
				cn.mine = "" // the pairing took it from the board
			}
			if p.game == "" {
				ok = cn.fail("internal", "the game could not be created: seek again")
			} else {
				ok = cn.send(p.message())
			}
		case <-ended:
			cn.signedOut()
			return
		case err := <-readErr:
			cn.closeOn(ctx, err)
			return
		case err := <-idle:
			cn.c.Close(websocket.StatusPolicyViolation, wsconn.Truncate(err.Error()))
			return
		case x := <-in:
			ok = cn.onInput(ctx, x)
		}
		if !ok {
			return
		}
	}
}

// signedOut closes the connection of an ended session.
func (cn *conn) signedOut() {
	cn.fail("signed_out", wsconn.SignedOutMessage)
	cn.c.Close(wsconn.CloseSignedOut, "signed_out")
}

// closeOn closes the connection whose reads failed with err.
func (cn *conn) closeOn(ctx context.Context, err error) {
	var ce wsconn.CloseError
	switch {
	case errors.As(err, &ce):
		if ce.ErrCode != "" {
			cn.fail(ce.ErrCode, ce.Message)
		}
		cn.c.Close(ce.Code, ce.Reason)
	case ctx.Err() != nil:
		cn.c.Close(websocket.StatusGoingAway, "server shutting down")
	default:
		cn.c.Close(wsconn.CloseStatus(err), "")
	}
}

// onInput answers one client message; false when the connection failed
// or closed.
func (cn *conn) onInput(ctx context.Context, x input) bool {
	switch m := x.req; {
	case x.refusal != nil:
		return cn.fail(x.refusal.Code, x.refusal.Message)
	case m.Type == "cancel":
		cn.drop()
		return true
	case m.Type == "seek" || m.Type == "accept":
		if cn.acc == nil {
			return cn.fail("sign_in", "sign in to play anyone")
		}
		if !cn.h.c.Players.LiveSession(ctx, cn.session) { // ended on another instance
			cn.signedOut()
			return false
		}
		if msg := cn.h.c.Players.SeekRefusal(cn.acc.ID, cn.ip); msg != "" {
			return cn.fail("rate_limited", msg)
		}
		return cn.onSeek(ctx, m)
	default:
		return cn.fail("bad_message", fmt.Sprintf("unknown message type %q: want seek, cancel or accept", m.Type))
	}
}

func emptyIfNil(ss []seek.Seek) []seek.Seek {
	if ss == nil {
		return []seek.Seek{}
	}
	return ss
}
