-- +goose Up
-- The server's signature of a finished game's record (docs/records.md): the
-- JSON of a record.Signature, written with the events it covers.
ALTER TABLE games ADD COLUMN signature TEXT;

-- +goose Down
ALTER TABLE games DROP COLUMN signature;
