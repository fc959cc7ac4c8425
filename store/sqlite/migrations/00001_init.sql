-- +goose Up
CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    variant    TEXT NOT NULL,            -- JSON object: the complete configuration
    casual     INTEGER NOT NULL DEFAULT 0,
    status     TEXT NOT NULL,
    version    INTEGER NOT NULL DEFAULT 0, -- seq of the last event
    result     TEXT,                      -- JSON outcome once finished
    dice_seed  BLOB NOT NULL,
    rematch_of TEXT NOT NULL DEFAULT '',
    created    INTEGER NOT NULL,          -- unix nanoseconds
    updated    INTEGER NOT NULL
);
CREATE INDEX games_status_created ON games (status, created);
CREATE INDEX games_created ON games (created);

CREATE TABLE seats (
    game_id    TEXT NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    level      TEXT NOT NULL DEFAULT '',
    token_hash BLOB,                      -- sha256 of the seat's token (human seats)
    joined     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE TABLE events (
    game_id  TEXT NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    player   INTEGER NOT NULL,
    notation TEXT NOT NULL DEFAULT '',
    data     TEXT,
    time     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE events;
DROP TABLE seats;
DROP TABLE games;
