-- +goose Up
-- One row that Store.CheckWrite rewrites to prove that the database can
-- write (readiness).
CREATE TABLE write_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at INTEGER NOT NULL -- unix nanoseconds of the last probe
);

-- +goose Down
DROP TABLE write_probe;
