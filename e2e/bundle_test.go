package e2e

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"testing"

	"plateau/games"
)

// maxBundle is the budget of a game page's JavaScript and CSS together,
// uncompressed: the stylesheet, main.js with every module it imports
// statically, and the game's renderer with its own imports. (Modules
// imported on demand, such as the lobby's, are not the game page's.)
const maxBundle = 150 * 1024

// staticImport matches `import ... from './x.js'` and `import './x.js'`
// (not import(), which loads on demand).
var staticImport = regexp.MustCompile(`(?m)^\s*import\s+(?:[^'";]*?\s+from\s+)?['"](\.{1,2}/[^'"]+)['"]`)

// moduleSizes adds to sizes the module at p (relative to the web
// directory) and every module it imports statically.
func moduleSizes(t *testing.T, p string, sizes map[string]int) {
	t.Helper()
	if _, seen := sizes[p]; seen {
		return
	}
	b, err := os.ReadFile(filepath.Join("../server/web", p))
	if err != nil {
		t.Fatalf("module %s: %v", p, err)
	}
	sizes[p] = len(b)
	for _, m := range staticImport.FindAllStringSubmatch(string(b), -1) {
		moduleSizes(t, path.Join(path.Dir(p), m[1]), sizes)
	}
}

func TestBundleSize(t *testing.T) {
	css, err := os.Stat("../server/web/app.css")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range games.Registry().IDs() {
		sizes := map[string]int{}
		moduleSizes(t, "js/main.js", sizes)
		moduleSizes(t, "js/games/"+id+".js", sizes)
		total := int(css.Size())
		for _, n := range sizes {
			total += n
		}
		t.Logf("%s page: %d bytes of JS and CSS in %d modules and the stylesheet", id, total, len(sizes))
		if len(sizes) < 5 {
			t.Errorf("%s page: only %d modules found: the import scan is broken", id, len(sizes))
		}
		if total > maxBundle {
			t.Errorf("%s page: its JS and CSS weigh %d bytes, over the budget of %d", id, total, maxBundle)
		}
	}
}

// TestRenderers checks that every registered game has its renderer.
func TestRenderers(t *testing.T) {
	for _, id := range games.Registry().IDs() {
		if _, err := os.Stat(filepath.Join("../server/web/js/games", id+".js")); err != nil {
			t.Errorf("game %s has no renderer: %v", id, err)
		}
	}
}
