package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"plateau/games"
)

// maxBundle is the budget of the web client's JavaScript and CSS together,
// uncompressed.
const maxBundle = 150 * 1024

func TestBundleSize(t *testing.T) {
	total := 0
	err := filepath.WalkDir("../server/web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".css")) {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		total += int(info.Size())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("web client: %d bytes of JS and CSS", total)
	if total > maxBundle {
		t.Errorf("the web client's JS and CSS weigh %d bytes, over the budget of %d", total, maxBundle)
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
