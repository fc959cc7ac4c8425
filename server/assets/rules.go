package assets

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
	"plateau/learn"
)

//go:embed rules.tmpl
var rulesTemplate string

var rulesPageT = template.Must(template.New("rules").Parse(rulesTemplate))

// Handler serves the web client's files (App) and the rules pages of
// the games of a registry, in French and English.
type Handler struct {
	app   *App
	games *game.Registry
	log   *slog.Logger
}

// NewHandler returns the handler of app's files and of the rules pages of
// games, logging its failures to log.
func NewHandler(app *App, games *game.Registry, log *slog.Logger) *Handler {
	return &Handler{app: app, games: games, log: log}
}

// Routes adds the handler's routes to m: /assets/{version}/..., /static/...
// and the rules pages /rules and /rules/{game}.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /rules/{game}", h.rulesPage)
	m.HandleFunc("GET /rules", h.rulesIndex)
	m.HandleFunc("GET /rules/{$}", h.rulesIndex)
	m.HandleFunc("GET /assets/{version}/{path...}", h.app.Assets)
	m.HandleFunc("GET /static/{path...}", h.app.Static)
}

// rulesWords are the rules page's own words (the rules are in package learn).
var rulesWords = map[string]map[string]string{
	"en": {
		"title": "Rules of {game}", "index": "Rules of the games", "play": "Play", "lobby": "Back to the lobby", "games": "The games",
		"variants": "Variants", "variantsLead": "These options, chosen when a game is created, change the game.",
		"default": "default:", "example": "Example {n}", "yourMove": "Your move:", "right": "Right!", "wrong": "Not this one.",
		"again": "Try again", "reset": "Start again", "diagram": "Diagram", "nojs": "The boards need JavaScript.",
		"loading": "…",
	},
	"fr": {
		"title": "Règles : {game}", "index": "Règles des jeux", "play": "Jouer", "lobby": "Retour au salon", "games": "Les jeux",
		"variants": "Variantes", "variantsLead": "Ces options, choisies à la création d’une partie, changent le jeu.",
		"default": "par défaut :", "example": "Exemple {n}", "yourMove": "À vous :", "right": "Juste !", "wrong": "Pas celui-là.",
		"again": "Réessayer", "reset": "Recommencer", "diagram": "Schéma", "nojs": "Les plateaux ont besoin de JavaScript.",
		"loading": "…",
	},
}

// rulesLang is the page's language: ?lang=fr|en, else the first of French
// and English that the Accept-Language header prefers, else English.
func rulesLang(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); l == "fr" || l == "en" {
		return l
	}
	best, bestQ := "en", 0.0
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		l := strings.ToLower(tag)
		if len(l) > 2 {
			l = l[:2]
		}
		if (l == "fr" || l == "en") && q > bestQ {
			best, bestQ = l, q
		}
	}
	return best
}

// rulesBoard is a diagram or an example as the page's script receives it.
type rulesBoard struct {
	Variant  map[string]string `json:"variant,omitempty"`
	Position string            `json:"position"`
	Seat     int               `json:"seat"`
	View     game.View         `json:"view"`
	Example  bool              `json:"example,omitempty"`
	// Answers are the right moves and Wrong a legal other one, in the
	// engine's notation (Wrong is for the browser tests).
	Answers []string `json:"answers,omitempty"`
	Wrong   string   `json:"wrong,omitempty"`
}

type rulesBlock struct {
	P       string
	Board   int // index in boards + 1; 0: none
	Example int // the example's number from 1; 0: a diagram
	Caption string
	Task    string
	Right   string
	Hint    string
}

type rulesSection struct {
	ID     string
	Title  string
	Blocks []rulesBlock
}

type rulesVariant struct {
	Key     string
	Text    string
	Values  []string
	Default string
}

type rulesLink struct {
	ID, Name, Lead string
	Current        bool
}

type rulesData struct {
	Index       bool // the list of the games' rules pages
	Lang, Other string
	Game, Name  string
	Title, Lead string
	W           map[string]string
	Sections    []rulesSection
	Variants    []rulesVariant
	Games       []rulesLink
	CSS         template.CSS
	Prefix      string
	Modules     []string
	Boot        template.JS
}

// rulesBoardOf computes what the page's script needs to draw and play one board.
func (h *Handler) rulesBoardOf(g game.Game, b learn.Board, e *learn.Example) (rulesBoard, error) {
	cfg, err := game.NewConfig(g, b.Variant)
	if err != nil {
		return rulesBoard{}, fmt.Errorf("board %q: variant: %w", b.Position, err)
	}
	st, err := g.ParsePosition(cfg, b.Position)
	if err != nil {
		return rulesBoard{}, fmt.Errorf("board %q: %w", b.Position, err)
	}
	out := rulesBoard{Variant: b.Variant, Position: b.Position, View: game.NewView(g, st)}
	switch {
	case b.Seat != nil:
		out.Seat = *b.Seat
	case st.ToMove() >= 0:
		out.Seat = int(st.ToMove())
	}
	if e != nil {
		out.Example = true
		for _, a := range append(slices.Clone(e.Answers), e.Wrong) {
			m, err := st.ParseMove(a)
			if err != nil {
				return rulesBoard{}, fmt.Errorf("example %q: move %q: %w", b.Position, a, err)
			}
			out.Answers = append(out.Answers, st.FormatMove(m))
		}
		out.Wrong = out.Answers[len(out.Answers)-1]
		out.Answers = out.Answers[:len(out.Answers)-1]
	}
	return out, nil
}

