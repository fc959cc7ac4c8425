// Package gametest is the conformance suite that every Plateau engine runs
// from its own tests, in the way net/http/httptest serves handlers' tests.
//
// Run plays random games from many seeds in every variant and checks, at
// every ply, the contract of game.State: listed moves play, unlisted ones are
// rejected without changing the state, Clone is deep, CopyFrom (where a state
// has it) gives an independent copy reusing storage, Position and move
// notation round-trip, chance weights are sound, games end, and replaying
// the move list reproduces the final state. Where a state is a game.Hasher,
// equal positions have equal hashes however they were reached: every
// position met in any game of a configuration (by different move orders)
// and its parsed text.
package gametest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"plateau/game"
)

// Options tunes Run. The zero value gives the defaults.
type Options struct {
	// Seeds is the number of random games per configuration (default 12,
	// 4 under -short).
	Seeds int
	// MaxPlies bounds a game's length, chance moves included (default
	// 3000); a game still running then fails the suite.
	MaxPlies int
	// Configs replaces the configurations to play (default: game.Variants).
	Configs []game.Config
	// MovesPerPly bounds how many listed moves are played on clones at
	// each ply (default 24); the rest are still round-tripped.
	MovesPerPly int
}

// Run checks g against the State contract with the default options.
func Run(t *testing.T, g game.Game) { RunWith(t, g, Options{}) }

// RunWith checks g against the State contract.
func RunWith(t *testing.T, g game.Game, o Options) {
	t.Helper()
	if o.Seeds == 0 {
		o.Seeds = 12
		if testing.Short() {
			o.Seeds = 4
		}
	}
	if o.MaxPlies == 0 {
		o.MaxPlies = 3000
	}
	if o.MovesPerPly == 0 {
		o.MovesPerPly = 24
	}
	configs := o.Configs
	if configs == nil {
		configs = game.Variants(g)
	}
	if _, err := g.ParsePosition(game.DefaultConfig(g), g.ExamplePosition()); err != nil {
		t.Errorf("ExamplePosition %q does not parse: %v", g.ExamplePosition(), err)
	}
	for _, cfg := range configs {
		// The hash of every position met in the configuration's games,
		// by its text: games of different seeds reach positions by
		// different move orders.
		hashes := make(map[string]hashSeen)
		for seed := 1; seed <= o.Seeds; seed++ {
			name := fmt.Sprintf("%s/seed=%d", cfg, seed)
			t.Run(name, func(t *testing.T) { playout(t, g, cfg, uint64(seed), o, hashes) })
		}
	}
}

// hashSeen is a position's hash and the moves that first reached it.
type hashSeen struct {
	hash  uint64
	moves string
}

// parsed is a state's position text and the state parsed from it, or why
// it does not parse.
type parsed struct {
	pos  string
	back game.State
	err  error
}

// checkHash checks that s, an unfinished game reached by played, has the
// hash of the same position met before and of its parsed text p. (A
// finished game is not searched: its hash is not checked.)
func checkHash(t *testing.T, s game.State, p parsed, played []string, hashes map[string]hashSeen) {
	t.Helper()
	h, ok := s.(game.Hasher)
	if !ok || s.Outcome().Over {
		return
	}
	pos, hash := p.pos, h.Hash()
	if prev, ok := hashes[pos]; ok && prev.hash != hash {
		t.Errorf("position %q: hash %#x after moves %s, %#x after moves %s", pos, hash, lastMoves(played), prev.hash, prev.moves)
	} else if !ok && len(hashes) < 1<<16 {
		hashes[pos] = hashSeen{hash, lastMoves(played)}
	}
	if p.err != nil {
		return // checkPly reports it
	}
	if bh, ok := p.back.(game.Hasher); !ok || bh.Hash() != hash {
		t.Errorf("position %q parsed has another hash than after moves %s", pos, lastMoves(played))
	}
}

// lastMoves shows how many moves were played and the last ones.
func lastMoves(played []string) string {
	const show = 8
	if len(played) <= show {
		return fmt.Sprintf("%q", played)
	}
	return fmt.Sprintf("(%d moves) …%q", len(played), played[len(played)-show:])
}

