package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Store calls never join the caller's transaction. Each test also runs a "naive" store that joins
 * the caller's transaction, and shows it fails the same check: the tests have teeth.
 */
class StoreTransactionIsolationTest {

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void an_outer_rollback_does_not_undo_a_store_write(Provider provider) {
    EntityManagerFactory factory = UNITS.get(provider);
    JpaIdempotencyStore store = new JpaIdempotencyStore(factory);
    String key = "isolation:" + UUID.randomUUID();
    EntityManager caller = factory.createEntityManager();
    try {
      caller.getTransaction().begin();
      caller.createNativeQuery("SELECT nextval('fenced_lock_token_seq')").getResultList();
      assertThat(store.acquire(key, "a", "fp-a", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      caller.getTransaction().rollback();
    } finally {
      caller.close();
    }
    assertThat(store.acquire(key, "b", "fp-b", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp-a"));

    // the naive store's write is rolled back with the caller's transaction
    String naiveKey = "isolation-naive:" + UUID.randomUUID();
    EntityManager joined = factory.createEntityManager();
    try {
      joined.getTransaction().begin();
      new JpaIdempotencyStore(joining(joined), StoreSettings.DEFAULTS)
          .acquire(naiveKey, "a", "fp-a", 60_000);
      joined.getTransaction().rollback();
    } finally {
      joined.close();
    }
    assertThat(store.acquire(naiveKey, "b", "fp-b", 60_000))
        .isInstanceOf(AcquireResult.Acquired.class);
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_store_statement_never_waits_on_the_callers_open_transaction(Provider provider)
      throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    JpaIdempotencyStore store = new JpaIdempotencyStore(factory);
    JpaLockStore locks = new JpaLockStore(factory);
    String key = "never-waits:" + UUID.randomUUID();
    EntityManager caller = factory.createEntityManager();
    try {
      caller.getTransaction().begin();
      // the caller's transaction stays open (it has written) while the store is used inside it
      caller.createNativeQuery("SELECT nextval('fenced_lock_token_seq')").getResultList();
      assertThat(store.acquire(key, "a", "fp-a", 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      assertThat(locks.acquire(key, "a", 60_000)).isPresent();
      // another instance's calls on the same keys answer at once: nothing of ours is uncommitted
      CompletableFuture<AcquireResult> other =
          CompletableFuture.supplyAsync(() -> store.acquire(key, "b", "fp-b", 60_000));
      CompletableFuture<Boolean> otherLock =
          CompletableFuture.supplyAsync(() -> locks.acquire(key, "b", 60_000).isPresent());
      assertThat(other.get(5, TimeUnit.SECONDS)).isEqualTo(new AcquireResult.InFlight("fp-a"));
      assertThat(otherLock.get(5, TimeUnit.SECONDS)).isFalse();
      assertThat(store.complete(key, "a", new byte[] {1}, 60_000)).isTrue();
      caller.getTransaction().commit();
    } finally {
      caller.close();
    }

    // a naive store that joins the caller's transaction makes the other instance wait
    String naiveKey = "never-waits-naive:" + UUID.randomUUID();
    EntityManager joined = factory.createEntityManager();
    try {
      joined.getTransaction().begin();
      new JpaIdempotencyStore(joining(joined), StoreSettings.DEFAULTS)
          .acquire(naiveKey, "a", "fp-a", 60_000);
      CompletableFuture<AcquireResult> blocked =
          CompletableFuture.supplyAsync(() -> store.acquire(naiveKey, "b", "fp-b", 60_000));
      Thread.sleep(1_000);
      assertThat(blocked).as("an acquire behind the naive store's uncommitted insert").isNotDone();
      joined.getTransaction().rollback();
      assertThat(blocked.get(10, TimeUnit.SECONDS)).isInstanceOf(AcquireResult.Acquired.class);
    } finally {
      joined.close();
    }
  }

  /** The naive store: every call runs on the caller's entity manager and transaction. */
  private static StoreTransactions joining(EntityManager caller) {
    return new StoreTransactions() {
      @Override
      public <T> T inNewTransaction(Function<EntityManager, T> work) {
        T result = work.apply(caller);
        // the store's idle bound would otherwise end the caller's transaction the test holds open
        caller
            .createNativeQuery("SET LOCAL idle_in_transaction_session_timeout = 0")
            .executeUpdate();
        return result;
      }
    };
  }
}
