//go:build unix

package server

import "syscall"

// DefaultMaxConns is the default of HTTPLimits.MaxConns: the process's
// file descriptor limit less a reserve for everything else the server
// opens (the database and its journal, logs, pprof, PostgreSQL's pool):
// 128 and a tenth of the limit; -1 (no cap) if the limit is unknown.
func DefaultMaxConns() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return -1
	}
	return maxConnsOf(rl.Cur)
}
