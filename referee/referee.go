package referee

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"plateau/ai"
	"plateau/ai/arena"
	"plateau/ai/level"
	"plateau/game"
	"plateau/games/dames"
	"plateau/hub"
)

// Match is a match between A and B. Each side's player is made once
// (Entrant.New with the match's seed) and plays every game of the match: a
// Hub engine keeps its process, and starts a new one after a crash.
type Match struct {
	A, B arena.Entrant
	// Games is the number of games, played one at a time (the engines'
	// clocks are wall time): game 2k and 2k+1 play the same opening, A as
	// White in the first.
	Games int
	// Time is the time per move the players were made with; a move that
	// comes later than Time+Grace loses the game.
	Time time.Duration
	// Grace is the margin of a late move (default Time+2s: a loaded
	// machine delays a process's answer).
	Grace time.Duration
	// Openings are the match's openings (default Openings).
	Openings []Opening
	// Seed picks the first pair's opening.
	Seed uint64
	// MaxPlies ends a game drawn after so many plies (default 1000; the
	// FMJD draw rules end every game long before).
	MaxPlies int
	// Finished, when set, is called with each game as it ends.
	Finished func(Game)
}

// Game is one game of a match.
type Game struct {
	Index   int     `json:"index"`
	Opening Opening `json:"opening"`
	White   string  `json:"white"`
	Black   string  `json:"black"`
	// Result is the PDN result: "2-0" White wins, "0-2" Black wins,
	// "1-1" a draw.
	Result string `json:"result"`
	// Reason says how the game ended: the rules' reason (no move left,
	// a draw rule), "ply limit", or the loser's fault ("illegal move",
	// "no move", "late move") with its detail in Fault.
	Reason string `json:"reason"`
	Fault  string `json:"fault,omitempty"`
	// Moves are the game's moves in PDN notation, the opening's first.
	Moves []string `json:"moves"`
	// AScore is A's score: 1, 1/2 or 0.
	AScore float64 `json:"aScore"`
}

// Result is a match's result from A's side: the arena's statistics (wins,
// draws, losses, score and Elo with their 95% intervals over the pairs of
// games, the games' ends) and every game.
type Result struct {
	arena.Result
	Games []Game `json:"games"`
}

// Entrant returns the side a spec names: "hub:PATH" or
// "hub:PATH,ARG,..." for a Hub engine run as a child process (Scan 3 is
// "hub:/path/to/scan,hub"), "hub1:PATH[,ARG...]" for one that speaks the
// first Hub protocol (Scan 2.0), or a level of Plateau (level.Names),
// each with t a move.
func Entrant(spec string, t time.Duration) (arena.Entrant, error) {
	cmd, hub2 := strings.CutPrefix(spec, "hub:")
	cmd1, hub1 := strings.CutPrefix(spec, "hub1:")
	if hub2 || hub1 {
		protocol, prefix := 0, "hub"
		if hub1 {
			cmd, protocol, prefix = cmd1, hub.Hub1, "hub1"
		}
		parts := strings.Split(cmd, ",")
		if parts[0] == "" {
			return arena.Entrant{}, fmt.Errorf("player %q: want %s:PATH[,ARG...]", spec, prefix)
		}
		return arena.Entrant{Name: spec, New: func(uint64) (ai.Player, error) {
			c := &hub.Client{Path: parts[0], Args: parts[1:], Protocol: protocol, MoveTime: t}
			if err := c.Start(); err != nil {
				return nil, err
			}
			return c, nil
		}}, nil
	}
	if _, err := level.New("dames", spec, 0, level.Options{Time: t}); err != nil {
		return arena.Entrant{}, fmt.Errorf("player %q: a level (%s), hub:PATH[,ARG...] or hub1:PATH[,ARG...]: %w", spec, strings.Join(level.Names, ", "), err)
	}
	return arena.Entrant{Name: spec, New: func(seed uint64) (ai.Player, error) {
		return level.New("dames", spec, seed, level.Options{Time: t})
	}}, nil
}

// config is the rules of a match: international draughts with FMJD's draw
// rules.
func config() game.Config {
	cfg, err := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	if err != nil {
		panic(err) // dames has draw=fmjd
	}
	return cfg
}

// Run plays the match. A cancelled context stops it: the game in progress
// is dropped, and Run returns the result of the games played before it
// (Games empty when there are none) with an error wrapping the context's;
// the players are closed (a Hub engine asked to quit, then killed). An
// error making a player stops it too.
func (m Match) Run(ctx context.Context) (Result, error) {
	if m.Games < 1 {
		return Result{}, fmt.Errorf("referee: %d games: want at least 1", m.Games)
	}
	if m.Openings == nil {
		m.Openings = Openings
	}
	if len(m.Openings) == 0 {
		return Result{}, errors.New("referee: no opening")
	}
	if m.Grace <= 0 {
		m.Grace = m.Time + 2*time.Second
	}
	if m.MaxPlies <= 0 {
		m.MaxPlies = 1000
	}
	a, err := m.A.New(m.Seed)
	if err != nil {
		return Result{}, fmt.Errorf("referee: player A (%s): %w", m.A.Name, err)
	}
	defer a.Close()
	b, err := m.B.New(m.Seed + 1)
	if err != nil {
		return Result{}, fmt.Errorf("referee: player B (%s): %w", m.B.Name, err)
	}
	defer b.Close()
	start := time.Now()
	var r Result
	var played []arena.GameResult
	var stopped error
	for i := range m.Games {
		g, err := m.play(ctx, i, a, b)
		if err != nil && ctx.Err() != nil {
			stopped = fmt.Errorf("referee: stopped after %d of %d games: %w", i, m.Games, ctx.Err())
			break
		}
		if err != nil {
			return r, err
		}
		r.Games = append(r.Games, g)
		seat := []int{0}
		if i%2 == 1 {
			seat = []int{1}
		}
		played = append(played, arena.GameResult{Index: i, Score: g.AScore, Plies: len(g.Moves), Reason: g.Reason, ASeats: seat})
		if m.Finished != nil {
			m.Finished(g)
		}
	}
	if len(played) == 0 {
		return r, stopped
	}
	// The arena counts the games played and computes the intervals: a
	// match of which every game is played already plays none.
	sum := arena.Match{Game: dames.Game{}, Config: config(), A: m.A, B: m.B, Games: len(played), Played: played, Workers: 1}
	if r.Result, err = sum.Run(context.WithoutCancel(ctx)); err != nil {
		return r, err
	}
	r.Seconds = time.Since(start).Seconds()
	return r, stopped
}