func playout(t *testing.T, g game.Game, cfg game.Config, seed uint64, o Options, hashes map[string]hashSeen) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	s, err := g.New(cfg)
	if err != nil {
		t.Fatalf("New(%s): %v", cfg, err)
	}
	var played []string
	// scratch is reused across plies, as a search reuses its per-ply
	// states, so CopyFrom meets storage that earlier copies grew.
	scratch := s.Clone()
	for ply := 0; ; ply++ {
		// The position's text, and the state parsed from it, once a ply.
		pos := s.Position()
		back, err := g.ParsePosition(cfg, pos)
		checkPly(t, g, s, parsed{pos, back, err}, rng, o)
		checkHash(t, s, parsed{pos, back, err}, played, hashes)
		checkCopy(t, s, scratch, rng)
		if t.Failed() {
			t.Fatalf("after moves %q", played)
		}
		if s.Outcome().Over {
			break
		}
		if ply >= o.MaxPlies {
			t.Fatalf("game not over after %d plies: %s", ply, s.Position())
		}
		m := choose(t, s, rng)
		played = append(played, s.FormatMove(m))
		if err := s.Play(m); err != nil {
			t.Fatalf("Play(%q) of a listed move: %v", played[len(played)-1], err)
		}
	}
	checkOutcome(t, s)

	replay, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.Replay(replay, played); err != nil {
		t.Fatalf("replaying the game: %v", err)
	}
	if replay.Position() != s.Position() {
		t.Errorf("replay ends at %q, the game at %q", replay.Position(), s.Position())
	}
	if a, b := fmt.Sprint(replay.Outcome()), fmt.Sprint(s.Outcome()); a != b {
		t.Errorf("replay outcome %s, game outcome %s", a, b)
	}
}