// rulesLinks lists the rules pages of the server's games.
func (h *Handler) rulesLinks(lang, current string) []rulesLink {
	var out []rulesLink
	for _, g := range h.games.Games() {
		if pg, ok := learn.PageOf(g.ID()); ok {
			out = append(out, rulesLink{ID: g.ID(), Name: g.Name(lang), Lead: pg.Lead.In(lang), Current: g.ID() == current})
		}
	}
	return out
}

// rulesIndex serves /rules: the list of the games' rules pages.
func (h *Handler) rulesIndex(w http.ResponseWriter, r *http.Request) {
	lang := rulesLang(r)
	words := rulesWords[lang]
	d := rulesData{Index: true, Lang: lang, Other: map[string]string{"fr": "en", "en": "fr"}[lang], Title: words["index"], W: words,
		Games: h.rulesLinks(lang, ""), Prefix: h.app.Prefix()}
	h.writeRules(w, r, d)
}

// rulesPage serves /rules/{game}: the game's rules in French or English,
// its diagrams and examples drawn in the browser by the game's renderer.
func (h *Handler) rulesPage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	g, err := h.games.Lookup(id)
	page, ok := learn.PageOf(id)
	if err != nil || !ok {
		msg := fmt.Sprintf("no rules for game %q", id)
		if err != nil {
			msg += ": " + err.Error()
		}
		http.Error(w, msg, http.StatusNotFound)
		return
	}
	lang := rulesLang(r)
	words := rulesWords[lang]
	d := rulesData{Lang: lang, Other: map[string]string{"fr": "en", "en": "fr"}[lang], Game: id, Name: g.Name(lang),
		Lead: page.Lead.In(lang), W: words, Prefix: h.app.Prefix()}
	d.Title = strings.ReplaceAll(words["title"], "{game}", d.Name)
	d.Games = h.rulesLinks(lang, id)
	var boards []rulesBoard
	nex := 0
	for i, sec := range page.Sections {
		rs := rulesSection{ID: fmt.Sprintf("s%d", i+1), Title: sec.Title.In(lang)}
		for _, b := range sec.Blocks {
			var rb rulesBlock
			switch {
			case b.P != nil:
				rb.P = b.P.In(lang)
			case b.Diagram != nil:
				bd, err := h.rulesBoardOf(g, *b.Diagram, nil)
				if err != nil {
					h.log.Error("rules page: a diagram", "game", id, "err", err)
					http.Error(w, "internal error", http.StatusInternalServerError)
					return
				}
				boards = append(boards, bd)
				rb.Board, rb.Caption = len(boards), b.Diagram.Caption.In(lang)
			case b.Example != nil:
				e := b.Example
				bd, err := h.rulesBoardOf(g, e.Board, e)
				if err != nil {
					h.log.Error("rules page: an example", "game", id, "err", err)
					http.Error(w, "internal error", http.StatusInternalServerError)
					return
				}
				boards = append(boards, bd)
				nex++
				rb.Board, rb.Example = len(boards), nex
				rb.Caption = strings.ReplaceAll(words["example"], "{n}", strconv.Itoa(nex))
				rb.Task, rb.Right, rb.Hint = e.Task.In(lang), e.Right.In(lang), e.Hint.In(lang)
			}
			rs.Blocks = append(rs.Blocks, rb)
		}
		d.Sections = append(d.Sections, rs)
	}
	for _, o := range g.Options() {
		v := rulesVariant{Key: o.Key, Text: page.Variants[o.Key].In(lang), Default: o.Default, Values: o.Values}
		if len(v.Values) == 0 {
			v.Values = []string{o.Accepted()}
		}
		d.Variants = append(d.Variants, v)
	}
	boot, err := json.Marshal(map[string]any{"game": id, "lang": lang, "boards": boards})
	if err != nil {
		h.log.Error("rules page: boot data", "game", id, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	d.Boot = template.JS(boot) // json.Marshal escapes <, > and &
	// rules.js and its imports (the move picker, the marks), not the game page.
	d.Modules = append(moduleClosure(h.app.files, "js/rules.js"), renderer(h.app, id))
	h.writeRules(w, r, d)
}

// renderer is the file of a game's renderer.
func renderer(web *App, id string) string {
	if f := "js/games/" + id + ".js"; web.files[f] != nil {
		return f
	}
	return "js/games/generic.js"
}

// writeRules writes a rules page, its stylesheets inline.
func (h *Handler) writeRules(w http.ResponseWriter, r *http.Request, d rulesData) {
	var css []byte
	for _, f := range []string{"app.css", "rules.css"} {
		if a := h.app.files[f]; a != nil {
			css = append(css, a.data...)
		}
	}
	d.CSS = template.CSS(css)
	var buf bytes.Buffer
	if err := rulesPageT.Execute(&buf, d); err != nil {
		h.log.Error("rules page", "game", d.Game, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Language", d.Lang)
	WriteHTML(w, r, buf.Bytes())
}
