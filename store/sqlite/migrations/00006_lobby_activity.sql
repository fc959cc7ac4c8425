-- +goose Up
-- The lobby's figures of a game, kept by Append: its number of "move"
-- events and the time of the last one (unix nanoseconds, 0: none).
ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN last_move INTEGER NOT NULL DEFAULT 0;
UPDATE games SET
    moves = (SELECT count(*) FROM events e WHERE e.game_id = games.id AND e.kind = 'move'),
    last_move = (SELECT coalesce(max(e.time), 0) FROM events e WHERE e.game_id = games.id AND e.kind = 'move');

-- +goose Down
ALTER TABLE games DROP COLUMN last_move;
ALTER TABLE games DROP COLUMN moves;
