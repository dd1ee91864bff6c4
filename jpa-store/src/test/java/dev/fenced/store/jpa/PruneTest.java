package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.testservers.Await;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code prune(limit)} deletes expired rows in batches and nothing else, on both providers and
 * through the combined store behind the {@code jpa} bean. Expiry is PostgreSQL's clock: the tests
 * wait past a short ttl.
 */
class PruneTest {

  private static final long SHORT_TTL_MILLIS = 200;
  private static final long LONG_TTL_MILLIS = 60_000;
  private static final long PAST_EXPIRY_MILLIS = 600;

  /** A short lock prune grace, so the tests wait it out; it still exceeds the query timeout. */
  private static final StoreSettings SHORT_GRACE = new StoreSettings(1_000, 1_500);

  private static final long PAST_LOCK_GRACE_MILLIS = SHORT_TTL_MILLIS + 1_500 + 400;

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void pruning_records_deletes_every_expired_record_in_batches_and_keeps_the_live_ones(
      Provider provider) throws InterruptedException {
    EntityManagerFactory factory = UNITS.get(provider);
    JpaIdempotencyStore store = new JpaIdempotencyStore(factory);
    List<String> expiring = keys("prune-expiring", 5);
    expiring.forEach(key -> completed(store, key, SHORT_TTL_MILLIS));
    String completed = completed(store, key("prune-completed"), LONG_TTL_MILLIS);
    String inFlight = key("prune-in-flight");
    store.acquire(inFlight, "owner", "fp", LONG_TTL_MILLIS);

    Thread.sleep(PAST_EXPIRY_MILLIS);
    int deleted = store.prune(2);

    assertThat(deleted).isGreaterThanOrEqualTo(expiring.size());
    assertThat(expiring)
        .allSatisfy(key -> assertThat(rows(factory, "fenced_idempotency", key)).isZero());
    assertThat(rows(factory, "fenced_idempotency", completed)).isOne();
    assertThat(rows(factory, "fenced_idempotency", inFlight)).isOne();
    assertThat(store.acquire(completed, "other", "fp", LONG_TTL_MILLIS))
        .isInstanceOf(AcquireResult.Completed.class);
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void pruning_locks_deletes_expired_locks_keeps_live_ones_and_tokens_keep_growing(
      Provider provider) throws InterruptedException {
    EntityManagerFactory factory = UNITS.get(provider);
    JpaLockStore store = new JpaLockStore(new ResourceLocalTransactions(factory), SHORT_GRACE);
    List<String> expiring = keys("prune-lock-expiring", 5);
    long lastToken =
        expiring.stream()
            .mapToLong(key -> store.acquire(key, "owner", SHORT_TTL_MILLIS).getAsLong())
            .max()
            .getAsLong();
    String live = key("prune-lock-live");
    store.acquire(live, "owner", LONG_TTL_MILLIS);

    Thread.sleep(PAST_LOCK_GRACE_MILLIS);
    int deleted = store.prune(2);

    assertThat(deleted).isGreaterThanOrEqualTo(expiring.size());
    assertThat(expiring).allSatisfy(key -> assertThat(rows(factory, "fenced_locks", key)).isZero());
    assertThat(rows(factory, "fenced_locks", live)).isOne();
    assertThat(store.renew(live, "owner", LONG_TTL_MILLIS)).isTrue();
    OptionalLong again = store.acquire(expiring.get(0), "next", LONG_TTL_MILLIS);
    assertThat(again).isPresent();
    assertThat(again.getAsLong()).isGreaterThan(lastToken);
  }

  @Test
  void the_combined_store_behind_the_jpa_bean_prunes_records_and_locks()
      throws InterruptedException {
    EntityManagerFactory factory = UNITS.get(Provider.HIBERNATE);
    JpaStore store = new JpaStore(new ResourceLocalTransactions(factory), SHORT_GRACE);
    String record = key("prune-combined-record");
    String lock = key("prune-combined-lock");
    store.acquire(record, "owner-a", "fp", SHORT_TTL_MILLIS);
    store.acquire(lock, "owner-b", SHORT_TTL_MILLIS);

    Thread.sleep(PAST_LOCK_GRACE_MILLIS);

    assertThat(store.pruneRecords(100, Duration.ZERO)).isGreaterThanOrEqualTo(1);
    assertThat(store.pruneLocks(100, Duration.ZERO)).isGreaterThanOrEqualTo(1);
    assertThat(rows(factory, "fenced_idempotency", record)).isZero();
    assertThat(rows(factory, "fenced_locks", lock)).isZero();
  }

  @Test
  void a_prune_with_a_pause_between_batches_still_deletes_every_expired_record()
      throws InterruptedException {
    EntityManagerFactory factory = UNITS.get(Provider.HIBERNATE);
    JpaIdempotencyStore store = new JpaIdempotencyStore(factory);
    List<String> expiring = keys("prune-paced", 5);
    expiring.forEach(key -> completed(store, key, SHORT_TTL_MILLIS));

    Thread.sleep(PAST_EXPIRY_MILLIS);
    int deleted = store.prune(2, Duration.ofMillis(5));

    assertThat(deleted).isGreaterThanOrEqualTo(expiring.size());
    assertThat(expiring)
        .allSatisfy(key -> assertThat(rows(factory, "fenced_idempotency", key)).isZero());
  }

  @Test
  void an_interrupt_during_a_pause_ends_the_prune_with_the_rows_it_deleted() throws Exception {
    EntityManagerFactory factory = UNITS.get(Provider.HIBERNATE);
    JpaIdempotencyStore store = new JpaIdempotencyStore(factory);
    keys("prune-interrupted", 3).forEach(key -> completed(store, key, SHORT_TTL_MILLIS));
    Thread.sleep(PAST_EXPIRY_MILLIS);
    CompletableFuture<List<Object>> pruned = new CompletableFuture<>();
    Thread pruner =
        new Thread(
            () -> {
              try {
                int deleted = store.prune(2, Duration.ofMinutes(10));
                pruned.complete(List.of(deleted, Thread.currentThread().isInterrupted()));
              } catch (RuntimeException e) {
                pruned.completeExceptionally(e);
              }
            },
            "pruner");
    pruner.start();
    try {
      // a full first batch of 2 (3 records expired), then the pause: a sleep in the prune's loop
      Await.until(Duration.ofSeconds(15), "the pruner's pause", () -> pausing(pruner));

      pruner.interrupt();

      assertThat(pruned.get(10, TimeUnit.SECONDS))
          .as("rows deleted, and the interrupt status after the prune")
          .containsExactly(2, true);
    } finally {
      pruner.interrupt();
    }
  }

  /** Whether {@code thread} sleeps between two batches of a prune. */
  private static boolean pausing(Thread thread) {
    return thread.getState() == Thread.State.TIMED_WAITING
        && Arrays.stream(thread.getStackTrace())
            .anyMatch(frame -> frame.getMethodName().equals("deleteInBatches"));
  }

  @Test
  void pruning_refuses_a_negative_pause() {
    EntityManagerFactory factory = UNITS.get(Provider.HIBERNATE);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaIdempotencyStore(factory).prune(10, Duration.ofMillis(-1)))
        .withMessageContaining("pause");
  }

