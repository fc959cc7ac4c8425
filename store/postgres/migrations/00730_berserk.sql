-- +goose Up
-- Berserk (issue 71): in a game of an arena that allows it, a player may
-- halve their own clock before their first move (a berserk event in the
-- log); clock_berserk says the game allows it.
ALTER TABLE games ADD COLUMN clock_berserk BOOLEAN NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE games DROP COLUMN clock_berserk;
