-- Fenced tables for MariaDB 10.5 or later (INSERT ... RETURNING, sequences), InnoDB, utf8mb4.
-- Every statement is idempotent, so the script can be run again: MariaDbTables.create(dataSource)
-- runs it, or run it with the mariadb client. It names no database: it creates the objects in the
-- database the connection uses.
--
-- Keys, owners and fingerprints are stored as bytes (their UTF-8) and compared byte for byte:
-- MariaDB's default collations ignore case and trailing spaces, and an index cannot hold a 4 KiB
-- key, so the primary key is the SHA-256 of the key and the key itself is kept whole beside it.
-- Times are epoch milliseconds on the server's clock (SYSDATE(3) in UTC), whatever its time zone.
-- revision grows with every write, so a statement that matches a row always changes it: its update
-- count is the same whether the connection counts found or changed rows (useAffectedRows).

-- Idempotency records: in flight (owner set, payload null) or completed (owner null, payload set);
-- a released record has the owner 0xFF, which no owner's UTF-8 holds, and has expired.
-- claim is the number the acquisition that took the record drew from fenced_token_seq: the acquire
-- statement returns the row it leaves, and the caller won exactly when the row carries its number.
CREATE TABLE IF NOT EXISTS fenced_idempotency (
    key_hash    BINARY(32)      NOT NULL,
    record_key  BLOB            NOT NULL,
    fingerprint BLOB            NOT NULL,
    owner       VARBINARY(1024) NULL,
    payload     LONGBLOB        NULL,
    claim       BIGINT          NOT NULL,
    claimed_at  BIGINT          NOT NULL,
    revision    BIGINT          NOT NULL,
    expires_at  BIGINT          NOT NULL,
    PRIMARY KEY (key_hash),
    KEY fenced_idempotency_expires_at (expires_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Locks and leases. A released lock stays as a row with the owner 0xFF and expires_at the time of
-- its release, so the next acquire takes it over in place and draws its token after locking the
-- row; pruning waits an hour after that (MariaDbLockStore.pruneReleased).
CREATE TABLE IF NOT EXISTS fenced_locks (
    key_hash    BINARY(32)      NOT NULL,
    lock_key    BLOB            NOT NULL,
    owner       VARBINARY(1024) NOT NULL,
    token       BIGINT          NOT NULL,
    revision    BIGINT          NOT NULL,
    expires_at  BIGINT          NOT NULL,
    PRIMARY KEY (key_hash),
    KEY fenced_locks_expires_at (expires_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Fencing tokens of locks and claim numbers of records: one sequence for every key, so a key's
-- tokens keep growing whatever happens to its row (released, expired, pruned). Never reset it.
CREATE SEQUENCE IF NOT EXISTS fenced_token_seq
    START WITH 1 INCREMENT BY 1 MINVALUE 1 NO MAXVALUE NOCYCLE ENGINE=InnoDB;
