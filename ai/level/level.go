// Package level names Plateau's computer players: for every game the
// levels easy, medium, hard and max, and the baselines random and greedy.
// It assembles the generic algorithms of package ai with the per-game
// knowledge of the ai/<game> packages; docs/ai/notebook.md describes every level.
package level

import (
	"context"
	"fmt"
	"strings"
	"time"

	"plateau/ai"
	aidames "plateau/ai/dames"
	"plateau/ai/dames/egdb"
	aiintercept "plateau/ai/intercept"
	aimahbousse "plateau/ai/mahbousse"
	aishutbox "plateau/ai/shutbox"
	"plateau/game"
)

// Names lists the player names New accepts, weakest first.
var Names = []string{"random", "greedy", "easy", "medium", "hard", "max"}

// Options tunes players beyond their name.
type Options struct {
	// Time is the time per move of the level max (default 5s).
	Time time.Duration
	// Nodes, when above 0, bounds the levels the clock bounds by nodes
	// instead: max searches Nodes nodes a move (Time is then ignored) and
	// hard loses its HardTime cap, keeping its node budget. Every level then
	// plays the same moves for its seed on any machine, however loaded:
	// what measuring levels against each other needs on a shared machine
	// (plateau ladder --nodes), where the clock starves the searches.
	Nodes int64
	// TTMiB sizes the transposition table of the dames level max in MiB
	// (0: ai/dames.DefaultTTMiB).
	TTMiB int
}

// limits returns l as the options bound it: without its time cap when
// o.Nodes is set.
func (o Options) limits(l ai.Limits) ai.Limits {
	if o.Nodes > 0 {
		l.Time = 0
	}
	return l
}

// maxLimits returns the limits of the level max.
func (o Options) maxLimits() ai.Limits {
	if o.Nodes > 0 {
		return ai.Limits{Nodes: o.Nodes}
	}
	return ai.Limits{Time: o.Time}
}

// HardTime caps the time per move of the level hard; its node budget
// normally stops it well before.
const HardTime = 800 * time.Millisecond

// SoloMaxTime caps the time per move of max at Intercept with 4 players
// solo, which searches a node budget (docs/ai/notebook.md): about 0.6 s on a free
// core.
const SoloMaxTime = 1500 * time.Millisecond

// SoloEasyMix is the share of easy's moves, at Intercept with 4 players
// solo, that are two plies of Best-Reply Search (medium's); greedy plays
// the others. Half scored +45 [-26, +120] Elo over greedy (100 games, seed
// 9202) and -135 [-221, -63] against two plies (seed 9203); three in four
// +115 [+52, +187] and -14 [-71, +42] (seeds 9204, 9205): three in five
// lies between.
const SoloEasyMix = 0.6

// maker builds a player of one level for one seat.
type maker func(seed uint64, o Options) ai.Player

// New returns the player called name for a game. Each call returns a fresh
// player; do not share one between goroutines.
func New(gameID, name string, seed uint64, o Options) (ai.Player, error) {
	if o.Time <= 0 {
		o.Time = 5 * time.Second
	}
	mk, ok := table(gameID)[name]
	if !ok {
		return nil, fmt.Errorf("unknown player %q (players: %s)", name, strings.Join(Names, ", "))
	}
	if gameID == "dames" && (name == "max" || name == "max-v3") {
		if err := Check(); err != nil {
			return nil, err
		}
	}
	return mk(seed, o), nil
}

// Check loads the data the levels play with (the learnt weights embedded
// in the binary): a level never plays on without them. plateau serve calls
// it at start.
func Check() error {
	if _, err := aidames.LearntPatterns(); err != nil {
		return fmt.Errorf("level: the dames level max: its learnt patterns: %w", err)
	}
	if _, err := aidames.PreviousPatterns(); err != nil {
		return fmt.Errorf("level: the dames level max-v3: its learnt patterns: %w", err)
	}
	if _, err := egdb.Default(); err != nil {
		return fmt.Errorf("level: the dames level max: %w", err)
	}
	return nil
}

