package server_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// pageBudget is the most JavaScript and CSS, uncompressed, that a game page
// may load: its modules and its inline stylesheet. It was 160 KiB while the
// page preloaded a hand-kept list of modules, which left out 31 KB that
// game.js imported all the same (lobby-text.js, follow.js, gesture.js,
// movelist.js); the page now preloads every module it imports
// (moduleClosure), and all of them count: 200 KB for Mahboussé's page
// after game.js was split into modules of one job each with JSDoc types
// (issue 69), 64 KB gzipped; 206 KB, 66 KB gzipped, with correspondence
// games' clock and notifications (corr.js, issue 71).
const pageBudget = 208 * 1024

var (
	preloadRe = regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)">`)
	styleRe   = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	versionRe = regexp.MustCompile(`^/assets/[0-9a-f]+/`)
)

func gunzip(t *testing.T, b string) string {
	t.Helper()
	zr, err := gzip.NewReader(strings.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip: %v", err)
	}
	return string(out)
}

// The client's files and pages are gzipped for a client that accepts it,
// with Vary: Accept-Encoding and an ETag of their own; a game page's JS and
// CSS stay within the budget.
func TestWebGzip(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, id := range []string{"benedictine", "dames", "intercept", "mahbousse", "shutbox"} {
		c := ts.create(t, id, nil, "hh", false)
		gz := map[string]string{"Accept-Encoding": "gzip, deflate, br"}
		resp, zpage := get(t, ts, "/g/"+c.ID, gz)
		if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s page: Content-Encoding %q, Vary %q", id, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
		}
		page := gunzip(t, zpage)
		if _, plain := get(t, ts, "/g/"+c.ID, map[string]string{"Accept-Encoding": "identity"}); plain != page {
			t.Errorf("%s page: the gzipped page differs from the plain one", id)
		}
		style := styleRe.FindStringSubmatch(page)
		if style == nil {
			t.Fatalf("%s page has no inline stylesheet", id)
		}
		total, zipped := len(style[1]), 0
		for _, m := range preloadRe.FindAllStringSubmatch(page, -1) {
			url := m[1]
			plainResp, plain := get(t, ts, url, map[string]string{"Accept-Encoding": "identity"})
			zResp, z := get(t, ts, url, gz)
			if zResp.StatusCode != http.StatusOK || zResp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("%s: %s, Content-Encoding %q", url, zResp.Status, zResp.Header.Get("Content-Encoding"))
			}
			if plainResp.Header.Get("Content-Encoding") != "" {
				t.Errorf("%s without gzip: Content-Encoding %q", url, plainResp.Header.Get("Content-Encoding"))
			}
			for _, r := range []*http.Response{plainResp, zResp} {
				if !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") {
					t.Errorf("%s: Vary %q", url, r.Header.Get("Vary"))
				}
			}
			if gunzip(t, z) != plain {
				t.Errorf("%s: the gzipped body differs from the file", url)
			}
			if zResp.Header.Get("Content-Length") != strconv.Itoa(len(z)) {
				t.Errorf("%s: Content-Length %s for %d bytes", url, zResp.Header.Get("Content-Length"), len(z))
			}
			etag, zetag := plainResp.Header.Get("ETag"), zResp.Header.Get("ETag")
			if etag == "" || zetag == "" || etag == zetag {
				t.Errorf("%s: ETags %q (plain) and %q (gzip) should both exist and differ", url, etag, zetag)
			}
			static := versionRe.ReplaceAllString(url, "/static/")
			if r, _ := get(t, ts, static, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": zetag}); r.StatusCode != http.StatusNotModified {
				t.Errorf("%s with the gzip ETag: %s, want 304", static, r.Status)
			}
			if r, _ := get(t, ts, static, map[string]string{"Accept-Encoding": "identity", "If-None-Match": zetag}); r.StatusCode != http.StatusOK {
				t.Errorf("%s plain with the gzip ETag: %s, want 200", static, r.Status)
			}
			total += len(plain)
			zipped += len(z)
		}
		t.Logf("%s page: %d bytes of JS and CSS, %d gzipped (plus the inline stylesheet)", id, total, zipped)
		if total > pageBudget {
			t.Errorf("%s page: %d bytes of JS and CSS, over the budget of %d", id, total, pageBudget)
		}
	}
	// A client that refuses gzip gets the plain file.
	if r, _ := get(t, ts, "/static/app.css", map[string]string{"Accept-Encoding": "gzip;q=0"}); r.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0: Content-Encoding %q", r.Header.Get("Content-Encoding"))
	}
}
