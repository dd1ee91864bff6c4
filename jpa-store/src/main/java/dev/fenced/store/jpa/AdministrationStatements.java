package dev.fenced.store.jpa;

/**
 * The SQL of the administration SPIs ({@code IdempotencyRecordAdministration}, {@code
 * LockAdministration}). Each statement reads {@code clock_timestamp()} once ({@code t.now}) and
 * reports durations in whole milliseconds from it, so every number in one answer is measured at the
 * same instant on the database's clock.
 */
final class AdministrationStatements {

  private static final String NOW = "(SELECT clock_timestamp() AS now) t";

  /** A record lives: its lock or outcome has not expired, or its commit mark lives. */
  private static final String RECORD_LIVES = "(r.expires_at > t.now OR r.committed_until > t.now)";

  /**
   * key, fingerprint, owner, state (1 completed, 2 work committed under a live mark, 0 in flight),
   * milliseconds in flight (null when completed or unknown), milliseconds until it expires.
   */
  private static final String RECORD_COLUMNS =
      "r.key, r.fingerprint, r.owner,"
          + " CASE WHEN r.owner IS NULL THEN 1 WHEN r.committed_until > t.now THEN 2 ELSE 0 END,"
          + " CASE WHEN r.owner IS NULL THEN NULL ELSE "
          + millis("t.now - r.claimed_at")
          + " END, "
          + millis("greatest(r.expires_at, coalesce(r.committed_until, r.expires_at)) - t.now");

  /** ?1 key_hash: {@link #RECORD_COLUMNS} of the live record, without its payload. */
  static final String RECORD_READ =
      "SELECT "
          + RECORD_COLUMNS
          + " FROM fenced_idempotency r, "
          + NOW
          + " WHERE r.key_hash = ?1 AND "
          + RECORD_LIVES;

  /** ?1 key_hash: {@link #RECORD_COLUMNS} and the payload of the live record. */
  static final String RECORD_READ_WITH_PAYLOAD =
      "SELECT "
          + RECORD_COLUMNS
          + ", r.payload FROM fenced_idempotency r, "
          + NOW
          + " WHERE r.key_hash = ?1 AND "
          + RECORD_LIVES;

  /** ?1 key_hash: deletes the live record whatever its owner; its {@link #RECORD_COLUMNS}. */
  static final String RECORD_PURGE =
      "DELETE FROM fenced_idempotency r USING "
          + NOW
          + " WHERE r.key_hash = ?1 AND "
          + RECORD_LIVES
          + " RETURNING "
          + RECORD_COLUMNS;

  /**
   * ?1 least age in ms, ?2 limit: {@link #RECORD_COLUMNS} of live records not completed, claimed at
   * least ?1 ago, oldest first (a record of an earlier build, without a claim time, first of all).
   */
  static final String RECORDS_IN_FLIGHT =
      "SELECT "
          + RECORD_COLUMNS
          + " FROM fenced_idempotency r, "
          + NOW
          + " WHERE r.owner IS NOT NULL AND "
          + RECORD_LIVES
          + " AND (r.claimed_at IS NULL"
          + " OR r.claimed_at <= t.now - CAST(?1 AS bigint) * interval '1 millisecond')"
          + " ORDER BY r.claimed_at NULLS FIRST LIMIT ?2";

  /** ?1 key_hash: key, owner, token and milliseconds until expiry of the live lock. */
  static final String LOCK_READ =
      "SELECT l.key, l.owner, l.token, "
          + millis("l.expires_at - t.now")
          + " FROM fenced_locks l, "
          + NOW
          + " WHERE l.key_hash = ?1 AND l.expires_at > t.now";

  /**
   * ?1 key_hash: expires the live lock in place, now, whoever holds it, keeping its token like a
   * release; key, owner, token and the milliseconds it had left. The row is locked first, so the
   * expiry it had is the one replaced.
   */
  static final String LOCK_FORCE_RELEASE =
      "UPDATE fenced_locks l SET expires_at = t.now"
          + " FROM (SELECT key_hash, expires_at FROM fenced_locks WHERE key_hash = ?1 FOR UPDATE) was, "
          + NOW
          + " WHERE l.key_hash = was.key_hash AND was.expires_at > t.now"
          + " RETURNING l.key, l.owner, l.token, "
          + millis("was.expires_at - t.now");

  private AdministrationStatements() {}

  private static String millis(String interval) {
    return "CAST(EXTRACT(EPOCH FROM (" + interval + ")) * 1000 AS bigint)";
  }
}
