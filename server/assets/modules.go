package assets

import (
	"path"
	"regexp"
)

// staticImportRe matches a module's static imports of its siblings
// (import … from './x.js'; or import './x.js';), one a line, as the web
// client writes them.
var staticImportRe = regexp.MustCompile(`(?m)^import (?:[^'"\n]* from )?'(\.\.?/[\w./-]+\.js)';`)

// moduleClosure lists the modules roots and every module they import
// statically, directly or not, depth first in import order: the modules a
// page preloads so that a browser fetches them all in one round instead of
// finding each import after the last. Dynamic imports (import()) are left
// to load on demand. A module that is not among files is left out.
func moduleClosure(files map[string]*asset, roots ...string) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		f := files[p]
		if seen[p] || f == nil {
			return
		}
		seen[p] = true
		out = append(out, p)
		for _, m := range staticImportRe.FindAllSubmatch(f.data, -1) {
			walk(path.Join(path.Dir(p), string(m[1])))
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return out
}
