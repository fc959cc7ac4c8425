-- +goose Up
-- Correspondence (issue 71): a per-move time control, clock_per_move
-- milliseconds for each move (0: none), and the seat whose clock runs with
-- each stored deadline (-1: not known), so that an account's games awaiting
-- its move are one query (Store.Awaiting).
ALTER TABLE games ADD COLUMN clock_per_move BIGINT NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN seat INTEGER NOT NULL DEFAULT -1;

-- +goose Down
ALTER TABLE deadlines DROP COLUMN seat;
ALTER TABLE games DROP COLUMN clock_per_move;
