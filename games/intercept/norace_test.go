//go:build !race

package intercept

const (
	seeds     = 2
	testLimit = "120"
)
