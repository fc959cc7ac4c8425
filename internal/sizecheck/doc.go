// Package sizecheck holds a test, and nothing else, that keeps the
// module's Go code in pieces that read in a screen: no non-test file over
// MaxFileLines lines and no function over MaxFuncLines lines, outside
// data tables, generated files and other modules (e2e).
package sizecheck

// The limits of CONTRIBUTING.md.
const (
	MaxFileLines = 500
	MaxFuncLines = 80
)
