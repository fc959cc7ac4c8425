package wsconn

import (
	"bufio"
	"bytes"
	"context"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

const (
	// writeTimeout bounds each write: a slower client is dropped.
	writeTimeout = 10 * time.Second
	// wsWriteBuffer is the size of a WebSocket's write buffer: a message
	// that does not fit is written in two system calls, and net/http's 4
	// KiB are less than a draughts event (about 5 KB with its view). It
	// costs 4 KiB a connection.
	wsWriteBuffer = 8 << 10
)

// Close codes besides the standard ones.
const (
	// CloseBadHello closes connections whose hello was refused.
	CloseBadHello = websocket.StatusPolicyViolation
	// CloseUnloaded closes the spectators of a game unloaded because no
	// player was connected (--no-player-timeout): reconnect on demand.
	CloseUnloaded websocket.StatusCode = 4000
	// CloseSignedOut closes the sockets of a session that ended.
	CloseSignedOut websocket.StatusCode = 4001
)

// SignedOutMessage explains why a socket of an ended session closes.
const SignedOutMessage = "this session ended (signed out): sign in again"

// Limits bound one WebSocket connection (see server.Options).
type Limits struct {
	// MaxMessage is the largest client message in bytes.
	MaxMessage int64
	// Rate and Burst bound the messages a second; the frames a second
	// are bounded by twice Rate (bursts of four times Burst).
	Rate  float64
	Burst int
	// BytesPerSecond bounds the bytes a client sends a second, frames of
	// every kind counted (bursts of twice as many).
	BytesPerSecond int
	// HelloTimeout bounds the wait for a first message (ReadHello).
	HelloTimeout time.Duration
	// PingInterval and PingTimeout keep the connection alive (KeepAlive).
	PingInterval, PingTimeout time.Duration
	// OriginPatterns lists the other origins allowed.
	OriginPatterns []string
}

// Accept upgrades r to a WebSocket of client ip whose reads go through the
// frame guard of l (its closes logged to log, naming the connection by key
// and value: "game" and its id) and are bounded to l.MaxMessage.
func (l *Limits) Accept(w http.ResponseWriter, r *http.Request, log *slog.Logger, key, value, ip string) (*websocket.Conn, error) {
	c, err := websocket.Accept(bigWrites{ResponseWriter: w, guard: l.guard(log, key, value, ip)}, r,
		&websocket.AcceptOptions{OriginPatterns: l.OriginPatterns})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(l.MaxMessage)
	return c, nil
}

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

// Writer writes a connection's messages, each within writeTimeout: a
// write that takes longer closes the connection. One timer serves every
// write (a context with a deadline for each message took allocations and
// locks, a few per cent of the server's time under load). The server's
// closing does not interrupt a write: the handler closes the connection.
type Writer struct {
	c *websocket.Conn
	t *time.Timer
}

// NewWriter returns c's writer; Stop it when the connection ends.
func NewWriter(c *websocket.Conn) *Writer {
	t := time.AfterFunc(writeTimeout, func() { c.CloseNow() })
	t.Stop()
	return &Writer{c: c, t: t}
}

// Write sends one message.
func (w *Writer) Write(msg []byte) error {
	w.t.Reset(writeTimeout)
	err := w.c.Write(context.Background(), websocket.MessageText, msg)
	w.t.Stop()
	return err
}

// Stop releases the writer's timer.
func (w *Writer) Stop() { w.t.Stop() }

// CloseError is a read that ends the connection with Code and Reason,
// after an error message of code ErrCode saying Message when ErrCode is
// not "".
type CloseError struct {
	Code             websocket.StatusCode
	Reason           string
	ErrCode, Message string
}

func (e CloseError) Error() string { return e.Reason }

// CloseStatus is how a connection that ended with err is closed.
func CloseStatus(err error) websocket.StatusCode {
	if s := websocket.CloseStatus(err); s != -1 {
		return s
	}
	return websocket.StatusInternalError
}

// Truncate cuts a close reason to the length a close frame carries.
func Truncate(s string) string {
	if len(s) > 120 {
		return s[:120]
	}
	return s
}