// Describe says in a few words what a level is for a game.
func Describe(gameID, name string) string {
	return descriptions(gameID)[name]
}

// Evaluation returns the evaluation a level of a game searches with when
// it is one of a game's own (ai/<game>), for measuring its cost; nil when
// the level uses the engine's evaluation or none. Each call returns an
// evaluation of its own: do not share one between goroutines.
func Evaluation(gameID, name string) ai.Eval {
	if gameID == "mahbousse" {
		switch name {
		case "hard":
			return aimahbousse.NewNetEvaluator().Eval
		case "max":
			return aimahbousse.NewMaxEvaluator().Eval
		case "medium", "max-v1":
			return aimahbousse.Eval
		}
	}
	if gameID == "intercept" {
		switch name {
		case "random":
			return nil
		case "max", "hard-v4":
			// EvalV4 is Eval with 4 players.
			return aiintercept.NewEvaluator().EvalV4
		}
		if _, ok := table(gameID)[name]; ok {
			return aiintercept.NewEvaluator().Eval
		}
	}
	return nil
}

// search returns an alpha-beta / *-minimax maker.
func search(l ai.Limits, eval ai.Eval, tune func(*ai.Search)) maker {
	return func(seed uint64, o Options) ai.Player {
		s := ai.NewSearch(o.limits(l), eval)
		if tune != nil {
			tune(s)
		}
		return s
	}
}

// maxSearch is search with the time given (or Options.Nodes) and a bigger
// table.
func maxSearch(eval ai.Eval, tune func(*ai.Search)) maker {
	return func(seed uint64, o Options) ai.Player {
		s := ai.NewSearch(o.maxLimits(), eval)
		s.TTBits = 21
		if tune != nil {
			tune(s)
		}
		return s
	}
}

func mcts(l ai.Limits, eval ai.Eval, playout int) maker {
	return func(seed uint64, o Options) ai.Player {
		m := ai.NewMCTS(o.limits(l), eval, seed)
		m.PlayoutDepth = playout
		if l.Time == 0 && l.Nodes == 0 {
			m.Limits = o.maxLimits()
		}
		return m
	}
}

// mix plays first's move with probability p and second's otherwise
// (ai.Mix), each player seeded apart.
func mix(first, second maker, p float64) maker {
	return func(seed uint64, o Options) ai.Player {
		return ai.NewMix(first(seed, o), second(seed^0x2545f4914f6cdd1d, o), p, seed)
	}
}

func greedy(eval ai.Eval, noise float64) maker {
	return func(seed uint64, o Options) ai.Player {
		g := ai.NewGreedy(eval, seed)
		g.Noise = noise
		return g
	}
}

func random(seed uint64, o Options) ai.Player { return ai.NewRandom(seed) }

// byPlayers plays with two when the state has two players (or one), with
// many otherwise (Intercept with 4 players searches with partners together,
// and solo as Best-Reply Search+).
func byPlayers(two, many maker) maker {
	return func(seed uint64, o Options) ai.Player {
		return &switcher{two: two, many: many, seed: seed, o: o}
	}
}

type switcher struct {
	two, many maker
	seed      uint64
	o         Options
	p         ai.Player
	players   int
}

func (w *switcher) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	if w.p == nil || w.players != s.Players() {
		w.players = s.Players()
		if w.p != nil {
			w.p.Close()
		}
		if w.players <= 2 {
			w.p = w.two(w.seed, w.o)
		} else {
			w.p = w.many(w.seed, w.o)
		}
	}
	return w.p.Choose(ctx, s)
}

func (w *switcher) Close() {
	if w.p != nil {
		w.p.Close()
		w.p = nil
	}
}

// byMode plays Intercept's 4 players with teams when seats 0 and 2 are
// partners, with solo otherwise.
func byMode(teams, solo maker) maker {
	return func(seed uint64, o Options) ai.Player {
		return &modeSwitch{teams: teams(seed, o), solo: solo(seed, o)}
	}
}

