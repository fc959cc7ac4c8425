package wsconn

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"plateau/server/internal/httpx"
)

// Reader reads a connection's client messages within the limits every
// socket of the server shares: a message rate (a burst over it is
// refused, a flood closes), JSON text only, valid UTF-8.
type Reader struct {
	c    *websocket.Conn
	lim  *httpx.MsgLimiter
	last atomic.Int64 // when the last message came, Unix nanoseconds
}

// NewReader returns c's reader, under l's message rate.
func (l *Limits) NewReader(c *websocket.Conn) *Reader {
	r := &Reader{c: c, lim: httpx.NewMsgLimiter(l.Rate, l.Burst)}
	r.last.Store(time.Now().UnixNano())
	return r
}

// Refusal is a message refused without closing the connection: the error
// to answer it with.
type Refusal struct{ Code, Message string }

// Next reads the next message: its bytes, valid UTF-8 text; or a refusal
// to answer (over the rate, not text) with the connection kept; or the
// error that ends the connection, a CloseError for those the server
// closes (too large, a flood, invalid UTF-8).
func (r *Reader) Next(ctx context.Context) ([]byte, *Refusal, error) {
	typ, data, err := r.c.Read(ctx)
	if err != nil {
		if errors.Is(err, websocket.ErrMessageTooBig) || websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
			return nil, nil, CloseError{Code: websocket.StatusMessageTooBig, Reason: "too_large"}
		}
		return nil, nil, err
	}
	now := time.Now()
	r.last.Store(now.UnixNano())
	if ok, flood := r.lim.Allow(now); !ok {
		if flood {
			return nil, nil, CloseError{Code: websocket.StatusPolicyViolation, Reason: "rate_limited",
				ErrCode: "rate_limited", Message: "flood: closing the connection"}
		}
		return nil, &Refusal{"rate_limited", "too many messages: slow down"}, nil
	}
	if typ != websocket.MessageText {
		return nil, &Refusal{"bad_message", "messages are JSON text"}, nil
	}
	if !utf8.Valid(data) { // RFC 6455: a text message that is not UTF-8 fails the connection
		return nil, nil, CloseError{Code: websocket.StatusInvalidFramePayloadData, Reason: "invalid UTF-8",
			ErrCode: "bad_message", Message: "the message is not valid UTF-8"}
	}
	return data, nil, nil
}

// Last is the time of the last message read, in Unix nanoseconds (for
// KeepAlive).
func (r *Reader) Last() *atomic.Int64 { return &r.last }
