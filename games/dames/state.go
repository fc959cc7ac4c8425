package dames

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
)

// Game is international draughts. Its zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// ID is "dames".
func (Game) ID() string { return "dames" }

// DrawByAgreement is true: the players may agree a draw (docs/rules/dames.md).
func (Game) DrawByAgreement() bool { return true }

// Name is "Dames" in French, "International draughts" otherwise.
func (Game) Name(lang string) string {
	if lang == "fr" {
		return "Dames"
	}
	return "International draughts"
}

// Options are the draw rules (draw=seed|fmjd) and huffing (huffing=off|on).
func (Game) Options() []game.Option {
	return []game.Option{
		{Key: "draw", Kind: game.Enum, Default: "seed", Values: []string{"seed", "fmjd"},
			Help: "draw rules: seed = the rule sheet's (same move a third time, 20 moves each without capture or man move); fmjd = threefold repetition, 25-move rule, endgame counts"},
		{Key: "huffing", Kind: game.Enum, Default: "off", Values: []string{"off", "on"},
			Help: "on = capture is not enforced; the opponent may remove (huff) the piece that should have captured"},
	}
}

// New returns the start position.
func (g Game) New(cfg game.Config) (game.State, error) {
	r, err := rulesOf(cfg)
	if err != nil {
		return nil, err
	}
	return newState(r, StartPos()), nil
}

// ExamplePosition is the start position in FMJD FEN.
func (Game) ExamplePosition() string { return "W:W31-50:B1-20" }

// rules is a configuration read once.
type rules struct {
	fmjd    bool // FMJD draw rules instead of the sheet's
	huffing bool
}

func rulesOf(cfg game.Config) (rules, error) {
	var r rules
	switch cfg["draw"] {
	case "seed", "":
	case "fmjd":
		r.fmjd = true
	default:
		return r, fmt.Errorf("dames: draw=%q is not seed or fmjd", cfg["draw"])
	}
	switch cfg["huffing"] {
	case "off", "":
	case "on":
		r.huffing = true
	default:
		return r, fmt.Errorf("dames: huffing=%q is not off or on", cfg["huffing"])
	}
	return r, nil
}

// Draw limits, in plies.
const (
	seedQuietPlies = 40 // the sheet's 20 moves, counted for each player
	fmjdQuietPlies = 50 // FMJD's 25 moves each
)

// kingMove is a non-capturing king move kept for the draw rules, with the
// hash of the position it was played from.
type kingMove struct {
	from, to uint8 // ghost-layout bits
	before   uint64
}

// State is a game of international draughts: the position plus what the
// draw rules and huffing need. Player 0 is White (Bleus), who moves first;
// player 1 is Black (Verts).
type State struct {
	r   rules
	pos Pos
	// quiet lists the king moves without capture played since the last
	// capture, man move or huff, oldest first.
	quiet []kingMove
	// endgame counts the plies played with the current material when it
	// is one of FMJD's counted endgames (fmjd only).
	endgame int
	// huffable holds the opponent's pieces that the side to move may huff
	// before moving (huffing only).
	huffable uint64
	out      game.Outcome
	buf      []Move // scratch for generation
}

var (
	_ game.State     = (*State)(nil)
	_ game.Hasher    = (*State)(nil)
	_ game.Copier    = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
)

func newState(r rules, p Pos) *State {
	s := &State{r: r, pos: p}
	s.update()
	return s
}

// Pos returns the bare position.
func (s *State) Pos() Pos { return s.pos }

// Players is 2.
func (s *State) Players() int { return 2 }

// ToMove is 0 (White) or 1 (Black), or game.Nobody when the game is over.
func (s *State) ToMove() game.Player {
	if s.out.Over {
		return game.Nobody
	}
	return game.Player(s.pos.Side)
}

// Outcome reports how the game ended.
func (s *State) Outcome() game.Outcome {
	o := s.out
	o.Results = slices.Clone(o.Results)
	return o
}

// legal appends the legal board moves (huffs aside): the mandatory
// captures, or with huffing on, the captures and every non-capturing move.
func (s *State) legal(buf []Move) []Move { return s.r.legal(&s.pos, buf) }

func (r rules) legal(p *Pos, buf []Move) []Move {
	if !r.huffing {
		return p.Generate(buf)
	}
	if p.hasCapture() {
		buf = p.captures(buf)
	}
	return p.quiet(buf)
}

// Encoding of game.Move: bits 0-5 the origin square (1-50), bits 6-11 the
// destination, bits 12-61 the captured squares (square n is bit 11+n), and
// bit 62 marks a huff, whose origin and destination are the huffed square.
const (
	huffFlag    = game.Move(1) << 62
	capturedOff = 12
)

