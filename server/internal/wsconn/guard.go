package wsconn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"
)

// frameGuard reads a WebSocket client's bytes ahead of the WebSocket
// library and parses every frame header in them. The library answers
// pings and drops pongs and empty continuation frames without returning
// them, so only here can every frame count: against a budget of frames
// and of bytes a second (a ping flood took half a core, issue 67), and
// against RFC 6455's framing rules (an unmasked client frame is a
// protocol error, 1002). Once over the budget or in error, reads fail with
// a CloseError that the connection's handler turns into the close frame.
type frameGuard struct {
	net.Conn
	src io.Reader // the bytes net/http had buffered, then Conn

	// Read is called by one goroutine at a time (the WebSocket's bufio
	// reader), so the fields need no lock.
	frames *rate.Limiter
	bytes  *rate.Limiter
	// The frame being parsed: its header (up to 14 bytes) and what is
	// left of its payload.
	head     [14]byte
	headLen  int
	left     uint64
	inData   bool // a data message has begun and not ended
	tripped  *CloseError
	onTrip   func(CloseError)
	nowFunc  func() time.Time
	budgetOf string // the flags that set the budget, for the close reason
}

// guardConn makes the frame guard of a WebSocket hijacked from its HTTP
// request: buffered are the bytes net/http read past the request.
func (l *Limits) guardConn(c net.Conn, buffered []byte, onTrip func(CloseError)) *frameGuard {
	return &frameGuard{
		Conn:     c,
		src:      io.MultiReader(bytes.NewReader(buffered), c),
		frames:   rate.NewLimiter(rate.Limit(2*l.Rate), 4*l.Burst),
		bytes:    rate.NewLimiter(rate.Limit(l.BytesPerSecond), 2*l.BytesPerSecond),
		onTrip:   onTrip,
		nowFunc:  time.Now,
		budgetOf: fmt.Sprintf("%g frames and %d bytes a second", 2*l.Rate, l.BytesPerSecond),
	}
}

// guard returns the guard of a WebSocket of ip (the log names it by key
// and value: "game" and its id), to give bigWrites.
func (l *Limits) guard(log *slog.Logger, key, value, ip string) func(net.Conn, []byte) net.Conn {
	return func(c net.Conn, buffered []byte) net.Conn {
		return l.guardConn(c, buffered, func(ce CloseError) {
			log.Warn("websocket closed", key, value, "ip", ip, "code", int(ce.Code), "reason", ce.Reason)
		})
	}
}

func (g *frameGuard) Read(p []byte) (int, error) {
	if g.tripped != nil {
		return 0, *g.tripped
	}
	n, err := g.src.Read(p)
	if trip := g.scan(p[:n], g.nowFunc()); trip != nil {
		g.tripped = trip
		if g.onTrip != nil {
			g.onTrip(*trip)
		}
		return 0, *trip
	}
	return n, err
}

// flood is the close of a connection over its budget. The client is told
// rate_limited, as when the message limiter closes it: which of the two
// sees the flood first depends on how many frames one read brings.
func (g *frameGuard) flood() *CloseError {
	return &CloseError{Code: websocket.StatusPolicyViolation, Reason: "flood: over the budget of " + g.budgetOf,
		ErrCode: "rate_limited", Message: "flood: closing the connection"}
}

// scan parses the frames of b, the next bytes of the stream, and counts
// them; it returns why the connection must close, if it must.
func (g *frameGuard) scan(b []byte, now time.Time) *CloseError {
	if len(b) > 0 && !g.bytes.AllowN(now, len(b)) {
		return g.flood()
	}
	for len(b) > 0 {
		if g.left > 0 {
			k := min(g.left, uint64(len(b)))
			g.left -= k
			b = b[k:]
			continue
		}
		g.head[g.headLen] = b[0]
		g.headLen++
		b = b[1:]
		need := frameHeaderLen(g.head[:g.headLen])
		if g.headLen < need {
			continue
		}
		if ce := g.frame(g.head[:need], now); ce != nil {
			return ce
		}
		g.headLen = 0
	}
	return nil
}

// frameHeaderLen is the length of the frame header that starts with h
// (at least one byte): 2 until its second byte is known.
func frameHeaderLen(h []byte) int {
	if len(h) < 2 {
		return 2
	}
	n := 2
	switch h[1] & 0x7f {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	if h[1]&0x80 != 0 {
		n += 4
	}
	return n
}

// frame checks and counts one complete frame header h.
func (g *frameGuard) frame(h []byte, now time.Time) *CloseError {
	protocol := func(why string) *CloseError {
		return &CloseError{Code: websocket.StatusProtocolError, Reason: "protocol error: " + why}
	}
	fin, rsv, op, masked := h[0]&0x80 != 0, h[0]&0x70, h[0]&0x0f, h[1]&0x80 != 0
	length := uint64(h[1] & 0x7f)
	switch length {
	case 126:
		length = uint64(h[2])<<8 | uint64(h[3])
	case 127:
		length = 0
		for _, c := range h[2:10] {
			length = length<<8 | uint64(c)
		}
	}
	switch {
	case !masked:
		return protocol("unmasked frame from the client")
	case rsv != 0:
		return protocol("reserved bits set (no extension was agreed)")
	case length>>63 != 0:
		return protocol("payload length over 2^63")
	case op >= 0x8 && op <= 0xa: // close, ping, pong
		if !fin || length > 125 {
			return protocol("fragmented or long control frame")
		}
	case op == 0x0: // continuation
		if !g.inData {
			return protocol("continuation frame outside a message")
		}
		g.inData = !fin
	case op == 0x1 || op == 0x2: // text, binary
		if g.inData {
			return protocol("new message before the last one ended")
		}
		g.inData = !fin
	default:
		return protocol(fmt.Sprintf("reserved opcode %#x", op))
	}
	if !g.frames.AllowN(now, 1) {
		return g.flood()
	}
	g.left = length
	return nil
}

// ReadHello reads a connection's first message. A connection that sends
// none within l.HelloTimeout is closed with 1008 and a reason (a
// cancelled read would drop the TCP connection with no close frame); one
// that breaks the protocol or its budget, with the guard's close. On an
// error, the connection is closed or closing.
func (l *Limits) ReadHello(ctx context.Context, c *websocket.Conn) (websocket.MessageType, []byte, error) {
	late := time.AfterFunc(l.HelloTimeout, func() {
		c.Close(CloseBadHello, fmt.Sprintf("no hello within %v", l.HelloTimeout))
	})
	typ, data, err := c.Read(ctx)
	if !late.Stop() || err == nil {
		return typ, data, err
	}
	var ce CloseError
	switch {
	case errors.As(err, &ce):
		c.Close(ce.Code, ce.Reason)
	case ctx.Err() != nil:
		c.Close(websocket.StatusGoingAway, "server shutting down")
	}
	return typ, data, err
}
