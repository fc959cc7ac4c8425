package accounts

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"plateau/mint"
	"plateau/store"
)

// A session's end closes its sockets (issue 66): the game and seeks
// WebSockets opened with a session cookie are registered by the session
// (the SHA-256 of its token, as the store keeps it) and by its account;
// signing out ends the session's sockets, signing out everywhere (or a
// password change) the account's. The registry is this process's: in a
// cluster, a socket served by another instance than the one that ended the
// session is refused each command on a rated seat, and each seek, because
// the session is gone from the store (liveSession).

// sessionSockets is the open sockets of each session and account.
type sessionSockets struct {
	mu        sync.Mutex
	bySession map[string]map[*openSocket]struct{}
	byAccount map[string]map[*openSocket]struct{}
}

// openSocket is one registered socket: ended is closed when its session ends.
type openSocket struct {
	session, account string
	ended            chan struct{}
	once             sync.Once
}

func (o *openSocket) end() { o.once.Do(func() { close(o.ended) }) }

func newSessionSockets() *sessionSockets {
	return &sessionSockets{bySession: map[string]map[*openSocket]struct{}{}, byAccount: map[string]map[*openSocket]struct{}{}}
}

// add registers a socket of the session whose token hashes to hash, of
// account. It returns the channel closed when the session ends, and the
// function that forgets the socket (call it when the socket closes).
func (ss *sessionSockets) add(hash []byte, account string) (<-chan struct{}, func()) {
	o := &openSocket{session: string(hash), account: account, ended: make(chan struct{})}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	addTo(ss.bySession, o.session, o)
	addTo(ss.byAccount, o.account, o)
	return o.ended, func() {
		ss.mu.Lock()
		defer ss.mu.Unlock()
		removeFrom(ss.bySession, o.session, o)
		removeFrom(ss.byAccount, o.account, o)
	}
}

func addTo(m map[string]map[*openSocket]struct{}, k string, o *openSocket) {
	if m[k] == nil {
		m[k] = map[*openSocket]struct{}{}
	}
	m[k][o] = struct{}{}
}

func removeFrom(m map[string]map[*openSocket]struct{}, k string, o *openSocket) {
	delete(m[k], o)
	if len(m[k]) == 0 {
		delete(m, k)
	}
}

// endSession ends the sockets of the session whose token hashes to hash.
func (ss *sessionSockets) endSession(hash []byte) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for o := range ss.bySession[string(hash)] {
		o.end()
	}
}

// endAccount ends the sockets of every session of account.
func (ss *sessionSockets) endAccount(account string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for o := range ss.byAccount[account] {
		o.end()
	}
}

// watchSession registers a socket of the signed-in session in (nil: a
// guest's socket, which no session's end concerns: its channel is nil).
func (h *Handler) watchSession(in *Session) (<-chan struct{}, func()) {
	if in == nil {
		return nil, func() {}
	}
	return h.sockets.add(in.session.TokenHash, in.Account.ID)
}

// endSessions ends every session of account: they are deleted from the
// store and their sockets on this instance closed. It returns the number
// of sessions deleted. Sign-out everywhere uses it; so should a password
// change.
func (h *Handler) endSessions(ctx context.Context, account string) (int, error) {
	n, err := h.c.Store.DeleteSessions(ctx, account)
	h.sockets.endAccount(account) // even on error: what is deleted is over
	return n, err
}

// endSession ends the session of token tok (sign-out).
func (h *Handler) endSession(ctx context.Context, tok string) error {
	hash := mint.HashToken(tok)
	err := h.c.Store.DeleteSession(ctx, hash)
	h.sockets.endSession(hash)
	return err
}

// liveSession reports whether the session of token tok is still in the
// store and not expired: one read of the session, for each command on a
// rated seat and each seek, so that a session ended on another instance
// of a cluster stops its sockets here too. A store error counts as not
// live (refusing a command is safe; the client reconnects).
func (h *Handler) LiveSession(ctx context.Context, tok string) bool {
	if tok == "" {
		return false
	}
	se, err := h.c.Store.Session(ctx, mint.HashToken(tok))
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			h.c.Log.Error("read a session", "err", err)
		}
		return false
	}
	return h.c.Now().Before(se.Expires)
}

// connSession is the account signed in by a game socket's session cookie
// value ("" for a guest), and the socket's registration (watchSession).
func (h *Handler) ConnSession(ctx context.Context, session string) (string, <-chan struct{}, func()) {
	if session == "" {
		return "", nil, func() {}
	}
	in, err := h.sessionOf(ctx, session)
	if err != nil {
		h.c.Log.Error("read a game socket's session", "err", err)
	}
	if in == nil {
		return "", nil, func() {}
	}
	ended, unwatch := h.watchSession(in)
	h.recheck(ctx, session)
	return in.Account.ID, ended, unwatch
}

// watchSeeker registers the seeks socket of request r, signed in as acc
// (nil: a guest), and returns its session cookie's value and
// registration (watchSession).
func (h *Handler) WatchSeeker(ctx context.Context, r *http.Request, acc *store.Account) (string, <-chan struct{}, func()) {
	c, err := r.Cookie(sessionCookie)
	if acc == nil || err != nil {
		return "", nil, func() {}
	}
	ended, unwatch := h.sockets.add(mint.HashToken(c.Value), acc.ID)
	h.recheck(ctx, c.Value)
	go h.recheckEvery(ctx, c.Value, ended)
	return c.Value, ended, unwatch
}

// recheckEvery rechecks session tok every PingInterval until ctx ends or
// the session's sockets are ended: a seeks socket of a session ended on
// another instance of a cluster closes, and its open seek goes, within a
// ping interval, though it sends nothing (the game sockets need no such
// watch: each command on a rated seat rechecks).
func (h *Handler) recheckEvery(ctx context.Context, tok string, ended <-chan struct{}) {
	t := time.NewTicker(h.c.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ended:
			return
		case <-t.C:
			h.recheck(ctx, tok)
		}
	}
}

// recheck ends the sockets of session tok if it ended while they were
// being registered (a sign-out between the session's read and the
// registration would otherwise leave them open).
func (h *Handler) recheck(ctx context.Context, tok string) {
	if !h.LiveSession(ctx, tok) {
		h.sockets.endSession(mint.HashToken(tok))
	}
}