func pack(m Move) game.Move {
	return game.Move(squareOf(int(m.From)) | squareOf(int(m.To))<<6 | int(compact(m.Captured))<<capturedOff)
}

func packHuff(b int) game.Move {
	sq := squareOf(b)
	return huffFlag | game.Move(sq|sq<<6)
}

// Moves appends the legal moves: the huffs first (with huffing on, right
// after the opponent failed to capture), then the board moves.
func (s *State) Moves(buf []game.Move) []game.Move {
	if s.out.Over {
		return buf
	}
	for h := s.huffable; h != 0; h &= h - 1 {
		buf = append(buf, packHuff(bits.TrailingZeros64(h)))
	}
	s.buf = s.legal(s.buf[:0])
	for _, m := range s.buf {
		buf = append(buf, pack(m))
	}
	return buf
}

// ChanceMoves returns buf: draughts has no dice.
func (s *State) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }

// find returns the board move packed as m, if legal.
func (s *State) find(m game.Move) (Move, bool) {
	s.buf = s.legal(s.buf[:0])
	for _, l := range s.buf {
		if pack(l) == m {
			return l, true
		}
	}
	return Move{}, false
}

// isHuff reports whether m is a legal huff and returns the huffed bit.
func (s *State) isHuff(m game.Move) (int, bool) {
	if m&huffFlag == 0 || m&^huffFlag > 1<<12-1 {
		return 0, false
	}
	sq := int(m & 63)
	if sq < 1 || sq > 50 || int(m>>6&63) != sq {
		return 0, false
	}
	b := bitOf(sq)
	return b, s.huffable&(1<<b) != 0
}

// Play plays a legal move.
func (s *State) Play(m game.Move) error {
	if s.out.Over {
		return fmt.Errorf("dames: move %#x: %w (%s)", uint64(m), game.ErrGameOver, s.out.Reason)
	}
	if b, ok := s.isHuff(m); ok {
		s.huff(b)
		return nil
	}
	mv, ok := s.find(m)
	if !ok {
		return fmt.Errorf("dames: %w: %s", game.ErrIllegal, s.whyIllegal(m))
	}
	s.play(mv)
	return nil
}

// whyIllegal explains why m is not a legal move.
func (s *State) whyIllegal(m game.Move) string {
	if m&huffFlag != 0 {
		if s.huffable == 0 {
			return fmt.Sprintf("%#x is a huff, and there is nothing to huff", uint64(m))
		}
		return fmt.Sprintf("%#x is not a huff of one of %s", uint64(m), squareList(s.huffable))
	}
	from, to := int(m&63), int(m>>6&63)
	if m>>62 != 0 || from < 1 || from > 50 || to < 1 || to > 50 {
		return fmt.Sprintf("%#x does not encode a move", uint64(m))
	}
	if s.pos.Pieces[s.pos.Side]&(1<<bitOf(from)) == 0 {
		return fmt.Sprintf("no %s piece on %d", colourName(s.pos.Side), from)
	}
	what := fmt.Sprintf("%d-%d", from, to)
	if c := expand(uint64(m >> capturedOff)); c != 0 {
		what = fmt.Sprintf("%dx%d taking %s", from, to, squareList(c))
	}
	return what + " is not a legal move here" + s.pos.hint(s.buf)
}

// squareList writes the squares of a ghost-layout mask as "12, 17".
func squareList(x uint64) string {
	var out []string
	for ; x != 0; x &= x - 1 {
		out = append(out, strconv.Itoa(squareOf(bits.TrailingZeros64(x))))
	}
	return strings.Join(out, ", ")
}

// play plays a legal board move.
func (s *State) play(m Move) {
	var huffable uint64
	if s.r.huffing && m.Captured == 0 && s.pos.hasCapture() {
		// The mover did not capture when it had to: the pieces that had
		// a maximum capture may be huffed (the moved one where it went).
		for _, c := range s.pos.captures(s.buf[:0]) {
			huffable |= 1 << c.From
		}
		if huffable&(1<<m.From) != 0 {
			huffable = huffable&^(1<<m.From) | 1<<m.To
		}
	}
	before := s.pos
	s.pos = s.pos.Play(m)
	if m.Captured != 0 || before.Kings&(1<<m.From) == 0 {
		s.quiet = s.quiet[:0]
	} else {
		s.quiet = append(s.quiet, kingMove{from: m.From, to: m.To, before: before.Hash()})
	}
	s.countEndgame(before)
	s.huffable = huffable
	s.update()
}

