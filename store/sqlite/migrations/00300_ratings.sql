-- +goose Up
-- Rated games (store.Game.Rated) and the ratings they update: one row per
-- (account, game) with its Glicko-2 rating, deviation and volatility, and a
-- history row per account and rated game. Times are unix nanoseconds.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    account TEXT NOT NULL,
    game    TEXT NOT NULL,
    rating  REAL NOT NULL,
    rd      REAL NOT NULL,
    vol     REAL NOT NULL,
    games   INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE INDEX ratings_board ON ratings (game, rating DESC);

CREATE TABLE rating_history (
    account       TEXT NOT NULL,
    game          TEXT NOT NULL,
    game_id       TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rd_before     REAL NOT NULL,
    vol_before    REAL NOT NULL,
    rating_after  REAL NOT NULL,
    rd_after      REAL NOT NULL,
    vol_after     REAL NOT NULL,
    time          INTEGER NOT NULL,
    PRIMARY KEY (account, game_id)
);
CREATE INDEX rating_history_account ON rating_history (account, game, time);

-- +goose Down
DROP TABLE rating_history;
DROP TABLE ratings;
ALTER TABLE games DROP COLUMN rated;
