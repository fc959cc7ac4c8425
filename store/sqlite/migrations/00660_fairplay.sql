-- +goose Up
-- Fair play (issue #66): each account's sample of each rated game (package
-- fairplay), and the accounts marked for a moderator's review. Times are
-- unix nanoseconds.
CREATE TABLE fairplay_samples (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game       TEXT NOT NULL,             -- engine id
    moves      INTEGER NOT NULL,          -- counted moves
    agreed     INTEGER NOT NULL,          -- of them, the engine's best move
    loss       REAL NOT NULL,             -- summed loss of win probability
    created    INTEGER NOT NULL,
    PRIMARY KEY (account_id, game_id)
) WITHOUT ROWID;
CREATE INDEX fairplay_samples_latest ON fairplay_samples (account_id, game, created);

CREATE TABLE fairplay_marks (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    marked     INTEGER NOT NULL,          -- 1 while marked, 0 once cleared
    game       TEXT NOT NULL,
    reason     TEXT NOT NULL,
    marked_at  INTEGER NOT NULL,
    cleared_by TEXT NOT NULL DEFAULT '',  -- the moderator's name
    cleared_at INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- +goose Down
DROP TABLE fairplay_marks;
DROP TABLE fairplay_samples;
