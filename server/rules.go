package server

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
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

// board computes what the page's script needs to draw and play one board.
func (s *Server) rulesBoardOf(g game.Game, b learn.Board, e *learn.Example) (rulesBoard, error) {
	_, st, err := s.position(PositionRequest{Game: g.ID(), Variant: b.Variant, Position: b.Position})
	if err != nil {
		return rulesBoard{}, err
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
func (s *Server) rulesLinks(lang, current string) []rulesLink {
	var out []rulesLink
	for _, g := range s.o.Games.Games() {
		if pg, ok := learn.PageOf(g.ID()); ok {
			out = append(out, rulesLink{ID: g.ID(), Name: g.Name(lang), Lead: pg.Lead.In(lang), Current: g.ID() == current})
		}
	}
	return out
}

// rulesIndex serves /rules: the list of the games' rules pages.
func (s *Server) rulesIndex(w http.ResponseWriter, r *http.Request) {
	lang := rulesLang(r)
	words := rulesWords[lang]
	d := rulesData{Index: true, Lang: lang, Other: map[string]string{"fr": "en", "en": "fr"}[lang], Title: words["index"], W: words,
		Games: s.rulesLinks(lang, ""), Prefix: s.web.prefix()}
	s.writeRules(w, r, d)
}

// rulesPage serves /rules/{game}: the game's rules in French or English,
// its diagrams and examples drawn in the browser by the game's renderer.
func (s *Server) rulesPage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	g, err := s.o.Games.Lookup(id)
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
		Lead: page.Lead.In(lang), W: words, Prefix: s.web.prefix()}
	d.Title = strings.ReplaceAll(words["title"], "{game}", d.Name)
	d.Games = s.rulesLinks(lang, id)
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
				bd, err := s.rulesBoardOf(g, *b.Diagram, nil)
				if err != nil {
					s.o.Log.Error("rules page: a diagram", "game", id, "err", err)
					http.Error(w, "internal error", http.StatusInternalServerError)
					return
				}
				boards = append(boards, bd)
				rb.Board, rb.Caption = len(boards), b.Diagram.Caption.In(lang)
			case b.Example != nil:
				e := b.Example
				bd, err := s.rulesBoardOf(g, e.Board, e)
				if err != nil {
					s.o.Log.Error("rules page: an example", "game", id, "err", err)
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
		s.o.Log.Error("rules page: boot data", "game", id, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	d.Boot = template.JS(boot) // json.Marshal escapes <, > and &
	// rules.js and its imports (the move picker, the marks), not the game page.
	d.Modules = append(moduleClosure(s.web.files, "js/rules.js"), renderer(s.web, id))
	s.writeRules(w, r, d)
}

// renderer is the file of a game's renderer.
func renderer(web *webApp, id string) string {
	if f := "js/games/" + id + ".js"; web.files[f] != nil {
		return f
	}
	return "js/games/generic.js"
}

// writeRules writes a rules page, its stylesheets inline.
func (s *Server) writeRules(w http.ResponseWriter, r *http.Request, d rulesData) {
	var css []byte
	for _, f := range []string{"app.css", "rules.css"} {
		if a := s.web.files[f]; a != nil {
			css = append(css, a.data...)
		}
	}
	d.CSS = template.CSS(css)
	var buf bytes.Buffer
	if err := rulesPageT.Execute(&buf, d); err != nil {
		s.o.Log.Error("rules page", "game", d.Game, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Language", d.Lang)
	writeHTML(w, r, buf.Bytes())
}
