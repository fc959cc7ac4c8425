package learn_test

import (
	"slices"
	"strings"
	"testing"

	"plateau/game"
	"plateau/games"
	"plateau/learn"
)

// state reads a board's position back with the game's engine.
func state(t *testing.T, g game.Game, b learn.Board) game.State {
	t.Helper()
	cfg, err := game.NewConfig(g, b.Variant)
	if err != nil {
		t.Fatalf("variant %v: %v", b.Variant, err)
	}
	st, err := g.ParsePosition(cfg, b.Position)
	if err != nil {
		t.Fatalf("position %q: %v", b.Position, err)
	}
	return st
}

// notation returns the canonical notation of a move text that is legal in st.
func notation(t *testing.T, st game.State, text string) string {
	t.Helper()
	m, err := st.ParseMove(text)
	if err != nil {
		t.Fatalf("move %q in %q: %v", text, st.Position(), err)
	}
	if err := st.Clone().Play(m); err != nil {
		t.Fatalf("move %q in %q does not play: %v", text, st.Position(), err)
	}
	return st.FormatMove(m)
}

func checkText(t *testing.T, what string, x learn.Text) {
	t.Helper()
	if strings.TrimSpace(x.FR) == "" || strings.TrimSpace(x.EN) == "" {
		t.Errorf("%s: missing a language: FR %q, EN %q", what, x.FR, x.EN)
	}
	if x.FR == x.EN && len(x.FR) > 12 {
		t.Errorf("%s: French and English are the same text %q", what, x.FR)
	}
}

// Every game has a page and every page is a game's; every text is in both languages; every diagram and
// example parses; every example's answers are legal, its wrong move is legal
// and no answer, and the player to move is a seat; every variant option of
// the game is explained, and nothing else.
func TestPages(t *testing.T) {
	reg := games.Registry()
	for _, id := range reg.IDs() {
		if _, ok := learn.PageOf(id); !ok {
			t.Errorf("game %s has no rules page", id)
		}
	}
	for _, pg := range learn.Pages() {
		g, err := reg.Lookup(pg.Game)
		if err != nil {
			t.Errorf("page of an unknown game: %v", err)
			continue
		}
		t.Run(g.ID(), func(t *testing.T) {
			checkText(t, "lead", pg.Lead)
			for i, s := range pg.Sections {
				checkText(t, "section title", s.Title)
				if len(s.Blocks) == 0 {
					t.Errorf("section %d %q is empty", i, s.Title.EN)
				}
				for j, b := range s.Blocks {
					n := 0
					for _, set := range []bool{b.P != nil, b.Diagram != nil, b.Example != nil} {
						if set {
							n++
						}
					}
					if n != 1 {
						t.Errorf("section %q block %d sets %d fields, want 1", s.Title.EN, j, n)
					}
					switch {
					case b.P != nil:
						checkText(t, s.Title.EN+" paragraph", *b.P)
					case b.Diagram != nil:
						checkText(t, "caption of "+b.Diagram.Position, b.Diagram.Caption)
						state(t, g, *b.Diagram)
					}
				}
			}
			exs := pg.Examples()
			if len(exs) < 5 {
				t.Errorf("%d examples, want at least 5", len(exs))
			}
			for _, e := range exs {
				st := state(t, g, e.Board)
				if p := st.ToMove(); p < 0 {
					t.Errorf("example %q: nobody to move (%v)", e.Position, p)
					continue
				}
				checkText(t, "task of "+e.Position, e.Task)
				checkText(t, "right of "+e.Position, e.Right)
				checkText(t, "hint of "+e.Position, e.Hint)
				if len(e.Answers) == 0 {
					t.Errorf("example %q has no answer", e.Position)
				}
				var right []string
				for _, a := range e.Answers {
					right = append(right, notation(t, st, a))
				}
				if w := notation(t, st, e.Wrong); slices.Contains(right, w) {
					t.Errorf("example %q: the wrong move %q is an answer %v", e.Position, e.Wrong, right)
				}
			}
			var keys []string
			for _, o := range g.Options() {
				keys = append(keys, o.Key)
				if x, ok := pg.Variants[o.Key]; !ok {
					t.Errorf("variant option %q is not explained", o.Key)
				} else {
					checkText(t, "variant "+o.Key, x)
				}
			}
			for k := range pg.Variants {
				if !slices.Contains(keys, k) {
					t.Errorf("the page explains %q, which is no option of %s (options %v)", k, g.ID(), keys)
				}
			}
		})
	}
}
