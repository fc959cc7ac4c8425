package puzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
	"plateau/protocol"
	"plateau/puzzle"
	"plateau/store"
)

// Answer is a puzzle to solve, with the player's puzzle record (nil for a
// guest) and, for the daily puzzle, its day.
type Answer struct {
	Puzzle View    `json:"puzzle"`
	Player *Player `json:"player,omitempty"`
	Daily  string  `json:"daily,omitempty"`
}

// View is a puzzle as the page shows it: never its solution.
type View struct {
	ID       string            `json:"id"`
	Game     string            `json:"game"`
	Variant  map[string]string `json:"variant"`
	Side     int               `json:"side"`
	Rating   int               `json:"rating"`
	Attempts int               `json:"attempts"`
	Solved   int               `json:"solved"`
	Themes   []string          `json:"themes"`
	// Moves is the number of the solver's moves in the solution.
	Moves int `json:"moves"`
	// Source links the game the position comes from ("" for the
	// computer's own games).
	Source string `json:"source,omitempty"`
	// Prev and Last show the opponent's last move: the view before it.
	Prev *game.View `json:"prev,omitempty"`
	Last string     `json:"last,omitempty"`
	View game.View  `json:"view"`
}

// Player is an account's puzzle record in a game.
type Player struct {
	Rating      int  `json:"rating"`
	RD          int  `json:"rd"`
	Provisional bool `json:"provisional"`
	Attempts    int  `json:"attempts"`
	Solved      int  `json:"solved"`
	Streak      int  `json:"streak"`
	BestStreak  int  `json:"bestStreak"`
}

func playerOf(p store.PuzzlePlayer) *Player {
	return &Player{Rating: int(math.Round(p.Rating.Rating)), RD: int(math.Round(p.Rating.RD)), Provisional: p.Rating.Provisional(),
		Attempts: p.Attempts, Solved: p.Solved, Streak: p.Streak, BestStreak: p.BestStreak}
}

// streakNear is the rating the streak's puzzle n (from 0) is chosen near:
// each one harder than the last.
func streakNear(n int) float64 { return 1000 + 100*float64(n) }

// next answers GET /api/puzzles/next?game=G[&mode=streak][&exclude=ID,...]
// [&rating=R][&streak=N]: a puzzle near the player's puzzle rating (a
// guest's rating= or 1500; in streak mode near streakNear of the streak),
// among those the account never attempted and not excluded.
func (h *Handler) next(w http.ResponseWriter, r *http.Request) {
	q, g, ok := h.query(w, r)
	if !ok {
		return
	}
	mode := q.Get("mode")
	if mode != "" && mode != store.PuzzleRated && mode != store.PuzzleStreak {
		httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("mode %q: want rated or streak", mode))
		return
	}
	var exclude []string
	if x := q.Get("exclude"); x != "" {
		exclude = strings.Split(x, ",")
	}
	if len(exclude) > 200 {
		httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("exclude: %d ids, at most 200", len(exclude)))
		return
	}
	acc, err := h.d.Account(r)
	if err != nil {
		h.internal(w, "read the session", err)
		return
	}
	near, player, ok := h.near(w, r, acc, g.ID(), mode == store.PuzzleStreak)
	if !ok {
		return
	}
	ps, err := h.d.Store.NearPuzzles(r.Context(), store.PuzzleQuery{Game: g.ID(), Near: near, Account: acc, Exclude: exclude, Limit: 8})
	if err != nil {
		h.internal(w, "find puzzles", err)
		return
	}
	if len(ps) == 0 {
		httpError(w, http.StatusNotFound, "no_puzzle", fmt.Sprintf("no %s puzzle left to try", g.ID()))
		return
	}
	h.answer(w, ps[h.d.Rand(len(ps))], player, "")
}

