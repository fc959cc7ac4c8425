package assets

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"plateau/server/web"
)

func TestModuleClosure(t *testing.T) {
	files := map[string]*asset{}
	for p, src := range map[string]string{
		"js/main.js":       "import { a } from './a.js';\nimport './b.js';\nconst c = () => import('./c.js');\n",
		"js/a.js":          "import { x } from './games/x.js';\nimport { b } from './b.js';\n// import { no } from './comment.js';\n",
		"js/b.js":          "import { a } from './a.js';\nimport { gone } from './gone.js';\n",
		"js/c.js":          "",
		"js/games/x.js":    "import { h } from '../dom.js';\n",
		"js/dom.js":        "",
		"js/lobby.js":      "import { b } from './b.js';\nimport { l } from './lobby-text.js';\n",
		"js/lobby-text.js": "",
	} {
		files[p] = &asset{data: []byte(src)}
	}
	for _, tt := range []struct {
		roots []string
		want  []string
	}{
		{[]string{"js/main.js"}, []string{"js/main.js", "js/a.js", "js/games/x.js", "js/dom.js", "js/b.js"}},
		{[]string{"js/main.js", "js/lobby.js"}, []string{"js/main.js", "js/a.js", "js/games/x.js", "js/dom.js", "js/b.js", "js/lobby.js", "js/lobby-text.js"}},
		{[]string{"js/nope.js"}, nil},
	} {
		if got := moduleClosure(files, tt.roots...); !slices.Equal(got, tt.want) {
			t.Errorf("moduleClosure(%v) = %v, want %v", tt.roots, got, tt.want)
		}
	}
}

// The web client's pages preload what they import: the game page every
// module of the game shell, the rules pages the move picker and the marks
// without the game page.
func TestPageModules(t *testing.T) {
	a, err := New(web.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"js/main.js", "js/game.js", "js/picker.js", "js/board-input.js", "js/game-clock.js", "js/movelist.js"} {
		if !slices.Contains(a.modules, want) {
			t.Errorf("the pages' modules %v lack %s", a.modules, want)
		}
	}
	rules := moduleClosure(a.files, "js/rules.js")
	for _, want := range []string{"js/picker.js", "js/marks.js"} {
		if !slices.Contains(rules, want) {
			t.Errorf("the rules pages' modules %v lack %s", rules, want)
		}
	}
	if slices.Contains(rules, "js/game.js") {
		t.Errorf("the rules pages load the game page: %v", rules)
	}
	if !slices.Contains(a.lobbyModules, "js/lobby.js") || !slices.Contains(a.lobbyModules, "js/lobby-text.js") {
		t.Errorf("the lobby's modules %v lack lobby.js or lobby-text.js", a.lobbyModules)
	}
}

// Every file and folder of server/web but embed.go is embedded: a new one
// left out of the go:embed line would be missing from the binary.
func TestEmbedsAll(t *testing.T) {
	entries, err := os.ReadDir("../web")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if name == "embed.go" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		n++
		if _, err := fs.Stat(web.FS, name); err != nil {
			t.Errorf("server/web/%s is not embedded (add it to the go:embed line of server/web/embed.go): %v", name, err)
		}
	}
	if n == 0 {
		t.Fatal("server/web has no files")
	}
}
