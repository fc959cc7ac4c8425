-- +goose Up
-- Puzzles (issue #72): the puzzles (package puzzle; data is the puzzle's
-- JSON), rated as players are; each account's puzzle record per game and
-- its first attempt at each puzzle; the daily puzzle. Times are unix
-- nanoseconds.
CREATE TABLE puzzles (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,             -- engine id
    rating   DOUBLE PRECISION NOT NULL,
    rd       DOUBLE PRECISION NOT NULL,
    vol      DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, -- rated first attempts
    solved   INTEGER NOT NULL DEFAULT 0,
    data     TEXT NOT NULL,
    created  BIGINT NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (game, rating);

CREATE TABLE puzzle_players (
    account     TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    rd          DOUBLE PRECISION NOT NULL,
    vol         DOUBLE PRECISION NOT NULL,
    attempts    INTEGER NOT NULL,
    solved      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    updated     BIGINT NOT NULL,
    PRIMARY KEY (account, game)
);

CREATE TABLE puzzle_attempts (
    account       TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    puzzle_id     TEXT NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    mode          TEXT NOT NULL,        -- rated or streak
    solved        BOOLEAN NOT NULL,
    time          BIGINT NOT NULL,
    player_before TEXT NOT NULL,        -- ratings as JSON {rating, rd, vol}
    player_after  TEXT NOT NULL,
    puzzle_before TEXT NOT NULL,
    puzzle_after  TEXT NOT NULL,
    PRIMARY KEY (account, puzzle_id)
);

CREATE TABLE daily_puzzles (
    day       TEXT PRIMARY KEY,         -- 2026-12-05 (UTC)
    puzzle_id TEXT NOT NULL
);

-- +goose Down
DROP TABLE daily_puzzles;
DROP TABLE puzzle_attempts;
DROP TABLE puzzle_players;
DROP TABLE puzzles;
