package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.admin.LockSnapshot;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.testservers.RedisTestServer;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.PooledConnectionProvider;

/**
 * The scripts are safe to run twice: a client that re-sends a command after its connection was
 * reset, although Redis ran it, gets the first run's answer to an acquire or a complete, and an
 * operator's write never touches what another owner took in between. Jedis's Cluster client does
 * that ({@code ClusterCommandExecutor} tries a command again on a {@code
 * JedisConnectionException}); so does the retrying executor of a {@link UnifiedJedis} built with a
 * number of attempts, which these tests use, through a {@link LostReplyProxy} that drops the reply
 * to the first send.
 */
class RedisResentCommandTest {

  private static final long TTL = Duration.ofSeconds(30).toMillis();
  private static final String FP = "sha-256:resent";

  private static LostReplyProxy proxy;
  private static UnifiedJedis resending;
  private static JedisPooled direct;

  private final String prefix = TestClients.uniquePrefix("resent");
  private final RedisLockStore locks = new RedisLockStore(resending, prefix);
  private final RedisIdempotencyStore records = new RedisIdempotencyStore(resending, prefix);
  private final RedisLockStore otherLocks = new RedisLockStore(direct, prefix);
  private final RedisIdempotencyStore otherRecords = new RedisIdempotencyStore(direct, prefix);

  @BeforeAll
  static void connect() {
    URI redis = RedisTestServer.get().url();
    proxy = new LostReplyProxy(redis);
    direct = TestClients.pooled(redis, 4);
    URI url = proxy.url();
    resending =
        new UnifiedJedis(
            new PooledConnectionProvider(
                new HostAndPort(url.getHost(), url.getPort()),
                DefaultJedisClientConfig.builder()
                    .connectionTimeoutMillis(2000)
                    .socketTimeoutMillis(2000)
                    .build()),
            3,
            Duration.ofSeconds(10));
  }

  @AfterAll
  static void disconnect() {
    resending.close();
    direct.close();
    proxy.close();
  }

  @Test
  void a_re_sent_lock_acquire_returns_the_token_its_first_send_drew() {
    locks.acquire("warm-up", "warm-up", TTL); // loads the script, so the first send runs it
    proxy.loseReplyTo(RedisScript.LOCK_ACQUIRE.sha1(), () -> {});

    OptionalLong token = locks.acquire("job", "owner-1", TTL);

    assertThat(proxy.lostReplies()).isOne();
    LockSnapshot held = otherLocks.lock("job").orElseThrow();
    assertThat(held.owner()).isEqualTo("owner-1");
    assertThat(token).hasValue(held.fencingToken());
    assertThat(held.expiresIn()).isGreaterThan(Duration.ofMillis(TTL - 5_000));
  }

  @Test
  void a_re_sent_idempotency_acquire_is_acquired() {
    records.acquire("warm-up", "warm-up", FP, TTL);
    proxy.loseReplyTo(RedisScript.IDEMPOTENCY_ACQUIRE.sha1(), () -> {});

    AcquireResult result = records.acquire("order", "attempt-1", FP, TTL);

    assertThat(proxy.lostReplies()).isOne();
    assertThat(result).isInstanceOf(AcquireResult.Acquired.class);
    assertThat(otherRecords.record("order", false).orElseThrow().owner()).contains("attempt-1");
  }

  @Test
  void a_re_sent_completion_is_stored() {
    records.acquire("warm-up", "warm-up", FP, TTL);
    records.complete("warm-up", "warm-up", "{}".getBytes(UTF_8), TTL); // loads the script
    records.acquire("order", "attempt-1", FP, TTL);
    proxy.loseReplyTo(RedisScript.IDEMPOTENCY_COMPLETE.sha1(), () -> {});

    boolean stored = records.complete("order", "attempt-1", "{}".getBytes(UTF_8), TTL);

    assertThat(proxy.lostReplies()).isOne();
    assertThat(stored).isTrue();
    IdempotencyRecordSnapshot record = otherRecords.record("order", true).orElseThrow();
    assertThat(record.state()).isEqualTo(IdempotencyRecordState.COMPLETED);
    assertThat(record.owner()).isEmpty();
  }

