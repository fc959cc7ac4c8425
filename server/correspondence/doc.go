// Package correspondence serves what correspondence games add to the
// server (issue 71): their time controls, 1, 2, 3, 5, 7 or 14 days a move
// (Days, Clock), and the list of a signed-in account's games awaiting its
// move, GET /api/account/your-move (Handler), which the lobby shows as
// "3 games await your move".
//
// The games themselves are ordinary rooms (package room) with a per-move
// clock (store.Clock.PerMove): each keeps its running clock's deadline and
// seat stored at every turn, so that the store answers "your move"
// (Store.Awaiting) and the clock wheel wakes a game at its deadline after a
// restart or on another instance. See docs/api.md, Correspondence.
package correspondence
