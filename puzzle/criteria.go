package puzzle

import (
	"fmt"
	"math/bits"

	"plateau/ai"
	aidames "plateau/ai/dames"
	aiintercept "plateau/ai/intercept"
	aimahbousse "plateau/ai/mahbousse"
	"plateau/game"
	"plateau/games/dames"
	"plateau/games/mahbousse"
	"plateau/games/shutbox"
)

// Criteria are a game's rules for a puzzle (see the package doc).
type Criteria struct {
	Game string
	// Margin is the least lead in win probability of each solution move
	// over the next best move.
	Margin float64
	// MaxMoves bounds the solver's moves in a solution.
	MaxMoves int
	// Finder and Verifier say what judges, for documentation.
	Finder, Verifier string
	find, verify     judge
	themes           func(s game.State, line []game.Move) []string
}

// ttBits sizes the searches' tables: a puzzle's searches are small.
const ttBits = 16

// CriteriaOf returns the criteria of a game.
func CriteriaOf(gameID string) (Criteria, error) {
	switch gameID {
	case "shutbox":
		// Two players: the win probability, exact.
		return Criteria{Game: gameID, Margin: 0.10, MaxMoves: 1, Finder: "exact solver", Verifier: "exact solver",
			find: exact{}, verify: exact{}, themes: shutboxThemes}, nil
	case "dames":
		s := func(depth int) judge {
			return searcher{newSearch: func() *ai.Search {
				return &ai.Search{Limits: ai.Limits{Depth: depth}, Quiesce: aidames.Quiesce(), MaxQuiesce: 12,
					Order: aidames.Order, TTBits: ttBits}
			}}
		}
		return Criteria{Game: gameID, Margin: 0.25, MaxMoves: 3, Finder: "alpha-beta 4 plies + capture quiescence",
			Verifier: "alpha-beta 6 plies + capture quiescence", find: s(4), verify: s(6), themes: damesThemes}, nil
	case "mahbousse":
		s := func(depth int) judge {
			return searcher{newSearch: func() *ai.Search {
				return &ai.Search{Limits: ai.Limits{Depth: depth}, Eval: aimahbousse.NewNetEvaluator().Eval, TTBits: ttBits}
			}}
		}
		return Criteria{Game: gameID, Margin: 0.06, MaxMoves: 1, Finder: "1 ply on hard's networks",
			Verifier: "*-minimax 2 plies (every roll of the opponent and its reply) on hard's networks",
			find:     s(1), verify: s(2), themes: mahbousseThemes}, nil
	case "intercept":
		s := func(depth int) judge {
			return searcher{newSearch: func() *ai.Search {
				return &ai.Search{Limits: ai.Limits{Depth: depth}, Eval: aiintercept.NewEvaluator().Eval,
					Order: aiintercept.Order, Allies: aiintercept.Allies, TTBits: ttBits}
			}}
		}
		return Criteria{Game: gameID, Margin: 0.10, MaxMoves: 2, Finder: "alpha-beta 2 plies on hard's ball-chain evaluation",
			Verifier: "alpha-beta 3 plies on the same evaluation", find: s(2), verify: s(3), themes: interceptThemes}, nil
	case "benedictine":
		s := func(depth int) judge {
			return searcher{newSearch: func() *ai.Search {
				return &ai.Search{Limits: ai.Limits{Depth: depth}, TTBits: ttBits}
			}}
		}
		return Criteria{Game: gameID, Margin: 0.10, MaxMoves: 2, Finder: "alpha-beta 3 plies on the engine's evaluation",
			Verifier: "alpha-beta 5 plies on the same evaluation", find: s(3), verify: s(5), themes: benedictineThemes}, nil
	}
	return Criteria{}, fmt.Errorf("no puzzle criteria for game %q", gameID)
}

// solverMoves returns the solver's moves of a line played from s, each
// with the state before it.
func solverMoves(s game.State, line []game.Move, f func(before game.State, m game.Move)) {
	st := s.Clone()
	for i, m := range line {
		if i%2 == 0 {
			f(st, m)
		}
		if st.Play(m) != nil {
			return
		}
	}
}

// wins reports whether the line ends the game with the solver winning.
func wins(s game.State, line []game.Move) bool {
	me := s.ToMove()
	st := s.Clone()
	for _, m := range line {
		if st.Play(m) != nil {
			return false
		}
	}
	o := st.Outcome()
	return o.Over && o.Value(me) == 1
}

