package server

import (
	"context"
	"fmt"
	"time"

	"plateau/fairplay"
	"plateau/review"
	"plateau/room"
	"plateau/server/analysis"
	"plateau/store"
)

// DefaultFairPlayBudget is the default of Options.FairPlayBudget: the
// budget of the reviews that measured the thresholds (docs/fairplay.md).
const DefaultFairPlayBudget = 40 * time.Millisecond

// fairPlayQueued bounds the rated games waiting for their statistics:
// beyond, a game ends without them (and the server logs it).
const fairPlayQueued = 256

// fairPlay computes the fair-play statistics of each rated game after its
// end (docs/fairplay.md), one game at a time, its searches in the AI
// workers at the reviews' lowest priority, so that a room never waits for
// it.
type fairPlay struct {
	queue chan string     // ids of rated games ended
	mods  map[string]bool // the moderators, by store.NameKey
}

func newFairPlay(moderators []string) *fairPlay {
	f := &fairPlay{queue: make(chan string, fairPlayQueued), mods: map[string]bool{}}
	for _, m := range moderators {
		f.mods[store.NameKey(m)] = true
	}
	return f
}

// fairPlayEnded queues a rated game's statistics (room.Options.OnRated):
// it never blocks the room.
func (s *Server) fairPlayEnded(id string) {
	select {
	case s.fairplay.queue <- id:
	default:
		s.o.Log.Warn("fair play: too many rated games queued, one ends without statistics", "game", id)
	}
}

// fairPlayWorker computes the queued games' statistics until the server
// closes.
func (s *Server) fairPlayWorker() {
	defer s.bg.Done()
	ctx, cancel := s.contextClosing(context.Background())
	defer cancel()
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-s.fairplay.queue:
			if err := s.fairPlayGame(ctx, id); err != nil && ctx.Err() == nil {
				s.o.Log.Error("fair play: the statistics of a rated game", "game", id, "err", err)
			}
		}
	}
}

// fairPlayGame reviews a rated game, stores each account's sample of it
// and marks the accounts whose latest samples cross their game's rule.
func (s *Server) fairPlayGame(ctx context.Context, id string) error {
	rec, err := s.o.Store.Game(ctx, id)
	if err != nil {
		return err
	}
	evs, err := s.o.Store.Events(ctx, id, 0)
	if err != nil {
		return err
	}
	p, err := room.PlayOf(s.o.Games, room.ExportOf(rec, evs))
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
	rep, err := s.o.Reviewer(ctx, p.G, p.Cfg, moves, review.Options{
		Level: judge, Budget: s.o.FairPlayBudget, Worker: s.rooms.ReviewWorker})
	if err != nil {
		return fmt.Errorf("reviewing the game: %w", err)
	}
	now := s.o.Now()
	for seat, st := range rec.Seats {
		// A computer level's seat plays the engine's moves by design
		// (levels.go): only people are judged.
		if st.Account == "" || st.Kind == store.AI {
			continue
		}
		c := fairplay.Count(rep, seat, rule)
		err := s.o.Store.PutFairPlay(ctx, store.FairPlaySample{Account: st.Account, GameID: id, Game: rec.Game,
			Moves: c.Moves, Agreed: c.Agreed, Loss: c.Loss, Created: now})
		if err != nil {
			return err
		}
		if ruled {
			if err := s.judgeFairPlay(ctx, st.Account, rec.Game, rule, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// judgeFairPlay marks an account when its samples in a game since its
// last clearing cross the game's rule.
func (s *Server) judgeFairPlay(ctx context.Context, account, gameID string, r fairplay.Rule, now time.Time) error {
	st, err := s.o.Store.FairPlayStatus(ctx, account)
	if err != nil || st.Marked {
		return err
	}
	v, err := s.fairPlayVerdict(ctx, account, gameID, r, st.ClearedAt)
	if err != nil || !v.Marked {
		return err
	}
	reason := fmt.Sprintf("%s: %d of %d counted moves were the engine's best (%.0f%%), mean loss %.4f, over the last %d rated games (threshold: %.0f%% and %.4f)",
		gameID, v.Agreed, v.Moves, 100*v.Agreement(), v.MeanLoss(), v.Games, 100*r.MinAgreement, r.MaxLoss)
	s.o.Log.Info("fair play: account marked for review", "account", account, "reason", reason)
	return s.o.Store.MarkFairPlay(ctx, account, gameID, reason, now)
}

// fairPlayVerdict judges an account's samples in a game created after
// after.
func (s *Server) fairPlayVerdict(ctx context.Context, account, gameID string, r fairplay.Rule, after time.Time) (fairplay.Verdict, error) {
	stored, err := s.o.Store.FairPlaySamples(ctx, account, gameID, after, 0)
	if err != nil {
		return fairplay.Verdict{}, err
	}
	samples := make([]fairplay.Sample, len(stored))
	for i, fp := range stored {
		samples[i] = fairplay.Sample{Moves: fp.Moves, Agreed: fp.Agreed, Loss: fp.Loss}
	}
	return fairplay.Judge(r, samples), nil
}

// markedReason says why acc may not play rated games, "" when it may.
func (s *Server) markedReason(ctx context.Context, acc *store.Account) (string, error) {
	st, err := s.o.Store.FairPlayStatus(ctx, acc.ID)
	if err != nil {
		return "", err
	}
	if !st.Marked {
		return "", nil
	}
	return fmt.Sprintf("account %s is marked for a fair-play review (its moves in %s matched the engine's too closely): it plays unrated games only until a moderator clears it",
		acc.Name, st.Game), nil
}
