package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"plateau/store"
	"plateau/store/sqlite"
	"plateau/store/storetest"
)

// BenchmarkAppendParallel appends one event per call from many goroutines,
// each on its own game, as rooms do: group commit shares the fsyncs.
func BenchmarkAppendParallel(b *testing.B) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var next atomic.Int64
	b.SetParallelism(64)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint("g", next.Add(1))
		if err := s.Create(ctx, storetest.NewGame(id)); err != nil {
			b.Error(err)
			return
		}
		seq := int64(0)
		for pb.Next() {
			seq++
			e := store.Event{Seq: seq, Kind: "move", Player: int(seq % 2), Notation: "32-28"}
			if err := s.Append(ctx, id, []store.Event{e}, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
