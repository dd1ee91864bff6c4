package dev.fenced.example.mariadb;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Idempotency records in MariaDB 10.5 or later ({@code fenced_idempotency}), over plain JDBC.
 *
 * <p><b>Connections.</b> The store owns its connections: a pool of its own over the driver's
 * unpooled datasource ({@link MariaDbStore#open}, which the CDI bean uses), or a {@link DataSource}
 * given here. It never uses a container's datasource, so it never joins the caller's JTA
 * transaction, as the SPI requires: each call is one statement with autocommit (committed here when
 * the connection has autocommit off) and is committed before it returns, whatever the caller's
 * transaction then does. Do not give it a datasource that a transaction manager enlists.
 *
 * <p><b>Atomicity.</b> Each {@link IdempotencyStore} method is one SQL statement on one row, the
 * record's primary key:
 *
 * <ul>
 *   <li>{@link #acquire} is one {@code INSERT ... ON DUPLICATE KEY UPDATE ... RETURNING}. InnoDB
 *       inserts the row, or locks the existing one and evaluates the {@code UPDATE} on its latest
 *       committed version. Its first assignment draws a new claim number from the sequence {@code
 *       fenced_token_seq} only when that row has expired or been released, and every other
 *       assignment takes the new value only when the row now holds that number ({@code claim =
 *       LASTVAL(...)}, a number no other statement draws): the record is taken over whole, or a
 *       live one stays as it is. {@code RETURNING} (MariaDB 10.5) gives the row as the statement
 *       left it, with its fingerprint and payload, and whether the caller won (the same test): no
 *       second statement, and no update count, which would depend on the connection's {@code
 *       useAffectedRows}. An owner's second acquire of its own live record is therefore {@code
 *       InFlight}, as anyone else's.
 *   <li>{@link #complete}, {@link #extend} and {@link #release} are one {@code UPDATE ... WHERE
 *       key_hash = ? AND owner = ? AND expires_at > now}: InnoDB locks the row and checks the owner
 *       and the expiry on its latest version in the same statement that writes. Each write also
 *       raises the row's {@code revision}, so a matched row is always a changed row and the update
 *       count (1 or 0) means the same whether the connection counts found or changed rows. {@code
 *       release} expires the record in place and takes its owner away (the row stays until taken
 *       over or pruned).
 * </ul>
 *
 * <p><b>Administration</b> ({@link IdempotencyRecordAdministration}, for {@code FencedAdmin}):
 * {@link #record} is one {@code SELECT} of the row by its key's hash; {@link #purge} is one {@code
 * DELETE ... RETURNING} (MariaDB 10.0), which locks the row, judges its latest version live (not
 * expired, owner not {@code 0xFF}) and deletes it only when it is the one the operator saw (held by
 * the owner given, or completed), returning it as it was (without its payload), so an owner's later
 * {@code complete}, {@code extend} or {@code release} matches nothing; {@link #inFlight} is one
 * {@code SELECT}, oldest claim first. An expired or released record is not shown. The durations are
 * computed in SQL, on the server's clock where the row is returned ({@code SYSDATE(3)}): {@code
 * inFlightFor} from {@code claimed_at}, the time the current owner took the record (an {@code
 * extend} does not change it), {@code expiresIn} from {@code expires_at}. A record here is {@link
 * IdempotencyRecordState#IN_FLIGHT} or {@link IdempotencyRecordState#COMPLETED}: the store keeps no
 * completion with work.
 *
 * <p><b>Time.</b> Expiries are epoch milliseconds on the server's clock, never the JVM's, so
 * instances whose clocks disagree agree on what has expired. "Now" is read with {@code SYSDATE(3)}
 * once the row is locked, not at the start of the statement ({@code NOW()}), which would let a
 * statement that waited for the row judge it by an earlier time than the statement it waited for.
 * Do not run MariaDB with {@code --sysdate-is-now}: the store stays safe ({@code release} takes the
 * owner away, whatever the clocks say), but a statement that waited then judges expiry by the time
 * it started.
 *
 * <p><b>Bytes.</b> Keys, owners and fingerprints are stored as their strict UTF-8 and compared byte
 * for byte (MariaDB's default collations ignore case and trailing spaces); a key is looked up by
 * its SHA-256. A string with a lone surrogate, a key or fingerprint over {@value
 * StoredKey#MAX_KEY_BYTES} bytes, an owner over {@value StoredKey#MAX_OWNER_BYTES} bytes and a ttl
 * out of bounds are refused with {@link IllegalArgumentException} before anything is sent. Payloads
 * ({@code LONGBLOB}) are bounded by the server's {@code max_allowed_packet}.
 *
 * <p><b>Failures.</b> Every statement is bounded by {@code max_statement_time}; whatever the driver
 * or the server reports (no connection in time, a timeout, an error) is a {@link
 * StoreUnavailableException}, except a deadlock, which runs the statement again.
 */
public final class MariaDbIdempotencyStore
    implements IdempotencyStore, IdempotencyRecordAdministration {

  private final JdbcCalls calls;

  /**
   * A store on {@code dataSource}, each statement bounded by {@value
   * MariaDbSettings#DEFAULT_TIMEOUT_MILLIS} ms.
   *
   * @param dataSource a datasource of the store's own, on a database with {@link MariaDbTables}
   *     (not a container's, and not the driver's {@code MariaDbPoolDataSource}, which loses
   *     connections under contention: {@link MariaDbStore#open} brings HikariCP)
   */
  public MariaDbIdempotencyStore(DataSource dataSource) {
    this(dataSource, Duration.ofMillis(MariaDbSettings.DEFAULT_TIMEOUT_MILLIS));
  }

  /**
   * A store on {@code dataSource}.
   *
   * @param dataSource a datasource of the store's own, on a database with {@link MariaDbTables}
   * @param statementTimeout how long MariaDB lets one statement run ({@code max_statement_time}),
   *     at most {@value MariaDbSettings#MAX_TIMEOUT_MILLIS} ms
   */
  public MariaDbIdempotencyStore(DataSource dataSource, Duration statementTimeout) {
    this(new JdbcCalls(Connections.of(dataSource), statementTimeout));
  }

  MariaDbIdempotencyStore(JdbcCalls calls) {
    this.calls = calls;
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    long ttl = StoredKey.ttl(lockTtlMillis);
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    byte[] fingerprintBytes = StoredKey.fingerprint(fingerprint);
    return calls.call(
        "acquire",
        connection -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.IDEMPOTENCY_ACQUIRE))) {
            statement.setBytes(1, stored.hash());
            statement.setBytes(2, stored.bytes());
            statement.setBytes(3, fingerprintBytes);
            statement.setBytes(4, ownerBytes);
            statement.setLong(5, ttl);
            statement.setLong(6, ttl);
            try (ResultSet row = statement.executeQuery()) {
              if (!row.next()) {
                throw new SQLException("INSERT ... RETURNING returned no row");
              }
              return result(row);
            }
          }
        });
  }

  private static AcquireResult result(ResultSet row) throws SQLException {
    if (row.getBoolean("acquired")) {
      return new AcquireResult.Acquired();
    }
    String fingerprint = new String(row.getBytes("fingerprint"), UTF_8);
    if (row.getBoolean("completed")) {
      return new AcquireResult.Completed(fingerprint, row.getBytes("payload"));
    }
    return new AcquireResult.InFlight(fingerprint);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    long ttl = StoredKey.ttl(ttlMillis);
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    byte[] copy = payload.clone();
    return calls.update(
            "complete", MariaDbSql.IDEMPOTENCY_COMPLETE, copy, ttl, stored.hash(), ownerBytes)
        == 1;
  }

  @Override
  public boolean release(String key, String owner) {
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    return calls.update("release", MariaDbSql.IDEMPOTENCY_RELEASE, stored.hash(), ownerBytes) == 1;
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    long ttl = StoredKey.ttl(lockTtlMillis);
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = StoredKey.owner(owner);
    return calls.update("extend", MariaDbSql.IDEMPOTENCY_EXTEND, ttl, stored.hash(), ownerBytes)
        == 1;
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> record(String key, boolean withOutcome) {
    StoredKey stored = StoredKey.of(key);
    String sql = withOutcome ? MariaDbSql.RECORD_READ_WITH_PAYLOAD : MariaDbSql.RECORD_READ;
    return calls.call(
        "record",
        connection -> {
          try (PreparedStatement statement = connection.prepareStatement(calls.bounded(sql))) {
            statement.setBytes(1, stored.hash());
            try (ResultSet row = statement.executeQuery()) {
              return row.next() ? Optional.of(snapshot(row, withOutcome)) : Optional.empty();
            }
          }
        });
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> purge(String key, String expectedOwner) {
    StoredKey stored = StoredKey.of(key);
    byte[] ownerBytes = expectedOwner == null ? new byte[0] : StoredKey.owner(expectedOwner);
    return calls.call(
        "purge",
        connection -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.RECORD_PURGE))) {
            statement.setBytes(1, stored.hash());
            statement.setInt(2, expectedOwner == null ? 1 : 0);
            statement.setBytes(3, ownerBytes);
            try (ResultSet row = statement.executeQuery()) {
              return row.next() ? Optional.of(snapshot(row, false)) : Optional.empty();
            }
          }
        });
  }

  @Override
  public List<IdempotencyRecordSnapshot> inFlight(long minAgeMillis, int limit) {
    StoreLimits.requireListing(minAgeMillis, limit);
    // now - minAge must not overflow BIGINT in MariaDB; no claim is 2^62 ms old
    long minAge = Math.min(minAgeMillis, Long.MAX_VALUE / 2);
    return calls.call(
        "inFlight",
        connection -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.RECORDS_IN_FLIGHT))) {
            statement.setLong(1, minAge);
            statement.setInt(2, limit);
            try (ResultSet row = statement.executeQuery()) {
              List<IdempotencyRecordSnapshot> records = new ArrayList<>();
              while (row.next()) {
                records.add(snapshot(row, false));
              }
              return List.copyOf(records);
            }
          }
        });
  }

  /** A row of {@code MariaDbSql.RECORD_COLUMNS}, and its {@code payload} when asked for. */
  private static IdempotencyRecordSnapshot snapshot(ResultSet row, boolean withPayload)
      throws SQLException {
    byte[] owner = row.getBytes("owner");
    long inFlightMillis = row.getLong("in_flight_ms");
    Optional<Duration> inFlightFor =
        row.wasNull() ? Optional.empty() : Optional.of(Duration.ofMillis(inFlightMillis));
    Optional<byte[]> payload =
        withPayload ? Optional.ofNullable(row.getBytes("payload")) : Optional.empty();
    return new IdempotencyRecordSnapshot(
        new String(row.getBytes("record_key"), UTF_8),
        owner == null ? IdempotencyRecordState.COMPLETED : IdempotencyRecordState.IN_FLIGHT,
        new String(row.getBytes("fingerprint"), UTF_8),
        Optional.ofNullable(owner).map(bytes -> new String(bytes, UTF_8)),
        owner == null ? Optional.empty() : inFlightFor,
        Duration.ofMillis(row.getLong("expires_in_ms")),
        payload);
  }

  /**
   * Deletes expired records, {@code batch} per statement (and transaction), oldest first, until
   * none is left. No store method deletes rows: call it from a scheduled job on one instance, e.g.
   * hourly. A record taken over meanwhile is live again and stays.
   *
   * @param batch the most rows one {@code DELETE} removes, 1 or more
   * @return how many records were deleted
   * @throws StoreUnavailableException when MariaDB cannot be reached
   * @throws IllegalArgumentException when {@code batch} is below 1
   */
  public long pruneExpired(int batch) {
    return Pruning.prune(
        calls,
        "pruneExpired",
        batch,
        (connection, limit) -> {
          try (PreparedStatement statement =
              connection.prepareStatement(calls.bounded(MariaDbSql.IDEMPOTENCY_PRUNE))) {
            statement.setInt(1, limit);
            return statement.executeUpdate();
          }
        });
  }
}
