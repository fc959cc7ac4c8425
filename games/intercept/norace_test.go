//go:build !race

package intercept

const seeds = 3
