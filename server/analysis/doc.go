// Package analysis serves the computer's help outside live games: the
// analysis board (POST /api/analysis, its page /analysis/{game}), position
// views and moves (POST /api/positions, /api/positions/play), PDN import
// and export, and the review of finished games with its job queue
// (GET and POST /api/games/{id}/review). Every search runs in the rooms'
// AI workers at the lowest priority, admitted by pools with a share per
// client, and none is given to a player for a running game's position
// (Guard).
package analysis
