package e2e

// A stand-in for package server, implementing docs/api.md over the real
// engines, used only until the real server lands.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	mrand "math/rand/v2"

	"github.com/coder/websocket"

	"plateau/game"
)

type fakeSeat struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Level  string `json:"level,omitempty"`
	Joined bool   `json:"joined"`
	token  string
}

type fakeEvent struct {
	Version int             `json:"version"`
	Event   map[string]any  `json:"event"`
	View    game.View       `json:"view"`
	raw     json.RawMessage //nolint:unused
}

type fakeGame struct {
	mu      sync.Mutex
	id      string
	g       game.Game
	variant map[string]string
	st      game.State
	seats   []*fakeSeat
	events  []fakeEvent
	moves   []map[string]any
	subs    map[chan fakeEvent]bool
	created time.Time
	rng     *mrand.Rand
}

type fakeServer struct {
	reg   *game.Registry
	mu    sync.Mutex
	games map[string]*fakeGame
	order []string
	web   string
}

func newFake(reg *game.Registry, web string) http.Handler {
	f := &fakeServer{reg: reg, games: map[string]*fakeGame{}, web: web}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/catalog", f.catalog)
	mux.HandleFunc("POST /api/games", f.create)
	mux.HandleFunc("GET /api/games", f.list)
	mux.HandleFunc("GET /api/games/{id}", f.get)
	mux.HandleFunc("GET /api/games/{id}/ws", f.ws)
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServer(http.Dir(web))))
	index := func(w http.ResponseWriter, r *http.Request) {
		b, _ := os.ReadFile(web + "/index.html")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b)
	}
	mux.HandleFunc("GET /{$}", index)
	mux.HandleFunc("GET /g/{id}", index)
	return mux
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func (f *fakeServer) catalog(w http.ResponseWriter, r *http.Request) {
	var out []map[string]any
	for _, g := range f.reg.Games() {
		counts := map[int]bool{}
		var players []int
		for _, cfg := range game.Variants(g) {
			if s, err := g.New(cfg); err == nil && !counts[s.Players()] {
				counts[s.Players()] = true
				players = append(players, s.Players())
			}
		}
		out = append(out, map[string]any{"id": g.ID(), "name_fr": g.Name("fr"), "name_en": g.Name("en"),
			"players": players, "variants": g.Options(), "example_position": g.ExamplePosition()})
	}
	writeJSON(w, 200, out)
}

