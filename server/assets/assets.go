package assets

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
)

// App serves the web client from the embedded files. Every file has a
// strong ETag (a hash of its content); the client's own URLs live under
// /assets/{version}/, where version hashes every file, so that they can be
// cached for a year: a new build changes the version and so every URL.
// /static/... serves the same files revalidated on each use (no-cache).
//
// The pages (/ and /g/{id}) are index.html with the versioned URLs, the
// stylesheet inline, a modulepreload link for each module the page needs
// (the game's renderer included, so that all load in parallel) and, inline,
// the JSON the page would otherwise fetch first (the catalog, the game's
// summary with its view): the board is drawn without waiting for any API
// call.
type App struct {
	files   map[string]*asset // by path in the web directory
	version string
	head    []byte // index.html up to the <!--boot--> marker, URLs versioned
	tail    []byte // the rest
	csp     string // the Content-Security-Policy of every answer (headers.go)
	// modules are main.js and the modules it imports statically
	// (moduleClosure), preloaded in parallel by every page; the lobby page
	// adds lobby.js and its imports (lobbyModules), a game page its renderer.
	modules, lobbyModules []string
}

type asset struct {
	data  []byte
	gz    []byte // data gzipped once at start; nil when it would not be smaller
	etag  string
	ctype string
}

// compressible reports whether files of a content type are worth gzipping
// (text; images such as PNG are compressed already).
func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") ||
		strings.Contains(ctype, "json") || strings.Contains(ctype, "svg") || strings.Contains(ctype, "xml")
}

// gzipBytes compresses b at the best level: it runs once per file, at start.
func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// acceptsGzip reports whether a request's Accept-Encoding allows gzip
// (listed, or "*", without q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "*" {
			continue
		}
		for _, prm := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(prm), "=")
			if strings.EqualFold(k, "q") {
				if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q <= 0 {
					return false
				}
			}
		}
		return true
	}
	return false
}

// New reads the web client's files from web (web.FS in the binary).
func New(web fs.FS) (*App, error) {
	a := &App{files: map[string]*asset{}}
	all := sha256.New()
	err := fs.WalkDir(web, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		ctype := mime.TypeByExtension(path.Ext(p))
		switch path.Ext(p) {
		case ".js":
			ctype = "text/javascript; charset=utf-8"
		case ".css":
			ctype = "text/css; charset=utf-8"
		}
		if ctype == "" {
			ctype = http.DetectContentType(b)
		}
		f := &asset{data: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, ctype: ctype}
		if compressible(ctype) {
			if z := gzipBytes(b); len(z) < len(b) {
				f.gz = z
			}
		}
		a.files[p] = f
		fmt.Fprintf(all, "%s\x00%x\x00", p, sum)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web client: %w", err)
	}
	a.version = hex.EncodeToString(all.Sum(nil)[:6])
	a.addRegisterModules()
	index := a.files["index.html"]
	if index == nil {
		return nil, fmt.Errorf("web client: index.html missing")
	}
	html := index.data
	if css := a.files["app.css"]; css != nil { // inline: one request less before the first drawing
		html = bytes.Replace(html, []byte(`<link rel="stylesheet" href="/static/app.css">`),
			slices.Concat([]byte("<style>\n"), css.data, []byte("</style>")), 1)
	}
	html = bytes.ReplaceAll(html, []byte(`"/static/`), []byte(`"`+a.Prefix()))
	head, tail, ok := bytes.Cut(html, []byte("<!--boot-->"))
	if !ok {
		return nil, fmt.Errorf("web client: index.html has no <!--boot--> marker")
	}
	a.head, a.tail = head, tail
	a.csp = contentSecurityPolicy(a.files)
	a.modules = moduleClosure(a.files, "js/main.js")
	a.lobbyModules = moduleClosure(a.files, "js/main.js", "js/lobby.js")
	return a, nil
}

// Prefix is the URL prefix of this build's files.
func (a *App) Prefix() string { return "/assets/" + a.version + "/" }

// serveAsset serves one file; immutable marks a versioned URL.
func (a *App) serveAsset(w http.ResponseWriter, r *http.Request, name string, immutable bool) {
	f := a.files[name]
	if f == nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	data, etag := f.data, f.etag
	if f.gz != nil {
		// The gzipped body is another representation: its own strong ETag.
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			data, etag = f.gz, strings.TrimSuffix(f.etag, `"`)+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", f.ctype)
	h.Set("Content-Length", fmt.Sprint(len(data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// Assets serves /assets/{version}/{path...}: this build's version is
// cached for good; another version (a page of an older build) is served
// the current files, revalidated.
func (a *App) Assets(w http.ResponseWriter, r *http.Request) {
	a.serveAsset(w, r, r.PathValue("path"), r.PathValue("version") == a.version)
}

// Static serves /static/{path...}, revalidated on each use.
func (a *App) Static(w http.ResponseWriter, r *http.Request) {
	a.serveAsset(w, r, r.PathValue("path"), false)
}

// Page writes index.html with the modulepreload links of modules (every
// module main.js imports, and a game page's renderer), the boot JSON (read
// by api.js) and, on a game page, the module js/register/{renderer}.js
// that evaluates the game's renderer before main.js runs (modules execute
// in document order) and registers it in window.plateauRenderers for
// game.js: the page needs no dynamic import before its first drawing, and
// no inline script (see contentSecurityPolicy).
func (a *App) Page(w http.ResponseWriter, r *http.Request, renderer string, boot any) {
	modules := a.modules[:len(a.modules):len(a.modules)]
	if renderer != "" && a.files["js/games/"+renderer+".js"] == nil {
		renderer = "generic"
	}
	if renderer != "" {
		modules = append(modules, "js/games/"+renderer+".js")
	} else {
		modules = a.lobbyModules
	}
	b, err := json.Marshal(boot) // escapes <, > and &: safe inside <script>
	if err != nil {
		http.Error(w, "boot data: "+err.Error(), http.StatusInternalServerError)
		return
	}
	var buf bytes.Buffer
	buf.Grow(len(a.head) + len(a.tail) + len(b) + 100*len(modules))
	buf.Write(a.head)
	for _, m := range modules {
		if a.files[m] != nil {
			fmt.Fprintf(&buf, "<link rel=\"modulepreload\" href=\"%s%s\">\n", a.Prefix(), m)
		}
	}
	buf.WriteString(`<script type="application/json" id="boot">`)
	buf.Write(b)
	buf.WriteString("</script>\n")
	if renderer != "" {
		fmt.Fprintf(&buf, "<script type=\"module\" src=\"%sjs/register/%s.js\"></script>\n", a.Prefix(), renderer)
	}
	buf.Write(a.tail)
	WriteHTML(w, r, buf.Bytes())
}

// WriteHTML writes a page, gzipped when the client accepts it. A page
// carries its own boot JSON, so it is compressed per request, at a fast
// level (the stylesheet inside makes most of its bytes).
func WriteHTML(w http.ResponseWriter, r *http.Request, page []byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	if !acceptsGzip(r) {
		w.Write(page)
		return
	}
	h.Set("Content-Encoding", "gzip")
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed) // the level is valid
	zw.Write(page)
	zw.Close()
}
