#!/usr/bin/env bash
# Prints the packages of ./games/... and ./ai/... (the ones .ci/run tests
# at full settings without the race detector) that need no -race run: no
# package their tests build (theirs or a dependency in this module) starts
# a goroutine with a go statement, and their tests use no t.Parallel,
# httptest or timers firing in goroutines of their own. The race detector
# only sees goroutines that run, so such tests under -race cannot find a
# race; they only ran 5-10 times slower, at trimmed settings. A package
# that gains a go statement (or depends on one that does) is raced again
# without anyone editing a list.
set -euo pipefail
cd "$(dirname "$0")/.."
mod=$(go list -m)
# The module's packages whose non-vendored .go files (tests included) hold
# a go statement.
spawners=$(go list -f '{{.ImportPath}} {{.Dir}}' ./... | while read -r pkg dir; do
  if grep -qE '^\s*go [A-Za-z_(]' "$dir"/*.go 2>/dev/null; then echo "$pkg"; fi
done)
# One line a test binary: the package, then every package it builds.
go list -test -f '{{if .ForTest}}{{else}}{{.ImportPath}} {{.Dir}} {{join .Deps " "}}{{end}}' ./games/... ./ai/... |
  grep -E '^[^ ]+\.test ' | while read -r bin _ deps; do
  pkg=${bin%.test}
  dir=$(go list -f '{{.Dir}}' "$pkg")
  if grep -qE 't\.Parallel|httptest|time\.AfterFunc|exec\.Command' "$dir"/*.go 2>/dev/null; then continue; fi
  if [ -n "$(comm -12 <(echo "$spawners" | sort -u) <(echo "$deps $pkg" | tr ' ' '\n' | sort -u))" ]; then continue; fi
  echo "$pkg"
done
