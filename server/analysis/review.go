package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"plateau/game"
	"plateau/review"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Defaults of the review options.
const (
	// DefaultReviews is the default of Config.Reviews.
	DefaultReviews = 1
	// DefaultReviewBudget is the default of Config.ReviewBudget.
	DefaultReviewBudget = 750 * time.Millisecond
	// reviewFailedFor is how long a failed review is reported before a
	// GET starts another.
	reviewFailedFor = time.Minute
	// reviewRetry is the Retry-After of a review refused by its pool.
	reviewRetry = 30 * time.Second
)

// Reviewer reviews a game from its notated moves (review.Review's
// signature).
type Reviewer func(ctx context.Context, g game.Game, cfg game.Config, moves []string, o review.Options) (review.Report, error)

// ReviewLevel is the search level that reviews a game on the server:
// "hard", but "medium" for Mahbousse, whose hard search averages two plies
// over every roll and takes seconds a position (Shut the Box uses its
// exact solver whatever the level).
func ReviewLevel(gameID string) string {
	if gameID == "mahbousse" {
		return "medium"
	}
	return "hard"
}

// ReviewStatus is the answer of GET /api/games/{id}/review.
type ReviewStatus struct {
	// Status is "queued", "running", "done" or "failed".
	Status string `json:"status"`
	// Queue is the review's place in the queue while queued: 1 is the
	// next to run.
	Queue int `json:"queue,omitempty"`
	// Done and Total count the game's moves (rolls included) replayed
	// and judged so far, while the review runs.
	Done  *int `json:"done,omitempty"`
	Total *int `json:"total,omitempty"`
	// Report is the review (a review.Report) once done.
	Report json.RawMessage `json:"report,omitempty"`
	// Error says why a review failed.
	Error string `json:"error,omitempty"`
}

// reviewJob is the review of one game, running or failed.
type reviewJob struct {
	mu          sync.Mutex
	done, total int
	err         error        // set when failed
	place       *httpx.Place // in the reviews' pool
}

func (j *reviewJob) status() (ReviewStatus, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return ReviewStatus{Status: "failed", Error: j.err.Error()}, false
	}
	done, total := j.done, j.total
	if pos := j.place.Position(); pos > 0 {
		return ReviewStatus{Status: "queued", Queue: pos, Done: &done, Total: &total}, true
	}
	return ReviewStatus{Status: "running", Done: &done, Total: &total}, true
}

// reviews runs the server's review jobs: one per game at most, and at
// most Config.Reviews at once; the others wait for their turn, each
// client's in turn (an httpx.Pool).
type reviews struct {
	mu     sync.Mutex
	jobs   map[string]*reviewJob // running or recently failed, by game id
	pool   *httpx.Pool           // the places of the jobs running and waiting
	closed bool                  // the server closes: no new job
}

// close refuses new jobs: the server waits for the running ones next.
func (rs *reviews) close() {
	rs.mu.Lock()
	rs.closed = true
	rs.mu.Unlock()
}

func newReviews(n, queue, perClient int) *reviews {
	return &reviews{jobs: map[string]*reviewJob{}, pool: httpx.NewPool("the review queue", n, queue, perClient, reviewRetry)}
}

// job returns the game's running or recently failed job (a failed job is
// forgotten reviewFailedFor after its failure), nil if none; retry
// forgets a failed job (nil then).
func (rs *reviews) job(id string, retry bool) *reviewJob {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	j := rs.jobs[id]
	if j == nil {
		return nil
	}
	j.mu.Lock()
	failed := j.err != nil
	j.mu.Unlock()
	if failed && retry {
		delete(rs.jobs, id)
		return nil
	}
	return j
}

