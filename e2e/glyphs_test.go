package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestGlyphs checks that every symbol the web client writes as text (arrows,
// shapes, dice faces...) has a font on this machine, as Debian's chromium
// finds them through fontconfig; a symbol with none is drawn in SVG
// instead (dom.js icon).
func TestGlyphs(t *testing.T) {
	t.Parallel()
	fc, err := exec.LookPath("fc-list")
	if err != nil {
		msg := "fc-list is not installed (apt-get install fontconfig); the glyph test is skipped"
		if os.Getenv("PLATEAU_REQUIRE_E2E") == "1" {
			t.Fatal(msg + ", but PLATEAU_REQUIRE_E2E=1")
		}
		t.Skip(msg)
	}
	where := map[rune][]string{}
	err = filepath.WalkDir("../server/web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext != ".js" && ext != ".css" && ext != ".html" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, r := range string(b) {
			if r >= 0x2190 && !unicode.IsLetter(r) && !strings.Contains(strings.Join(where[r], " "), path) {
				where[r] = append(where[r], path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(where) == 0 {
		t.Fatal("no symbol found in the web client: the scan is broken")
	}
	for r, files := range where {
		out, err := exec.Command(fc, fmt.Sprintf(":charset=%04x", r), "family").Output()
		if err != nil {
			t.Fatalf("fc-list: %v", err)
		}
		if strings.TrimSpace(string(out)) == "" {
			t.Errorf("%q (U+%04X) in %v has no font here: draw it in SVG (dom.js icon)", r, r, files)
		}
	}
	t.Logf("%d symbols checked", len(where))
}
