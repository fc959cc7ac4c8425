-- +goose Up
-- The time control: each timed seat starts with clock_initial milliseconds
-- and gains clock_increment after each of its moves; 0: no clock.
ALTER TABLE games ADD COLUMN clock_initial INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_increment INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE games DROP COLUMN clock_increment;
ALTER TABLE games DROP COLUMN clock_initial;
