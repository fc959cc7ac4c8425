-- +goose Up
-- When a game's running clock runs out (unix nanoseconds), kept for the
-- games unloaded while their clock runs: the server's timer wakes each
-- at its deadline to end it on time (Store.SetDeadline, Store.Due).
CREATE TABLE deadlines (
    game_id  TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    deadline BIGINT NOT NULL
);
CREATE INDEX deadlines_by_time ON deadlines (deadline);

-- +goose Down
DROP TABLE deadlines;
