-- +goose Up
-- A finished game's review (GET /api/games/{id}/review): the JSON of its
-- review.Report and the engine that made it, stored once computed.
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    engine  TEXT NOT NULL,
    report  JSON NOT NULL,            -- review.Report
    created BIGINT NOT NULL           -- unix nanoseconds
);

-- +goose Down
DROP TABLE reviews;
