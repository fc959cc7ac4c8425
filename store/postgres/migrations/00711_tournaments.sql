-- +goose Up
-- Tournaments (issue 71): each tournament's record, its event log (the
-- truth: joins, pairings, results, rounds) and its lease, which names the
-- one instance that runs its pairing; token, the fencing token, grows each
-- time the lease changes owner. Times are unix nanoseconds.
CREATE TABLE tournaments (
    id       TEXT PRIMARY KEY,
    kind     TEXT NOT NULL,
    game     TEXT NOT NULL,
    name     TEXT NOT NULL,
    creator  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    spec     TEXT NOT NULL,
    starts   BIGINT NOT NULL,
    status   TEXT NOT NULL,
    created  BIGINT NOT NULL,
    version  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_listed ON tournaments (status, starts);
CREATE INDEX tournaments_creator ON tournaments (creator, created);

CREATE TABLE tournament_events (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq           BIGINT NOT NULL,
    type          TEXT NOT NULL,
    data          TEXT NOT NULL,
    time          BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

CREATE TABLE tournament_leases (
    tournament_id TEXT PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    owner         TEXT NOT NULL,
    token         BIGINT NOT NULL,
    expires       BIGINT NOT NULL
);

-- +goose Down
DROP TABLE tournament_leases;
DROP TABLE tournament_events;
DROP TABLE tournaments;
