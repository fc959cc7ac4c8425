package dames

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"plateau/game"
)

// PDNTag is one tag pair of a PDN game, such as [Event "Open"].
type PDNTag struct {
	Name, Value string
}

// PDNGame is one game of a PDN file: its tags in file order, its moves as
// written (move numbers, comments, variations and annotations removed) and
// its result ("2-0", "0-2", "1-1" or "*").
type PDNGame struct {
	Tags   []PDNTag
	Moves  []string
	Result string
	// where holds the line and column of each move, for Replay's errors.
	where []pdnPlace
}

type pdnPlace struct{ line, col int }

// Tag returns the value of the first tag called name, "" if none.
func (g *PDNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// PDNError is a syntax error in a PDN text, or an illegal move met by
// Replay, at a line and column (both from 1, columns in characters).
type PDNError struct {
	Line, Col int
	Err       error
}

func (e *PDNError) Error() string {
	return fmt.Sprintf("PDN line %d, column %d: %v", e.Line, e.Col, e.Err)
}
func (e *PDNError) Unwrap() error { return e.Err }

// pdnResults are the result tokens that end a game's movetext.
var pdnResults = map[string]string{
	"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "0-0": "0-0", "*": "*",
	"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1",
}

// ParsePDN reads every game of a PDN text. Comments ({...} and ; to the end
// of the line), variations (...), numeric annotation glyphs ($1), move
// annotations (! ?) and escape lines (%) are skipped. Move numbers may be
// written "12." or "12..." and may touch the move ("12.32-28"). A game
// ends at its result token, at the next tag section or at the end of the
// text. Moves are checked for their syntax only; Replay plays them. Errors
// are *PDNError values giving the line and column.
func ParsePDN(r io.Reader) ([]PDNGame, error) {
	lx := &pdnLexer{r: bufio.NewReader(r), line: 1}
	var (
		games []PDNGame
		cur   PDNGame
		open  bool // cur has content
		inMv  bool // cur's movetext has started
	)
	flush := func() {
		if open {
			if cur.Result == "" {
				cur.Result = "*"
			}
			games = append(games, cur)
		}
		cur, open, inMv = PDNGame{}, false, false
	}
	for {
		tok, err := lx.next()
		if err != nil {
			return games, err
		}
		switch tok.kind {
		case tokEOF:
			flush()
			return games, nil
		case tokTag:
			if inMv {
				flush()
			}
			cur.Tags = append(cur.Tags, PDNTag{tok.name, tok.text})
			open = true
		case tokResult:
			cur.Result = pdnResults[tok.text]
			open = true
			flush()
		case tokMove:
			cur.Moves = append(cur.Moves, tok.text)
			cur.where = append(cur.where, pdnPlace{tok.line, tok.col})
			open, inMv = true, true
		}
	}
}

type tokKind int8

const (
	tokEOF tokKind = iota
	tokTag
	tokMove
	tokResult
)

type pdnToken struct {
	kind      tokKind
	name      string // tag name
	text      string // tag value, move or result
	line, col int
}

type pdnLexer struct {
	r *bufio.Reader
	// line and col are the position of the last rune read from r.
	line, col int
	// pending is a rune pushed back, with its position.
	pending           rune
	pendLine, pendCol int
	hasPending        bool
}

// read returns the next rune and its position; io.EOF at the end.
func (lx *pdnLexer) read() (rune, int, int, error) {
	if lx.hasPending {
		lx.hasPending = false
		return lx.pending, lx.pendLine, lx.pendCol, nil
	}
	c, _, err := lx.r.ReadRune()
	if err != nil {
		return 0, lx.line, lx.col + 1, err
	}
	if c == '\n' {
		defer func() { lx.line++; lx.col = 0 }()
	}
	lx.col++
	if c == unicode.ReplacementChar {
		return 0, lx.line, lx.col, &PDNError{lx.line, lx.col, errors.New("text is not UTF-8")}
	}
	return c, lx.line, lx.col, nil
}

// unread pushes back c, read at line, col (one rune at most).
func (lx *pdnLexer) unread(c rune, line, col int) {
	lx.pending, lx.pendLine, lx.pendCol, lx.hasPending = c, line, col, true
}

func (lx *pdnLexer) fail(line, col int, format string, args ...any) error {
	return &PDNError{line, col, fmt.Errorf(format, args...)}
}

func isPDNDelim(c rune) bool {
	return unicode.IsSpace(c) || strings.ContainsRune("[]{}();$", c)
}

// next returns the next tag, move or result.
func (lx *pdnLexer) next() (pdnToken, error) {
	for {
		c, line, col, err := lx.read()
		if err == io.EOF {
			return pdnToken{kind: tokEOF}, nil
		}
		if err != nil {
			return pdnToken{}, err
		}
		switch {
		case unicode.IsSpace(c):
		case c == '%' && col == 1:
			if err := lx.skipTo('\n', line, col, false); err != nil {
				return pdnToken{}, err
			}
		case c == ';':
			if err := lx.skipTo('\n', line, col, false); err != nil {
				return pdnToken{}, err
			}
		case c == '{':
			if err := lx.skipTo('}', line, col, true); err != nil {
				return pdnToken{}, err
			}
		case c == '(':
			if err := lx.skipVariation(line, col); err != nil {
				return pdnToken{}, err
			}
		case c == '$':
			w, _ := lx.word()
			if _, err := strconv.Atoi(w); err != nil {
				return pdnToken{}, lx.fail(line, col, "annotation $%s is not $ and a number", w)
			}
		case c == '[':
			return lx.tag(line, col)
		case c == ']' || c == '}' || c == ')':
			return pdnToken{}, lx.fail(line, col, "unexpected %q", c)
		default:
			lx.unread(c, line, col)
			w, err := lx.word()
			if err != nil {
				return pdnToken{}, err
			}
			tok, ok, err := classify(w, line, col)
			if err != nil {
				return pdnToken{}, err
			}
			if ok {
				return tok, nil
			}
		}
	}
}

// word reads characters up to a delimiter.
func (lx *pdnLexer) word() (string, error) {
	var b strings.Builder
	for {
		c, line, col, err := lx.read()
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
		if isPDNDelim(c) {
			lx.unread(c, line, col)
			return b.String(), nil
		}
		b.WriteRune(c)
	}
}

// classify turns a word of movetext into a token; ok is false for move
// numbers and annotations, which are skipped.
func classify(w string, line, col int) (pdnToken, bool, error) {
	if r, ok := pdnResults[w]; ok {
		return pdnToken{kind: tokResult, text: r, line: line, col: col}, true, nil
	}
	// A move number, possibly touching its move: "12.", "12...", "12.32-28".
	if i := strings.IndexByte(w, '.'); i > 0 {
		if _, err := strconv.Atoi(w[:i]); err != nil {
			return pdnToken{}, false, &PDNError{line, col, fmt.Errorf("%q is neither a move number nor a move", w)}
		}
		j := i
		for j < len(w) && w[j] == '.' {
			j++
		}
		if j == len(w) {
			return pdnToken{}, false, nil
		}
		return classify(w[j:], line, col+j)
	}
	mv := strings.TrimRight(w, "!?+#")
	if mv == "" {
		return pdnToken{}, false, nil // a detached annotation
	}
	if _, _, err := splitMove(mv); err != nil {
		return pdnToken{}, false, &PDNError{line, col, err}
	}
	return pdnToken{kind: tokMove, text: mv, line: line, col: col}, true, nil
}

// skipTo skips up to and including end; an unterminated block is an error
// when must is true.
func (lx *pdnLexer) skipTo(end rune, line, col int, must bool) error {
	for {
		c, _, _, err := lx.read()
		if err == io.EOF {
			if must {
				return lx.fail(line, col, "comment is not closed by %q", end)
			}
			return nil
		}
		if err != nil {
			return err
		}
		if c == end {
			return nil
		}
	}
}

// skipVariation skips a variation, nested ones and comments included.
func (lx *pdnLexer) skipVariation(line, col int) error {
	depth := 1
	for depth > 0 {
		c, l, cl, err := lx.read()
		if err == io.EOF {
			return lx.fail(line, col, "variation is not closed by ')'")
		}
		if err != nil {
			return err
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case '{':
			if err := lx.skipTo('}', l, cl, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// tag reads a tag pair after its '['.
func (lx *pdnLexer) tag(line, col int) (pdnToken, error) {
	var name strings.Builder
	c, l, cl, err := lx.skipSpace()
	for err == nil && (unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_') {
		name.WriteRune(c)
		c, l, cl, err = lx.read()
	}
	if name.Len() == 0 {
		return pdnToken{}, lx.fail(line, col, "tag has no name")
	}
	if err == nil && unicode.IsSpace(c) {
		c, l, cl, err = lx.skipSpace()
	}
	if err != nil || c != '"' {
		return pdnToken{}, lx.fail(l, cl, "tag %s: want a value in double quotes", name.String())
	}
	var val strings.Builder
	for {
		c, l, cl, err = lx.read()
		if err != nil || c == '\n' {
			return pdnToken{}, lx.fail(line, col, "tag %s: value is not closed by '\"' on its line", name.String())
		}
		if c == '\\' {
			if c, _, _, err = lx.read(); err != nil {
				return pdnToken{}, lx.fail(l, cl, "tag %s: escape at the end of the text", name.String())
			}
		} else if c == '"' {
			break
		}
		val.WriteRune(c)
	}
	c, l, cl, err = lx.skipSpace()
	if err != nil || c != ']' {
		return pdnToken{}, lx.fail(l, cl, "tag %s: want ']' after the value", name.String())
	}
	return pdnToken{kind: tokTag, name: name.String(), text: val.String(), line: line, col: col}, nil
}

func (lx *pdnLexer) skipSpace() (rune, int, int, error) {
	for {
		c, l, cl, err := lx.read()
		if err != nil || !unicode.IsSpace(c) {
			return c, l, cl, err
		}
	}
}

// Replay plays g's moves from its FEN tag (or the start position) under
// cfg and returns the final state. An illegal move is a *PDNError at the
// move's line and column.
func (g *PDNGame) Replay(cfg game.Config) (*State, error) {
	var (
		st  game.State
		err error
	)
	if fen := g.Tag("FEN"); fen != "" {
		st, err = Game{}.ParsePosition(cfg, fen)
	} else {
		st, err = Game{}.New(cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("PDN game: %w", err)
	}
	s := st.(*State)
	for i, text := range g.Moves {
		m, err := s.ParseMove(text)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			err = fmt.Errorf("move %d %q: %w", i+1, text, err)
			if i < len(g.where) {
				return s, &PDNError{g.where[i].line, g.where[i].col, err}
			}
			return s, err
		}
	}
	return s, nil
}

// PDNResult is the PDN result of an outcome: "2-0" when White wins, "0-2"
// when Black wins, "1-1" for a draw and "*" for an unfinished game.
func PDNResult(o game.Outcome) string {
	if !o.Over || len(o.Results) != 2 {
		return "*"
	}
	switch {
	case o.Results[0] == game.Win:
		return "2-0"
	case o.Results[1] == game.Win:
		return "0-2"
	}
	return "1-1"
}

// WritePDN writes games in PDN: each game's tags in order (a Result tag is
// added when missing, and GameType "20" for international draughts), a
// blank line, the numbered movetext wrapped before 80 columns and ending
// with the result, and a blank line. A FEN tag with Black to move numbers
// the first move "1...". Moves are written as given: use State.FormatMove
// to write them.
func WritePDN(w io.Writer, games ...PDNGame) error {
	bw := bufio.NewWriter(w)
	for _, g := range games {
		result := g.Result
		if result == "" {
			result = "*"
		}
		tags := g.Tags
		if g.Tag("GameType") == "" {
			tags = append([]PDNTag{{"GameType", "20"}}, tags...)
		}
		if g.Tag("Result") == "" {
			tags = append(tags, PDNTag{"Result", result})
		}
		for _, t := range tags {
			v := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(t.Value)
			fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, v)
		}
		bw.WriteString("\n")
		black := strings.HasPrefix(strings.ToUpper(strings.TrimSpace(strings.Trim(g.Tag("FEN"), `"`))), "B")
		var words []string
		for i, m := range g.Moves {
			ply := i
			if black {
				ply++
			}
			switch {
			case ply%2 == 0:
				words = append(words, strconv.Itoa(ply/2+1)+".", m)
			case i == 0:
				words = append(words, "1...", m)
			default:
				words = append(words, m)
			}
		}
		words = append(words, result)
		width := 0
		for i, wd := range words {
			if width > 0 && width+1+len(wd) > 79 {
				bw.WriteString("\n")
				width = 0
			} else if i > 0 {
				bw.WriteString(" ")
				width++
			}
			bw.WriteString(wd)
			width += len(wd)
		}
		bw.WriteString("\n\n")
	}
	return bw.Flush()
}
