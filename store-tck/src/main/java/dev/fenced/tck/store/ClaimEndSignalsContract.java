package dev.fenced.tck.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult.Acquired;
import dev.fenced.idempotency.spi.AcquireResult.Completed;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The contract of a store that wakes waiting duplicates ({@link ClaimEndSignals}), as JUnit 5
 * tests. Run it next to {@link IdempotencyStoreContract}: extend it and implement {@link #store()}
 * and {@link #otherInstance()}.
 *
 * <pre>{@code
 * class MyClaimEndSignalsTest extends ClaimEndSignalsContract<MyStore> {
 *   protected MyStore store() { return MyStores.shared(); }
 *   protected MyStore otherInstance() { return MyStores.secondInstance(); }
 * }
 * }</pre>
 *
 * <p>The watch is opened on {@link #store()}; the claim ends on {@link #otherInstance()}, a second
 * store object with connections of its own on the same data, as on another application server. A
 * wake-up is awaited for at most {@link #signalWithin()}, far below the 10 minute claims the tests
 * hold, so only a signal (never an expiry) can end the wait in time. The hooks of {@link
 * StoreContractSupport} apply.
 *
 * @param <S> the store under test, both SPIs
 */
public abstract class ClaimEndSignalsContract<S extends IdempotencyStore & ClaimEndSignals>
    extends StoreContractSupport {

  private static final String FP = "sha-256:signals";
  private static final byte[] OUTCOME = "{\"status\":201}".getBytes(UTF_8);

  /** The system property that sets {@link #signalWithin()}, in milliseconds. */
  public static final String SIGNAL_WITHIN_PROPERTY = "fenced.tck.signal-within-millis";

  /**
   * The store under test, on which the watches are opened; called at the start of every test.
   *
   * @return the store
   */
  protected abstract S store();

  /**
   * A second instance of the store on the same data, with connections of its own (another
   * application server's); the claims end here.
   *
   * @return the other instance
   */
  protected abstract IdempotencyStore otherInstance();

  /**
   * How long a wake-up may take after the claim ended.
   *
   * @return the system property {@value #SIGNAL_WITHIN_PROPERTY}, or 5 s
   */
  protected Duration signalWithin() {
    return Duration.ofMillis(Long.getLong(SIGNAL_WITHIN_PROPERTY, 5_000));
  }

  @Test
  void a_watch_is_woken_when_another_instance_completes_the_claim() throws Exception {
    S store = store();
    IdempotencyStore other = otherInstance();
    String key = key("completed");
    String owner = owner("first");
    assertThat(other.acquire(key, owner, FP, longTtl())).isEqualTo(new Acquired());
    CompletableFuture<Void> woken = new CompletableFuture<>();

    try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
      assertThat(other.complete(key, owner, OUTCOME, longTtl())).isTrue();

      woken.get(signalWithin().toMillis(), TimeUnit.MILLISECONDS);
      assertThat(store.acquire(key, owner("waiter"), FP, longTtl()))
          .as("what an acquire sees once the watch is woken")
          .isEqualTo(new Completed(FP, OUTCOME));
    }
  }

  @Test
  void a_watch_is_woken_when_another_instance_releases_the_claim() throws Exception {
    S store = store();
    IdempotencyStore other = otherInstance();
    String key = key("released");
    String owner = owner("first");
    assertThat(other.acquire(key, owner, FP, longTtl())).isEqualTo(new Acquired());
    CompletableFuture<Void> woken = new CompletableFuture<>();

    try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
      assertThat(other.release(key, owner)).isTrue();

      woken.get(signalWithin().toMillis(), TimeUnit.MILLISECONDS);
      assertThat(store.acquire(key, owner("waiter"), FP, longTtl())).isEqualTo(new Acquired());
    }
  }

  @Test
  void a_watch_on_the_instance_that_ends_the_claim_is_woken_too() throws Exception {
    S store = store();
    String key = key("same-instance");
    String owner = owner("first");
    assertThat(store.acquire(key, owner, FP, longTtl())).isEqualTo(new Acquired());
    CompletableFuture<Void> woken = new CompletableFuture<>();

    try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
      assertThat(store.complete(key, owner, OUTCOME, longTtl())).isTrue();

      woken.get(signalWithin().toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Test
  void every_watch_on_a_key_is_woken_by_its_end() throws Exception {
    S store = store();
    IdempotencyStore other = otherInstance();
    String key = key("two-waiters");
    String owner = owner("first");
    other.acquire(key, owner, FP, longTtl());
    CompletableFuture<Void> first = new CompletableFuture<>();
    CompletableFuture<Void> second = new CompletableFuture<>();

    try (ClaimWatch one = store.watch(key, () -> first.complete(null));
        ClaimWatch two = store.watch(key, () -> second.complete(null))) {
      other.complete(key, owner, OUTCOME, longTtl());

      CompletableFuture.allOf(first, second).get(signalWithin().toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Test
  void a_closed_watch_is_never_woken() throws Exception {
    S store = store();
    IdempotencyStore other = otherInstance();
    String closedKey = key("closed");
    String openKey = key("still-open");
    String owner = owner("first");
    other.acquire(closedKey, owner, FP, longTtl());
    other.acquire(openKey, owner, FP, longTtl());
    AtomicInteger closedWakeUps = new AtomicInteger();
    CompletableFuture<Void> openWoken = new CompletableFuture<>();

    ClaimWatch closed = store.watch(closedKey, closedWakeUps::incrementAndGet);
    closed.close();
    closed.close();
    try (ClaimWatch open = store.watch(openKey, () -> openWoken.complete(null))) {
      other.complete(closedKey, owner, OUTCOME, longTtl());
      other.complete(openKey, owner, OUTCOME, longTtl());

      // the open watch's signal left after the closed one's: once it arrived, the other had its
      // chance to arrive too
      openWoken.get(signalWithin().toMillis(), TimeUnit.MILLISECONDS);
      assertThat(closedWakeUps).as("wake-ups of the closed watch").hasValue(0);
    }
  }
}
