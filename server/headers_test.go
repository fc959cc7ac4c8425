package server_test

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"plateau/games"
)

// routePattern finds the patterns the server registers on its mux.
var routePattern = regexp.MustCompile(`\.Handle(?:Func)?\("([^"]+)"`)

// registeredRoutes reads the patterns of every route the package's
// non-test files register, so that a route added later is walked too.
func registeredRoutes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := filepath.Glob("*/*.go") // the job packages (server/play, server/lobby, ...)
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, sub...)
	var routes []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range routePattern.FindAllSubmatch(src, -1) {
			routes = append(routes, string(m[1]))
		}
	}
	slices.Sort(routes)
	return slices.Compact(routes)
}

var (
	wildcard    = regexp.MustCompile(`\{([a-z]*)(\.\.\.)?\$?\}`)
	assetPrefix = regexp.MustCompile(`/assets/([0-9a-f]+)/`)
	inlineStyle = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	inlineJS    = regexp.MustCompile(`<script(?:\s[^>]*)?>`)
	inlineAttr  = regexp.MustCompile(`(?i)\s(style|on[a-z]+)\s*=`)
)

// TestSecurityHeaders walks every route the server registers, with real
// ids, and some answers that are errors (404, 405, refused bodies), and
// checks that each carries the security headers; on the pages, that no
// inline script, style attribute or event handler needs what the policy
// refuses, and each inline stylesheet's hash is in it (issue 66: on main
// b61b991 no answer had any of them).
func TestSecurityHeaders(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	ts.browser(t).signUp(t, "walker", testPassword)
	g := ts.create(t, "dames", nil, "hh", true)
	resp, err := ts.HTTP.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	version := assetPrefix.FindSubmatch(page)
	if version == nil {
		t.Fatal("the lobby page links no /assets/{version}/")
	}
	values := map[string]string{"id": g.ID, "seat": "0", "name": "walker", "game": "dames", "version": string(version[1]), "path": "js/main.js", "level": "easy"}

	routes := registeredRoutes(t)
	if len(routes) < 30 {
		t.Fatalf("found %d routes in the sources: %v", len(routes), routes)
	}
	requests := [][2]string{ // method, path: errors besides the routes
		{"GET", "/no/such/page"}, {"DELETE", "/api/catalog"}, {"GET", "/api/games/nosuchgame"},
		{"GET", "/api/no/such/route"}, {"GET", "/assets/" + string(version[1]) + "/no/such.js"},
		{"GET", "/g/" + g.ID + "?seat=0&token=" + g.Seats[0].Token}, {"GET", "/analysis/dames"}, {"GET", "/rules/dames"},
		{"GET", "/assets/" + string(version[1]) + "/js/register/dames.js"},
	}
	for _, id := range games.Registry().IDs() { // each game's pages, whose text differs
		requests = append(requests, [2]string{"GET", "/rules/" + id}, [2]string{"GET", "/rules/" + id + "?lang=fr"}, [2]string{"GET", "/analysis/" + id})
	}
	for _, r := range routes {
		method, p, ok := strings.Cut(r, " ")
		if !ok {
			method, p = "GET", r
		}
		p = wildcard.ReplaceAllStringFunc(p, func(w string) string {
			name := wildcard.FindStringSubmatch(w)[1]
			if v, ok := values[name]; ok {
				return v
			}
			if name == "" { // {$}
				return ""
			}
			t.Errorf("route %q: no value for {%s}", r, name)
			return "x"
		})
		if strings.HasSuffix(p, "/api/") {
			p += "nothing"
		}
		requests = append(requests, [2]string{method, p})
	}
	for _, rq := range requests {
		var body io.Reader
		if rq[0] == "POST" {
			body = strings.NewReader(`{}`)
		}
		req, _ := http.NewRequest(rq[0], ts.URL+rq[1], body)
		req.Header.Set("Content-Type", "application/json")
		resp, err := ts.HTTP.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", rq[0], rq[1], err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		checkSecurityHeaders(t, rq[0]+" "+rq[1], resp, b)
	}
}

func checkSecurityHeaders(t *testing.T, what string, resp *http.Response, body []byte) {
	t.Helper()
	h := resp.Header
	csp := h.Get("Content-Security-Policy")
	directives := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		directives[name] = value
	}
	if directives["script-src"] != "'self'" || directives["frame-ancestors"] != "'none'" || directives["object-src"] != "'none'" ||
		strings.Contains(csp, "unsafe") || h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" ||
		h.Get("Referrer-Policy") != "same-origin" {
		t.Errorf("%s (%d): CSP %q, X-Frame-Options %q, X-Content-Type-Options %q, Referrer-Policy %q", what, resp.StatusCode,
			csp, h.Get("X-Frame-Options"), h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"))
		return
	}
	if !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		return
	}
	for _, tag := range inlineJS.FindAllString(string(body), -1) {
		if !strings.Contains(tag, ` src="`) && !strings.Contains(tag, `type="application/json"`) {
			t.Errorf("%s: an inline script %s, which the policy refuses", what, tag)
		}
	}
	for _, m := range inlineStyle.FindAllSubmatch(body, -1) {
		sum := sha256.Sum256(m[1])
		if src := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(directives["style-src"], src) {
			t.Errorf("%s: an inline stylesheet of %d bytes whose hash %s is not in style-src %s", what, len(m[1]), src, directives["style-src"])
		}
	}
	if m := inlineAttr.FindString(string(body)); m != "" {
		t.Errorf("%s: an attribute %q, which the policy refuses", what, m)
	}
}
