//go:build !unix

package server

// DefaultMaxConns is the default of HTTPLimits.MaxConns: -1 (no cap) where
// the descriptor limit cannot be read.
func DefaultMaxConns() int { return -1 }
