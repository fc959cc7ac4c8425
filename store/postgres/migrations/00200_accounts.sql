-- +goose Up
-- Accounts (issue #26): a player's name and password hash, the sessions
-- of their browsers, and the account a seat belongs to. Times are unix
-- nanoseconds, as in the other tables.
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,          -- as the player wrote it
    name_key      TEXT NOT NULL UNIQUE,   -- store.NameKey(name): unique case-insensitively
    password_hash TEXT NOT NULL,          -- PHC string (argon2id)
    created       BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash BYTEA PRIMARY KEY,         -- sha256 of the cookie's token
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created    BIGINT NOT NULL,
    last_seen  BIGINT NOT NULL,
    expires    BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires);

-- The account a seat belongs to; NULL for a guest's or an AI seat.
ALTER TABLE seats ADD COLUMN account_id TEXT REFERENCES accounts (id);
CREATE INDEX seats_account ON seats (account_id, game_id) WHERE account_id IS NOT NULL;

-- +goose Down
DROP INDEX seats_account;
ALTER TABLE seats DROP COLUMN account_id;
DROP TABLE sessions;
DROP TABLE accounts;
