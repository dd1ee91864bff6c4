package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An instance that stops between a store statement and its {@code COMMIT} (a JVM frozen by {@code
 * SIGSTOP}, a long pause, a partition) does not keep the row locked: PostgreSQL ends its idle
 * transaction after {@link StoreSettings#IDLE_IN_TRANSACTION_TIMEOUT_MILLIS}, another instance goes
 * on, and the stalled call fails closed when it wakes. The other instance's query timeout is 10 s
 * here, so a store without that bound makes it wait past the 5 s the tests allow.
 */
class StalledCommitTest {

  private static final Duration OTHER_QUERY_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration TAKE_OVER_WITHIN = Duration.ofSeconds(5);

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_holder_stalled_before_committing_its_renewal_cannot_keep_its_expired_lease(
      Provider provider) throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    StallingTransactions stalling =
        new StallingTransactions(new ResourceLocalTransactions(factory));
    JpaLockStore holder = new JpaLockStore(stalling, StoreSettings.DEFAULTS);
    JpaLockStore other =
        new JpaLockStore(
            new ResourceLocalTransactions(factory), StoreSettings.of(OTHER_QUERY_TIMEOUT));
    String key = "stalled-renewal:" + UUID.randomUUID();
    OptionalLong first = holder.acquire(key, "holder", 1_000);
    assertThat(first).isPresent();

    CompletableFuture<Boolean> renewal =
        stalling.stallNext(() -> holder.renew(key, "holder", 60_000));
    try {
      Thread.sleep(1_200); // the committed lease (1 s) expires on the store's clock
      CompletableFuture<OptionalLong> takeOver =
          CompletableFuture.supplyAsync(() -> other.acquire(key, "other", 60_000));
      OptionalLong taken = takeOver.get(TAKE_OVER_WITHIN.toSeconds(), TimeUnit.SECONDS);
      assertThat(taken).as("the other instance's acquire while the holder is stalled").isPresent();
      assertThat(taken.getAsLong()).as("its fencing token").isGreaterThan(first.getAsLong());
    } finally {
      stalling.wake();
    }
    assertThatThrownBy(() -> renewal.get(30, TimeUnit.SECONDS))
        .as("the stalled renewal, once it wakes")
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(StoreUnavailableException.class);
    assertThat(other.renew(key, "other", 60_000)).isTrue();
    assertThat(eventually(() -> holder.renew(key, "holder", 60_000))).isFalse();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_claim_stalled_before_its_commit_is_rolled_back_and_another_caller_claims_the_key(
      Provider provider) throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    StallingTransactions stalling =
        new StallingTransactions(new ResourceLocalTransactions(factory));
    JpaIdempotencyStore stalled = new JpaIdempotencyStore(stalling, StoreSettings.DEFAULTS);
    JpaIdempotencyStore other =
        new JpaIdempotencyStore(
            new ResourceLocalTransactions(factory), StoreSettings.of(OTHER_QUERY_TIMEOUT));
    String key = "stalled-claim:" + UUID.randomUUID();

    CompletableFuture<AcquireResult> claim =
        stalling.stallNext(() -> stalled.acquire(key, "stalled", "fp-a", 60_000));
    try {
      CompletableFuture<AcquireResult> otherClaim =
          CompletableFuture.supplyAsync(() -> other.acquire(key, "other", "fp-b", 60_000));
      assertThat(otherClaim.get(TAKE_OVER_WITHIN.toSeconds(), TimeUnit.SECONDS))
          .as("the other caller's claim while the first is stalled")
          .isEqualTo(new AcquireResult.Acquired());
    } finally {
      stalling.wake();
    }
    assertThatThrownBy(() -> claim.get(30, TimeUnit.SECONDS))
        .as("the stalled claim, once it wakes: its caller never runs the method")
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(StoreUnavailableException.class);
    assertThat(other.complete(key, "other", new byte[] {7}, 60_000)).isTrue();
  }

  /**
   * The stalled call's connection was ended by PostgreSQL; a pool may hand it out once more before
   * it notices.
   */
  private static <T> T eventually(Supplier<T> call) {
    try {
      return call.get();
    } catch (StoreUnavailableException e) {
      return call.get();
    }
  }

  /**
   * Store transactions whose next call stops after its statements and before its commit, the way a
   * frozen instance does, until {@link #wake()}.
   */
  private static final class StallingTransactions implements StoreTransactions {

    private final StoreTransactions delegate;
    private final CountDownLatch woken = new CountDownLatch(1);
    private volatile CountDownLatch stalled;

    StallingTransactions(StoreTransactions delegate) {
      this.delegate = delegate;
    }

    /** Runs {@code call} in the background and returns once it stalls before its commit. */
    <T> CompletableFuture<T> stallNext(Supplier<T> call) throws InterruptedException {
      CountDownLatch reached = new CountDownLatch(1);
      stalled = reached;
      CompletableFuture<T> running = CompletableFuture.supplyAsync(call);
      assertThat(reached.await(10, TimeUnit.SECONDS)).as("the call reached its commit").isTrue();
      return running;
    }

    void wake() {
      woken.countDown();
    }

    @Override
    public <T> T inNewTransaction(Function<EntityManager, T> work) {
      return delegate.inNewTransaction(
          em -> {
            T result = work.apply(em);
            CountDownLatch reached = stalled;
            if (reached != null) {
              stalled = null;
              reached.countDown();
              try {
                woken.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
            return result;
          });
    }
  }
}