// huff removes the opponent's piece on bit b; the side to move then moves.
func (s *State) huff(b int) {
	before := s.pos
	them := s.pos.Side ^ 1
	s.pos.Pieces[them] &^= 1 << b
	s.pos.Kings &^= 1 << b
	s.huffable = 0
	s.quiet = s.quiet[:0]
	s.countEndgame(before)
	s.update()
}

// countEndgame advances the FMJD endgame count after a move from before:
// the count restarts whenever the class of endgame (16 moves, 5 moves or
// none) changes.
func (s *State) countEndgame(before Pos) {
	if !s.r.fmjd {
		return
	}
	switch lim := endgameLimit(s.pos); {
	case lim != endgameLimit(before):
		s.endgame = 0 // a counted endgame starts (or ends) here
	case lim > 0:
		s.endgame++ // a promotion inside the same class keeps counting
	}
}

// material is the count of men and kings of each side.
func material(p Pos) [4]int {
	return [4]int{
		popcount(p.Pieces[White] &^ p.Kings), popcount(p.Pieces[White] & p.Kings),
		popcount(p.Pieces[Black] &^ p.Kings), popcount(p.Pieces[Black] & p.Kings),
	}
}

// endgameLimit returns the number of moves each player has to win an
// FMJD counted endgame (16 or 5), or 0 when the material is not one: a
// lone king against three pieces with at least one king (16), or against
// one or two pieces with at least one king (5).
func endgameLimit(p Pos) int {
	m := material(p)
	for side := range 2 {
		me, other := m[2*side:2*side+2], m[2*(1-side):2*(1-side)+2]
		if me[0] != 0 || me[1] != 1 || other[1] == 0 {
			continue
		}
		switch other[0] + other[1] {
		case 3:
			return 16
		case 1, 2:
			return 5
		}
	}
	return 0
}

// update computes the outcome of the position.
func (s *State) update() {
	s.out = game.Outcome{}
	side := s.pos.Side
	if s.pos.Pieces[side^1] == 0 { // after a huff of the last piece
		s.out = game.Finished(2, "no pieces left", game.Player(side))
		return
	}
	if s.huffable == 0 && len(s.legal(s.buf[:0])) == 0 {
		reason := "no legal move"
		if s.pos.Pieces[side] == 0 {
			reason = "no pieces left"
		}
		s.out = game.Finished(2, reason, game.Player(side^1))
		return
	}
	if s.r.fmjd {
		h := s.pos.Hash()
		seen := 1
		for _, q := range s.quiet {
			if q.before == h {
				seen++
			}
		}
		switch lim := endgameLimit(s.pos); {
		case seen >= 3:
			s.out = game.Drawn(2, "threefold repetition")
		case len(s.quiet) >= fmjdQuietPlies:
			s.out = game.Drawn(2, "25 moves each with only kings moving and no capture")
		case lim > 0 && s.endgame >= 2*lim:
			s.out = game.Drawn(2, fmt.Sprintf("%d moves each in a counted endgame", lim))
		}
		return
	}
	if len(s.quiet) >= seedQuietPlies {
		s.out = game.Drawn(2, "20 moves each without a capture or a man move")
		return
	}
	// The same move by the same player a third time. Moves of one player
	// are every other entry, counted back from the last.
	n := len(s.quiet)
	for i := n - 1; i >= 0; i-- {
		count := 0
		for j := i; j >= 0; j -= 2 {
			if s.quiet[j].from == s.quiet[i].from && s.quiet[j].to == s.quiet[i].to {
				count++
			}
		}
		if count >= 3 {
			s.out = game.Drawn(2, "the same move played a third time")
			return
		}
	}
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.quiet = slices.Clone(s.quiet)
	c.out.Results = slices.Clone(s.out.Results)
	c.buf = nil
	return &c
}

// CopyFrom makes s a deep copy of src reusing s's storage, so that
// searches branch without allocating; it reports false if src is not a
// dames state. The outcome's results are shared: they are replaced, never
// changed in place, and Outcome returns a copy.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if !ok {
		return false
	}
	quiet, buf := s.quiet, s.buf
	*s = *o
	s.quiet = append(quiet[:0], o.quiet...)
	s.buf = buf[:0]
	return true
}

// Hash is a Zobrist hash of the pieces and the side to move.
func (s *State) Hash() uint64 { return s.pos.Hash() }

// FormatMove writes a legal move in PDN ("32-28", "28x19", "28x17x8"), or
// a huff as "H" and the square ("H23").
func (s *State) FormatMove(m game.Move) string {
	if b, ok := s.isHuff(m); ok {
		return "H" + strconv.Itoa(squareOf(b))
	}
	mv, ok := s.find(m)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	return s.pos.Notation(mv, s.buf)
}