// choose picks a random legal move, chance moves by their weights.
func choose(t *testing.T, s game.State, rng *rand.Rand) game.Move {
	if s.ToMove() == game.Chance {
		cms := s.ChanceMoves(nil)
		m, err := game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	ms := s.Moves(nil)
	return ms[rng.IntN(len(ms))]
}

func checkPly(t *testing.T, g game.Game, s game.State, p parsed, rng *rand.Rand, o Options) {
	t.Helper()
	pos := p.pos
	moves := s.Moves(nil)
	if !checkParsed(t, g, s, p, moves) {
		return
	}
	seen, ok := checkMoveList(t, s, pos, moves)
	if !ok {
		return
	}
	checkChance(t, s, pos, moves)
	checkNotation(t, s, pos, moves)
	if s.Position() != pos {
		t.Fatalf("listing or formatting moves changed the position to %q", s.Position())
	}
	sample := moves
	if len(sample) > o.MovesPerPly {
		sample = make([]game.Move, o.MovesPerPly)
		for i := range sample {
			sample[i] = moves[rng.IntN(len(moves))]
		}
	}
	checkPlayOnClones(t, s, pos, sample)

	// Unlisted moves are rejected and change nothing.
	toMove := s.ToMove()
	for _, m := range illegalCandidates(moves, rng) {
		if seen[m] {
			continue
		}
		c := s.Clone()
		if err := c.Play(m); err == nil {
			t.Errorf("Play(%#x), a move not listed in %q, was accepted", uint64(m), pos)
		} else if c.Position() != pos || c.ToMove() != toMove {
			t.Errorf("rejected move %#x changed %q to %q", uint64(m), pos, c.Position())
		}
	}
	if _, err := s.ParseMove("not a move!"); err == nil {
		t.Errorf("ParseMove(%q) accepted in %q", "not a move!", pos)
	}
}

// checkParsed checks that s's position round-trips and that the parsed
// state agrees, and that s and its view marshal; false when the position
// does not parse.
func checkParsed(t *testing.T, g game.Game, s game.State, p parsed, moves []game.Move) bool {
	t.Helper()
	pos, back, toMove := p.pos, p.back, s.ToMove()
	if p.err != nil {
		t.Errorf("ParsePosition(Position()) = %v for %q", p.err, pos)
		return false
	}
	if got := back.Position(); got != pos {
		t.Errorf("position does not round-trip:\n got %q\nwant %q", got, pos)
	}
	if back.ToMove() != toMove {
		t.Errorf("parsed position %q: ToMove %v, want %v", pos, back.ToMove(), toMove)
	}
	if !sameMoves(s, moves, back, back.Moves(nil)) {
		t.Errorf("parsed position %q lists other moves: %q, want %q", pos, notations(back, back.Moves(nil)), notations(s, moves))
	}
	if s.Players() < 1 || s.Players() > 4 {
		t.Errorf("Players() = %d", s.Players())
	}
	if _, err := json.Marshal(s.Board()); err != nil {
		t.Errorf("Board() does not marshal: %v", err)
	}
	if _, err := json.Marshal(game.NewView(g, s)); err != nil {
		t.Errorf("view does not marshal: %v", err)
	}
	return true
}

// checkMoveList checks the moves listed against the outcome and whose
// turn it is, and returns them as a set; false when the game is over or
// lists no move, so that there is nothing more to check.
func checkMoveList(t *testing.T, s game.State, pos string, moves []game.Move) (map[game.Move]bool, bool) {
	t.Helper()
	toMove := s.ToMove()
	if s.Outcome().Over {
		if toMove != game.Nobody {
			t.Errorf("finished game %q: ToMove = %v, want Nobody", pos, toMove)
		}
		if len(moves) != 0 {
			t.Errorf("finished game %q lists %d moves", pos, len(moves))
		}
		return nil, false
	}
	if toMove != game.Chance && (toMove < 0 || int(toMove) >= s.Players()) {
		t.Errorf("ToMove = %v in %q", toMove, pos)
	}
	if len(moves) == 0 {
		t.Errorf("unfinished game %q lists no moves", pos)
		return nil, false
	}
	seen := make(map[game.Move]bool, len(moves))
	for _, m := range moves {
		if seen[m] {
			t.Errorf("move %q listed twice in %q", s.FormatMove(m), pos)
		}
		seen[m] = true
	}
	return seen, true
}

// checkChance checks that a chance node's outcomes are its moves, with
// positive weights, and that no other node has any.
func checkChance(t *testing.T, s game.State, pos string, moves []game.Move) {
	t.Helper()
	toMove := s.ToMove()
	cms := s.ChanceMoves(nil)
	if toMove != game.Chance {
		if len(cms) != 0 {
			t.Errorf("ChanceMoves lists %d outcomes when %v is to move", len(cms), toMove)
		}
		return
	}
	if len(cms) != len(moves) {
		t.Errorf("chance node %q: %d chance moves, %d moves", pos, len(cms), len(moves))
	}
	for i, c := range cms {
		if c.Weight <= 0 {
			t.Errorf("chance move %q has weight %d", s.FormatMove(c.Move), c.Weight)
		}
		if i < len(moves) && c.Move != moves[i] {
			t.Errorf("chance move %d is %q, Moves lists %q", i, s.FormatMove(c.Move), s.FormatMove(moves[i]))
		}
	}
}

// checkNotation checks that every move's notation is its own and parses
// back, and that its description carries it.
func checkNotation(t *testing.T, s game.State, pos string, moves []game.Move) {
	t.Helper()
	texts := make(map[string]game.Move, len(moves))
	for _, m := range moves {
		text := s.FormatMove(m)
		if prev, dup := texts[text]; dup && prev != m {
			t.Errorf("two moves are written %q in %q", text, pos)
		}
		texts[text] = m
		got, err := s.ParseMove(text)
		if err != nil {
			t.Errorf("ParseMove(%q) in %q: %v", text, pos, err)
		} else if got != m {
			t.Errorf("ParseMove(FormatMove(m)) = %q, want %q", s.FormatMove(got), text)
		}
		b, err := json.Marshal(s.DescribeMove(m))
		if err != nil {
			t.Errorf("DescribeMove(%q) does not marshal: %v", text, err)
			continue
		}
		var d game.MoveText
		if err := json.Unmarshal(b, &d); err != nil || d.Notation != text {
			t.Errorf("DescribeMove(%q) = %s: want an object with notation %q", text, b, text)
		}
	}
}

// checkPlayOnClones checks that the listed moves of sample play on clones
// of s, leaving s as it was, and that PlayListed leaves the state Play
// does.
func checkPlayOnClones(t *testing.T, s game.State, pos string, sample []game.Move) {
	t.Helper()
	toMove := s.ToMove()
	for _, m := range sample {
		c := s.Clone()
		if err := c.Play(m); err != nil {
			t.Errorf("Play(%q) on a clone of %q: %v", s.FormatMove(m), pos, err)
		}
		// PlayListed skips Play's checks for listed moves: it must
		// leave the same state.
		if tr, ok := s.Clone().(game.Trusting); ok {
			if err := tr.PlayListed(m); err != nil {
				t.Errorf("PlayListed(%q) on a clone of %q: %v", s.FormatMove(m), pos, err)
			} else if got := tr.(game.State); got.Position() != c.Position() || got.ToMove() != c.ToMove() ||
				fmt.Sprint(got.Outcome()) != fmt.Sprint(c.Outcome()) {
				t.Errorf("PlayListed(%q) in %q gives %q (%v), Play %q (%v)", s.FormatMove(m), pos,
					got.Position(), got.Outcome(), c.Position(), c.Outcome())
			}
		}
	}
	if s.Position() != pos || s.ToMove() != toMove {
		t.Fatalf("playing %q on clones changed the original to %q", notations(s, sample), s.Position())
	}
}

// foreign is a state of another type, which CopyFrom must refuse.
type foreign struct{ game.State }

// checkCopy checks that CopyFrom into scratch gives a state that lists the
// same moves, plays like a clone and leaves s unchanged when it plays.
func checkCopy(t *testing.T, s, scratch game.State, rng *rand.Rand) {
	t.Helper()
	c, ok := scratch.(game.Copier)
	if !ok {
		return
	}
	pos, toMove := s.Position(), s.ToMove()
	if c.CopyFrom(foreign{s}) {
		t.Errorf("CopyFrom accepted a state of another type")
	}
	if !c.CopyFrom(s) {
		t.Fatalf("CopyFrom refused a state of its own game in %q", pos)
	}
	if got := scratch.Position(); got != pos {
		t.Errorf("CopyFrom gives %q, want %q", got, pos)
	}
	if h, ok := s.(game.Hasher); ok && h.Hash() != scratch.(game.Hasher).Hash() {
		t.Errorf("CopyFrom of %q changes the hash", pos)
	}
	if a, b := fmt.Sprint(scratch.Outcome()), fmt.Sprint(s.Outcome()); a != b {
		t.Errorf("CopyFrom of %q: outcome %s, want %s", pos, a, b)
	}
	moves := s.Moves(nil)
	if !sameMoves(s, moves, scratch, scratch.Moves(nil)) {
		t.Errorf("CopyFrom of %q lists other moves: %q, want %q", pos, notations(scratch, scratch.Moves(nil)), notations(s, moves))
	}
	if len(moves) == 0 {
		return
	}
	m := moves[rng.IntN(len(moves))]
	want := s.Clone()
	if err := want.Play(m); err != nil {
		t.Fatalf("Play(%q) on a clone of %q: %v", s.FormatMove(m), pos, err)
	}
	if err := scratch.Play(m); err != nil {
		t.Errorf("Play(%q) on a copy of %q: %v", s.FormatMove(m), pos, err)
	} else if got := scratch.Position(); got != want.Position() {
		t.Errorf("Play(%q) on a copy of %q gives %q, on a clone %q", s.FormatMove(m), pos, got, want.Position())
	} else if a, b := fmt.Sprint(scratch.Outcome()), fmt.Sprint(want.Outcome()); a != b {
		t.Errorf("Play(%q) on a copy of %q ends %s, on a clone %s", s.FormatMove(m), pos, a, b)
	}
	if s.Position() != pos || s.ToMove() != toMove {
		t.Fatalf("playing %q on a copy changed the original to %q", s.FormatMove(m), s.Position())
	}
}

// illegalCandidates returns move values near and far from the legal ones.
func illegalCandidates(moves []game.Move, rng *rand.Rand) []game.Move {
	out := []game.Move{0, ^game.Move(0)}
	for range 4 {
		out = append(out, game.Move(rng.Uint64()), game.Move(rng.Uint32()))
		m := moves[rng.IntN(len(moves))]
		out = append(out, m^1, m^(1<<uint(rng.IntN(64))), m+1, m-1)
	}
	return out
}

func checkOutcome(t *testing.T, s game.State) {
	t.Helper()
	o := s.Outcome()
	if len(o.Results) != s.Players() {
		t.Fatalf("outcome has %d results for %d players", len(o.Results), s.Players())
	}
	if o.Reason == "" {
		t.Errorf("outcome has no reason")
	}
	wins, draws := 0, 0
	for p := range s.Players() {
		v := o.Value(game.Player(p))
		if v < 0 || v > 1 {
			t.Errorf("Value(%d) = %v", p, v)
		}
		switch o.Results[p] {
		case game.Win:
			wins++
		case game.Draw:
			draws++
		}
	}
	if wins > 0 && draws > 0 {
		t.Errorf("outcome mixes wins and draws: %v", o.Results)
	}
	if wins == 0 && draws == 0 && s.Players() > 1 {
		t.Errorf("nobody won or drew: %v", o.Results)
	}
}

func notations(s game.State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.FormatMove(m)
	}
	slices.Sort(out)
	return out
}

func sameMoves(a game.State, am []game.Move, b game.State, bm []game.Move) bool {
	return slices.Equal(notations(a, am), notations(b, bm))
}