  @Test
  void a_re_sent_force_release_leaves_the_lock_another_owner_took_meanwhile() {
    locks.acquire("job", "hung", TTL);
    locks.lock("job"); // loads the script
    proxy.loseReplyTo(
        RedisScript.LOCK_INSPECT.sha1(), () -> otherLocks.acquire("job", "next", TTL));

    Optional<LockSnapshot> released = locks.forceRelease("job", "hung");

    assertThat(proxy.lostReplies()).isOne();
    assertThat(otherLocks.lock("job").map(LockSnapshot::owner)).contains("next");
    assertThat(released).isEmpty();
  }

  @Test
  void a_re_sent_purge_leaves_the_record_another_attempt_claimed_meanwhile() {
    records.acquire("order", "hung", FP, TTL);
    records.record("order", false); // loads the script
    proxy.loseReplyTo(
        RedisScript.IDEMPOTENCY_INSPECT.sha1(),
        () -> otherRecords.acquire("order", "retry", FP, TTL));

    Optional<IdempotencyRecordSnapshot> purged = records.purge("order", "hung");

    assertThat(proxy.lostReplies()).isOne();
    assertThat(otherRecords.record("order", false).flatMap(IdempotencyRecordSnapshot::owner))
        .contains("retry");
    assertThat(purged).isEmpty();
  }

  @Test
  void a_re_sent_lock_release_leaves_the_lock_another_owner_took_meanwhile() {
    locks.acquire("job", "done", TTL);
    locks.acquire("warm-up", "warm-up", TTL);
    locks.release("warm-up", "warm-up"); // loads the script
    proxy.loseReplyTo(
        RedisScript.LOCK_RELEASE.sha1(), () -> otherLocks.acquire("job", "next", TTL));

    boolean released = locks.release("job", "done");

    assertThat(proxy.lostReplies()).isOne();
    assertThat(otherLocks.lock("job").map(LockSnapshot::owner)).contains("next");
    assertThat(released).as("the re-send finds no lock of its owner (documented)").isFalse();
  }

  @Test
  void a_re_sent_idempotency_release_leaves_the_claim_another_attempt_took_meanwhile() {
    records.acquire("order", "failed", FP, TTL);
    records.acquire("warm-up", "warm-up", FP, TTL);
    records.release("warm-up", "warm-up"); // loads the script
    proxy.loseReplyTo(
        RedisScript.IDEMPOTENCY_RELEASE.sha1(),
        () -> otherRecords.acquire("order", "retry", FP, TTL));

    boolean released = records.release("order", "failed");

    assertThat(proxy.lostReplies()).isOne();
    assertThat(otherRecords.record("order", false).flatMap(IdempotencyRecordSnapshot::owner))
        .contains("retry");
    assertThat(released).as("the re-send finds no claim of its owner (documented)").isFalse();
  }

  @Test
  void an_acquire_that_finds_its_own_lock_answers_its_token_and_sets_the_ttl_it_asks_for() {
    long token = otherLocks.acquire("own", "owner-1", 1_000).orElseThrow();

    OptionalLong again = otherLocks.acquire("own", "owner-1", TTL);

    assertThat(again).hasValue(token);
    assertThat(otherLocks.lock("own").orElseThrow().expiresIn())
        .isGreaterThan(Duration.ofMillis(TTL - 5_000));
  }

  @Test
  void an_acquire_that_finds_its_own_claim_under_another_fingerprint_is_in_flight() {
    otherRecords.acquire("own", "attempt-1", FP, TTL);

    AcquireResult again = otherRecords.acquire("own", "attempt-1", "sha-256:other", TTL);

    assertThat(again).isEqualTo(new AcquireResult.InFlight(FP));
  }
}
