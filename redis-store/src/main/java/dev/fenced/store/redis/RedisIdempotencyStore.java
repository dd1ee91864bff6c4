package dev.fenced.store.redis;

import static dev.fenced.store.redis.RedisScripts.ok;
import static dev.fenced.store.redis.RedisScripts.owner;
import static dev.fenced.store.redis.RedisScripts.ttl;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.IdempotencyRecordAdministration;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import redis.clients.jedis.UnifiedJedis;

/**
 * An {@link IdempotencyStore} in Redis: each record is a hash {@code <prefix>idem:{<key>}} with the
 * fields {@code state} ({@code locked} or {@code completed}), {@code fp}, {@code owner}, {@code
 * since} (the claim time, for operators) and {@code payload}, expiring by {@code PEXPIRE} on the
 * server's clock; every record has an expiry, since a ttl outside 1..{@link
 * StoreLimits#MAX_TTL_MILLIS} is refused before Redis is called (and again by the script, before it
 * writes). Each method is one Lua script run with one {@code EVALSHA}, so it decides atomically;
 * every script touches one key, so Redis Cluster works.
 *
 * <p>The client is shared and thread-safe ({@code JedisPooled}, {@code JedisCluster}, or any {@link
 * UnifiedJedis}); the store never closes it. Give each service its own {@code keyPrefix} (e.g.
 * {@code "orders:fenced:"}) when several share one Redis.
 *
 * <p><b>Safe to run twice.</b> A client may send one call twice: Jedis's Cluster client (and any
 * {@link UnifiedJedis} built with retries) sends a command again when its connection was reset,
 * though the server may have run it. Owners are random per attempt, so a call that finds its own
 * owner's work is that call sent again, and answers as the first run did: an {@link #acquire} that
 * finds its own claim (same fingerprint) is acquired, with the lock ttl it asks for; a {@link
 * #complete} that finds its own outcome stored is stored (a completed record keeps, unshown, the
 * owner that completed it); {@link #purge} deletes only the record the operator saw, never a claim
 * taken in between. A re-sent {@link #extend} extends again; a re-sent {@link #release} finds
 * nothing and answers {@code false}.
 *
 * <p><b>Waking waiting duplicates</b> ({@link ClaimEndSignals}). A {@link #watch} subscribes, once
 * per store object, to the channel {@code <prefix>claim-ended} on a connection of the client that
 * it holds until {@link #close}, then marks the record in flight as waited for (a field {@code
 * waiter}); {@link #complete}, {@link #release} and {@link #purge} publish the record's name on
 * that channel when they end a claim so marked, in the script that ends it. Ending a claim that
 * nobody waits for publishes nothing, and costs nothing more than reading one more field. In a
 * Redis Cluster a {@code PUBLISH} reaches every node, so the subscription to any one node hears the
 * ends on all of them. An expiring claim publishes nothing: the waiter's poll finds it.
 */
