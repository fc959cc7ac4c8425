// Package room runs live games. A Room is one loaded game: a goroutine that
// orders the commands sent to it, asks the pure Decide what events each
// one makes (or why it is refused), appends them to the store, applies
// them with Apply (the one place that interprets events, also used to
// replay a log), and fans them out to the game's clients, rendering each
// message when it is sent. A Manager loads rooms on demand and unloads
// them when idle.
//
// One job per file:
//
//	play.go       Play, Apply and Replay: a game rebuilt from its log
//	decide.go     Decide: the events of every action, and the server's follow-ups
//	request.go    Resolve: a connection's request to the action of one seat
//	manager.go    the Manager: loading, idle unloading, shutdown
//	limit.go      the bound on the rooms loaded (Options.MaxRooms)
//	room.go       the actor: command loop, commit, failure
//	fanout.go     subscribers, sending, catch-up
//	seats.go      joining with tokens and claiming open seats
//	aiseat.go     computer seats: one kept ai.Player per seat, searches
//	clock.go      the clocks rebuilt from the log; clocktimer.go ends a game on time
//	rematch.go    who sits where in a rematch, and making it
//	create.go     new game records, ids and seat tokens
//	summary.go    summaries and exports
//	verify.go     checking an export's dice and replay
//	sign.go       the record's canonical hash, signing a finished game, checking its signature
package room
