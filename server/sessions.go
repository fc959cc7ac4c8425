package server

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
func (s *Server) watchSession(in *signedIn) (<-chan struct{}, func()) {
	if in == nil {
		return nil, func() {}
	}
	return s.sockets.add(in.session.TokenHash, in.account.ID)
}

// endSessions ends every session of account: they are deleted from the
// store and their sockets on this instance closed. It returns the number
// of sessions deleted. Sign-out everywhere uses it; so should a password
// change.
func (s *Server) endSessions(ctx context.Context, account string) (int, error) {
	n, err := s.o.Store.DeleteSessions(ctx, account)
	s.sockets.endAccount(account) // even on error: what is deleted is over
	return n, err
}

// endSession ends the session of token tok (sign-out).
func (s *Server) endSession(ctx context.Context, tok string) error {
	h := mint.HashToken(tok)
	err := s.o.Store.DeleteSession(ctx, h)
	s.sockets.endSession(h)
	return err
}

// liveSession reports whether the session of token tok is still in the
// store and not expired: one read of the session, for each command on a
// rated seat and each seek, so that a session ended on another instance
// of a cluster stops its sockets here too. A store error counts as not
// live (refusing a command is safe; the client reconnects).
func (s *Server) liveSession(ctx context.Context, tok string) bool {
	if tok == "" {
		return false
	}
	se, err := s.o.Store.Session(ctx, mint.HashToken(tok))
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.o.Log.Error("read a session", "err", err)
		}
		return false
	}
	return s.o.Now().Before(se.Expires)
}

// connSession is the account signed in by a game socket's session cookie
// value ("" for a guest), and the socket's registration (watchSession).
func (s *Server) connSession(ctx context.Context, session string) (string, <-chan struct{}, func()) {
	if session == "" {
		return "", nil, func() {}
	}
	in, err := s.sessionOf(ctx, session)
	if err != nil {
		s.o.Log.Error("read a game socket's session", "err", err)
	}
	if in == nil {
		return "", nil, func() {}
	}
	ended, unwatch := s.watchSession(in)
	s.recheck(ctx, session)
	return in.account.ID, ended, unwatch
}

// watchSeeker registers the seeks socket of request r, signed in as acc
// (nil: a guest), and returns its session cookie's value and
// registration (watchSession).
func (s *Server) watchSeeker(ctx context.Context, r *http.Request, acc *store.Account) (string, <-chan struct{}, func()) {
	c, err := r.Cookie(sessionCookie)
	if acc == nil || err != nil {
		return "", nil, func() {}
	}
	ended, unwatch := s.sockets.add(mint.HashToken(c.Value), acc.ID)
	s.recheck(ctx, c.Value)
	go s.recheckEvery(ctx, c.Value, ended)
	return c.Value, ended, unwatch
}

// recheckEvery rechecks session tok every PingInterval until ctx ends or
// the session's sockets are ended: a seeks socket of a session ended on
// another instance of a cluster closes, and its open seek goes, within a
// ping interval, though it sends nothing (the game sockets need no such
// watch: each command on a rated seat rechecks).
func (s *Server) recheckEvery(ctx context.Context, tok string, ended <-chan struct{}) {
	t := time.NewTicker(s.o.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ended:
			return
		case <-t.C:
			s.recheck(ctx, tok)
		}
	}
}

// recheck ends the sockets of session tok if it ended while they were
// being registered (a sign-out between the session's read and the
// registration would otherwise leave them open).
func (s *Server) recheck(ctx context.Context, tok string) {
	if !s.liveSession(ctx, tok) {
		s.sockets.endSession(mint.HashToken(tok))
	}
}
