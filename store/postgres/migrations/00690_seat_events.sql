-- +goose Up
-- Seat events (issue 69): a game's seats change only by the join, claim
-- and account events of its log, which Append projects onto the seats'
-- token_hash, joined and account_id. The start_ columns keep the seats the
-- log starts from: as created, or, for the games made before seat events
-- (whose seat changes are in no log), as they are now.
ALTER TABLE seats ADD COLUMN start_token_hash BYTEA;
ALTER TABLE seats ADD COLUMN start_joined BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE seats ADD COLUMN start_account_id TEXT REFERENCES accounts (id);
UPDATE seats SET start_token_hash = token_hash, start_joined = joined, start_account_id = account_id;

-- +goose Down
ALTER TABLE seats DROP COLUMN start_account_id;
ALTER TABLE seats DROP COLUMN start_joined;
ALTER TABLE seats DROP COLUMN start_token_hash;
