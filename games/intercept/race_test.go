//go:build race

package intercept

// Fewer conformance games under the race detector, which is slow.
const seeds = 1
