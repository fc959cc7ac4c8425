package moderation_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/fairplay"
	"plateau/server/moderation"
	"plateau/store"
	"plateau/store/sqlite"
)

// A moderation handler made without the rest of the server: only a
// moderator sees the marked accounts and clears one, by the API or the
// page's form; an account cleared, or unknown, is refused.
func TestModerationAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	accs := map[string]*store.Account{}
	for _, name := range []string{"ann", "bob", "mo", "zed"} {
		accs[name] = &store.Account{ID: "id-" + name, Name: name, Created: now}
		if err := st.CreateAccount(ctx, accs[name]); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"ann", "zed"} {
		if err := st.MarkFairPlay(ctx, accs[name].ID, "dames", "dames: too close", now); err != nil {
			t.Fatal(err)
		}
	}
	h := moderation.New(moderation.Config{Store: st, Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now },
		Moderators: []string{"Mo"}, // names match by store.NameKey
		Account:    func(r *http.Request) (*store.Account, error) { return accs[r.Header.Get("X-Test-Account")], nil },
		Verdict: func(context.Context, string, string, fairplay.Rule, time.Time) (fairplay.Verdict, error) {
			return fairplay.Verdict{Sample: fairplay.Sample{Moves: 10, Agreed: 9}}, nil
		}})
	m := http.NewServeMux()
	h.Routes(m)
	do := func(method, path, as string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, path, nil)
		r.Header.Set("X-Test-Account", as)
		w := httptest.NewRecorder()
		m.ServeHTTP(w, r)
		return w
	}
	for _, tc := range []struct {
		method, path, as string
		code             int
		has              string // in the body, or the redirect
	}{
		{"GET", "/api/mod/accounts", "", http.StatusForbidden, "sign in with a moderator's account"},
		{"GET", "/api/mod/accounts", "bob", http.StatusForbidden, "bob is not a moderator"},
		{"GET", "/mod", "bob", http.StatusForbidden, "not a moderator"},
		{"POST", "/api/mod/accounts/ann/clear", "bob", http.StatusForbidden, "not a moderator"},
		{"GET", "/api/mod/accounts", "mo", http.StatusOK, `"name":"ann","marked":true`},
		{"GET", "/mod", "mo", http.StatusOK, `<form method="post" action="/mod/accounts/ann/clear">`},
		{"POST", "/api/mod/accounts/ann/clear", "mo", http.StatusOK, `"cleared_by":"mo"`},
		{"POST", "/api/mod/accounts/ann/clear", "mo", http.StatusConflict, "not_marked"},
		{"POST", "/api/mod/accounts/nobody/clear", "mo", http.StatusNotFound, "no account"},
		{"POST", "/mod/accounts/zed/clear", "mo", http.StatusSeeOther, "/mod"},
		{"GET", "/mod", "mo", http.StatusOK, "<td>cleared</td>"},
	} {
		w := do(tc.method, tc.path, tc.as)
		got := w.Body.String() + w.Header().Get("Location")
		if w.Code != tc.code || !strings.Contains(got, tc.has) {
			t.Errorf("%s %s as %q: %d %s, want %d with %q", tc.method, tc.path, tc.as, w.Code, got, tc.code, tc.has)
		}
	}
	var list moderation.ModAccounts
	if err := json.Unmarshal(do("GET", "/api/mod/accounts", "mo").Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Accounts) != 2 || list.Accounts[0].Marked || list.Accounts[0].Statistics.Agreed != 9 {
		t.Errorf("after clearing both: %+v, want two cleared accounts with their statistics", list.Accounts)
	}
}