type modeSwitch struct{ teams, solo ai.Player }

func (m *modeSwitch) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	if aiintercept.Allies(s, 0, 2) {
		return m.teams.Choose(ctx, s)
	}
	return m.solo.Choose(ctx, s)
}

func (m *modeSwitch) Close() {
	m.teams.Close()
	m.solo.Close()
}

// table returns the makers of a game's players.
func table(gameID string) map[string]maker {
	t := map[string]maker{
		"random": random,
		"greedy": greedy(nil, 0),
		"easy":   byPlayers(search(ai.Limits{Depth: 2}, nil, nil), mcts(ai.Limits{Nodes: 5_000}, nil, 40)),
		"medium": byPlayers(search(ai.Limits{Depth: 4, Nodes: 200_000}, nil, nil), mcts(ai.Limits{Nodes: 50_000}, nil, 40)),
		"hard":   byPlayers(search(ai.Limits{Nodes: 400_000, Time: HardTime}, nil, nil), mcts(ai.Limits{Nodes: 400_000, Time: HardTime}, nil, 40)),
		"max":    byPlayers(maxSearch(nil, nil), mcts(ai.Limits{}, nil, 40)),
	}
	switch gameID {
	case "dames":
		damesLevels(t)
	case "mahbousse":
		mahbousseLevels(t)
	case "intercept":
		interceptLevels(t)
	case "shutbox":
		shutboxLevels(t)
	}
	return t
}

// damesLevels sets the draughts levels in t.
func damesLevels(t map[string]maker) {
	tune := func(s *ai.Search) {
		s.Quiesce, s.MaxQuiesce, s.Order = aidames.Quiesce(), 12, aidames.Order
	}
	// greedy looks one ply ahead and through the captures that
	// follow: without them one ply is weaker than random moves, the
	// compulsory captures punishing the men it pushes forward.
	t["greedy"] = search(ai.Limits{Depth: 1}, nil, tune)
	t["easy"] = search(ai.Limits{Depth: 2}, nil, tune)
	t["medium"] = search(ai.Limits{Depth: 4, Nodes: 100_000}, nil, tune)
	t["hard"] = search(ai.Limits{Nodes: 120_000, Time: HardTime}, nil, tune)
	// The search of the former max (hard's for the time given) plays
	// the huffing=on games the engine does not search.
	fallback := maxSearch(nil, tune)
	engine := func(previous bool) maker {
		return func(seed uint64, o Options) ai.Player {
			e := aidames.NewEngine(o.maxLimits())
			e.TTMiB, e.Previous = o.TTMiB, previous
			e.Fallback = fallback(seed, o) // huffing=on
			// New has checked that the weights and the endgame
			// database load (Check).
			patterns, db := aidames.LearntPatterns, egdb.Default
			if previous {
				patterns, db = aidames.PreviousPatterns, nil
			}
			pt, err := patterns()
			if err != nil {
				panic(fmt.Sprintf("level: dames max: %v", err))
			}
			e.Eval = pt.Evaluate
			if db != nil {
				if e.EGDB, err = db(); err != nil {
					panic(fmt.Sprintf("level: dames max: %v", err))
				}
			}
			return e
		}
	}
	t["max"] = engine(false)
	// max-v3 is max before aspiration windows, the time management
	// that uses the whole move's time, the endgame database and the
	// features of danger (weights.bin, the diamonds alone), kept to
	// measure max.
	t["max-v3"] = engine(true)
}

