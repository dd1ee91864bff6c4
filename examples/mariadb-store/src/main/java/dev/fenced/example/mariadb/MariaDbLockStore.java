package dev.fenced.example.mariadb;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Locks in MariaDB 10.5 or later ({@code fenced_locks}), over plain JDBC, with fencing tokens from
 * the sequence {@code fenced_token_seq}.
 *
 * <p><b>Connections</b>, <b>time</b>, <b>bytes</b> and <b>failures</b> are as in {@link
 * MariaDbIdempotencyStore}: connections of the store's own, never joined to the caller's JTA
 * transaction (each call is one autocommitted statement, committed before it returns); expiries on
 * the server's clock, read once the row is locked ({@code SYSDATE(3)}); keys and owners as strict
 * UTF-8 bytes; every failure a {@link StoreUnavailableException}.
 *
 * <p><b>Atomicity.</b> Each {@link LockStore} method is one SQL statement on one row:
 *
 * <ul>
 *   <li>{@link #acquire} is one {@code INSERT ... ON DUPLICATE KEY UPDATE ... RETURNING}: InnoDB
 *       inserts the row, or locks the existing one; the first assignment draws the new token with
 *       {@code NEXTVAL} only when the row's latest version has expired or been released, and the
 *       other columns follow only when the row now holds that token ({@code token = LASTVAL(...)}),
 *       so the lock is taken over whole after the row is locked, or a live lock stays as it is, its
 *       owner's too (not re-entrant). The returned row tells whether the caller won by the same
 *       test: no other statement can hold the token this one drew.
 *   <li>{@link #renew} and {@link #release} are one {@code UPDATE ... WHERE key_hash = ? AND owner
 *       = ? AND expires_at > now}, owner and expiry checked on the locked row that is written;
 *       {@code release} expires the row in place, takes its owner away and keeps its token.
 * </ul>
 *
 * <p><b>Administration</b> ({@link LockAdministration}, for {@code FencedAdmin}): {@link #lock} is
 * one {@code SELECT} of the row by its key's hash. {@link #forceRelease}, which frees the lock only
 * while the owner the operator saw holds it, is the one method that is not one statement: MariaDB's
 * {@code UPDATE} has no {@code RETURNING}, and it must return the lock as it was (its owner, which
 * the release takes away) as well as free it. It is one short transaction on one connection
 * (autocommit off, then committed and restored): {@code SELECT ... FOR UPDATE} locks the row and
 * reads its latest committed version (the clock read once it is locked), then, when it was live,
 * one {@code UPDATE} of the locked row frees it in place as {@link #release} does (owner {@code
 * 0xFF}, expired now, its token kept, so the next acquire draws a higher one); no other statement
 * on the key runs in between, as the row stays locked until the commit. An expired or released lock
 * is not shown; {@code expiresIn} is computed in SQL on the server's clock.
 *
 * <p><b>Tokens</b> come from one sequence for every key, so they grow across release, expiry and
 * pruning: a key's next token is drawn after every token it had. MariaDB hands out a sequence's
 * values in order on one server; a multi-primary cluster (Galera writing on several nodes) does
 * not, and is not supported.
 */
public final class MariaDbLockStore implements LockStore, LockAdministration {

  /**
   * How long a lock stays after it expired or was released before {@link #pruneReleased} deletes
   * it: far longer than any statement may run ({@code max_statement_time}, {@value
   * MariaDbSettings#MAX_TIMEOUT_MILLIS} ms at most), see {@code MariaDbSql.LOCK_PRUNE}.
   */
  public static final Duration PRUNE_GRACE = Duration.ofHours(1);

  private final JdbcCalls calls;

  /**
   * A store on {@code dataSource}, each statement bounded by {@value
   * MariaDbSettings#DEFAULT_TIMEOUT_MILLIS} ms.
   *
   * @param dataSource a datasource of the store's own, on a database with {@link MariaDbTables}
   *     (not a container's, and not the driver's {@code MariaDbPoolDataSource}, which loses
   *     connections under contention: {@link MariaDbStore#open} brings HikariCP)
   */
  public MariaDbLockStore(DataSource dataSource) {
    this(dataSource, Duration.ofMillis(MariaDbSettings.DEFAULT_TIMEOUT_MILLIS));
  }

  /**
   * A store on {@code dataSource}.
   *
   * @param dataSource a datasource of the store's own, on a database with {@link MariaDbTables}
   * @param statementTimeout how long MariaDB lets one statement run ({@code max_statement_time}),
   *     at most {@value MariaDbSettings#MAX_TIMEOUT_MILLIS} ms
   */
  public MariaDbLockStore(DataSource dataSource, Duration statementTimeout) {
    this(new JdbcCalls(Connections.of(dataSource), statementTimeout));
  }

  MariaDbLockStore(JdbcCalls calls) {
    this.calls = calls;
  }

  @Override
  public OptionalLong acquire(String key, String owner, long ttlMillis) {
    long ttl = StoredKey.ttl(ttlMillis);
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    return calls.call(
        "acquire",
        connection -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.LOCK_ACQUIRE))) {
            statement.setBytes(1, stored.hash());
            statement.setBytes(2, stored.bytes());
            statement.setBytes(3, ownerBytes);
            statement.setLong(4, ttl);
            statement.setLong(5, ttl);
            try (ResultSet row = statement.executeQuery()) {
              if (!row.next()) {
                throw new SQLException("INSERT ... RETURNING returned no row");
              }
              return row.getBoolean("acquired")
                  ? OptionalLong.of(row.getLong("token"))
                  : OptionalLong.empty();
            }
          }
        });
  }

  @Override
  public boolean renew(String key, String owner, long ttlMillis) {
    long ttl = StoredKey.ttl(ttlMillis);
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    return calls.update("renew", MariaDbSql.LOCK_RENEW, ttl, stored.hash(), ownerBytes) == 1;
  }

  @Override
  public boolean release(String key, String owner) {
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    return calls.update("release", MariaDbSql.LOCK_RELEASE, stored.hash(), ownerBytes) == 1;
  }

  @Override
  public Optional<LockSnapshot> lock(String key) {
    StoredKey stored = StoredKey.of(key);
    return calls.call(
        "lock",
        connection -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.LOCK_READ))) {
            statement.setBytes(1, stored.hash());
            return snapshot(statement);
          }
        });
  }

  /**
   * Frees the live lock under {@code key} when {@code expectedOwner} holds it, in one transaction
   * of two statements ({@code SELECT ... FOR UPDATE}, then {@code UPDATE}): MariaDB's {@code
   * UPDATE} cannot return the row it changes. The row stays locked from the read to the commit, so
   * the owner checked and the lock returned are the ones freed. Like {@link #release}, it keeps the
   * row and its token: the next acquisition draws a higher one.
   */
  @Override
  public Optional<LockSnapshot> forceRelease(String key, String expectedOwner) {
    StoredKey stored = StoredKey.of(key);
    StoredKey.owner(expectedOwner);
    return calls.transaction(
        "forceRelease",
        connection -> {
          Optional<LockSnapshot> live;
          try (PreparedStatement read =
              connection.prepareStatement(calls.bounded(MariaDbSql.LOCK_READ_FOR_UPDATE))) {
            read.setBytes(1, stored.hash());
            live = snapshot(read).filter(lock -> lock.owner().equals(expectedOwner));
          }
          if (live.isPresent()) {
            try (PreparedStatement free =
                connection.prepareStatement(calls.bounded(MariaDbSql.LOCK_FORCE_RELEASE))) {
              free.setBytes(1, stored.hash());
              if (free.executeUpdate() != 1) {
                throw new SQLException("the lock read FOR UPDATE was not there to release");
              }
            }
          }
          return live;
        });
  }

  /** The one row of {@code MariaDbSql.LOCK_READ}, if any. */
  private static Optional<LockSnapshot> snapshot(PreparedStatement statement) throws SQLException {
    try (ResultSet row = statement.executeQuery()) {
      if (!row.next()) {
        return Optional.empty();
      }
      return Optional.of(
          new LockSnapshot(
              new String(row.getBytes("lock_key"), UTF_8),
              new String(row.getBytes("owner"), UTF_8),
              row.getLong("token"),
              Duration.ofMillis(row.getLong("expires_in_ms"))));
    }
  }

  /**
   * Deletes locks that expired or were released more than {@link #PRUNE_GRACE} ago, {@code batch}
   * per statement (and transaction), until none is left. Tokens keep growing: they come from the
   * sequence, not from the rows. Call it from a scheduled job on one instance, e.g. daily.
   *
   * @param batch the most rows one {@code DELETE} removes, 1 or more
   * @return how many locks were deleted
   * @throws StoreUnavailableException when MariaDB cannot be reached
   * @throws IllegalArgumentException when {@code batch} is below 1
   */
  public long pruneReleased(int batch) {
    return Pruning.prune(
        calls,
        "pruneReleased",
        batch,
        (connection, limit) -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.LOCK_PRUNE))) {
            statement.setLong(1, PRUNE_GRACE.toMillis());
            statement.setInt(2, limit);
            return statement.executeUpdate();
          }
        });
  }
}
