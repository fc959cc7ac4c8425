package room_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/games"
	"plateau/room"
	"plateau/store"
)

// gatedPlayer's searches wait for a release (or the end of their context),
// then play a random move; every search's start is logged with its level.
type gatedPlayer struct {
	level   string
	log     *searchLog
	release chan struct{}
}

type searchLog struct {
	mu     sync.Mutex
	starts []string // levels, in the order the searches started
}

func (l *searchLog) add(level string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.starts = append(l.starts, level)
}

func (l *searchLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.starts)
}

func (p *gatedPlayer) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	p.log.add(p.level)
	if p.release != nil {
		select {
		case <-p.release:
		case <-ctx.Done():
			return ai.Decision{}, ctx.Err()
		}
	}
	ms := s.Moves(nil)
	return ai.Decision{Move: ms[rand.IntN(len(ms))]}, nil
}

func (p *gatedPlayer) Close() {}

// waitFor polls cond until it holds, failing after a deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// While AI-vs-AI searches hold every AI worker and more wait, a search of
// an AI seat facing a human gets the first worker freed.
func TestAIFacingHumanServedFirst(t *testing.T) {
	st := openStore(t)
	log := &searchLog{}
	release := make(chan struct{})
	factory := func(gameID, level string) (ai.Player, error) {
		p := &gatedPlayer{level: level, log: log}
		if level == "hard" { // the AI-vs-AI games' players
			p.release = release
		}
		return p, nil
	}
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), AI: factory, AIWorkers: 2, AITime: time.Minute, Log: quiet})
	defer m.Close()
	ctx := context.Background()
	create := func(seats ...store.Seat) string {
		rec, err := room.NewGameRecord("dames", map[string]string{}, false, seats)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		return rec.ID
	}
	hard := store.Seat{Kind: store.AI, Level: "hard"}
	for range 4 {
		r, err := m.Acquire(ctx, create(hard, hard))
		if err != nil {
			t.Fatal(err)
		}
		defer m.Release(r)
	}
	// Two AI-vs-AI searches run, two wait.
	waitFor(t, "2 AI-vs-AI searches running, 2 waiting", func() bool {
		_, aiOnly := m.AIQueued()
		return len(log.get()) == 2 && aiOnly == 2
	})
	tok := room.NewToken()
	id := create(store.Seat{Kind: store.AI, Level: "easy"}, store.Seat{Kind: store.Human, TokenHash: room.HashToken(tok), Joined: true})
	_, sub := join(t, m, id, tok)
	waitFor(t, "the human-facing search waiting", func() bool {
		human, _ := m.AIQueued()
		return human == 1
	})
	release <- struct{}{} // one AI-vs-AI search ends: its worker is freed
	if e := until(t, sub, "event"); e.Event.Kind != "move" || e.Event.Player != 0 {
		t.Fatalf("first event of the human's game: %+v, want the AI seat's move", e)
	}
	if got := log.get(); len(got) < 3 || !slices.Equal(got[:3], []string{"hard", "hard", "easy"}) {
		t.Fatalf("searches started in the order %v, want hard, hard, then easy (the human-facing one) before any other", got)
	}
}