public final class RedisIdempotencyStore
    implements IdempotencyStore, IdempotencyRecordAdministration, ClaimEndSignals, AutoCloseable {

  /** How long a {@link #watch} waits by default for Redis to confirm the subscription. */
  public static final Duration DEFAULT_WATCH_TIMEOUT = Duration.ofSeconds(2);

  private static final String KIND = "idem";

  /** Records of an earlier build, whose claim time is unknown, count as oldest. */
  private static final Comparator<IdempotencyRecordSnapshot> OLDEST_FIRST =
      Comparator.comparing(
              (IdempotencyRecordSnapshot r) ->
                  r.inFlightFor().orElse(Duration.ofMillis(Long.MAX_VALUE)))
          .reversed();

  private final RedisScripts scripts;
  private final RedisKeys keys;
  private final ClaimEndListener claimEnds;

  /**
   * Creates a store on a client that its caller owns and closes, whose watches wait at most {@link
   * #DEFAULT_WATCH_TIMEOUT} for their subscription.
   *
   * @param jedis the client
   * @param keyPrefix put before every key name; may be empty, must not contain a brace
   * @throws IllegalArgumentException when the prefix contains <code>{</code> or <code>}</code>
   */
  public RedisIdempotencyStore(UnifiedJedis jedis, String keyPrefix) {
    this(jedis, keyPrefix, DEFAULT_WATCH_TIMEOUT);
  }

  /**
   * Creates a store on a client that its caller owns and closes.
   *
   * @param jedis the client
   * @param keyPrefix put before every key name; may be empty, must not contain a brace
   * @param watchTimeout how long a {@link #watch} waits for Redis to confirm the subscription (e.g.
   *     the client's read timeout)
   * @throws IllegalArgumentException when the prefix contains <code>{</code> or <code>}</code>
   */
  public RedisIdempotencyStore(UnifiedJedis jedis, String keyPrefix, Duration watchTimeout) {
    this.scripts = new RedisScripts(jedis, "RedisIdempotencyStore");
    this.keys = new RedisKeys(keyPrefix);
    this.claimEnds =
        new ClaimEndListener(
            jedis, keys.claimEndChannel(), Objects.requireNonNull(watchTimeout, "watchTimeout"));
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when the key is empty, a string is not valid Unicode or the
   *     ttl is outside 1..{@link dev.fenced.store.spi.StoreLimits#MAX_TTL_MILLIS}
   */
  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    Object reply =
        scripts.run(
            RedisScript.IDEMPOTENCY_ACQUIRE,
            List.of(keys.name(KIND, key)),
            List.of(owner(owner), RedisKeys.utf8(fingerprint, "fingerprint"), ttl(lockTtlMillis)));
    List<?> parts = (List<?>) reply;
    String outcome = new String((byte[]) parts.get(0), US_ASCII);
    return switch (outcome) {
      case "acquired" -> new AcquireResult.Acquired();
      case "in-flight" -> new AcquireResult.InFlight(new String((byte[]) parts.get(1), UTF_8));
      case "completed" ->
          new AcquireResult.Completed(
              new String((byte[]) parts.get(1), UTF_8), (byte[]) parts.get(2));
      default -> throw new IllegalStateException("unexpected reply from Redis: " + outcome);
    };
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    Objects.requireNonNull(payload, "payload");
    return ok(
        scripts.run(
            RedisScript.IDEMPOTENCY_COMPLETE,
            List.of(keys.name(KIND, key)),
            List.of(owner(owner), payload.clone(), ttl(ttlMillis))));
  }

  @Override
  public boolean release(String key, String owner) {
    return ok(
        scripts.run(
            RedisScript.IDEMPOTENCY_RELEASE, List.of(keys.name(KIND, key)), List.of(owner(owner))));
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return ok(
        scripts.run(
            RedisScript.IDEMPOTENCY_EXTEND,
            List.of(keys.name(KIND, key)),
            List.of(owner(owner), ttl(lockTtlMillis))));
  }

  /**
   * {@inheritDoc}
   *
   * <p>The first watch of this store object subscribes (see the class's description) and returns
   * once Redis confirmed the subscription; then the record, if it is in flight, is marked as waited
   * for with one script ({@code idempotency-watch.lua}). A record that is not in flight is left as
   * it is: there is no claim to wait for, and the caller's next look finds that.
   *
   * @throws StoreUnavailableException when Redis cannot be reached, does not confirm the
   *     subscription within the watch timeout, or the subscription's connection broke and is being
   *     made again
   */
  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    Objects.requireNonNull(wakeUp, "wakeUp");
    byte[] name = keys.name(KIND, key);
    ClaimWatch watch = claimEnds.listen(new String(name, UTF_8), wakeUp);
    try {
      scripts.run(RedisScript.IDEMPOTENCY_WATCH, List.of(name), List.of());
    } catch (RuntimeException e) {
      watch.close();
      throw e;
    }
    return watch;
  }

  /**
   * Ends the subscription of {@link #watch}, if one started it, and its thread; the client stays
   * open (its owner closes it). A watch after it throws {@link StoreUnavailableException}.
   */
  @Override
  public void close() {
    claimEnds.close();
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> record(String key, boolean withOutcome) {
    return inspect(keys.name(KIND, key), withOutcome);
  }

  @Override
  public Optional<IdempotencyRecordSnapshot> purge(String key, String expectedOwner) {
    List<byte[]> expected =
        expectedOwner == null
            ? List.of(flag(false), flag(true), "completed".getBytes(US_ASCII))
            : List.of(flag(false), flag(true), "locked".getBytes(US_ASCII), owner(expectedOwner));
    return snapshot(keys.name(KIND, key), false, expected);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Walks the store's record names with {@code SCAN} and reads each with one script, so it costs
   * a round trip per record: an operator's tool. On a Cluster it walks every primary.
   */
  @Override
  public List<IdempotencyRecordSnapshot> inFlight(long minAgeMillis, int limit) {
    StoreLimits.requireListing(minAgeMillis, limit);
    Duration minAge = Duration.ofMillis(minAgeMillis);
    return scripts.scan(keys.pattern(KIND)).stream()
        .map(name -> inspect(name, false))
        .flatMap(Optional::stream)
        .filter(r -> r.state() != IdempotencyRecordState.COMPLETED)
        .filter(r -> r.inFlightFor().map(age -> age.compareTo(minAge) >= 0).orElse(true))
        .sorted(OLDEST_FIRST)
        .limit(limit)
        .toList();
  }

  private Optional<IdempotencyRecordSnapshot> inspect(byte[] name, boolean withOutcome) {
    return snapshot(name, withOutcome, List.of(flag(withOutcome), flag(false)));
  }

  private Optional<IdempotencyRecordSnapshot> snapshot(
      byte[] name, boolean withOutcome, List<byte[]> args) {
    Object reply = scripts.run(RedisScript.IDEMPOTENCY_INSPECT, List.of(name), args);
    if (reply == null) {
      return Optional.empty();
    }
    List<?> parts = (List<?>) reply;
    boolean completed = "completed".equals(new String((byte[]) parts.get(0), US_ASCII));
    String owner = new String((byte[]) parts.get(2), UTF_8);
    long inFlightMillis = (Long) parts.get(3);
    byte[] payload = (byte[]) parts.get(5);
    return Optional.of(
        new IdempotencyRecordSnapshot(
            RedisKeys.keyOf(new String(name, UTF_8)),
            completed ? IdempotencyRecordState.COMPLETED : IdempotencyRecordState.IN_FLIGHT,
            new String((byte[]) parts.get(1), UTF_8),
            owner.isEmpty() ? Optional.empty() : Optional.of(owner),
            inFlightMillis < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(inFlightMillis)),
            Duration.ofMillis((Long) parts.get(4)),
            withOutcome && completed ? Optional.of(payload) : Optional.empty()));
  }

  private static byte[] flag(boolean on) {
    return (on ? "1" : "0").getBytes(US_ASCII);
  }
}