// mahbousseLevels sets Mahboussé's levels in t.
func mahbousseLevels(t map[string]maker) {
	t["medium"] = greedy(aimahbousse.Eval, 0)
	// easy lies between greedy and medium: medium's move three times
	// in five, greedy's otherwise (greedy with noise on its values was
	// weaker than greedy; half and half scored only 52.2% against
	// greedy, 200 games, seed 79; three in five 65.6% against greedy
	// and 39.0% against medium, 400 games each, seed 81).
	t["easy"] = mix(t["medium"], t["greedy"], 0.6)
	// hard and max evaluate with the networks through an evaluator
	// of their own, which updates the networks' sums from the
	// position evaluated before (NetEval's values within 1e-7, in
	// two thirds of its time).
	nets := func(evaluator func() *aimahbousse.Evaluator, tune func(*ai.Search)) func(*ai.Search) {
		return func(s *ai.Search) {
			s.Eval = evaluator().Eval
			tune(s)
		}
	}
	// hard looks three plies deep, GNU Backgammon's way: move
	// filters search only the moves a shallower look finds good.
	t["hard"] = search(ai.Limits{Depth: 3, Nodes: 100_000, Time: HardTime}, nil, nets(aimahbousse.NewNetEvaluator, aimahbousse.Filters))
	// max searches hard's three plies on the networks that read the
	// tactical inputs (aimahbousse.MaxNets), within the time given.
	// Not deeper, nor wider: a fourth ply, full or over 7 of the 21
	// rolls, truncated rollouts, and wider filters all scored even
	// against hard at its depth (docs/ai/notebook.md); what paid was a better
	// evaluation.
	t["max"] = maxSearch(nil, nets(aimahbousse.NewMaxEvaluator, func(s *ai.Search) {
		aimahbousse.Filters(s)
		s.Limits.Depth = 3
	}))
	t["max-v1"] = maxSearch(aimahbousse.Eval, nil)
}

