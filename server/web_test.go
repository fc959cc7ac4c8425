package server_test

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

func get(t *testing.T, ts *testServer, path string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), "GET", ts.URL+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

var (
	assetRe = regexp.MustCompile(`"(/assets/[0-9a-f]+/)js/main\.js"`)
	bootRe  = regexp.MustCompile(`<script type="application/json" id="boot">(.*?)</script>`)
)

// The game page carries the game's summary and preloads its renderer; the
// client's files are cached for good under the build's version and
// revalidated by ETag elsewhere.
func TestWebPages(t *testing.T) {
	ts := newTestServer(t, nil)
	c := ts.create(t, "shutbox", nil, "hh", false)
	resp, page := get(t, ts, "/g/"+c.ID, nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("GET /g/%s: %s, Cache-Control %q", c.ID, resp.Status, resp.Header.Get("Cache-Control"))
	}
	m := assetRe.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page loads no versioned main.js:\n%s", page)
	}
	prefix := m[1]
	for _, want := range []string{`<link rel="modulepreload" href="` + prefix + `js/games/shutbox.js">`,
		`<link rel="modulepreload" href="` + prefix + `js/game.js">`, "<style>\n/* Plateau: one stylesheet",
		`<script type="module" src="` + prefix + `js/register/shutbox.js"></script>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the game page lacks %s", want)
		}
	}
	if _, reg := get(t, ts, prefix+"js/register/shutbox.js", nil); !strings.Contains(reg, `import * as r from "../games/shutbox.js"`) ||
		!strings.Contains(reg, `(window.plateauRenderers ||= {})["shutbox"] = r`) {
		t.Errorf("js/register/shutbox.js is %q: it does not import and register the renderer", reg)
	}
	b := bootRe.FindStringSubmatch(page)
	if b == nil {
		t.Fatal("the game page has no boot JSON")
	}
	var boot struct {
		Catalog []struct{ ID string }
		Game    *struct {
			ID      string
			Version int64
			View    *struct{ Position string }
		}
	}
	if err := json.Unmarshal([]byte(b[1]), &boot); err != nil {
		t.Fatalf("boot JSON %s: %v", b[1], err)
	}
	if len(boot.Catalog) < 5 || boot.Game == nil || boot.Game.ID != c.ID || boot.Game.Version < 1 || boot.Game.View == nil || boot.Game.View.Position == "" {
		t.Errorf("boot = %+v, want the catalog and the game with its view", boot)
	}

	_, lobby := get(t, ts, "/", nil)
	if !strings.Contains(lobby, `"catalog":[`) || strings.Contains(lobby, "js/games/") || !strings.Contains(lobby, "js/lobby.js") {
		t.Errorf("the lobby page should carry the catalog, preload lobby.js and no renderer:\n%s", lobby)
	}
	_, missing := get(t, ts, "/g/nosuchgame", nil)
	if !strings.Contains(missing, `"missing":"nosuchgame"`) {
		t.Errorf("the page of an unknown game does not say it is missing:\n%s", html.UnescapeString(missing))
	}

	resp, js := get(t, ts, prefix+"js/game.js", nil)
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") || etag == "" ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") || !strings.Contains(js, "export class GamePage") {
		t.Errorf("versioned game.js: %s, headers %v", resp.Status, resp.Header)
	}
	if resp, _ := get(t, ts, prefix+"js/game.js", map[string]string{"If-None-Match": etag}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("game.js with its ETag: %s, want 304", resp.Status)
	}
	resp, _ = get(t, ts, "/static/js/game.js", map[string]string{"If-None-Match": `"other", ` + etag})
	if resp.StatusCode != http.StatusNotModified || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("/static/js/game.js with its ETag: %s, Cache-Control %q; want 304, no-cache", resp.Status, resp.Header.Get("Cache-Control"))
	}
	if resp, _ := get(t, ts, "/assets/0123456789ab/js/game.js", nil); resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("another build's URL: %s, Cache-Control %q; want 200, no-cache", resp.Status, resp.Header.Get("Cache-Control"))
	}
	for _, p := range []string{"/static/nope.js", prefix + "js/nope.js", "/static/../server.go"} {
		if resp, _ := get(t, ts, p, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %s, want 404", p, resp.Status)
		}
	}
}