// query checks a GET's query keys and reads its game.
func (h *Handler) query(w http.ResponseWriter, r *http.Request) (url.Values, game.Game, bool) {
	q := r.URL.Query()
	for k, v := range q {
		if !slices.Contains([]string{"game", "mode", "exclude", "rating", "streak"}, k) {
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("unknown query parameter %q (game, mode, exclude, rating, streak)", k))
			return nil, nil, false
		}
		if len(v) > 1 {
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("query parameter %q given %d times", k, len(v)))
			return nil, nil, false
		}
	}
	id := q.Get("game")
	if id == "" {
		httpError(w, http.StatusBadRequest, "bad_request", "game: missing (dames, mahbousse, shutbox, benedictine, intercept)")
		return nil, nil, false
	}
	g, err := h.d.Games.Lookup(id)
	if err != nil {
		httpError(w, http.StatusBadRequest, "unknown_game", fmt.Sprintf("game %q: %v", id, err))
		return nil, nil, false
	}
	return q, g, true
}

// near is the rating to choose a puzzle near, and the account's record:
// the account's puzzle rating (or its streak's), a guest's rating= and
// streak= (checked for everyone).
func (h *Handler) near(w http.ResponseWriter, r *http.Request, acc, gameID string, streak bool) (float64, *Player, bool) {
	q := r.URL.Query()
	near, n := 1500.0, 0
	if v := q.Get("rating"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 4000) {
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("rating %q: want a number from 0 to 4000", v))
			return 0, nil, false
		}
		near = f
	}
	if v := q.Get("streak"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 0 || n > 10000 {
			httpError(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("streak %q: want a whole number from 0 to 10000", v))
			return 0, nil, false
		}
	}
	var player *Player
	if acc != "" {
		p, err := h.d.Store.PuzzlePlayer(r.Context(), acc, gameID)
		if err != nil {
			h.internal(w, "read the puzzle record", err)
			return 0, nil, false
		}
		near, n, player = p.Rating.Rating, p.Streak, playerOf(p)
	}
	if streak {
		near = streakNear(n)
	}
	return near, player, true
}

// get answers GET /api/puzzles/{id}.
func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	if len(r.URL.Query()) > 0 {
		httpError(w, http.StatusBadRequest, "bad_request", "GET /api/puzzles/{id} takes no query parameter")
		return
	}
	p, ok := h.load(w, r, r.PathValue("id"))
	if !ok {
		return
	}
	player, ok := h.record(w, r, p.Game)
	if ok {
		h.answer(w, p, player, "")
	}
}

// record is the request's account's record in a game, nil for a guest.
func (h *Handler) record(w http.ResponseWriter, r *http.Request, gameID string) (*Player, bool) {
	acc, err := h.d.Account(r)
	if err != nil {
		h.internal(w, "read the session", err)
		return nil, false
	}
	if acc == "" {
		return nil, true
	}
	p, err := h.d.Store.PuzzlePlayer(r.Context(), acc, gameID)
	if err != nil {
		h.internal(w, "read the puzzle record", err)
		return nil, false
	}
	return playerOf(p), true
}

// load reads a stored puzzle, answering 404 when there is none.
func (h *Handler) load(w http.ResponseWriter, r *http.Request, id string) (store.Puzzle, bool) {
	p, err := h.d.Store.Puzzle(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		httpError(w, http.StatusNotFound, "not_found", fmt.Sprintf("no puzzle %q", id))
		return p, false
	}
	if err != nil {
		h.internal(w, "read a puzzle", err)
		return p, false
	}
	return p, true
}

