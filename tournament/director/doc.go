// Package director runs Plateau's tournaments on top of the store: a
// tournament is its event log (store.Tournaments), and its state — the
// players, the games paired, their results, the standings — is what a
// replay of that log gives (State). Any instance appends the joins and
// leaves it receives; one instance at a time, the holder of the
// tournament's lease, starts it, pairs its games (package arena or swiss),
// records their results and ends it, every append fenced with the lease's
// token, so that an instance that lost its lease writes nothing and a
// killed instance's tournaments go on elsewhere once its leases expire.
package director
