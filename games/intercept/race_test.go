//go:build race

package intercept

// Fewer and shorter conformance games under the race detector, which is slow.
const (
	seeds     = 1
	testLimit = "40"
)
