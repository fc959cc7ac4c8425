package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"plateau/games"
)

// TestRenderers checks that every registered game has its renderer.
func TestRenderers(t *testing.T) {
	t.Parallel()
	for _, id := range games.Registry().IDs() {
		if _, err := os.Stat(filepath.Join("../server/web/js/games", id+".js")); err != nil {
			t.Errorf("game %s has no renderer: %v", id, err)
		}
	}
}
