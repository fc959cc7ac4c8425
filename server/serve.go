package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// shutdownGrace bounds how long Serve waits, once ctx ends, for the HTTP
// requests in progress.
const shutdownGrace = 10 * time.Second

// Serve serves s on ln within l until ctx ends or serving fails, then
// shuts down: no new connection, the HTTP requests in progress finish
// (within shutdownGrace), the WebSockets close and the rooms finish their
// writes (Close). It does not close the store.
func (s *Server) Serve(ctx context.Context, ln net.Listener, l HTTPLimits) error {
	hs := l.HTTPServer(s.Handler(), s.o.Log)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(s.Listener(ln, l)) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.o.Log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err := hs.Shutdown(sctx) // stop accepting; HTTP requests finish
	s.Close()                // WebSockets close, rooms finish their writes
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}
