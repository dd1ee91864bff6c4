package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.store.spi.StoreLimits;
import dev.fenced.testservers.RedisTestServer;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * A ttl outside 1..{@link StoreLimits#MAX_TTL_MILLIS} never leaves a key without expiry: the stores
 * refuse it before they call Redis, and each script refuses it before its first write (Redis does
 * not undo the writes of a script that fails halfway, so a script that wrote before a failing
 * {@code PEXPIRE} left a record or lock that never expired).
 */
class RedisTtlBoundsTest {

  private static final long TTL = Duration.ofMinutes(5).toMillis();
  private static final byte[] OWNER = "owner".getBytes(UTF_8);
  private static final byte[] COUNTER_KEPT = bytes(RedisLockStore.COUNTER_KEPT_MILLIS);

  private static JedisPooled client;
  private static RedisKeys keys;

  @BeforeAll
  static void connect() {
    client = TestClients.pooled(RedisTestServer.get().url(), 4);
    keys = new RedisKeys(TestClients.uniquePrefix("ttl-bounds"));
  }

  @AfterAll
  static void disconnect() {
    client.close();
  }

  static LongStream badTtlMillis() {
    return LongStream.of(-1, 0, StoreLimits.MAX_TTL_MILLIS + 1, Long.MAX_VALUE);
  }

  /** The bad ttls in milliseconds, and numbers that {@code PEXPIRE} would not take. */
  static Stream<String> badTtls() {
    return Stream.concat(badTtlMillis().mapToObj(Long::toString), Stream.of("1e3", "10.5", ""));
  }

  @ParameterizedTest
  @MethodSource("badTtls")
  void the_idempotency_acquire_script_refuses_a_bad_ttl_and_writes_nothing(String ttl) {
    byte[] record = keys.name("idem", "acquire-" + ttl);

    assertRefused(RedisScript.IDEMPOTENCY_ACQUIRE, List.of(record), OWNER, bytes("fp"), bytes(ttl));
    assertThat(client.pttl(record)).as("PTTL of the record").isEqualTo(-2);
  }

  @ParameterizedTest
  @MethodSource("badTtls")
  void the_lock_acquire_script_refuses_a_bad_ttl_and_writes_nothing(String ttl) {
    byte[] lock = keys.name("lock", "acquire-" + ttl);
    byte[] counter = keys.name("token", "acquire-" + ttl);

    assertRefused(
        RedisScript.LOCK_ACQUIRE, List.of(lock, counter), OWNER, bytes(ttl), COUNTER_KEPT);
    assertThat(client.pttl(lock)).as("PTTL of the lock").isEqualTo(-2);
    assertThat(client.pttl(counter)).as("PTTL of the token counter").isEqualTo(-2);
  }

  @ParameterizedTest
  @MethodSource("badTtls")
  void the_complete_script_refuses_a_bad_ttl_and_leaves_the_lock_as_it_was(String ttl) {
    byte[] record = keys.name("idem", "complete-" + ttl);
    run(RedisScript.IDEMPOTENCY_ACQUIRE, List.of(record), OWNER, bytes("fp"), bytes(TTL));

    assertRefused(
        RedisScript.IDEMPOTENCY_COMPLETE, List.of(record), OWNER, bytes("payload"), bytes(ttl));
    assertThat(client.hget(record, bytes("state"))).isEqualTo(bytes("locked"));
    assertThat(client.pttl(record)).as("PTTL of the record").isBetween(1L, TTL);
  }

  @ParameterizedTest
  @MethodSource("badTtls")
  void the_extend_script_refuses_a_bad_ttl_and_leaves_the_expiry_as_it_was(String ttl) {
    byte[] record = keys.name("idem", "extend-" + ttl);
    run(RedisScript.IDEMPOTENCY_ACQUIRE, List.of(record), OWNER, bytes("fp"), bytes(TTL));

    assertRefused(RedisScript.IDEMPOTENCY_EXTEND, List.of(record), OWNER, bytes(ttl));
    assertThat(client.pttl(record)).as("PTTL of the record").isBetween(1L, TTL);
  }

  @ParameterizedTest
  @MethodSource("badTtls")
  void the_renew_script_refuses_a_bad_ttl_and_leaves_the_expiry_as_it_was(String ttl) {
    byte[] lock = keys.name("lock", "renew-" + ttl);
    run(
        RedisScript.LOCK_ACQUIRE,
        List.of(lock, keys.name("token", "renew-" + ttl)),
        OWNER,
        bytes(TTL),
        COUNTER_KEPT);

    assertRefused(RedisScript.LOCK_RENEW, List.of(lock), OWNER, bytes(ttl));
    assertThat(client.pttl(lock)).as("PTTL of the lock").isBetween(1L, TTL);
  }

  @Test
  void the_scripts_accept_the_maximum_ttl_and_set_it() {
    byte[] record = keys.name("idem", "max");
    byte[] lock = keys.name("lock", "max");

    run(
        RedisScript.IDEMPOTENCY_ACQUIRE,
        List.of(record),
        OWNER,
        bytes("fp"),
        bytes(StoreLimits.MAX_TTL_MILLIS));
    run(
        RedisScript.LOCK_ACQUIRE,
        List.of(lock, keys.name("token", "max")),
        OWNER,
        bytes(StoreLimits.MAX_TTL_MILLIS),
        COUNTER_KEPT);

    long floor = StoreLimits.MAX_TTL_MILLIS - Duration.ofMinutes(1).toMillis();
    assertThat(client.pttl(record)).isBetween(floor, StoreLimits.MAX_TTL_MILLIS);
    assertThat(client.pttl(lock)).isBetween(floor, StoreLimits.MAX_TTL_MILLIS);
  }

  /** On a port where nothing listens: a call that reached Redis would fail as unavailable. */
  @ParameterizedTest
  @MethodSource("badTtlMillis")
  void every_store_method_refuses_a_bad_ttl_before_calling_redis(long ttl) {
    try (JedisPooled nowhere = TestClients.pooled(URI.create("redis://127.0.0.1:1"), 1)) {
      RedisStore store = new RedisStore(nowhere, "nowhere:");
      List<ThrowingCallable> calls = new ArrayList<>();
      calls.add(() -> store.acquire("k", "owner", "fp", ttl));
      calls.add(() -> store.complete("k", "owner", new byte[] {1}, ttl));
      calls.add(() -> store.extend("k", "owner", ttl));
      calls.add(() -> store.acquire("k", "owner", ttl));
      calls.add(() -> store.renew("k", "owner", ttl));
      for (ThrowingCallable call : calls) {
        assertThatThrownBy(call)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(Long.toString(StoreLimits.MAX_TTL_MILLIS));
      }
    }
  }

  private static void assertRefused(RedisScript script, List<byte[]> keyNames, byte[]... args) {
    assertThatThrownBy(() -> client.eval(script.source(), keyNames, List.of(args)))
        .isInstanceOf(JedisDataException.class)
        .hasMessageStartingWith(RedisScripts.TTL_REFUSED);
  }

  private static Object run(RedisScript script, List<byte[]> keyNames, byte[]... args) {
    return client.eval(script.source(), keyNames, List.of(args));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(UTF_8);
  }

  private static byte[] bytes(long number) {
    return bytes(Long.toString(number));
  }
}
