package dev.fenced.example.mariadb;

/**
 * The SQL of both stores, on the objects of {@code fenced_tables.sql}. Every statement that decides
 * is one statement, run with autocommit, so it is its own transaction: InnoDB locks the one row it
 * reads (the primary key is the key's hash) and reads its latest committed version, and keeps the
 * lock until the statement commits, so no other statement on the same key comes in between.
 *
 * <p><b>"Now"</b> is {@link #NOW}: the server's clock in epoch milliseconds, read with {@code
 * SYSDATE(3)} where the expression is evaluated, that is once the row is locked. Not {@code NOW()}
 * or {@code UTC_TIMESTAMP()}: MariaDB fixes those when the statement starts, and a statement that
 * waited for the row lock would then judge the row by a time before the statement it waited for (a
 * renew that waited for a release would find the released lock still live and revive it). The
 * statements run with {@code time_zone='+00:00'} ({@link JdbcCalls}), so {@code SYSDATE} is UTC and
 * the server's zone and daylight saving time play no part. The prune alone bounds its rows by the
 * statement's start ({@link #STATEMENT_START}), which an index can seek to.
 *
 * <p><b>One decision per row.</b> {@code SYSDATE} is read anew by each expression. The {@code
 * UPDATE} statements read it once, in their {@code WHERE}. In an {@code ON DUPLICATE KEY UPDATE},
 * which MariaDB assigns from left to right, each later assignment seeing the earlier ones, only the
 * first assignment reads the clock: it draws a new number from the sequence when the row has
 * expired ({@code NEXTVAL}, drawn only when {@code IF} takes that branch), and every later
 * assignment asks whether the row now holds the number this statement drew last ({@code =
 * LASTVAL}), which no other statement can hold. So a row is taken over whole or not at all, and the
 * same test in {@code RETURNING} tells the caller whether it won.
 *
 * <p><b>Released rows have no owner</b>: {@code release} sets the owner to {@link #NO_OWNER}, a
 * byte that no owner's UTF-8 holds, besides expiring the row, so no owner's later statement can
 * match it whatever the clocks say, and an acquire takes it over.
 */
final class MariaDbSql {

  /** The server's clock, in epoch milliseconds, read where it is evaluated (in UTC). */
  static final String NOW =
      "(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', SYSDATE(3)) DIV 1000)";

  /**
   * The start of the statement, in epoch milliseconds ({@code NOW(3)}, fixed when the statement
   * starts): the prune's bound, the only place that is not {@link #NOW}. {@code SYSDATE} is not a
   * constant, so MariaDB cannot seek an index to it and reads every row through the {@code
   * expires_at} index to filter it: a prune with nothing to delete read every live row. A row
   * expired by the statement's start is expired by any later clock too, so this bound deletes
   * nothing {@link #NOW} would keep.
   */
  static final String STATEMENT_START =
      "(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', NOW(3)) DIV 1000)";

  /** The owner of a released row: {@code 0xFF} never occurs in UTF-8. */
  static final String NO_OWNER = "X'FF'";

  /** The sequence of lock tokens and record claims. */
  static final String TOKENS = "fenced_token_seq";

  private static final String FREE = "(expires_at <= " + NOW + " OR owner = " + NO_OWNER + ")";

  private static final String OWNER_LIVE =
      " WHERE key_hash = ? AND owner = ? AND expires_at > " + NOW;

  /**
   * ?1 key_hash, ?2 record_key, ?3 fingerprint, ?4 owner, ?5 ttl ms, ?6 ttl ms. Inserts the record,
   * or takes over an expired or released one in place, or leaves a live one as it is; returns the
   * row as the statement left it: {@code acquired}, {@code completed}, {@code fingerprint}, {@code
   * payload}.
   */
  static final String IDEMPOTENCY_ACQUIRE =
      "INSERT INTO fenced_idempotency (key_hash, record_key, fingerprint, owner, payload, claim,"
          + " claimed_at, revision, expires_at) VALUES (?, ?, ?, ?, NULL, NEXTVAL("
          + TOKENS
          + "), "
          + NOW
          + ", 0, "
          + NOW
          + " + ?) ON DUPLICATE KEY UPDATE claim = IF("
          + FREE
          + ", NEXTVAL("
          + TOKENS
          + "), claim),"
          + takenOver("claim", "record_key", "VALUES(record_key)")
          + ","
          + takenOver("claim", "fingerprint", "VALUES(fingerprint)")
          + ","
          + takenOver("claim", "owner", "VALUES(owner)")
          + ","
          + takenOver("claim", "payload", "NULL")
          + ","
          + takenOver("claim", "claimed_at", NOW)
          + ","
          + takenOver("claim", "revision", "revision + 1")
          + ","
          + takenOver("claim", "expires_at", NOW + " + ?")
          + " RETURNING claim = LASTVAL("
          + TOKENS
          + ") AS acquired, owner IS NULL AS completed, fingerprint, payload";