// review answers GET and POST /api/games/{id}/review: the stored review of
// a finished game (200), or the progress of its review job (202), which
// the first request starts; 403 live_game for a game not over that the
// requester plays, 409 game_running for a game not over, 500 for a failed
// review. POST also retries a failed review at once.
func (h *Handler) review(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	retry := r.Method == http.MethodPost
	if j := h.reviews.job(id, retry); j != nil {
		h.reviewJobStatus(w, j)
		return
	}
	rec, err := h.c.Store.Game(r.Context(), id)
	if err != nil {
		h.storeError(w, id, err)
		return
	}
	if rec.Status != store.StatusFinished {
		if seated, err := h.c.Guard.SeatedAt(r.Context(), r, rec); err != nil {
			h.internal(w, "checking the requester's seats", err)
			return
		} else if seated {
			httpx.Error(w, http.StatusForbidden, "live_game", LiveHelpRefused(id))
			return
		}
		httpx.Error(w, http.StatusConflict, "game_running",
			fmt.Sprintf("game %s is not over: its review can be asked for once the game has ended", id))
		return
	}
	if h.storedReview(w, r.Context(), id) {
		return
	}
	evs, err := h.c.Store.Events(r.Context(), id, 0)
	if err != nil {
		h.storeError(w, id, err)
		return
	}
	p, err := room.PlayOf(h.c.Games, room.ExportOf(rec, evs))
	if err != nil {
		h.c.Log.Error("review: replaying the game", "game", id, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	moves := make([]string, len(p.Moves))
	for i, m := range p.Moves {
		moves[i] = m.Notation
	}
	client := h.c.ClientKey(r)
	h.reviews.mu.Lock()
	if h.reviews.closed {
		h.reviews.mu.Unlock()
		httpx.Error(w, http.StatusServiceUnavailable, "internal", "the server is shutting down: retry in a moment")
		return
	}
	j := h.reviews.jobs[id]
	if j == nil { // the first request: start the job
		pl, err := h.reviews.pool.Enter(client)
		if err != nil {
			h.reviews.mu.Unlock()
			httpx.WriteBusy(w, err)
			return
		}
		j = &reviewJob{total: len(moves), place: pl}
		h.reviews.jobs[id] = j
		h.bg.Add(1)
		go h.runReview(id, j, p.G, p.Cfg, moves)
	}
	h.reviews.mu.Unlock()
	h.reviewJobStatus(w, j)
}

// storedReview answers the stored review of a game if it has one.
func (h *Handler) storedReview(w http.ResponseWriter, ctx context.Context, id string) bool {
	rv, err := h.c.Store.Review(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return false
	}
	if err != nil {
		h.storeError(w, id, err)
		return true
	}
	httpx.WriteJSON(w, http.StatusOK, ReviewStatus{Status: "done", Report: rv.Report})
	return true
}

// reviewJobStatus answers a job's progress (202) or failure (500).
func (h *Handler) reviewJobStatus(w http.ResponseWriter, j *reviewJob) {
	st, running := j.status()
	if running {
		httpx.WriteJSON(w, http.StatusAccepted, st)
		return
	}
	httpx.WriteJSON(w, http.StatusInternalServerError, st)
}

// runReview reviews a game and stores its review, waiting first for its
// place's turn among the reviews running; each search waits for an AI worker at
// the lowest priority (room.Manager.ReviewWorker). The job ends with the
// server.
func (h *Handler) runReview(id string, j *reviewJob, g game.Game, cfg game.Config, moves []string) {
	defer h.bg.Done()
	ctx := h.ctx
	forget := func() {
		h.reviews.mu.Lock()
		if h.reviews.jobs[id] == j {
			delete(h.reviews.jobs, id)
		}
		h.reviews.mu.Unlock()
	}
	fail := func(public string, err error) {
		if ctx.Err() != nil { // the server closes: nothing failed
			forget()
			return
		}
		h.c.Log.Error("review failed", "game", id, "err", err)
		j.mu.Lock()
		j.err = errors.New(public)
		j.mu.Unlock()
		time.AfterFunc(reviewFailedFor, forget) // then a GET starts another
	}
	defer j.place.Leave()
	if err := j.place.Wait(ctx); err != nil {
		forget()
		return
	}
	// A request that found neither job nor review may have started this
	// job just after another stored the review.
	if _, err := h.c.Store.Review(ctx, id); err == nil {
		forget()
		return
	}
	lvl := ReviewLevel(g.ID())
	rep, err := h.c.Reviewer(ctx, g, cfg, moves, review.Options{
		Level: lvl, Budget: h.c.ReviewBudget, Worker: h.c.Rooms.ReviewWorker,
		Progress: func(done, total int) {
			j.mu.Lock()
			j.done, j.total = done, total
			j.mu.Unlock()
		},
	})
	if err != nil {
		fail(fmt.Sprintf("the review of game %s failed: %v", id, err), err)
		return
	}
	b, err := json.Marshal(rep)
	if err != nil {
		fail(fmt.Sprintf("the review of game %s could not be written", id), err)
		return
	}
	engine := rep.Engine
	if g.ID() != "shutbox" {
		engine = fmt.Sprintf("%s, %v a search", rep.Engine, h.c.ReviewBudget)
	}
	if err := h.c.Store.PutReview(ctx, id, engine, b); err != nil {
		fail(fmt.Sprintf("the review of game %s could not be stored: internal error", id), err)
		return
	}
	if h.c.Reviewed != nil {
		h.c.Reviewed(id, g, cfg, moves)
	}
	forget()
}
