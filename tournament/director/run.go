package director

import (
	"context"
	"errors"
	"fmt"

	"plateau/store"
	"plateau/tournament/swiss"
)

// run is one step of tournament id under the lease f: start it when its
// time has come, record the results of its finished games, pair its free
// players (an arena) or its next round (Swiss), and end it.
func (d *Director) run(ctx context.Context, id string, f store.Fence) error {
	e, err := d.entry(ctx, id)
	if err != nil {
		return err
	}
	defer e.mu.Unlock()
	now := d.cfg.Now()
	st := e.st
	if !st.Started {
		if now.Before(st.T.Starts) {
			return nil
		}
		var order []string
		if st.arena == nil {
			order = st.initialOrder()
		}
		if err := d.appendEvents(ctx, e, f, store.TournamentRunning, true, event(EvStart, startData{Order: order})); err != nil {
			return err
		}
	}
	if err := d.results(ctx, e, f); err != nil {
		return err
	}
	if e.st.arena != nil {
		return d.arenaStep(ctx, e, f)
	}
	return d.swissStep(ctx, e, f)
}

// results records the results of the games that ended.
func (d *Director) results(ctx context.Context, e *entry, f store.Fence) error {
	var evs []store.TournamentEvent
	now := d.cfg.Now()
	for _, g := range e.st.Playing() {
		rec, err := d.cfg.Store.Game(ctx, g.ID)
		switch {
		case errors.Is(err, store.ErrNotFound):
			continue // being created, or its creation failed (recorded void then)
		case err != nil:
			return err
		case rec.Status != store.StatusFinished && rec.Moves == 0 && (now.Sub(g.Paired) > d.cfg.StartWithin || e.st.arena != nil && e.st.arena.Over(now)):
			// Nobody started it in time, or the arena is over: the game
			// is aborted, so that it cannot be played after it counted
			// void (a void game the players then played made the standings
			// disagree with the stored games: loadtest --tournament, 500
			// players). A first move that came first wins: the game is
			// played and counts, as the games in progress at the end do.
			err := d.cfg.Games.Abort(ctx, g.ID)
			if errors.Is(err, ErrGameStarted) {
				continue
			}
			if err != nil {
				return fmt.Errorf("director: abort game %s: %w", g.ID, err)
			}
			evs = append(evs, event(EvResult, resultData{Game: g.ID, Result: Void}))
			continue
		case rec.Status != store.StatusFinished:
			continue
		}
		if len(g.Seats) > 0 {
			r, pts := tableOutcome(rec, len(g.Seats))
			evs = append(evs, event(EvResult, resultData{Game: g.ID, Result: r, Points: pts}))
			continue
		}
		res := resultData{Game: g.ID, Result: outcome(rec)}
		if e.st.Spec.Berserk && res.Result != Void {
			if res.Berserk, err = d.berserked(ctx, g.ID); err != nil {
				return err
			}
		}
		evs = append(evs, event(EvResult, res))
	}
	if len(evs) == 0 {
		return nil
	}
	return d.appendEvents(ctx, e, f, "", true, evs...)
}

// arenaStep pairs the free players, or ends the arena once its time is
// up and its last game over.
func (d *Director) arenaStep(ctx context.Context, e *entry, f store.Fence) error {
	st := e.st
	now := d.cfg.Now()
	if st.arena.Over(now) {
		if len(st.Playing()) > 0 {
			return nil
		}
		return d.appendEvents(ctx, e, f, store.TournamentFinished, true, event(EvEnd, struct{}{}))
	}
	if st.tables != nil {
		return d.tablesStep(ctx, e, f)
	}
	ps, err := st.arena.Pair(now, nil) // marks them playing: the state is ahead of the log until the append
	if err != nil || len(ps) == 0 {
		return nil
	}
	games := make([]*Game, len(ps))
	evs := make([]store.TournamentEvent, len(ps))
	for i, p := range ps {
		games[i] = &Game{ID: d.cfg.NewID(), White: p.White, Black: p.Black, Tokens: []string{d.cfg.NewToken(), d.cfg.NewToken()},
			Levels: st.levels(p.White, p.Black), Paired: now}
		evs[i] = event(EvPair, games[i])
	}
	if err := d.appendEvents(ctx, e, f, "", false, evs...); err != nil {
		return err
	}
	for i, g := range games {
		st.addGame(g)
		st.T.Version, st.last = evs[i].Seq, evs[i].Time
	}
	return d.create(ctx, e, f, games)
}

