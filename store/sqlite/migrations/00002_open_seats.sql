-- +goose Up
-- An open seat is a human seat that anyone may claim from the lobby: it has
-- no token until the first claim sets one.
ALTER TABLE seats ADD COLUMN open INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE seats DROP COLUMN open;