  /** ?1 payload, ?2 ttl ms, ?3 key_hash, ?4 owner; one row when completed. */
  static final String IDEMPOTENCY_COMPLETE =
      "UPDATE fenced_idempotency SET owner = NULL, payload = ?, revision = revision + 1,"
          + " expires_at = "
          + NOW
          + " + ?"
          + OWNER_LIVE;

  /** ?1 ttl ms, ?2 key_hash, ?3 owner; one row when extended. */
  static final String IDEMPOTENCY_EXTEND =
      "UPDATE fenced_idempotency SET revision = revision + 1, expires_at = "
          + NOW
          + " + ?"
          + OWNER_LIVE;

  /** ?1 key_hash, ?2 owner; frees the owner's live lock now, in place; one row when released. */
  static final String IDEMPOTENCY_RELEASE =
      "UPDATE fenced_idempotency SET owner = "
          + NO_OWNER
          + ", revision = revision + 1, expires_at = "
          + NOW
          + OWNER_LIVE;

  /** ?1 limit; deletes up to ?1 expired or released records, oldest first. */
  static final String IDEMPOTENCY_PRUNE =
      "DELETE FROM fenced_idempotency WHERE expires_at <= "
          + STATEMENT_START
          + " ORDER BY expires_at LIMIT ?";

  /**
   * ?1 key_hash, ?2 lock_key, ?3 owner, ?4 ttl ms, ?5 ttl ms. Inserts the lock, or takes over an
   * expired or released one in place, or leaves a live one as it is; returns {@code token} and
   * {@code acquired}. A takeover draws its token after InnoDB locked the row, so it exceeds the
   * token it replaces even when the statement waited for another statement on the row.
   */
  static final String LOCK_ACQUIRE =
      "INSERT INTO fenced_locks (key_hash, lock_key, owner, token, revision, expires_at)"
          + " VALUES (?, ?, ?, NEXTVAL("
          + TOKENS
          + "), 0, "
          + NOW
          + " + ?) ON DUPLICATE KEY UPDATE token = IF("
          + FREE
          + ", NEXTVAL("
          + TOKENS
          + "), token),"
          + takenOver("token", "lock_key", "VALUES(lock_key)")
          + ","
          + takenOver("token", "owner", "VALUES(owner)")
          + ","
          + takenOver("token", "revision", "revision + 1")
          + ","
          + takenOver("token", "expires_at", NOW + " + ?")
          + " RETURNING token, token = LASTVAL("
          + TOKENS
          + ") AS acquired";

  /** ?1 ttl ms, ?2 key_hash, ?3 owner; one row when renewed. */
  static final String LOCK_RENEW =
      "UPDATE fenced_locks SET revision = revision + 1, expires_at = " + NOW + " + ?" + OWNER_LIVE;

  /**
   * ?1 key_hash, ?2 owner; frees the owner's live lock now, in place, keeping its token; one row
   * when released. The row's {@code expires_at} is then the time of the release, which starts the
   * prune grace.
   */
  static final String LOCK_RELEASE =
      "UPDATE fenced_locks SET owner = "
          + NO_OWNER
          + ", revision = revision + 1, expires_at = "
          + NOW
          + OWNER_LIVE;

  /**
   * ?1 grace ms, ?2 limit; deletes up to ?2 locks expired or released more than ?1 ago. A fresh
   * insert draws its token in {@code VALUES}, before it meets (and may wait for) a row of the same
   * key: were that row, holding a later token, deleted meanwhile, the insert would store the older
   * token after it. The grace is far longer than any statement may run, so no statement still
   * running can have met a row that is deleted.
   */
  static final String LOCK_PRUNE =
      "DELETE FROM fenced_locks WHERE expires_at <= "
          + STATEMENT_START
          + " - ? ORDER BY expires_at LIMIT ?";

  /**
   * ?1 key_hash, ?2 owner, ?3 key_hash, ?4 owner: the one {@code release} of a store that is both
   * ({@link MariaDbStore}). Frees the owner's live idempotency lock and its live lock on the key,
   * in one statement; the rows released. Owners are unique per acquisition, so at most one row
   * matches; the one-row derived table lets the statement run when neither row exists.
   */
  static final String RELEASE_EITHER =
      "UPDATE (SELECT 1 AS one) AS one"
          + " LEFT JOIN fenced_idempotency i ON i.key_hash = ? AND i.owner = ? AND i.expires_at > "
          + NOW
          + " LEFT JOIN fenced_locks l ON l.key_hash = ? AND l.owner = ? AND l.expires_at > "
          + NOW
          + " SET i.owner = "
          + NO_OWNER
          + ", i.revision = i.revision + 1, i.expires_at = "
          + NOW
          + ", l.owner = "
          + NO_OWNER
          + ", l.revision = l.revision + 1, l.expires_at = "
          + NOW;

  /**
   * A record lives: it has not expired and was not released. {@code <=>} is null-safe: a completed
   * record has no owner.
   */
  private static final String RECORD_LIVES =
      "expires_at > " + NOW + " AND NOT (owner <=> " + NO_OWNER + ")";

