package room

import (
	"context"
	"errors"
	"fmt"
	"time"

	"plateau/store"
)

// When the store cannot write (a full, read-only or failing disk, a lost
// database), a command's events are not durable, so they are not applied
// either: the client is told so with the code storage_unavailable and a
// time to retry after, instead of a room that fails and reconnects its
// clients in a loop. The room goes on when the store confirms that
// nothing was written (the game's stored version is still the room's);
// when it cannot say (a write past its deadline, which may still
// complete, or a store that cannot even be read), the room is unloaded,
// its clients told the same, and the next load reads the truth from the
// store.

// Defaults of the storage options.
const (
	// DefaultWriteTimeout bounds a game's write: past it the client is
	// answered, whatever the disk does.
	DefaultWriteTimeout = 5 * time.Second
	// storageRetry is the retry time told with storage_unavailable.
	storageRetry = 2 * time.Second
)

// CodeStorageUnavailable is the error code of a command whose events the
// store could not write.
const CodeStorageUnavailable = "storage_unavailable"

// storageRefusal is the refusal of a command the store could not write.
func storageRefusal() *Refusal {
	secs := int(storageRetry / time.Second)
	return &Refusal{Code: CodeStorageUnavailable, RetryAfter: secs,
		Message: fmt.Sprintf("the server cannot save moves right now; your move was not played: retry in %d s", secs)}
}

// storageFailed reports whether err is the refusal of a write the store
// could not make.
func storageFailed(err error) bool {
	var ref *Refusal
	return errors.As(err, &ref) && ref.Code == CodeStorageUnavailable
}

// unwritten reports whether the store confirms that a failed write wrote
// nothing: the game's stored version is the room's. A write that ended on
// its deadline may still complete: that is never confirmed.
func (r *Room) unwritten(err error) bool {
	if errors.Is(err, store.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	ctx, cancel := context.WithTimeout(r.ctx, r.m.o.WriteTimeout)
	defer cancel()
	rec, rerr := r.m.o.Store.Game(ctx, r.id)
	return rerr == nil && rec.Version == r.play.Version
}

// retryLater plays again, after storageRetry, what the server plays on
// its own (rolls, AI moves, the end, a fallen flag), which a failed write
// left undone.
func (r *Room) retryLater() {
	if r.retry != nil {
		return
	}
	r.retry = time.AfterFunc(storageRetry, func() {
		r.post(func() {
			r.retry = nil
			r.advance()
			r.armClock()
		})
	})
}
