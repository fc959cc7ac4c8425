// Package tournament is the HTTP API of Plateau's tournaments (issue 71,
// docs/tournaments.md): create one (signed in, a few a day per account),
// list them, join and leave, read a tournament's standings and games, and
// follow them live (server-sent events). The tournaments themselves run in
// package tournament/director; this package only answers requests, with
// its dependencies given explicitly (Deps).
package tournament