  @Test
  void pruning_refuses_a_limit_below_one() {
    EntityManagerFactory factory = UNITS.get(Provider.HIBERNATE);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaIdempotencyStore(factory).prune(0))
        .withMessageContaining("limit");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaLockStore(factory).prune(-1))
        .withMessageContaining("limit");
  }

  private static String completed(JpaIdempotencyStore store, String key, long ttlMillis) {
    assertThat(store.acquire(key, "owner", "fp", LONG_TTL_MILLIS))
        .isInstanceOf(AcquireResult.Acquired.class);
    assertThat(store.complete(key, "owner", new byte[] {1, 2, 3}, ttlMillis)).isTrue();
    return key;
  }

  private static List<String> keys(String prefix, int count) {
    return IntStream.range(0, count).mapToObj(i -> key(prefix + "-" + i)).toList();
  }

  private static String key(String prefix) {
    return prefix + ":" + UUID.randomUUID();
  }

  private static long rows(EntityManagerFactory factory, String table, String key) {
    EntityManager em = factory.createEntityManager();
    try {
      Number count =
          (Number)
              em.createNativeQuery("SELECT count(*) FROM " + table + " WHERE key = ?1")
                  .setParameter(1, key)
                  .getSingleResult();
      return count.longValue();
    } finally {
      em.close();
    }
  }
}
