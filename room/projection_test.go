package room_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"plateau/games"
	"plateau/room"
	"plateau/store"
)

// projected is a store.Store whose Append checks, after each write, that
// the game's stored record is the projection of its log: its seats are
// those that Replay makes from its start seats and its events, and its
// status the one they make. The room tests run on it (openStore): one
// fails if anything but an appended event changes a game's seats or
// status. (The store has no other way to change them: no Update of seats,
// no claim or account setter.)
type projected struct {
	store.Store
	mu    sync.Mutex
	errs  []string
	plays map[string]*room.Play // each game as its log makes it, kept up to date
}

func (s *projected) Append(ctx context.Context, id string, evs []store.Event, upd *store.Update) error {
	err := s.Store.Append(ctx, id, evs, upd)
	if err == nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		if msg := s.check(ctx, id); msg != "" {
			s.errs = append(s.errs, msg)
		}
	}
	return err
}

// check is projectionError, replaying only the events appended since the
// last check of game id (a check replaying the whole log at each append
// would outlast the rooms' write deadline in long games).
func (s *projected) check(ctx context.Context, id string) string {
	g, err := s.Store.Game(ctx, id)
	if err != nil {
		return fmt.Sprintf("game %s: %v", id, err)
	}
	p := s.plays[id]
	if p == nil {
		if p, err = room.Replay(games.Registry(), g, nil); err != nil {
			return fmt.Sprintf("game %s: %v", id, err)
		}
	}
	evs, err := s.Store.Events(ctx, id, p.Version)
	if err != nil {
		return fmt.Sprintf("game %s: %v", id, err)
	}
	evs = evs[:min(len(evs), int(g.Version-p.Version))] // later ones: another append since g was read
	for _, e := range evs {
		if err := p.Apply(e); err != nil {
			return fmt.Sprintf("game %s: event %d does not replay: %v", id, e.Seq, err)
		}
	}
	if s.plays == nil {
		s.plays = map[string]*room.Play{}
	}
	s.plays[id] = p
	return recordError(g, p)
}

// report fails t with the projections found wrong.
func (s *projected) report(t testing.TB) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, msg := range s.errs {
		t.Error(msg)
	}
}

// projectionError says how game id's stored record differs from what its
// log makes, "" if it does not.
func projectionError(ctx context.Context, st store.Store, id string) string {
	g, err := st.Game(ctx, id)
	if err != nil {
		return fmt.Sprintf("game %s: %v", id, err)
	}
	evs, err := st.Events(ctx, id, 0)
	if err != nil {
		return fmt.Sprintf("game %s: %v", id, err)
	}
	p, err := room.Replay(games.Registry(), g, evs)
	if err != nil {
		return fmt.Sprintf("game %s does not replay: %v", id, err)
	}
	return recordError(g, p)
}

// recordError says how the record g differs from the one the replay p of
// its log makes, "" if it does not.
func recordError(g *store.Game, p *room.Play) string {
	id := g.ID
	if p.Version != g.Version {
		return fmt.Sprintf("game %s: stored version %d, replayed %d", id, g.Version, p.Version)
	}
	for i, st := range g.Seats {
		r := p.Rec.Seats[i]
		if r.Kind != st.Kind || string(r.TokenHash) != string(st.TokenHash) || r.Joined != st.Joined || r.Open != st.Open || r.Account != st.Account {
			return fmt.Sprintf("game %s at version %d: stored seat %d %+v, its log makes %+v", id, g.Version, i, st, r)
		}
	}
	want := store.StatusOpen
	if joined(p.Rec.Seats) {
		want = store.StatusLive
	}
	if p.Ended {
		want = store.StatusFinished
	}
	if g.Status != want {
		return fmt.Sprintf("game %s at version %d: stored status %s, its log makes %s", id, g.Version, g.Status, want)
	}
	return ""
}

func joined(seats []store.Seat) bool {
	for _, st := range seats {
		if st.Kind == store.Human && !st.Joined {
			return false
		}
	}
	return true
}

// TestOnlyApplyChangesRecords fails if code of package room other than
// Apply (and the functions that make a new record) assigns to a game
// record's seats, status or result: the record is a projection of the
// log, changed by applying events only.
func TestOnlyApplyChangesRecords(t *testing.T) {
	allowed := map[string]bool{
		"apply": true, "applySeat": true, "ownRec": true, "startOf": true, // Play's Apply
		"NewGameRecord": true, "rematchRecord": true, // a new record, before its log
	}
	for _, a := range recordAssignments(t, allowed) {
		t.Errorf("%s: only Apply changes a game's record", a)
	}
	// The check finds what it looks for: Apply's own assignments.
	if got := recordAssignments(t, nil); len(got) < 3 {
		t.Errorf("with no function allowed, %d assignments found (%q), want Apply's", len(got), got)
	}
}

// recordAssignments returns the assignments to a game record's seats,
// status or result in the functions of package room (tests aside) not in
// allowed.
func recordAssignments(t *testing.T, allowed map[string]bool) []string {
	forbidden := regexp.MustCompile(`\b(rec|Rec)\.(Status|Result|Seats|Start)\b|(?i)\bseats\[.*\]\.(Joined|TokenHash|Account|Open|Name)$`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || allowed[fn.Name.Name] {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || as.Tok == token.DEFINE {
					return true
				}
				for _, lhs := range as.Lhs {
					var b strings.Builder
					printer.Fprint(&b, fset, lhs)
					if forbidden.MatchString(b.String()) {
						found = append(found, fmt.Sprintf("%s: %s assigns to %s", fset.Position(as.Pos()), fn.Name.Name, b.String()))
					}
				}
				return true
			})
		}
	}
	return found
}