// ParseMove reads a move in PDN, or a huff "H23".
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.out.Over {
		return 0, fmt.Errorf("dames: move %q: %w (%s)", text, game.ErrGameOver, s.out.Reason)
	}
	t := strings.TrimSpace(text)
	if len(t) > 1 && (t[0] == 'H' || t[0] == 'h') {
		n, err := parseSquare(t[1:])
		if err != nil {
			return 0, fmt.Errorf("dames: huff %q: %w", text, err)
		}
		m := packHuff(bitOf(n))
		if _, ok := s.isHuff(m); !ok {
			if s.huffable == 0 {
				return 0, fmt.Errorf("dames: huff %q: %w: nothing to huff", text, game.ErrIllegal)
			}
			return 0, fmt.Errorf("dames: huff %q: %w: only %s may be huffed", text, game.ErrIllegal, squareList(s.huffable))
		}
		return m, nil
	}
	legal := s.legal(nil)
	mv, err := s.pos.ParseMove(text, legal)
	if err != nil {
		return 0, fmt.Errorf("dames: %w: %w", game.ErrIllegal, err)
	}
	return pack(mv), nil
}

// MoveInfo is DescribeMove's description of a move.
type MoveInfo struct {
	game.MoveText
	From int `json:"from"` // origin square, 1-50
	To   int `json:"to"`   // destination square
	// Captured lists the squares of the pieces taken, in the order a
	// path through them takes them (empty when none).
	Captured []int `json:"captured"`
	// Path lists the squares landed on after each capture, ending with To.
	Path []int `json:"path,omitempty"`
	// Huff marks the removal of an opponent piece that failed to capture.
	Huff bool `json:"huff,omitempty"`
}

// DescribeMove describes a legal move: notation, clicks (the origin then
// each landing square), from, to and captured squares in capture order.
func (s *State) DescribeMove(m game.Move) any {
	if b, ok := s.isHuff(m); ok {
		sq := squareOf(b)
		return MoveInfo{MoveText: game.MoveText{Notation: "H" + strconv.Itoa(sq), Clicks: []string{strconv.Itoa(sq)}},
			From: sq, To: sq, Captured: []int{sq}, Huff: true}
	}
	mv, ok := s.find(m)
	if !ok {
		return MoveInfo{MoveText: game.MoveText{Notation: s.FormatMove(m), Clicks: []string{}}, Captured: []int{}}
	}
	return s.pos.describe(mv, s.pos.Notation(mv, s.buf))
}

func (p *Pos) describe(m Move, notation string) MoveInfo {
	info := MoveInfo{From: squareOf(int(m.From)), To: squareOf(int(m.To)), Captured: []int{}}
	info.Notation = notation
	info.Clicks = []string{strconv.Itoa(info.From)}
	pa := p.firstPath(m)
	for _, c := range pa.caps {
		info.Captured = append(info.Captured, squareOf(c))
	}
	for _, l := range pa.land {
		info.Clicks = append(info.Clicks, strconv.Itoa(squareOf(l)))
		if m.Captured != 0 {
			info.Path = append(info.Path, squareOf(l))
		}
	}
	return info
}

// Position is the FMJD FEN of the position, followed, when they are not
// empty, by what the draw rules and huffing remember:
//
//	quiet=46-5,3-9   king moves since the last capture, man move or huff
//	endgame=6        plies played in an FMJD counted endgame (draw=fmjd)
//	huff=23,28       pieces the side to move may huff (huffing=on)
func (s *State) Position() string {
	var b strings.Builder
	b.WriteString(s.pos.FEN())
	if len(s.quiet) > 0 {
		b.WriteString(" quiet=")
		for i, q := range s.quiet {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%d-%d", squareOf(int(q.from)), squareOf(int(q.to)))
		}
	}
	if s.endgame > 0 {
		fmt.Fprintf(&b, " endgame=%d", s.endgame)
	}
	if s.huffable != 0 {
		b.WriteString(" huff=" + strings.ReplaceAll(squareList(s.huffable), " ", ""))
	}
	return b.String()
}

