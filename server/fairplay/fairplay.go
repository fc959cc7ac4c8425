package fairplay

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"plateau/fairplay"
	"plateau/game"
	"plateau/review"
	"plateau/room"
	"plateau/server/analysis"
	"plateau/store"
)

// queued bounds the rated games waiting for their statistics: beyond, a
// game ends without them (and the handler logs it).
const queued = 256

// Config is what a Handler needs.
type Config struct {
	Store store.Store
	Games *game.Registry
	Log   *slog.Logger
	Now   func() time.Time
	// Reviewer reviews a game, each search capped by Budget and run in
	// Worker (the AI workers, at the reviews' lowest priority).
	Reviewer analysis.Reviewer
	Budget   time.Duration
	Worker   func(ctx context.Context) (context.Context, func(), error)
}

// Handler computes the statistics of each rated game after its end, one
// game at a time, so that a room never waits for it. Make one with New,
// queue games with Ended and compute them with Run.
type Handler struct {
	c     Config
	queue chan string // ids of rated games ended
}

// New returns the handler of c.
func New(c Config) *Handler { return &Handler{c: c, queue: make(chan string, queued)} }

// Ended queues a rated game's statistics (room.Options.OnRated): it never
// blocks the room.
func (h *Handler) Ended(id string) {
	select {
	case h.queue <- id:
	default:
		h.c.Log.Warn("fair play: too many rated games queued, one ends without statistics", "game", id)
	}
}

// Run computes the queued games' statistics until ctx is done.
func (h *Handler) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-h.queue:
			if err := h.game(ctx, id); err != nil && ctx.Err() == nil {
				h.c.Log.Error("fair play: the statistics of a rated game", "game", id, "err", err)
			}
		}
	}
}

// game reviews a rated game, stores each account's sample of it and marks
// the accounts whose latest samples cross their game's rule.
func (h *Handler) game(ctx context.Context, id string) error {
	rec, err := h.c.Store.Game(ctx, id)
	if err != nil {
		return err
	}
	evs, err := h.c.Store.Events(ctx, id, 0)
	if err != nil {
		return err
	}
	p, err := room.PlayOf(h.c.Games, room.ExportOf(rec, evs))
	if err != nil {
		return fmt.Errorf("replaying the game: %w", err)
	}
	moves := make([]string, len(p.Moves))
	for i, m := range p.Moves {
		moves[i] = m.Notation
	}
	rule, ruled := fairplay.RuleOf(rec.Game)
	judge := rule.Reviewer
	if judge == "" {
		judge = analysis.ReviewLevel(rec.Game)
	}
	rep, err := h.c.Reviewer(ctx, p.G, p.Cfg, moves, review.Options{Level: judge, Budget: h.c.Budget, Worker: h.c.Worker})
	if err != nil {
		return fmt.Errorf("reviewing the game: %w", err)
	}
	now := h.c.Now()
	for seat, st := range rec.Seats {
		// A computer level's seat plays the engine's moves by design
		// (server/levels): only people are judged.
		if st.Account == "" || st.Kind == store.AI {
			continue
		}
		c := fairplay.Count(rep, seat, rule)
		err := h.c.Store.PutFairPlay(ctx, store.FairPlaySample{Account: st.Account, GameID: id, Game: rec.Game,
			Moves: c.Moves, Agreed: c.Agreed, Loss: c.Loss, Created: now})
		if err != nil {
			return err
		}
		if ruled {
			if err := h.judge(ctx, st.Account, rec.Game, rule, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// judge marks an account when its samples in a game since its last
// clearing cross the game's rule.
func (h *Handler) judge(ctx context.Context, account, gameID string, r fairplay.Rule, now time.Time) error {
	st, err := h.c.Store.FairPlayStatus(ctx, account)
	if err != nil || st.Marked {
		return err
	}
	v, err := h.Verdict(ctx, account, gameID, r, st.ClearedAt)
	if err != nil || !v.Marked {
		return err
	}
	reason := fmt.Sprintf("%s: %d of %d counted moves were the engine's best (%.0f%%), mean loss %.4f, over the last %d rated games (threshold: %.0f%% and %.4f)",
		gameID, v.Agreed, v.Moves, 100*v.Agreement(), v.MeanLoss(), v.Games, 100*r.MinAgreement, r.MaxLoss)
	h.c.Log.Info("fair play: account marked for review", "account", account, "reason", reason)
	return h.c.Store.MarkFairPlay(ctx, account, gameID, reason, now)
}

// Verdict judges an account's samples in a game created after after.
func (h *Handler) Verdict(ctx context.Context, account, gameID string, r fairplay.Rule, after time.Time) (fairplay.Verdict, error) {
	stored, err := h.c.Store.FairPlaySamples(ctx, account, gameID, after, 0)
	if err != nil {
		return fairplay.Verdict{}, err
	}
	samples := make([]fairplay.Sample, len(stored))
	for i, fp := range stored {
		samples[i] = fairplay.Sample{Moves: fp.Moves, Agreed: fp.Agreed, Loss: fp.Loss}
	}
	return fairplay.Judge(r, samples), nil
}

// MarkedReason says why acc may not play rated games, "" when it may.
func (h *Handler) MarkedReason(ctx context.Context, acc *store.Account) (string, error) {
	st, err := h.c.Store.FairPlayStatus(ctx, acc.ID)
	if err != nil {
		return "", err
	}
	if !st.Marked {
		return "", nil
	}
	return fmt.Sprintf("account %s is marked for a fair-play review (its moves in %s matched the engine's too closely): it plays unrated games only until a moderator clears it",
		acc.Name, st.Game), nil
}
