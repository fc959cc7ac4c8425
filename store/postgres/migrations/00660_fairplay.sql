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
    loss       DOUBLE PRECISION NOT NULL, -- summed loss of win probability
    created    BIGINT NOT NULL,
    PRIMARY KEY (account_id, game_id)
);
CREATE INDEX fairplay_samples_latest ON fairplay_samples (account_id, game, created);

CREATE TABLE fairplay_marks (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    marked     BOOLEAN NOT NULL,
    game       TEXT NOT NULL,
    reason     TEXT NOT NULL,
    marked_at  BIGINT NOT NULL,
    cleared_by TEXT NOT NULL DEFAULT '',  -- the moderator's name
    cleared_at BIGINT NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE fairplay_marks;
DROP TABLE fairplay_samples;
