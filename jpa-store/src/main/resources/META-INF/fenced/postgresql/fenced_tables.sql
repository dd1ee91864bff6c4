-- Fenced tables for PostgreSQL 12+: every name starts with fenced_ (fenced.jpa.table-prefix).
-- Every statement is idempotent, so the script can be run again. It names no schema: it creates the
-- objects in the first schema of the search path (fenced.jpa.schema, when set, must be that schema).
-- Recipes (Flyway, Liquibase, psql), grants and prefixes: docs/guide/database.md.

-- Idempotency records: in flight (owner set, payload null) or completed (owner null, payload set).
-- key_hash is the lower-case hex SHA-256 of the UTF-8 key; the key itself is kept whole.
-- committed_until is the commit mark of a record in flight whose work committed before its outcome
-- was recorded (fenced.idempotency.commit=with-work): until then the record is never taken over.
-- claimed_at is when the current owner took the record, for operators (FencedAdmin).
-- awaited is true once a duplicate waits for the claim in flight (onConflict = WAIT): the statement
-- that ends the claim then sends NOTIFY on the channel fenced_idempotency_ended, and only then.
CREATE TABLE IF NOT EXISTS fenced_idempotency (
    key_hash        text        NOT NULL PRIMARY KEY,
    key             text        NOT NULL,
    fingerprint     text        NOT NULL,
    owner           text        NULL,
    payload         bytea       NULL,
    expires_at      timestamptz NOT NULL,
    committed_until timestamptz NULL,
    claimed_at      timestamptz NULL,
    awaited         boolean     NULL
);
-- for a table created by an earlier build of this script
ALTER TABLE fenced_idempotency ADD COLUMN IF NOT EXISTS committed_until timestamptz NULL;
ALTER TABLE fenced_idempotency ADD COLUMN IF NOT EXISTS claimed_at timestamptz NULL;
ALTER TABLE fenced_idempotency ADD COLUMN IF NOT EXISTS awaited boolean NULL;
CREATE INDEX IF NOT EXISTS fenced_idempotency_expires_at ON fenced_idempotency (expires_at);

-- Locks and leases. A released lock stays as a row with expires_at = the time of its release (pruned
-- only after a grace period), so the next acquire takes it over in place and draws its fencing token
-- after locking the row.
CREATE TABLE IF NOT EXISTS fenced_locks (
    key_hash   text        NOT NULL PRIMARY KEY,
    key        text        NOT NULL,
    owner      text        NOT NULL,
    token      bigint      NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS fenced_locks_expires_at ON fenced_locks (expires_at);

-- Fencing tokens: one sequence for every key, drawn inside the acquiring statement.
CREATE SEQUENCE IF NOT EXISTS fenced_lock_token_seq AS bigint START WITH 1 INCREMENT BY 1 NO CYCLE;

-- The high-water mark of each fenced resource (PostgresFence): the highest fencing token admitted for
-- it, raised in the transaction of the guarded write. A write with a lower token is refused.
CREATE TABLE IF NOT EXISTS fenced_high_water (
    resource    text        NOT NULL PRIMARY KEY,
    token       bigint      NOT NULL,
    admitted_at timestamptz NOT NULL
);
