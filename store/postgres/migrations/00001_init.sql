-- +goose Up
-- The schema of store/sqlite's migrations 1 to 6 in one step. Times are
-- unix nanoseconds (BIGINT) as in SQLite, so both stores keep them to the
-- nanosecond; JSON columns are json (kept as written) except variant.
CREATE TABLE games (
    id              TEXT PRIMARY KEY,
    game            TEXT NOT NULL,
    variant         JSONB NOT NULL,            -- the complete configuration
    casual          BOOLEAN NOT NULL DEFAULT false,
    status          TEXT NOT NULL,
    version         BIGINT NOT NULL DEFAULT 0, -- seq of the last event
    result          JSON,                      -- outcome once finished
    dice_seed       BYTEA NOT NULL,
    rematch_of      TEXT NOT NULL DEFAULT '',
    created         BIGINT NOT NULL,
    updated         BIGINT NOT NULL,
    clock_initial   BIGINT NOT NULL DEFAULT 0, -- milliseconds; 0: no clock
    clock_increment BIGINT NOT NULL DEFAULT 0,
    moves           INTEGER NOT NULL DEFAULT 0, -- "move" events, kept by Append
    last_move       BIGINT NOT NULL DEFAULT 0   -- the last one's time; 0: none
);
CREATE INDEX games_status_created ON games (status, created);
CREATE INDEX games_created ON games (created);
CREATE INDEX games_updated ON games (updated);

CREATE TABLE seats (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    level      TEXT NOT NULL DEFAULT '',
    token_hash BYTEA,                     -- sha256 of the seat's token
    joined     BOOLEAN NOT NULL DEFAULT false,
    open       BOOLEAN NOT NULL DEFAULT false, -- claimable from the lobby
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE events (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,
    kind     TEXT NOT NULL,
    player   INTEGER NOT NULL,
    notation TEXT NOT NULL DEFAULT '',
    data     JSON,
    time     BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- One row that Store.CheckWrite rewrites to prove that the database can
-- write (readiness).
CREATE TABLE write_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE write_probe;
DROP TABLE events;
DROP TABLE seats;
DROP TABLE games;