// swissStep pairs the next round once the last is over and, with a round
// schedule, its set time has come (the step of that second's tick pairs
// it, as an arena's end or a game's StartWithin are seen), or ends the
// tournament after its last round.
func (d *Director) swissStep(ctx context.Context, e *entry, f store.Fence) error {
	st := e.st
	if len(st.Playing()) > 0 {
		return nil
	}
	if len(st.rounds) >= st.Spec.Rounds || len(st.order) < 2 {
		return d.appendEvents(ctx, e, f, store.TournamentFinished, true, event(EvEnd, struct{}{}))
	}
	if at, ok := st.NextRound(); ok && d.cfg.Now().Before(at) {
		return nil
	}
	rd, err := swiss.Pair(st.swissPlayers(), st.rounds, swiss.DefaultRules)
	if errors.Is(err, swiss.ErrNoPairing) {
		return d.appendEvents(ctx, e, f, store.TournamentFinished, true, event(EvEnd, struct{}{}))
	}
	if err != nil {
		return fmt.Errorf("director: tournament %q: %w", st.T.ID, err)
	}
	data := roundData{Round: len(st.rounds) + 1}
	for _, g := range rd.Games {
		w, b := st.order[g.White], st.order[g.Black]
		data.Games = append(data.Games, &Game{ID: d.cfg.NewID(), White: w, Black: b,
			Tokens: []string{d.cfg.NewToken(), d.cfg.NewToken()}, Levels: st.levels(w, b)})
	}
	if rd.Bye >= 0 {
		data.Bye = st.order[rd.Bye]
	}
	if err := d.appendEvents(ctx, e, f, "", true, event(EvRound, data)); err != nil {
		return err
	}
	return d.create(ctx, e, f, e.st.Games[len(e.st.Games)-len(data.Games):])
}

// create makes the games just paired; one that cannot be made is
// recorded void.
func (d *Director) create(ctx context.Context, e *entry, f store.Fence, games []*Game) error {
	var evs []store.TournamentEvent
	for _, g := range games {
		if err := d.cfg.Games.Create(ctx, &e.st.T, e.st.Spec, g); err != nil {
			d.cfg.Log.Warn("tournament game not created", "tournament", e.st.T.ID, "game", g.ID, "err", err)
			evs = append(evs, event(EvResult, resultData{Game: g.ID, Result: Void}))
		}
	}
	if len(evs) == 0 {
		return nil
	}
	return d.appendEvents(ctx, e, f, "", true, evs...)
}

// tablesStep seats a casual multi-player arena's free players in games.
func (d *Director) tablesStep(ctx context.Context, e *entry, f store.Fence) error {
	st := e.st
	tabs := st.tables.pair()
	if len(tabs) == 0 {
		return nil
	}
	evs := make([]store.TournamentEvent, len(tabs))
	for i, seats := range tabs {
		g := &Game{ID: d.cfg.NewID(), White: seats[0], Black: seats[1], Seats: seats, Levels: st.levels(seats...)}
		for range seats {
			g.Tokens = append(g.Tokens, d.cfg.NewToken())
		}
		evs[i] = event(EvPair, g)
	}
	if err := d.appendEvents(ctx, e, f, "", true, evs...); err != nil {
		return err
	}
	return d.create(ctx, e, f, e.st.Games[len(e.st.Games)-len(tabs):])
}

// BerserkMoves is how many moves a player who berserked must have played
// for a win to earn the extra point, as on lichess: a berserk and a quick
// resignation by a friend earn nothing.
const BerserkMoves = 7

// berserked reads game id's log: white's and black's berserk, each
// counted when its player made at least BerserkMoves moves; nil when
// neither counts.
func (d *Director) berserked(ctx context.Context, id string) ([]bool, error) {
	evs, err := d.cfg.Store.Events(ctx, id, 0)
	if err != nil {
		return nil, fmt.Errorf("director: game %s's berserks: %w", id, err)
	}
	var berserked [2]bool
	var moves [2]int
	for _, e := range evs {
		if e.Player < 0 || e.Player > 1 {
			continue
		}
		switch e.Kind {
		case store.KindBerserk:
			berserked[e.Player] = true
		case store.KindMove:
			moves[e.Player]++
		}
	}
	out := []bool{berserked[0] && moves[0] >= BerserkMoves, berserked[1] && moves[1] >= BerserkMoves}
	if !out[0] && !out[1] {
		return nil, nil
	}
	return out, nil
}
