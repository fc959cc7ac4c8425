-- +goose Up
-- A finished game's review (GET /api/games/{id}/review): the JSON of its
-- review.Report and the engine that made it, stored once computed.
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    engine  TEXT NOT NULL,
    report  TEXT NOT NULL,            -- JSON review.Report
    created INTEGER NOT NULL          -- unix nanoseconds
) WITHOUT ROWID;

-- +goose Down
DROP TABLE reviews;