func damesThemes(s game.State, line []game.Move) []string {
	var t themeSet
	ds, ok := s.(*dames.State)
	if !ok {
		return nil
	}
	me := ds.Pos().Side
	first := true
	solverMoves(s, line, func(before game.State, m game.Move) {
		b := before.(*dames.State).Pos()
		info, _ := before.DescribeMove(m).(dames.MoveInfo)
		after := before.Clone()
		if after.Play(m) != nil {
			return
		}
		a := after.(*dames.State).Pos()
		n := len(info.Captured)
		switch {
		case first && n == 0 && len(line) > 1:
			t.add("sacrifice") // a quiet first move that the captures justify
		case n >= 3:
			t.add("multi-capture")
		}
		if !first && n >= 2 {
			t.add("combination")
		}
		if bits.OnesCount64(a.Kings&a.Pieces[me]) > bits.OnesCount64(b.Kings&b.Pieces[me]) {
			t.add("breakthrough")
		}
		if bits.OnesCount64(a.Kings&a.Pieces[1-me]) < bits.OnesCount64(b.Kings&b.Pieces[1-me]) {
			t.add("king capture")
		}
		first = false
	})
	if !t.has("combination") {
		t.drop("sacrifice")
	}
	if wins(s, line) {
		t.add("win")
	}
	return t
}

func mahbousseThemes(s game.State, line []game.Move) []string {
	var t themeSet
	solverMoves(s, line, func(before game.State, m game.Move) {
		info, _ := before.DescribeMove(m).(mahbousse.MoveInfo)
		for _, st := range info.Steps {
			if st.Pins {
				t.add("pin")
			}
			if st.To == "off" {
				t.add("bear-off")
			}
		}
	})
	if ms, ok := s.(*mahbousse.State); ok && t.has("bear-off") {
		if l := ms.Layout(); !contact(&l) {
			t.drop("bear-off")
			t.add("bear-off race")
		}
	}
	if len(t) == 0 {
		t.add("checker play")
	}
	return t
}

// contact reports whether some checker of one side still has to pass one
// of the other's.
func contact(l *mahbousse.Layout) bool {
	// p's point n is the other's point 25-n; p's rearmost checker is its
	// highest point, the other's frontmost its highest in p's numbering.
	back := [2]int{}
	for p := range 2 {
		for n := 24; n >= 1; n-- {
			if l.Free[p][n] > 0 || l.Pinned[p][n] {
				back[p] = n
				break
			}
		}
	}
	return back[0] > 0 && back[1] > 0 && back[0]+back[1] > 25
}

func shutboxThemes(s game.State, line []game.Move) []string {
	st, ok := s.(*shutbox.State)
	if !ok {
		return nil
	}
	if st.Phase() == shutbox.Cover {
		return []string{"cover"}
	}
	return []string{"dice choice"}
}

func interceptThemes(s game.State, line []game.Move) []string {
	var t themeSet
	solverMoves(s, line, func(before game.State, m game.Move) {
		if info, ok := describe(before, m)["interception"].(bool); ok && info {
			t.add("interception")
		}
	})
	if wins(s, line) {
		t.add("goal")
	}
	if len(t) == 0 {
		t.add("position")
	}
	return t
}

func benedictineThemes(s game.State, line []game.Move) []string {
	var t themeSet
	solverMoves(s, line, func(before game.State, m game.Move) {
		if b, ok := describe(before, m)["ball"].([]any); ok && len(b) > 0 {
			t.add("ball")
		}
	})
	if wins(s, line) {
		t = themeSet{"try"}
	}
	if len(t) == 0 {
		t.add("bottles")
	}
	return t
}

// themeSet is a small ordered set of theme names.
type themeSet []string

func (t *themeSet) add(name string) {
	if !t.has(name) {
		*t = append(*t, name)
	}
}

func (t themeSet) has(name string) bool {
	for _, n := range t {
		if n == name {
			return true
		}
	}
	return false
}

func (t *themeSet) drop(name string) {
	out := (*t)[:0]
	for _, n := range *t {
		if n != name {
			out = append(out, n)
		}
	}
	*t = out
}
