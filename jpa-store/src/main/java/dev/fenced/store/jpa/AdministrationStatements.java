package dev.fenced.store.jpa;

/**
 * The SQL of the administration SPIs ({@code IdempotencyRecordAdministration}, {@code
 * LockAdministration}) on the objects {@link FencedTables} names. Each statement reads {@code
 * clock_timestamp()} once ({@code t.now}) and reports durations in whole milliseconds from it, so
 * every number in one answer is measured at the same instant on the database's clock.
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
  final String recordRead;

  /** ?1 key_hash: {@link #RECORD_COLUMNS} and the payload of the live record. */
  final String recordReadWithPayload;

  /**
   * ?1 key_hash, ?2 owner, ?3 1 when a completed record is expected (then ?2 is ignored), else 0:
   * deletes the live record when it is the one expected (held by ?2, or completed); its {@link
   * #RECORD_COLUMNS}.
   */
  final String recordPurge;

  /**
   * ?1 least age in ms, ?2 limit: {@link #RECORD_COLUMNS} of live records not completed, claimed at
   * least ?1 ago, oldest first (a record of an earlier build, without a claim time, first of all).
   */
  final String recordsInFlight;

  /** ?1 key_hash: key, owner, token and milliseconds until expiry of the live lock. */
  final String lockRead;

  /**
   * ?1 key_hash, ?2 owner: expires the live lock in place, now, when ?2 holds it, keeping its token
   * like a release; key, owner, token and the milliseconds it had left. The row is locked first, so
   * the owner and expiry judged are the ones replaced.
   */
  final String lockForceRelease;

  AdministrationStatements(FencedTables tables) {
    String records = tables.idempotency() + " r, " + NOW;
    recordRead =
        "SELECT "
            + RECORD_COLUMNS
            + " FROM "
            + records
            + " WHERE r.key_hash = ?1 AND "
            + RECORD_LIVES;
    recordReadWithPayload =
        "SELECT "
            + RECORD_COLUMNS
            + ", r.payload FROM "
            + records
            + " WHERE r.key_hash = ?1 AND "
            + RECORD_LIVES;
    recordPurge =
        "DELETE FROM "
            + tables.idempotency()
            + " r USING "
            + NOW
            + " WHERE r.key_hash = ?1 AND "
            + RECORD_LIVES
            + " AND CASE WHEN CAST(?3 AS integer) = 1 THEN r.owner IS NULL"
            + " ELSE r.owner = CAST(?2 AS text) END"
            + " RETURNING "
            + RECORD_COLUMNS;
    recordsInFlight =
        "SELECT "
            + RECORD_COLUMNS
            + " FROM "
            + records
            + " WHERE r.owner IS NOT NULL AND "
            + RECORD_LIVES
            + " AND (r.claimed_at IS NULL"
            + " OR r.claimed_at <= t.now - CAST(?1 AS bigint) * interval '1 millisecond')"
            + " ORDER BY r.claimed_at NULLS FIRST LIMIT ?2";
    lockRead =
        "SELECT l.key, l.owner, l.token, "
            + millis("l.expires_at - t.now")
            + " FROM "
            + tables.locks()
            + " l, "
            + NOW
            + " WHERE l.key_hash = ?1 AND l.expires_at > t.now";
    lockForceRelease =
        "UPDATE "
            + tables.locks()
            + " l SET expires_at = t.now FROM (SELECT key_hash, owner, expires_at FROM "
            + tables.locks()
            + " WHERE key_hash = ?1 FOR UPDATE) was, "
            + NOW
            + " WHERE l.key_hash = was.key_hash AND was.expires_at > t.now"
            + " AND was.owner = CAST(?2 AS text)"
            + " RETURNING l.key, l.owner, l.token, "
            + millis("was.expires_at - t.now");
  }

  private static String millis(String interval) {
    return "CAST(EXTRACT(EPOCH FROM (" + interval + ")) * 1000 AS bigint)";
  }
}
