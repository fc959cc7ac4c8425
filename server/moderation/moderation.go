package moderation

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"plateau/fairplay"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Config is what a Handler needs.
type Config struct {
	Store store.Store
	Log   *slog.Logger
	Now   func() time.Time
	// Moderators names the accounts that may see the marked accounts and
	// clear them.
	Moderators []string
	// Account is the signed-in account of a request (nil for none).
	Account func(r *http.Request) (*store.Account, error)
	// Verdict judges an account's fair-play samples in a game created
	// after after (server/fairplay's Handler.Verdict).
	Verdict func(ctx context.Context, account, gameID string, r fairplay.Rule, after time.Time) (fairplay.Verdict, error)
}

// Handler serves the moderators' page and API. Make one with New.
type Handler struct {
	c    Config
	mods map[string]bool // the moderators, by store.NameKey
}

// New returns the handler of c.
func New(c Config) *Handler {
	h := &Handler{c: c, mods: map[string]bool{}}
	for _, m := range c.Moderators {
		h.mods[store.NameKey(m)] = true
	}
	return h
}

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

// Routes adds the moderator page and API to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /mod", h.modPage)
	m.HandleFunc("POST /mod/accounts/{name}/clear", h.modClear)
	m.HandleFunc("GET /api/mod/accounts", h.modAccounts)
	m.HandleFunc("POST /api/mod/accounts/{name}/clear", h.modClear)
}

// moderator returns the request's account when it is a moderator, or
// answers 403 (500 when the session could not be read).
func (h *Handler) moderator(w http.ResponseWriter, r *http.Request) *store.Account {
	acc, err := h.c.Account(r)
	if err != nil {
		h.internal(w, "read the session", err)
		return nil
	}
	w.Header().Set("Cache-Control", "no-store")
	if acc == nil {
		httpx.Error(w, http.StatusForbidden, "forbidden", "moderators only: sign in with a moderator's account")
		return nil
	}
	if !h.mods[store.NameKey(acc.Name)] {
		httpx.Error(w, http.StatusForbidden, "forbidden", fmt.Sprintf("moderators only: %s is not a moderator", acc.Name))
		return nil
	}
	return acc
}

// modList lists the accounts marked or cleared, marked first.
func (h *Handler) modList(ctx context.Context) ([]ModAccount, error) {
	sts, err := h.c.Store.FairPlayStatuses(ctx, 0)
	if err != nil {
		return nil, err
	}
	out := make([]ModAccount, 0, len(sts))
	for _, st := range sts {
		acc, err := h.c.Store.Account(ctx, st.Account)
		if err != nil {
			return nil, fmt.Errorf("account %s: %w", st.Account, err)
		}
		ma := ModAccount{Name: acc.Name, Marked: st.Marked, Game: st.Game, Reason: st.Reason, MarkedAt: st.MarkedAt, ClearedBy: st.ClearedBy}
		if !st.ClearedAt.IsZero() {
			at := st.ClearedAt
			ma.ClearedAt = &at
		}
		if r, ok := fairplay.RuleOf(st.Game); ok {
			if ma.Statistics, err = h.c.Verdict(ctx, st.Account, st.Game, r, st.ClearedAt); err != nil {
				return nil, err
			}
		}
		out = append(out, ma)
	}
	return out, nil
}

// modAccounts answers GET /api/mod/accounts.
func (h *Handler) modAccounts(w http.ResponseWriter, r *http.Request) {
	if h.moderator(w, r) == nil {
		return
	}
	list, err := h.modList(r.Context())
	if err != nil {
		h.internal(w, "list the marked accounts", err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, ModAccounts{Accounts: list, Rules: fairplay.Rules})
}

// modClear answers POST /api/mod/accounts/{name}/clear (the account's
// status, as GET /api/mod/accounts lists it) and the page's form, POST
// /mod/accounts/{name}/clear (back to the page).
func (h *Handler) modClear(w http.ResponseWriter, r *http.Request) {
	mod := h.moderator(w, r)
	if mod == nil {
		return
	}
	ctx, name := r.Context(), r.PathValue("name")
	acc, err := h.c.Store.AccountByName(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no account %q", name))
		return
	}
	if err != nil {
		h.internal(w, "read an account", err)
		return
	}
	err = h.c.Store.ClearFairPlay(ctx, acc.ID, mod.Name, h.c.Now())
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusConflict, "not_marked", fmt.Sprintf("account %s is not marked", acc.Name))
		return
	}
	if err != nil {
		h.internal(w, "clear an account", err)
		return
	}
	h.c.Log.Info("fair play: account cleared", "account", acc.ID, "moderator", mod.Name)
	if strings.HasPrefix(r.URL.Path, "/mod/") { // the page's form
		http.Redirect(w, r, "/mod", http.StatusSeeOther)
		return
	}
	st, err := h.c.Store.FairPlayStatus(ctx, acc.ID)
	if err != nil {
		h.internal(w, "read the fair-play status", err)
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
func (h *Handler) modPage(w http.ResponseWriter, r *http.Request) {
	mod := h.moderator(w, r)
	if mod == nil {
		return
	}
	list, err := h.modList(r.Context())
	if err != nil {
		h.internal(w, "list the marked accounts", err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := modPageT.Execute(w, struct {
		Moderator string
		Accounts  []ModAccount
	}{mod.Name, list}); err != nil {
		h.c.Log.Error("mod page", "err", err)
	}
}

// internal answers 500 and logs err, which is not shown to the client.
func (h *Handler) internal(w http.ResponseWriter, what string, err error) {
	h.c.Log.Error(what+" failed", "err", err)
	httpx.Error(w, http.StatusInternalServerError, "internal", "internal error: retry")
}
