package server

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"

	"plateau/fairplay"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// ModAccount is an account marked for a fair-play review, or cleared, in
// GET /api/mod/accounts.
type ModAccount struct {
	Name     string    `json:"name"`
	Marked   bool      `json:"marked"`
	Game     string    `json:"game"`
	Reason   string    `json:"reason"`
	MarkedAt time.Time `json:"marked_at"`
	// ClearedBy and ClearedAt name the moderator who last cleared the
	// account, and when.
	ClearedBy string     `json:"cleared_by,omitempty"`
	ClearedAt *time.Time `json:"cleared_at,omitempty"`
	// Statistics are the account's statistics in Game since its last
	// clearing, as the rule judges them.
	Statistics fairplay.Verdict `json:"statistics"`
}

// ModAccounts is the answer of GET /api/mod/accounts.
type ModAccounts struct {
	Accounts []ModAccount             `json:"accounts"`
	Rules    map[string]fairplay.Rule `json:"rules"`
}

// moderatorRoutes adds the moderator page and API to m.
func (s *Server) moderatorRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /mod", s.modPage)
	m.HandleFunc("POST /mod/accounts/{name}/clear", s.modClear)
	m.HandleFunc("GET /api/mod/accounts", s.modAccounts)
	m.HandleFunc("POST /api/mod/accounts/{name}/clear", s.modClear)
}

// moderator returns the request's account when it is a moderator, or
// answers 403 (500 when the session could not be read).
func (s *Server) moderator(w http.ResponseWriter, r *http.Request) *store.Account {
	in, err := s.accounts.Session(r.Context(), r)
	if err != nil {
		s.internal(w, "read the session", err)
		return nil
	}
	w.Header().Set("Cache-Control", "no-store")
	if in == nil {
		httpx.Error(w, http.StatusForbidden, "forbidden", "moderators only: sign in with a moderator's account")
		return nil
	}
	if !s.mods[store.NameKey(in.Account.Name)] {
		httpx.Error(w, http.StatusForbidden, "forbidden", fmt.Sprintf("moderators only: %s is not a moderator", in.Account.Name))
		return nil
	}
	return in.Account
}

// modList lists the accounts marked or cleared, marked first.
func (s *Server) modList(ctx context.Context) ([]ModAccount, error) {
	sts, err := s.o.Store.FairPlayStatuses(ctx, 0)
	if err != nil {
		return nil, err
	}
	out := make([]ModAccount, 0, len(sts))
	for _, st := range sts {
		acc, err := s.o.Store.Account(ctx, st.Account)
		if err != nil {
			return nil, fmt.Errorf("account %s: %w", st.Account, err)
		}
		ma := ModAccount{Name: acc.Name, Marked: st.Marked, Game: st.Game, Reason: st.Reason, MarkedAt: st.MarkedAt, ClearedBy: st.ClearedBy}
		if !st.ClearedAt.IsZero() {
			at := st.ClearedAt
			ma.ClearedAt = &at
		}
		if r, ok := fairplay.RuleOf(st.Game); ok {
			if ma.Statistics, err = s.fairplay.Verdict(ctx, st.Account, st.Game, r, st.ClearedAt); err != nil {
				return nil, err
			}
		}
		out = append(out, ma)
	}
	return out, nil
}

// modAccounts answers GET /api/mod/accounts.
func (s *Server) modAccounts(w http.ResponseWriter, r *http.Request) {
	if s.moderator(w, r) == nil {
		return
	}
	list, err := s.modList(r.Context())
	if err != nil {
		s.internal(w, "list the marked accounts", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, ModAccounts{Accounts: list, Rules: fairplay.Rules})
}

// modClear answers POST /api/mod/accounts/{name}/clear (the account's
// status, as GET /api/mod/accounts lists it) and the page's form, POST
// /mod/accounts/{name}/clear (back to the page).
func (s *Server) modClear(w http.ResponseWriter, r *http.Request) {
	mod := s.moderator(w, r)
	if mod == nil {
		return
	}
	ctx, name := r.Context(), r.PathValue("name")
	acc, err := s.o.Store.AccountByName(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no account %q", name))
		return
	}
	if err != nil {
		s.internal(w, "read an account", err)
		return
	}
	err = s.o.Store.ClearFairPlay(ctx, acc.ID, mod.Name, s.o.Now())
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusConflict, "not_marked", fmt.Sprintf("account %s is not marked", acc.Name))
		return
	}
	if err != nil {
		s.internal(w, "clear an account", err)
		return
	}
	s.o.Log.Info("fair play: account cleared", "account", acc.ID, "moderator", mod.Name)
	if strings.HasPrefix(r.URL.Path, "/mod/") { // the page's form
		http.Redirect(w, r, "/mod", http.StatusSeeOther)
		return
	}
	st, err := s.o.Store.FairPlayStatus(ctx, acc.ID)
	if err != nil {
		s.internal(w, "read the fair-play status", err)
		return
	}
	out := ModAccount{Name: acc.Name, Marked: st.Marked, Game: st.Game, Reason: st.Reason, MarkedAt: st.MarkedAt, ClearedBy: st.ClearedBy}
	at := st.ClearedAt
	out.ClearedAt = &at
	httpx.WriteJSON(w, http.StatusOK, out)
}

// modPageT is the moderator page: the marked accounts, each with a button
// that clears it, then the accounts cleared.
var modPageT = template.Must(template.New("mod").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plateau: fair-play review</title></head>
<body><main>
<h1>Fair-play review</h1>
<p>Signed in as {{.Moderator}}. Accounts whose rated moves matched the engine's too closely play unrated only until cleared (see docs/fairplay.md).</p>
<table>
<thead><tr><th>Account</th><th>Status</th><th>Game</th><th>Why</th><th>Since last clearing</th><th>Marked</th><th>Cleared</th><th></th></tr></thead>
<tbody>
{{range .Accounts}}<tr>
<td><a href="/@/{{.Name}}">{{.Name}}</a></td>
<td>{{if .Marked}}marked{{else}}cleared{{end}}</td>
<td>{{.Game}}</td>
<td>{{.Reason}}</td>
<td>{{.Statistics.Agreed}}/{{.Statistics.Moves}} best, mean loss {{printf "%.4f" .Statistics.MeanLoss}}</td>
<td>{{.MarkedAt.Format "2006-01-02 15:04"}}</td>
<td>{{if .ClearedAt}}{{.ClearedBy}}, {{.ClearedAt.Format "2006-01-02 15:04"}}{{end}}</td>
<td>{{if .Marked}}<form method="post" action="/mod/accounts/{{.Name}}/clear"><button type="submit">Clear</button></form>{{end}}</td>
</tr>
{{else}}<tr><td colspan="8">No account is marked.</td></tr>
{{end}}</tbody></table>
</main></body></html>
`))

// modPage answers GET /mod.
func (s *Server) modPage(w http.ResponseWriter, r *http.Request) {
	mod := s.moderator(w, r)
	if mod == nil {
		return
	}
	list, err := s.modList(r.Context())
	if err != nil {
		s.internal(w, "list the marked accounts", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := modPageT.Execute(w, struct {
		Moderator string
		Accounts  []ModAccount
	}{mod.Name, list}); err != nil {
		s.o.Log.Error("mod page", "err", err)
	}
}