func token() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (f *fakeServer) create(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Game    string            `json:"game"`
		Variant map[string]string `json:"variant"`
		Seats   []fakeSeat        `json:"seats"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, 400, map[string]any{"error": map[string]string{"code": "bad_request", "message": err.Error()}})
		return
	}
	g, err := f.reg.Lookup(req.Game)
	if err == nil {
		var cfg game.Config
		cfg, err = game.NewConfig(g, req.Variant)
		if err == nil {
			var st game.State
			st, err = g.New(cfg)
			if err == nil {
				fg := &fakeGame{id: token()[:6], g: g, variant: cfg, st: st, subs: map[chan fakeEvent]bool{}, created: time.Now(), rng: mrand.New(mrand.NewPCG(1, 2))}
				var out []map[string]any
				for i, s := range req.Seats {
					s := s
					s.Seat = i
					m := map[string]any{"seat": i, "kind": s.Kind}
					if s.Kind == "human" {
						s.token = token()
						m["token"] = s.token
						m["invite"] = "/g/" + fg.id + "?seat=" + strconv.Itoa(i) + "&token=" + s.token
					} else {
						m["level"] = s.Level
					}
					fg.seats = append(fg.seats, &s)
					out = append(out, m)
				}
				fg.mu.Lock()
				fg.advance()
				fg.mu.Unlock()
				f.mu.Lock()
				f.games[fg.id] = fg
				f.order = append(f.order, fg.id)
				f.mu.Unlock()
				writeJSON(w, 201, map[string]any{"id": fg.id, "seats": out})
				return
			}
		}
	}
	writeJSON(w, 400, map[string]any{"error": map[string]string{"code": "bad_request", "message": err.Error()}})
}

func (fg *fakeGame) status() string {
	if fg.st.Outcome().Over {
		return "finished"
	}
	for _, s := range fg.seats {
		if s.Kind == "human" && !s.Joined {
			return "open"
		}
	}
	return "live"
}

func (fg *fakeGame) summary() map[string]any {
	m := map[string]any{"id": fg.id, "game": fg.g.ID(), "variant": fg.variant, "status": fg.status(),
		"seats": fg.seats, "version": len(fg.events), "moves": fg.moves, "view": game.NewView(fg.g, fg.st), "casual": true}
	if o := fg.st.Outcome(); o.Over {
		m["result"] = o
	}
	return m
}

func (f *fakeServer) list(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []map[string]any{}
	for i := len(f.order) - 1; i >= 0; i-- {
		fg := f.games[f.order[i]]
		fg.mu.Lock()
		if fg.status() == r.URL.Query().Get("status") {
			s := fg.summary()
			delete(s, "view")
			out = append(out, s)
		}
		fg.mu.Unlock()
	}
	writeJSON(w, 200, out)
}

func (f *fakeServer) lookup(id string) *fakeGame {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.games[id]
}

func (f *fakeServer) get(w http.ResponseWriter, r *http.Request) {
	fg := f.lookup(r.PathValue("id"))
	if fg == nil {
		writeJSON(w, 404, map[string]any{"error": map[string]string{"code": "not_found", "message": "no such game"}})
		return
	}
	fg.mu.Lock()
	defer fg.mu.Unlock()
	writeJSON(w, 200, fg.summary())
}

// push appends an event; fg.mu is held.
func (fg *fakeGame) push(ev map[string]any) {
	v := len(fg.events) + 1
	ev["seq"] = v
	e := fakeEvent{Version: v, Event: ev, View: game.NewView(fg.g, fg.st)}
	fg.events = append(fg.events, e)
	if k := ev["kind"]; k == "move" || k == "roll" {
		fg.moves = append(fg.moves, map[string]any{"seq": v, "player": ev["player"], "notation": ev["notation"]})
	}
	for c := range fg.subs {
		select {
		case c <- e:
		default:
		}
	}
}

// advance rolls dice and plays AI seats; fg.mu is held.
func (fg *fakeGame) advance() {
	for !fg.st.Outcome().Over {
		p := fg.st.ToMove()
		var m game.Move
		kind := "move"
		if p == game.Chance {
			cm := fg.st.ChanceMoves(nil)
			m, _ = game.Pick(cm, fg.rng.IntN(game.TotalWeight(cm)))
			kind = "roll"
		} else if fg.seats[p].Kind == "ai" {
			ms := fg.st.Moves(nil)
			m = ms[fg.rng.IntN(len(ms))]
		} else {
			return
		}
		n := fg.st.FormatMove(m)
		if err := fg.st.Play(m); err != nil {
			panic(err)
		}
		fg.push(map[string]any{"kind": kind, "player": int(p), "notation": n})
		if o := fg.st.Outcome(); o.Over {
			fg.push(map[string]any{"kind": "end", "result": o})
		}
	}
}

func (f *fakeServer) ws(w http.ResponseWriter, r *http.Request) {
	fg := f.lookup(r.PathValue("id"))
	if fg == nil {
		http.NotFound(w, r)
		return
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := r.Context()
	send := func(v any) error {
		b, _ := json.Marshal(v)
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, b)
	}
	var held []int
	sub := make(chan fakeEvent, 256)
	defer func() { fg.mu.Lock(); delete(fg.subs, sub); fg.mu.Unlock() }()
	go func() {
		for e := range sub {
			if send(map[string]any{"type": "event", "version": e.Version, "event": e.Event, "view": e.View}) != nil {
				return
			}
		}
	}()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		var msg struct {
			Type    string   `json:"type"`
			ID      string   `json:"id"`
			Version int      `json:"version"`
			Tokens  []string `json:"tokens"`
			Move    string   `json:"move"`
			Seat    int      `json:"seat"`
			Action  string   `json:"action"`
		}
		json.Unmarshal(data, &msg)
		reply := func(code, text string) {
			if code == "" {
				fg.mu.Lock()
				v := len(fg.events)
				fg.mu.Unlock()
				send(map[string]any{"type": "ack", "id": msg.ID, "version": v})
				return
			}
			send(map[string]any{"type": "error", "id": msg.ID, "code": code, "message": text})
		}
		switch msg.Type {
		case "hello":
			fg.mu.Lock()
			held = nil
			for _, t := range msg.Tokens {
				for _, s := range fg.seats {
					if s.token == t {
						held = append(held, s.Seat)
						s.Joined = true
					}
				}
			}
			if held == nil {
				held = []int{}
			}
			send(map[string]any{"type": "welcome", "version": len(fg.events), "seats": held, "game": fg.summary()})
			for _, e := range fg.events[min(msg.Version, len(fg.events)):] {
				sub <- e
			}
			fg.subs[sub] = true
			fg.mu.Unlock()
		case "move":
			fg.mu.Lock()
			code, text := "", ""
			p := fg.st.ToMove()
			switch {
			case msg.Version != len(fg.events):
				code = "stale_version"
			case fg.st.Outcome().Over:
				code = "game_over"
			case p < 0 || !contains(held, int(p)):
				code = "not_your_turn"
			default:
				m, err := fg.st.ParseMove(msg.Move)
				if err == nil {
					err = fg.st.Play(m)
				}
				if err != nil {
					code, text = "illegal_move", err.Error()
				} else {
					fg.push(map[string]any{"kind": "move", "player": int(p), "notation": strings.TrimSpace(msg.Move)})
					if o := fg.st.Outcome(); o.Over {
						fg.push(map[string]any{"kind": "end", "result": o})
					}
					fg.advance()
				}
			}
			fg.mu.Unlock()
			reply(code, text)
		case "resign":
			fg.mu.Lock()
			fg.push(map[string]any{"kind": "resign", "player": msg.Seat})
			fg.mu.Unlock()
			reply("", "")
		case "ping":
			send(map[string]any{"type": "pong"})
		default:
			reply("not_allowed", "the stand-in server does not do "+msg.Type)
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}