// interceptLevels sets Intercept's levels in t.
func interceptLevels(t map[string]maker) {
	// With 4 players the search is alpha-beta where partners
	// maximize the same value (teams) and every other seat minimizes
	// it; solo, as Best-Reply Search+ (ai.Search.BestReply): of the
	// three opponents between two of the root's moves, one searches
	// its reply and the others play their first move. Paranoid
	// search, where all three search, saw the root's second move only
	// at 5 plies.
	// Contempt: a draw counts as slightly worse than even, so that
	// the sides play on for a goal; with 2 players only hard and max
	// have it, with Repeats (below).
	// Every search evaluates through an Evaluator of its own, Eval's
	// values in less time (the distance maps of the seats that did
	// not move are kept from one leaf to the next).
	tune := func(s *ai.Search) {
		s.Order, s.Allies = aiintercept.Order, aiintercept.Allies
		s.Eval = aiintercept.NewEvaluator().Eval
	}
	paranoid4 := func(s *ai.Search) { tune(s); s.Contempt = aiintercept.Contempt }
	tune4 := func(s *ai.Search) { paranoid4(s); s.BestReply = true }
	// hard and max with 2 players key their table with the
	// position's earlier occurrences (Search.Repeats): the table, kept
	// from move to move, hid threefold repetitions, which drew a sixth
	// of hard's games; seeing them, contempt stops them.
	tune2 := func(s *ai.Search) { tune4(s); s.Repeats = aiintercept.Repeats }
	ev := aiintercept.Eval
	// four plays 4 players with the limits teams in teams and solo
	// alone.
	four := func(teams, solo ai.Limits) maker { return byMode(search(teams, ev, tune4), search(solo, ev, tune4)) }
	// greedy on the engine's evaluation drew 9 of 10 games against
	// random at the 500-turn limit: it sees no chain to build.
	t["greedy"] = greedy(ev, 0)
	// Solo, no search stronger than three plies of Best-Reply Search
	// within 80k nodes could be found (more nodes, a fourth ply, move
	// filters, late move reductions, six evaluations and their
	// weights fitted to results all measured even with it or weaker:
	// docs/ai/notebook.md, *intercept, 4 players solo*), so max plays it, and
	// the levels below are spaced so that each is shown stronger than
	// the one below it, as max's extra nodes were not: easy plays
	// between greedy and two plies, medium two plies, hard three
	// plies within 10k nodes (the levels' former medium).
	two := ai.Limits{Depth: 2}
	soloEasy := mix(search(two, ev, tune4), t["greedy"], SoloEasyMix)
	t["easy"] = byPlayers(search(two, ev, tune), byMode(search(two, ev, tune4), soloEasy))
	// medium searches a fifth of hard's nodes: with 50k (3 plies
	// rarely finished), as many as hard's 25k, it measured no weaker
	// than hard (18/8/14 in 40 games, ladder seed 1127).
	medium := ai.Limits{Depth: 3, Nodes: 5_000}
	// Solo, hard searches three plies within 10k nodes: Best-Reply
	// Search's 2 plies took 4.2k nodes a move, so within 5k it often
	// played an unfinished second ply, and lost 12/4/24 to two plies
	// (ladder seed 2913).
	soloHard := ai.Limits{Depth: 3, Nodes: 10_000}
	t["medium"] = byPlayers(search(medium, ev, tune), byMode(search(medium, ev, tune4), search(two, ev, tune4)))
	hard := ai.Limits{Nodes: 25_000, Time: HardTime}
	// Solo, max searches 80k nodes for at most SoloMaxTime: Best-Reply
	// Search's third ply (the root's second move) took 24-75k nodes,
	// so within 25k it seldom finished it and played much as within
	// 10k (+61 [-53, +179], ladder seed 2914).
	soloMax := ai.Limits{Nodes: 80_000, Time: SoloMaxTime}
	// With 2 players hard searches 100k nodes: on the aggressive
	// evaluation, at 25k it measured no stronger than medium (32/0/28
	// in 60 games, ladder seed 8301), at 100k 30/0/10 (seed 8401).
	hard2 := ai.Limits{Nodes: 100_000, Time: HardTime}
	t["hard"] = byPlayers(search(hard2, ev, tune2), byMode(search(hard, ev, tune4), search(soloHard, ev, tune4)))
	// With 2 players every level below max plays on the aggressive
	// evaluation, which plays for the goal and makes games of about
	// 110 plies where the defensive one (EvalV4) made 220-280; max
	// plays on the defensive one, which beats the aggressive one at
	// the same search (docs/ai/notebook.md, *Two players, sixth part*).
	tuneV4 := func(s *ai.Search) { tune2(s); s.Eval = aiintercept.NewEvaluator().EvalV4 }
	t["max"] = byPlayers(maxSearch(aiintercept.EvalV4, tuneV4), byMode(maxSearch(ev, tune4), search(soloMax, ev, tune4)))
	// hard-v4 is hard before the aggressive evaluation with 2
	// players (and its 25k nodes), kept to measure it; with 4
	// players, hard.
	t["hard-v4"] = byPlayers(search(hard, aiintercept.EvalV4, tuneV4), four(hard, soloMax))
}

// shutboxLevels sets Shut the Box's levels in t.
func shutboxLevels(t map[string]maker) {
	exact := func(uint64, Options) ai.Player { return aishutbox.Exact{} }
	// The dice leave little room for skill: greedy play, noisy or not,
	// and two plies of expectimax measured no stronger than random
	// (docs/ai/notebook.md, Elo ladder), so the levels below max play the exact
	// policy's move a fifth, two, three and four fifths of the time.
	mixed := func(p float64) maker {
		return func(seed uint64, o Options) ai.Player { return aishutbox.NewMixed(p, seed) }
	}
	t["greedy"], t["easy"], t["medium"], t["hard"] = mixed(0.2), mixed(0.4), mixed(0.6), mixed(0.8)
	t["max"] = exact
}

