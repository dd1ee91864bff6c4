package dev.fenced.store.jpa;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SQL of both stores, on the objects {@link FencedTables} names. Every statement that decides
 * is one statement; expiry is always the database's {@code clock_timestamp()} (never {@code now()},
 * the transaction's start). The prune's statements name {@code now()} only as a bound on the {@code
 * expires_at} index ({@link #EXPIRED_BY_THE_START}), beside the {@code clock_timestamp()}
 * judgement. Positional parameters ({@code ?1}) and {@code CAST} (no {@code ::}) keep Hibernate and
 * EclipseLink alike. The row an {@code INSERT ... ON CONFLICT} meets is named by the alias {@code
 * t}, whatever its table is called.
 */
final class PostgresStatements {

  private static final String TTL =
      "clock_timestamp() + CAST(?%d AS bigint) * interval '1 millisecond'";

  private static final String GRACE_AGO =
      "clock_timestamp() - CAST(?2 AS bigint) * interval '1 millisecond'";

  /** A record's commit mark lives: its work committed, so it is never taken over. */
  private static final String MARK_LIVES = "committed_until > clock_timestamp()";

  /** The owner may still write: its lock lives, or its work committed under a live mark. */
  private static final String OWNER_MAY_WRITE =
      " WHERE key_hash = ?1 AND owner = ?2 AND (expires_at > clock_timestamp() OR "
          + MARK_LIVES
          + ")";

  /**
   * The prune's bound on the {@code expires_at} index: expired by the start of the statement's
   * transaction, which any row expired by {@code clock_timestamp()} later in it also is, so it
   * deletes nothing the clock would keep. {@code clock_timestamp()} is volatile, so PostgreSQL may
   * only filter an index scan with it, not start or stop one: without this stable bound, a prune
   * with nothing to delete read every live row through the index (0.6 s per call at a million live
   * records), and at ten million it outran the query timeout on every call.
   */
  private static final String EXPIRED_BY_THE_START = "expires_at <= now()";

  /** The lock prune's bound on the index, as {@link #EXPIRED_BY_THE_START}: ?2 ms of grace. */
  private static final String GRACE_BEFORE_THE_START =
      "now() - CAST(?2 AS bigint) * interval '1 millisecond'";

  /**
   * Expired, without a live commit mark; checked again by the DELETE, as a row may be taken over.
   */
  private static final String PRUNABLE =
      EXPIRED_BY_THE_START
          + " AND expires_at <= clock_timestamp()"
          + " AND (committed_until IS NULL OR committed_until <= clock_timestamp())";

  /** The state {@link #idempotencyAcquire} answers when the caller claimed the key. */
  static final int CLAIMED = 3;

  /**
   * ?1 key_hash, ?2 key, ?3 fingerprint, ?4 owner, ?5 ttl ms: claims the key or reads the live
   * record, in one statement. One row: state, fingerprint, payload. The state is {@link #CLAIMED}
   * when the caller won; else the live record's: 1 completed, 2 when its work committed under a
   * live mark and its owner's lock expired, 0 in flight. No row when the key was neither free nor
   * live by the statement's snapshot (another caller claimed it meanwhile, or its record went
   * away): the caller runs it again.
   *
   * <p>The live record is read first, under the statement's snapshot, with one reading of the clock
   * (a lock that expires between two readings never makes an unmarked record look committed). Only
   * when there is none does the {@code INSERT ... ON CONFLICT (key_hash) DO UPDATE ... WHERE
   * expired} run; its {@code WHERE} decides again on the row it locked, so a record claimed
   * meanwhile is never taken over. A replay writes nothing, so it commits nothing to flush. A
   * record whose commit mark lives is never taken over, even after its lock expired. The claim time
   * is kept for the operator ({@link AdministrationStatements#recordsInFlight}).
   */
  final String idempotencyAcquire;

  /**
   * ?1 key_hash, ?2 owner, ?3 payload, ?4 ttl ms; clears the commit mark. A row when it completed
   * the record, none when not; it signals an awaited record's end ({@link #endingTheClaim}).
   */
  final String idempotencyComplete;

  /**
   * ?1 key_hash, ?2 owner, ?3 payload, ?4 ttl ms: {@link #idempotencyComplete} in the caller's
   * transaction, which signals nothing itself: PostgreSQL refuses to {@code PREPARE} (two-phase
   * commit, XA) a transaction that ran {@code NOTIFY}, so the caller's commit must not depend on
   * it. A row, whether the record is awaited, when it completed the record; none when not.
   */
  final String idempotencyCompleteWithWork;

  /**
   * ?1 key_hash: signals the end of that claim on {@link #claimEndChannel}, when its transaction
   * commits; one row, 1.
   */
  final String claimEndSignal;

  /**
   * The channel on which the statements that end a claim signal its end ({@code NOTIFY}, the key
   * hash as the payload): {@code <prefix>idempotency_ended}.
   */
  final String claimEndChannel;

  /**
   * ?1 key_hash: marks the record in flight as awaited ({@code awaited = true}), so that the
   * statement that ends its claim signals it; changes nothing else, and nothing when the record is
   * completed, gone, or already marked. A claim taken anew ({@link #idempotencyAcquire}) clears the
   * mark.
   */
  final String idempotencyAwait;

  /**
   * ?1 key_hash, ?2 owner, ?3 ttl ms of the mark, ?4 ttl ms of the lock: the commit mark, written
   * in the caller's transaction; it renews the lock too.
   */
  final String idempotencyMarkCommitted;

  /**
   * ?1 key_hash, ?2 owner: expires the owner's lock in place, now. A record without a live mark is
   * then expired, so gone for every method (taken over in place, pruned later); one whose work
   * committed stays, and a retry learns at once that its outcome is lost. A row when it released
   * the record, none when not; it signals an awaited record's end ({@link #endingTheClaim}).
   */
  final String idempotencyRelease;

  /** ?1 key_hash, ?2 owner, ?3 ttl ms. */
  final String idempotencyExtend;

  /** ?1 limit: deletes up to ?1 expired records, except those whose commit mark lives. */
  final String idempotencyPrune;

  /**
   * ?1 key_hash, ?2 key, ?3 owner, ?4 ttl ms; the new token when the caller won. A takeover draws
   * its token in the {@code SET}, after the row is locked, so it exceeds the token it replaces even
   * when the statement waited for another takeover.
   */
  final String lockAcquire;

  /** ?1 key_hash, ?2 owner, ?3 ttl ms. */
  final String lockRenew;

  /**
   * ?1 key_hash, ?2 owner: expires the row in place, now, keeping its token; the time of the
   * release starts the prune grace ({@link #lockPrune}).
   */
  final String lockRelease;

  /**
   * ?1 limit, ?2 grace ms: deletes up to ?1 locks that expired (or were released) more than ?2 ago;
   * a row an earlier version released ({@code -infinity}) counts as released when a prune first
   * sees it. {@link #lockAcquire} draws the token of a fresh row in its {@code VALUES}, before it
   * may wait on a conflicting row: were that row pruned meanwhile, the acquire would insert its
   * older token after a newer one. The grace is longer than any statement may run (the query
   * timeout), so a row that an acquire still running can have met is never pruned.
   */
  final String lockPrune;

  /**
   * ?1 key_hash, ?2 owner: the {@code release} shared by {@code IdempotencyStore} and {@code
   * LockStore} when one object implements both ({@link JpaStore}): releases the owner's live
   * idempotency lock and its lock on the key, in one statement; the number of rows released. It
   * signals an awaited record's end ({@link #endingTheClaim}). Owners are unique per acquisition,
   * so at most one row matches.
   */
  final String releaseEither;

  /** ?1 resource, ?2 token; a row when the token was admitted ({@link HighWaterMark}). */
  final String raiseHighWater;

  /** The statements of the administration SPIs on the same objects. */
  final AdministrationStatements administration;

  PostgresStatements(FencedTables tables) {
    administration = new AdministrationStatements(tables);
    String records = tables.idempotency();
    String locks = tables.locks();
    String nextToken = "nextval('" + tables.tokenSequence() + "')";
    claimEndChannel = tables.prefix() + "idempotency_ended";
    idempotencyAcquire =
        "WITH c AS (SELECT clock_timestamp() AS now), live AS (SELECT r.fingerprint, CASE"
            + " WHEN r.owner IS NULL THEN 1"
            + " WHEN r.committed_until > c.now AND r.expires_at <= c.now THEN 2 ELSE 0 END AS state,"
            + " r.payload FROM "
            + records
            + " r, c WHERE r.key_hash = ?1 AND (r.expires_at > c.now OR r.committed_until > c.now)),"
            + " claimed AS (INSERT INTO "
            + records
            + " AS t (key_hash, key, fingerprint, owner, payload, expires_at, committed_until,"
            + " claimed_at) SELECT CAST(?1 AS text), CAST(?2 AS text), CAST(?3 AS text),"
            + " CAST(?4 AS text), CAST(NULL AS bytea), "
            + ttl(5)
            + ", CAST(NULL AS timestamptz), clock_timestamp() WHERE NOT EXISTS (SELECT 1 FROM live)"
            + " ON CONFLICT (key_hash) DO UPDATE SET key = EXCLUDED.key,"
            + " fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner, payload = NULL,"
            + " expires_at = EXCLUDED.expires_at, committed_until = NULL,"
            + " claimed_at = EXCLUDED.claimed_at, awaited = NULL"
            + " WHERE t.expires_at <= clock_timestamp()"
            + " AND (t.committed_until IS NULL OR t.committed_until <= clock_timestamp())"
            + " RETURNING 1)"
            + " SELECT "
            + CLAIMED
            + ", CAST(NULL AS text), CAST(NULL AS bytea) FROM claimed"
            + " UNION ALL SELECT state, fingerprint, payload FROM live";
    String complete =
        "UPDATE "
            + records
            + " SET owner = NULL, payload = ?3, committed_until = NULL, expires_at = "
            + ttl(4)
            + OWNER_MAY_WRITE;
    idempotencyComplete = endingTheClaim(complete, claimEndChannel);
    idempotencyCompleteWithWork = complete + " RETURNING coalesce(awaited, false)";
    claimEndSignal =
        "SELECT count(*) FROM (SELECT pg_notify('"
            + claimEndChannel
            + "', CAST(?1 AS text))) AS signalled";
    idempotencyAwait =
        "UPDATE "
            + records
            + " SET awaited = true WHERE key_hash = ?1 AND owner IS NOT NULL AND awaited IS NOT TRUE";
    idempotencyMarkCommitted =
        "UPDATE "
            + records
            + " SET committed_until = "
            + ttl(3)
            + ", expires_at = "
            + ttl(4)
            + " WHERE key_hash = ?1 AND owner = ?2 AND expires_at > clock_timestamp()";
    String release = "UPDATE " + records + " SET expires_at = clock_timestamp()" + OWNER_MAY_WRITE;
    idempotencyRelease = endingTheClaim(release, claimEndChannel);
    idempotencyExtend = "UPDATE " + records + " SET expires_at = " + ttl(3) + OWNER_MAY_WRITE;
    idempotencyPrune =
        "DELETE FROM "
            + records
            + " WHERE key_hash IN (SELECT key_hash FROM "
            + records
            + " WHERE "
            + PRUNABLE
            + " ORDER BY expires_at LIMIT ?1 FOR UPDATE SKIP LOCKED) AND "
            + PRUNABLE;
    lockAcquire =
        "INSERT INTO "
            + locks
            + " AS t (key_hash, key, owner, token, expires_at)"
            + " VALUES (?1, ?2, ?3, "
            + nextToken
            + ", "
            + ttl(4)
            + ")"
            + " ON CONFLICT (key_hash) DO UPDATE SET key = EXCLUDED.key, owner = EXCLUDED.owner,"
            + " token = "
            + nextToken
            + ", expires_at = EXCLUDED.expires_at"
            + " WHERE t.expires_at <= clock_timestamp()"
            + " RETURNING token";
    lockRenew =
        "UPDATE "
            + locks
            + " SET expires_at = "
            + ttl(3)
            + " WHERE key_hash = ?1 AND owner = ?2 AND expires_at > clock_timestamp()";
    lockRelease =
        "UPDATE "
            + locks
            + " SET expires_at = clock_timestamp()"
            + " WHERE key_hash = ?1 AND owner = ?2 AND expires_at > clock_timestamp()";
    // a version before 0.1.0 released a lock by setting -infinity, which no grace can measure:
    // such a row gets the time of the first prune that sees it as its release, and is left alone
    // by this prune's DELETE (which cannot see that UPDATE), so it is pruned a grace later
    lockPrune =
        "WITH released_before AS (UPDATE "
            + locks
            + " SET expires_at = clock_timestamp() WHERE expires_at = '-infinity' RETURNING 1)"
            + " DELETE FROM "
            + locks
            + " WHERE key_hash IN (SELECT key_hash FROM "
            + locks
            + " WHERE expires_at <= "
            + GRACE_BEFORE_THE_START
            + " AND expires_at <= "
            + GRACE_AGO
            + " AND expires_at > '-infinity'"
            + " ORDER BY expires_at LIMIT ?1 FOR UPDATE SKIP LOCKED) AND expires_at <= "
            + GRACE_AGO
            + " AND expires_at > '-infinity'";
    releaseEither =
        "WITH released_record AS ("
            + idempotencyRelease
            + "), released_lock AS ("
            + lockRelease
            + " RETURNING 1)"
            + " SELECT (SELECT count(*) FROM released_record) + (SELECT count(*) FROM released_lock)";
    raiseHighWater =
        "INSERT INTO "
            + tables.highWater()
            + " AS t (resource, token, admitted_at)"
            + " VALUES (?1, ?2, clock_timestamp())"
            + " ON CONFLICT (resource) DO UPDATE SET token = EXCLUDED.token,"
            + " admitted_at = EXCLUDED.admitted_at"
            + " WHERE t.token <= EXCLUDED.token"
            + " RETURNING token";
  }

  /** The lower-case hex SHA-256 of the UTF-8 key: the primary key, whatever the key's length. */
  static String keyHash(String key) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha256.digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /**
   * {@code update}, which ends a claim, made to signal that end to the duplicates that wait for it,
   * in the same statement: its {@code RETURNING} runs {@code pg_notify} on {@code channel} with the
   * key hash only for a record marked awaited ({@link #idempotencyAwait}); a {@code CASE} runs its
   * branch only when it holds. A claim nobody waits for sends nothing, so its commit does not take
   * PostgreSQL's lock on the notification queue, and the statement costs what the bare {@code
   * UPDATE} does (about 1 µs more on the server, where a {@code WITH ... SELECT} around it took 11
   * µs more). The notification leaves when the statement's transaction commits, never before (and
   * never after a rollback). The flag stays: a completed or released record no statement signals
   * again, and the next claim clears it.
   */
  static String endingTheClaim(String update, String channel) {
    return update
        + " RETURNING CASE WHEN awaited THEN CAST(pg_notify('"
        + channel
        + "', key_hash) AS text) END";
  }

  private static String ttl(int parameter) {
    return String.format(TTL, parameter);
  }
}
