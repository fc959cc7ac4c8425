// Package learn holds the rules pages of Plateau's games: for each game, the
// rules as the engine implements them, written for players in French and
// English side by side, with diagrams and interactive examples given as
// position texts. The engines draw and judge them: a diagram is a position
// the game's renderer draws, an example a position where the reader makes a
// move that the engine checks. Nothing here re-implements a rule; the tests
// check every position and move against the engines.
package learn

import "slices"

// Text is one piece of text in French and English.
type Text struct {
	FR, EN string
}

// In returns the text in lang ("fr" or "en"; anything else is English).
func (t Text) In(lang string) string {
	if lang == "fr" {
		return t.FR
	}
	return t.EN
}

// Page is one game's rules page.
type Page struct {
	// Game is the game's id in the registry.
	Game string
	// Lead is the opening paragraph: what the game is.
	Lead Text
	// Sections are the page's parts in reading order.
	Sections []Section
	// Variants explains each variant option of the game, by option key:
	// what the option changes and what each value means. The values and
	// the defaults themselves come from the engine.
	Variants map[string]Text
}

// Section is a titled part of a page.
type Section struct {
	Title  Text
	Blocks []Block
}

// Block is one paragraph, one diagram or one example: exactly one field is set.
type Block struct {
	P       *Text
	Diagram *Board
	Example *Example
}

// Board is a position drawn by the game's renderer.
type Board struct {
	// Variant holds the variant options that differ from the defaults.
	Variant map[string]string
	// Position is the game's position text.
	Position string
	// Caption says what the board shows.
	Caption Text
	// Seat is the player whose side of the board is drawn at the bottom;
	// nil means the player to move (or the first player).
	Seat *int
}

// Example is a board on which the reader makes a move that the text asks
// for; the engine plays it and the page says whether it was right.
type Example struct {
	Board
	// Task says which move to make.
	Task Text
	// Answers are the right moves, in the game's notation (any form its
	// ParseMove reads).
	Answers []string
	// Wrong is a legal move that is not an answer: the tests play it to
	// check that the page tells it apart.
	Wrong string
	// Right is said after a right answer, Hint after another move.
	Right, Hint Text
}

// Pages returns every game's rules page.
func Pages() []Page {
	return []Page{benedictine(), dames(), intercept(), mahbousse(), shutbox()}
}

// PageOf returns the rules page of a game.
func PageOf(game string) (Page, bool) {
	i := slices.IndexFunc(Pages(), func(p Page) bool { return p.Game == game })
	if i < 0 {
		return Page{}, false
	}
	return Pages()[i], true
}

// Examples lists the page's examples in reading order.
func (p Page) Examples() []*Example {
	var out []*Example
	for _, s := range p.Sections {
		for _, b := range s.Blocks {
			if b.Example != nil {
				out = append(out, b.Example)
			}
		}
	}
	return out
}

// p makes a paragraph block.
func p(fr, en string) Block { return Block{P: &Text{fr, en}} }

// diagram makes a diagram block.
func diagram(position string, caption Text) Block {
	return Block{Diagram: &Board{Position: position, Caption: caption}}
}

// section makes a section.
func section(fr, en string, blocks ...Block) Section {
	return Section{Title: Text{fr, en}, Blocks: blocks}
}

// ex makes an example block.
func ex(e Example) Block { return Block{Example: &e} }

// tx makes a Text.
func tx(fr, en string) Text { return Text{fr, en} }