// ParsePosition reads a position as Position writes it: an FMJD FEN,
// optionally followed by quiet=, endgame= and huff= fields.
func (g Game) ParsePosition(cfg game.Config, text string) (game.State, error) {
	r, err := rulesOf(cfg)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, errors.New("dames: empty position (want an FMJD FEN such as W:W31-50:B1-20)")
	}
	p, err := ParseFEN(fields[0])
	if err != nil {
		return nil, fmt.Errorf("dames: %w", err)
	}
	s := &State{r: r, pos: p}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		key, val, ok := strings.Cut(f, "=")
		if !ok || seen[key] {
			return nil, fmt.Errorf("dames: position field %q: want one each of quiet=, endgame=, huff= after the FEN", f)
		}
		seen[key] = true
		switch key {
		case "quiet":
			err = s.parseQuiet(val)
		case "endgame":
			err = s.parseEndgame(val)
		case "huff":
			err = s.parseHuff(val)
		default:
			err = errors.New("unknown field (want quiet=, endgame= or huff=)")
		}
		if err != nil {
			return nil, fmt.Errorf("dames: position field %q: %w", f, err)
		}
	}
	s.update()
	return s, nil
}

// parseQuiet rebuilds the king moves that led to the position by taking
// them back one by one, checking that each was legal.
func (s *State) parseQuiet(list string) error {
	moves := strings.Split(list, ",")
	if len(moves) > fmjdQuietPlies {
		return fmt.Errorf("%d moves: more than the %d any draw rule allows", len(moves), fmjdQuietPlies)
	}
	s.quiet = make([]kingMove, len(moves))
	p := s.pos
	for i := len(moves) - 1; i >= 0; i-- {
		a, b, ok := strings.Cut(moves[i], "-")
		if !ok {
			return fmt.Errorf("%q is not a move from-to", moves[i])
		}
		from, err := parseSquare(a)
		if err != nil {
			return err
		}
		to, err := parseSquare(b)
		if err != nil {
			return err
		}
		fb, tb := bitOf(from), bitOf(to)
		mover := p.Side ^ 1
		if p.Pieces[mover]&p.Kings&(1<<tb) == 0 {
			return fmt.Errorf("%s: no %s king on %d to take back", moves[i], colourName(mover), to)
		}
		prev := p
		prev.Side = mover
		prev.Pieces[mover] ^= 1<<fb | 1<<tb
		prev.Kings ^= 1<<fb | 1<<tb
		m := Move{From: uint8(fb), To: uint8(tb)}
		if (p.Pieces[0]|p.Pieces[1])&(1<<fb) != 0 || !slices.Contains(s.r.legal(&prev, nil), m) {
			return fmt.Errorf("%s was not a legal move", moves[i])
		}
		s.quiet[i] = kingMove{from: uint8(fb), to: uint8(tb), before: prev.Hash()}
		p = prev
	}
	return nil
}

func (s *State) parseEndgame(v string) error {
	n, err := strconv.Atoi(v)
	lim := endgameLimit(s.pos)
	switch {
	case !s.r.fmjd:
		return errors.New("only draw=fmjd counts endgame moves")
	case err != nil || n < 1:
		return fmt.Errorf("%q is not a positive number of plies", v)
	case lim == 0:
		return errors.New("the material is not a counted endgame")
	case n > 2*lim:
		return fmt.Errorf("%d plies is beyond the %d-move limit", n, lim)
	}
	s.endgame = n
	return nil
}

func (s *State) parseHuff(v string) error {
	if !s.r.huffing {
		return errors.New("only huffing=on huffs")
	}
	for f := range strings.SplitSeq(v, ",") {
		n, err := parseSquare(f)
		if err != nil {
			return err
		}
		b := uint64(1) << bitOf(n)
		if s.pos.Pieces[s.pos.Side^1]&b == 0 {
			return fmt.Errorf("no %s piece on %d to huff", colourName(s.pos.Side^1), n)
		}
		s.huffable |= b
	}
	return nil
}

// Pack returns the game.Move of a board move, as Moves lists it.
func Pack(m Move) game.Move { return pack(m) }

// Unpack returns the board move of a game.Move that is not a huff.
func Unpack(m game.Move) (Move, bool) {
	if m&huffFlag != 0 {
		return Move{}, false
	}
	from, to := int(m&63), int(m>>6&63)
	if from < 1 || from > 50 || to < 1 || to > 50 {
		return Move{}, false
	}
	return Move{From: uint8(bitOf(from)), To: uint8(bitOf(to)), Captured: expand(uint64(m >> capturedOff))}, true
}

// DrawRules tells a search what the draw rules of s are: the hashes of the
// positions played since the last capture, man move or huff, oldest first
// (the position before each king move), and how many such plies draw the
// game (0 when no such limit applies). Huffing reports whether the huffing
// option is on, which changes the move tree.
func (s *State) DrawRules() (history []uint64, quietLimit int, huffing bool) {
	for _, q := range s.quiet {
		history = append(history, q.before)
	}
	quietLimit = seedQuietPlies
	if s.r.fmjd {
		quietLimit = fmjdQuietPlies
	}
	return history, quietLimit, s.r.huffing
}
