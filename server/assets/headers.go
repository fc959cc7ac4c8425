package assets

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
)

// Security headers (issue 66): every answer, page, API, asset or error,
// carries them, set by frontDoor before any handler runs.
//
// The Content-Security-Policy lets a page run only this server's scripts:
// no inline script runs (the boot data's <script type="application/json">
// is data, never run), so an injected <script> or onclick= does nothing.
// The pages' stylesheets are inline (one request less before the first
// drawing); they are allowed by their hashes, and no style attribute is
// (the client sets styles through element.style, which CSP allows).
// frame-ancestors 'none' and X-Frame-Options keep the pages out of other
// sites' frames (clickjacking); nosniff makes browsers trust the
// Content-Type; Referrer-Policy keeps game URLs, whose invite links carry
// seat tokens, from leaking to other sites.
// A server without its web client (some tests) has the policy without its
// stylesheets.
func (a *App) SecurityHeaders(h http.Header) {
	if a == nil {
		h.Set("Content-Security-Policy", contentSecurityPolicy(nil))
	} else {
		h.Set("Content-Security-Policy", a.csp)
	}
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
}

// contentSecurityPolicy is the policy of every answer, with the hashes of
// the inline stylesheets: app.css on the pages of index.html (New),
// app.css and rules.css on the rules pages (writeRules, rules.tmpl), each
// after a newline.
func contentSecurityPolicy(files map[string]*asset) string {
	var app, rules []byte
	if f := files["app.css"]; f != nil {
		app = f.data
	}
	if f := files["rules.css"]; f != nil {
		rules = f.data
	}
	styles := []string{
		hashSource(slices.Concat([]byte("\n"), app)),
		hashSource(slices.Concat([]byte("\n"), app, rules)),
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' " + strings.Join(styles, " "),
		"img-src 'self' data:",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// hashSource is the CSP source expression of an inline element's text.
func hashSource(text []byte) string {
	sum := sha256.Sum256(text)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// addRegisterModules adds, for each renderer js/games/{name}.js, the
// module js/register/{name}.js that a game page loads to import it and
// register it in window.plateauRenderers (see page): an inline module
// would need 'unsafe-inline' or a hash per renderer in the policy.
func (a *App) addRegisterModules() {
	var names []string
	for p := range a.files {
		if dir, file := path.Split(p); dir == "js/games/" && path.Ext(file) == ".js" {
			names = append(names, strings.TrimSuffix(file, ".js"))
		}
	}
	for _, name := range names {
		src := []byte(fmt.Sprintf("import * as r from %q;\n(window.plateauRenderers ||= {})[%q] = r;\n", "../games/"+name+".js", name))
		sum := sha256.Sum256(src)
		a.files["js/register/"+name+".js"] = &asset{data: src, etag: `"` + hex.EncodeToString(sum[:8]) + `"`,
			ctype: "text/javascript; charset=utf-8"}
	}
}
