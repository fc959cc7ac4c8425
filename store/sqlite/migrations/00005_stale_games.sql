-- +goose Up
-- Store.DeleteStale looks for unfinished games by their last update.
CREATE INDEX games_updated ON games (updated);

-- +goose Down
DROP INDEX games_updated;