// daily answers GET /api/puzzles/daily: the day's puzzle (UTC), the same
// for everyone, of each game in turn, chosen among those rated near 1600.
func (h *Handler) daily(w http.ResponseWriter, r *http.Request) {
	if len(r.URL.Query()) > 0 {
		httpError(w, http.StatusBadRequest, "bad_request", "GET /api/puzzles/daily takes no query parameter")
		return
	}
	now := h.d.Now().UTC()
	day := now.Format("2006-01-02")
	ids := puzzle.SeedGames()
	slices.Sort(ids)
	if len(ids) == 0 {
		httpError(w, http.StatusNotFound, "no_puzzle", "no puzzle")
		return
	}
	hs := fnv.New64a()
	hs.Write([]byte(day))
	pick := hs.Sum64()
	gameID := ids[int(now.Unix()/86400)%len(ids)]
	ps, err := h.d.Store.NearPuzzles(r.Context(), store.PuzzleQuery{Game: gameID, Near: 1600, Limit: 20})
	if err == nil && len(ps) == 0 {
		// The seed puzzles load in the background as the server starts:
		// no daily puzzle yet is an answer, not a failure (a 500 there
		// showed as an error in every page that asked at once).
		writeJSON(w, http.StatusOK, map[string]string{"daily": day})
		return
	}
	if err != nil {
		h.internal(w, "choose the daily puzzle", errors.Join(err, fmt.Errorf("%d %s puzzles", len(ps), gameID)))
		return
	}
	id, err := h.d.Store.DailyPuzzle(r.Context(), day, ps[pick%uint64(len(ps))].ID)
	if err != nil {
		h.internal(w, "set the daily puzzle", err)
		return
	}
	p, ok := h.load(w, r, id)
	if !ok {
		return
	}
	player, ok := h.record(w, r, p.Game)
	if ok {
		h.answer(w, p, player, day)
	}
}

// answer writes a stored puzzle as the page shows it.
func (h *Handler) answer(w http.ResponseWriter, sp store.Puzzle, player *Player, day string) {
	v, err := h.view(sp)
	if err != nil {
		h.internal(w, "show a puzzle", err)
		return
	}
	writeJSON(w, http.StatusOK, Answer{Puzzle: v, Player: player, Daily: day})
}

// decode reads a stored puzzle's data and its game.
func (h *Handler) decode(sp store.Puzzle) (puzzle.Puzzle, game.Game, error) {
	var p puzzle.Puzzle
	if err := json.Unmarshal(sp.Data, &p); err != nil {
		return p, nil, fmt.Errorf("puzzle %s: %w", sp.ID, err)
	}
	g, err := h.d.Games.Lookup(sp.Game)
	if err != nil {
		return p, nil, fmt.Errorf("puzzle %s: %w", sp.ID, err)
	}
	return p, g, nil
}

func (h *Handler) view(sp store.Puzzle) (View, error) {
	p, g, err := h.decode(sp)
	if err != nil {
		return View{}, err
	}
	s, err := p.State(g)
	if err != nil {
		return View{}, err
	}
	v := View{ID: sp.ID, Game: sp.Game, Variant: map[string]string{}, Side: p.Side, Rating: int(math.Round(sp.Rating.Rating)),
		Attempts: sp.Attempts, Solved: sp.Solved, Themes: append([]string{}, p.Themes...), Moves: p.SolverMoves(), View: game.NewView(g, s)}
	for _, kv := range strings.Fields(p.Config) {
		if k, val, ok := strings.Cut(kv, "="); ok {
			v.Variant[k] = val
		}
	}
	if p.Source != "" && !strings.HasPrefix(p.Source, "selfplay:") {
		v.Source = "/g/" + p.Source
	}
	if p.Prev != "" && p.Last != "" {
		if cfg, err := puzzle.ParseConfig(g, p.Config); err == nil {
			if prev, err := g.ParsePosition(cfg, p.Prev); err == nil {
				pv := game.NewView(g, prev)
				v.Prev, v.Last = &pv, p.Last
			}
		}
	}
	return v, nil
}

// decodeJSON reads a JSON body strictly (protocol.DecodeStrict): 415
// when it is not declared JSON, 400 naming the field at fault otherwise.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		httpError(w, http.StatusUnsupportedMediaType, "unsupported_media_type", "the body must be JSON, sent with Content-Type: application/json")
		return false
	}
	body, err := readAll(w, r, 8<<10)
	if err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return false
	}
	if err := protocol.DecodeStrict(body, v); err != nil {
		var ke *protocol.KeyError
		if errors.As(err, &ke) && ke.Field != "" {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
				"code": "bad_request", "field": ke.Field, "message": ke.Field + ": " + ke.Message}})
			return false
		}
		httpError(w, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return false
	}
	return true
}