  /**
   * The columns of a record snapshot: {@code record_key}, {@code fingerprint}, {@code owner} (null
   * when completed), {@code in_flight_ms} (the time since the current owner claimed it, null when
   * completed), {@code expires_in_ms}. The durations are read from the clock where the row is
   * returned, a few microseconds after the {@code WHERE} judged it live, so they are bounded below
   * by 0.
   */
  private static final String RECORD_COLUMNS =
      "record_key, fingerprint, owner, IF(owner IS NULL, NULL, GREATEST("
          + NOW
          + " - claimed_at, 0)) AS in_flight_ms, GREATEST(expires_at - "
          + NOW
          + ", 0) AS expires_in_ms";

  /** ?1 key_hash: {@link #RECORD_COLUMNS} of the live record, without its payload. */
  static final String RECORD_READ =
      "SELECT "
          + RECORD_COLUMNS
          + " FROM fenced_idempotency WHERE key_hash = ? AND "
          + RECORD_LIVES;

  /** ?1 key_hash: {@link #RECORD_COLUMNS} and {@code payload} of the live record. */
  static final String RECORD_READ_WITH_PAYLOAD =
      "SELECT "
          + RECORD_COLUMNS
          + ", payload FROM fenced_idempotency WHERE key_hash = ? AND "
          + RECORD_LIVES;

  /**
   * ?1 key_hash, ?2 1 when a completed record is expected (then ?3 is ignored) else 0, ?3 owner:
   * deletes the live record when it is the one expected (held by ?3, or completed); its {@link
   * #RECORD_COLUMNS} as it was. One statement: InnoDB locks the row and the {@code WHERE} judges
   * its latest version, with the clock read then; {@code RETURNING} (MariaDB 10.0) gives the row
   * deleted.
   */
  static final String RECORD_PURGE =
      "DELETE FROM fenced_idempotency WHERE key_hash = ? AND "
          + RECORD_LIVES
          + " AND IF(? = 1, owner IS NULL, owner <=> ?)"
          + " RETURNING "
          + RECORD_COLUMNS;

  /**
   * ?1 least age in ms, ?2 limit: {@link #RECORD_COLUMNS} of live records in flight (an owner, not
   * released) claimed at least ?1 ago, oldest claim first. One consistent read; each row is judged
   * by the clock when it is read. The table has no index on {@code claimed_at}: an operator's
   * query, it reads the whole table.
   */
  static final String RECORDS_IN_FLIGHT =
      "SELECT "
          + RECORD_COLUMNS
          + " FROM fenced_idempotency WHERE owner IS NOT NULL AND "
          + RECORD_LIVES
          + " AND claimed_at <= "
          + NOW
          + " - ? ORDER BY claimed_at, key_hash LIMIT ?";

  /**
   * The live lock: not released and not expired. Released rows keep {@code expires_at} in the past,
   * but the owner says it whatever the clocks.
   */
  private static final String LOCK_LIVES =
      "key_hash = ? AND owner <> " + NO_OWNER + " AND expires_at > " + NOW;

  /**
   * ?1 key_hash: {@code lock_key}, {@code owner}, {@code token} and {@code expires_in_ms} (at least
   * 0, read after the {@code WHERE}) of the live lock.
   */
  static final String LOCK_READ =
      "SELECT lock_key, owner, token, GREATEST(expires_at - "
          + NOW
          + ", 0) AS expires_in_ms FROM fenced_locks WHERE "
          + LOCK_LIVES;

  /**
   * ?1 key_hash: {@link #LOCK_READ}, locking the row ({@code FOR UPDATE}: the latest committed
   * version, the clock read once it is locked), the first statement of {@code forceRelease}'s
   * transaction.
   */
  static final String LOCK_READ_FOR_UPDATE = LOCK_READ + " FOR UPDATE";

  /**
   * ?1 key_hash: the second statement of {@code forceRelease}'s transaction, on the row that {@link
   * #LOCK_READ_FOR_UPDATE} locked and found live: frees it in place as {@link #LOCK_RELEASE} does
   * (no owner, expired now, its token kept), never moving its expiry later.
   */
  static final String LOCK_FORCE_RELEASE =
      "UPDATE fenced_locks SET owner = "
          + NO_OWNER
          + ", revision = revision + 1, expires_at = LEAST(expires_at, "
          + NOW
          + ") WHERE key_hash = ?";

  /** The server, the database and which of the store's objects it holds, in one row. */
  static final String READINESS =
      "SELECT VERSION(), DATABASE(), (SELECT GROUP_CONCAT(table_name ORDER BY table_name)"
          + " FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN"
          + " ('fenced_idempotency', 'fenced_locks', '"
          + TOKENS
          + "'))";

  private MariaDbSql() {}

  /**
   * {@code column} takes {@code value} when the row holds the number this statement drew last in
   * {@code drawn}, that is when its first assignment took the row over; else it keeps its own.
   */
  private static String takenOver(String drawn, String column, String value) {
    return " "
        + column
        + " = IF("
        + drawn
        + " = LASTVAL("
        + TOKENS
        + "), "
        + value
        + ", "
        + column
        + ")";
  }
}
