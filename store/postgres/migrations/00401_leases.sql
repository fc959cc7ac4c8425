-- +goose Up
-- Several server instances on one database (docs/cluster.md): a game's
-- lease names the instance that runs its clock and AI seats until expires
-- (the database's clock); token, the fencing token, grows each time the
-- lease changes owner, and an owner's own appends check it.
CREATE TABLE leases (
    game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    owner   TEXT NOT NULL,
    token   BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX leases_owner ON leases (owner);

-- +goose Down
DROP TABLE leases;