// descriptions documents the table.
func descriptions(gameID string) map[string]string {
	d := map[string]string{
		"random": "a uniformly random legal move",
		"greedy": "one ply: the move whose position the engine's evaluation likes best, rolls averaged",
		"easy":   "alpha-beta / *-minimax, 2 plies (3-4 players: MCTS 5k nodes)",
		"medium": "alpha-beta / *-minimax, 4 plies or 200k nodes (3-4 players: MCTS 50k nodes)",
		"hard":   "iterative-deepening alpha-beta / *-minimax, 400k nodes, at most 0.8 s (3-4 players: MCTS, same budget)",
		"max":    "iterative-deepening alpha-beta / *-minimax for the time given, --time (3-4 players: MCTS)",
	}
	switch gameID {
	case "dames":
		d["greedy"] = "one ply and the captures that follow it"
		d["easy"] = "alpha-beta 2 plies + capture quiescence"
		d["medium"] = "alpha-beta 4 plies (100k nodes) + capture quiescence"
		d["hard"] = "iterative-deepening alpha-beta, transposition table, capture quiescence, 120k nodes, at most 0.8 s"
		d["max"] = "the draughts engine of ai/dames for the time given (--time, default 5 s): iterative deepening with aspiration windows, a transposition table kept from move to move, principal variation search, late move reductions, killers and history, capture quiescence, endgame rules, learnt patterns over the hand-written evaluation (huffing=on: the former max, hard's search for the time given)"
		d["max-v3"] = "max before aspiration windows and the time management that spends the move's whole time (it started no depth after half of it), kept to measure max"
	case "mahbousse":
		d["easy"] = "medium's move three times in five, greedy's otherwise"
		d["medium"] = "greedy on the trained linear evaluation of ai/mahbousse"
		d["hard"] = "*-minimax 3 plies on the neural evaluation of ai/mahbousse, the mean of three networks (a move, every roll of the opponent and its reply, every roll and reply of ours; Star1 pruning) with GNU Backgammon's move filters (the root's best few moves at 0 then 1 ply are searched deeper, the best reply at 0 ply below), 100k nodes, at most 0.8 s"
		d["max"] = "hard's three plies and move filters on the mean of three networks (hard's first, and hard's other two trained on with tactical inputs: each side's chances of being pinned by the next roll, its prime), within the time given (--time)"
		d["max-v1"] = "the max of before the neural evaluation, kept to measure it: max's search on the linear evaluation"
	case "intercept":
		d["greedy"] = "one ply on the ball-chain evaluation of ai/intercept"
		d["easy"] = "alpha-beta 2 plies on the ball-chain evaluation of ai/intercept (4 players: partners maximize together, the others minimize; solo, three moves in five are medium's, Best-Reply Search 2 plies, the others greedy's)"
		d["medium"] = "alpha-beta up to 3 plies within 5k nodes, ball-chain evaluation, ball passages first (4 players: partners together; solo, Best-Reply Search 2 plies: one opponent searches its reply, the others play their first move)"
		d["hard"] = "iterative-deepening alpha-beta, transposition table keyed with the position's repetitions, ball-chain evaluation playing for the goal (each side counts its own chain three times), contempt 0.05, 100k nodes, at most 0.8 s (4 players: its own chain counted 1.5 times, 25k nodes, partners maximize together, the others minimize; solo, Best-Reply Search up to 3 plies within 10k nodes)"
		d["max"] = "hard's search for the time given (--time, default 5 s); with 2 players on the defensive evaluation of hard-v4, the strongest, where the levels below it play for the goal; with 4 players solo, the strongest search measured, iterative-deepening Best-Reply Search within 80k nodes and at most 1.5 s (more measured no stronger)"
		d["hard-v4"] = "hard before the aggressive evaluation with 2 players (each side counting its own chain three times), kept to measure it: the defensive evaluation of max, 25k nodes; it makes games twice as long (4 players: hard in teams; solo, max)"
	case "shutbox":
		d["greedy"] = "the exact policy's move one time in five, a random move otherwise"
		d["easy"] = "the exact policy's move two times in five, a random move otherwise"
		d["medium"] = "the exact policy's move three times in five, a random move otherwise"
		d["hard"] = "the exact policy's move four times in five, a random move otherwise"
		d["max"] = "the exact policy of games/shutbox/solve (win probability; race heuristic for 3-4 players)"
	}
	return d
}
