package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// serverReasons lists every reason a game can end with, read from the
// sources of the engines and the room: the string constants passed to
// game.Finished, game.Drawn and the engines' finish, assigned to a reason,
// or listed in endReasons. A format's verbs are filled with 1.
func serverReasons(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../games/*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../room/*.go")
	files = append(files, more...)
	verb := regexp.MustCompile(`%[-+# 0-9.]*[dvs]`)
	set := map[string]bool{}
	add := func(e ast.Expr) {
		if c, ok := e.(*ast.CallExpr); ok { // fmt.Sprintf("...", ...)
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(c.Args) > 0 {
				e = c.Args[0]
			}
		}
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && s != "" {
				set[verb.ReplaceAllString(s, "1")] = true
			}
		}
	}
	isReason := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Ident:
			return strings.EqualFold(x.Name, "reason")
		case *ast.SelectorExpr:
			return strings.EqualFold(x.Sel.Name, "reason")
		}
		return false
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				name := ""
				switch fn := x.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				if name == "Finished" || name == "Drawn" || name == "finish" {
					for _, a := range x.Args {
						add(a)
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if isReason(l) && i < len(x.Rhs) {
						add(x.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, nm := range x.Names {
					if (strings.EqualFold(nm.Name, "reason") || nm.Name == "endReasons") && i < len(x.Values) {
						if cl, ok := x.Values[i].(*ast.CompositeLit); ok {
							for _, el := range cl.Elts {
								add(el)
							}
						} else {
							add(x.Values[i])
						}
					}
				}
			}
			return true
		})
	}
	var out []string
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	if len(out) < 15 {
		t.Fatalf("only %d end reasons found in the sources: %q", len(out), out)
	}
	return out
}

// words splits a text into its lower-case words.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

// englishWords are the words of an English reason that its French text
// must not contain (four letters or more, but for the words French shares).
func englishWords(reason string) []string {
	var out []string
	for _, w := range words(reason) {
		if len([]rune(w)) >= 4 && w != "match" && w != "arrivée" {
			out = append(out, w)
		}
	}
	return out
}

// frenchReasons finishes a game on a French page and checks that its result
// names the players as the page does, in French, and that every reason the
// server has reads in French.
func frenchReasons(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "french")
	a.open(base+"/", `!!document.querySelector('#create')`)
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("French", `document.documentElement.lang === 'fr'`)
	_, invites := createVariant(t, a, base, "dames", map[string]string{"draw": "fmjd"})
	// The variant shows on the game page, in French.
	if got := eval[string](a, `document.querySelector('#variant').textContent`); !strings.Contains(got, "Règles de nulle") || strings.Contains(got, "Draw rules") {
		t.Errorf("the French game page shows the variant as %q", got)
	}
	b := newTab(t, bctx, "opponent")
	b.open(invites[0], boardReady)
	a.waitJS("the resign button", `!!document.querySelector('#resign')`)
	a.clickAt("#resign")
	a.waitJS("the resign confirmation", `document.querySelector('#resign').dataset.armed === '1'`)
	a.clickAt("#resign")
	a.waitJS("the result dialog", `!!document.querySelector('dialog#result[open] #result-text')`)
	page := eval[string](a, `document.querySelector('#result-text').textContent + ' | ' + document.querySelector('#status').textContent`)
	t.Logf("the French result: %s", page)
	if !strings.Contains(page, "abandon") {
		t.Errorf("the French result does not say who resigned: %q", page)
	}
	for _, w := range []string{"resigned", "player 0", "Player", "wins"} {
		if strings.Contains(page, w) {
			t.Errorf("the French result %q contains %q", page, w)
		}
	}

	reasons := serverReasons(t)
	js, _ := json.Marshal(reasons)
	got := eval[[]string](a, fmt.Sprintf(`%s.map((r) => window.plateauPage.reasonText(r))`, js))
	for i, r := range reasons {
		fr := words(got[i])
		if strings.EqualFold(got[i], r) {
			t.Errorf("reason %q is not translated", r)
			continue
		}
		for _, w := range englishWords(r) {
			if slices.Contains(fr, w) {
				t.Errorf("reason %q reads %q in French: %q is English", r, got[i], w)
			}
		}
	}
	t.Logf("%d end reasons, in French: %q", len(reasons), got)
}
