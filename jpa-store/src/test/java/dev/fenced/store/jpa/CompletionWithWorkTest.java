package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Recording an outcome in the caller's transaction ({@code fenced.idempotency.commit=with-work}) on
 * real PostgreSQL with both providers: the record and the caller's work commit or roll back
 * together, the write checks the owner's live lock, and from the write until the commit the row is
 * the caller's, so no takeover slips in between. A resource-local transaction of the test stands in
 * for the caller's JTA transaction; the statement and its checks are the same.
 */
class CompletionWithWorkTest {

  private static final byte[] RECEIPT = "charged".getBytes(StandardCharsets.UTF_8);
  private static final long TTL = 3_600_000;

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void the_record_and_the_work_commit_together(Provider provider) {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    JpaIdempotencyStore store = store(factory);
    store.acquire(key, "owner", "fp", 60_000);

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      caller.doWork(key);
      assertThat(caller.store().completeWithWork(key, "owner", RECEIPT, TTL)).isTrue();
      caller.commit();
    }

    assertThat(store.acquire(key, "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.Completed("fp", RECEIPT));
    assertThat(workDone(factory, key)).isTrue();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_rollback_takes_the_record_with_the_work_and_leaves_the_claim_to_its_owner(
      Provider provider) {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    JpaIdempotencyStore store = store(factory);
    store.acquire(key, "owner", "fp", 60_000);

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      caller.doWork(key);
      caller.store().completeWithWork(key, "owner", RECEIPT, TTL);
    } // rolled back

    assertThat(workDone(factory, key)).isFalse();
    assertThat(store.acquire(key, "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp"));
    assertThat(store.release(key, "owner")).as("the owner's release after the rollback").isTrue();
    assertThat(store.acquire(key, "retry", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_duplicate_that_arrives_before_the_commit_waits_for_it_and_gets_the_outcome(
      Provider provider) throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    JpaIdempotencyStore store = store(factory);
    store.acquire(key, "owner", "fp", 60_000);
    CompletableFuture<AcquireResult> duplicate;

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      caller.store().completeWithWork(key, "owner", RECEIPT, TTL);
      duplicate = CompletableFuture.supplyAsync(() -> store.acquire(key, "dup", "fp", 60_000));
      Thread.sleep(300);
      assertThat(duplicate).as("the duplicate while the caller's transaction is open").isNotDone();
      caller.commit();
    }

    assertThat(duplicate.get(10, TimeUnit.SECONDS))
        .isEqualTo(new AcquireResult.Completed("fp", RECEIPT));
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_lock_that_expires_after_the_write_cannot_be_taken_over_before_the_commit(Provider provider)
      throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    JpaIdempotencyStore store = store(factory);
    store.acquire(key, "owner", "fp", 500);
    CompletableFuture<AcquireResult> takeOver;

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      assertThat(caller.store().completeWithWork(key, "owner", RECEIPT, TTL)).isTrue();
      Thread.sleep(800); // the lock as last committed (500 ms) has expired on the store's clock
      takeOver = CompletableFuture.supplyAsync(() -> store.acquire(key, "late", "fp", 60_000));
      Thread.sleep(300);
      assertThat(takeOver).as("the takeover while the caller's transaction is open").isNotDone();
      caller.commit();
    }

    assertThat(takeOver.get(10, TimeUnit.SECONDS))
        .as("what the takeover finds once the work committed")
        .isEqualTo(new AcquireResult.Completed("fp", RECEIPT));
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void an_owner_whose_lock_expired_writes_nothing(Provider provider) throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    store(factory).acquire(key, "owner", "fp", 200);
    Thread.sleep(400);

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      assertThat(caller.store().completeWithWork(key, "owner", RECEIPT, TTL)).isFalse();
      caller.commit();
    }

    assertThat(store(factory).acquire(key, "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.Acquired());
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void an_owner_whose_record_was_taken_over_writes_nothing(Provider provider) throws Exception {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    JpaIdempotencyStore store = store(factory);
    store.acquire(key, "owner", "fp", 200);
    Thread.sleep(400);
    assertThat(store.acquire(key, "new", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      assertThat(caller.store().completeWithWork(key, "owner", RECEIPT, TTL)).isFalse();
      caller.commit();
    }

    assertThat(store.complete(key, "new", RECEIPT, TTL)).as("the new owner's complete").isTrue();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void the_write_is_bounded_by_the_query_timeout(Provider provider) {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    store(factory).acquire(key, "owner", "fp", 60_000);
    EntityManager holder = factory.createEntityManager();
    try (CallersTransaction caller =
        new CallersTransaction(factory, StoreSettings.of(Duration.ofSeconds(1)))) {
      holder.getTransaction().begin();
      holder
          .createNativeQuery("SELECT 1 FROM fenced_idempotency WHERE key_hash = ?1 FOR UPDATE")
          .setParameter(1, PostgresStatements.keyHash(key))
          .getResultList();
      long started = System.nanoTime();

      assertThatThrownBy(() -> caller.store().completeWithWork(key, "owner", RECEIPT, TTL))
          .isInstanceOf(StoreUnavailableException.class);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    } finally {
      holder.getTransaction().rollback();
      holder.close();
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void the_write_leaves_the_settings_of_the_callers_transaction_alone(Provider provider) {
    EntityManagerFactory factory = UNITS.get(provider);
    String key = key();
    store(factory).acquire(key, "owner", "fp", 60_000);

    try (CallersTransaction caller = new CallersTransaction(factory)) {
      String before = caller.setting("statement_timeout");
      caller.store().completeWithWork(key, "owner", RECEIPT, TTL);

      assertThat(caller.setting("statement_timeout")).isEqualTo(before);
      assertThat(caller.setting("idle_in_transaction_session_timeout")).isEqualTo("0");
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_store_on_a_resource_local_unit_refuses_naming_the_option(Provider provider) {
    JpaIdempotencyStore store = new JpaIdempotencyStore(UNITS.get(provider));

    assertThatThrownBy(() -> store.completeWithWork(key(), "owner", RECEIPT, TTL))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("fenced.idempotency.commit=with-work");
  }

  private static JpaIdempotencyStore store(EntityManagerFactory factory) {
    return new JpaIdempotencyStore(factory);
  }

  private static String key() {
    return "with-work:" + UUID.randomUUID();
  }

  /** The caller's work: a row in another table of the same database. */
  private static boolean workDone(EntityManagerFactory factory, String key) {
    EntityManager em = factory.createEntityManager();
    try {
      return !em.createNativeQuery("SELECT 1 FROM fenced_high_water WHERE resource = ?1")
          .setParameter(1, key)
          .getResultList()
          .isEmpty();
    } finally {
      em.close();
    }
  }

  /**
   * The caller's open transaction, on an entity manager of its own: the store's own calls still run
   * in new transactions, and {@link StoreTransactions#inCallersTransaction} runs on the caller's
   * manager. Rolled back when closed without a commit.
   */
  private static final class CallersTransaction implements StoreTransactions, AutoCloseable {

    private final StoreTransactions own;
    private final EntityManager caller;
    private final JpaIdempotencyStore store;

    CallersTransaction(EntityManagerFactory factory) {
      this(factory, StoreSettings.DEFAULTS);
    }

    CallersTransaction(EntityManagerFactory factory, StoreSettings settings) {
      this.own = new ResourceLocalTransactions(factory);
      this.caller = factory.createEntityManager();
      this.caller.getTransaction().begin();
      this.store = new JpaIdempotencyStore(this, settings);
    }

    JpaIdempotencyStore store() {
      return store;
    }

    @Override
    public <T> T inNewTransaction(Function<EntityManager, T> work) {
      return own.inNewTransaction(work);
    }

    @Override
    public <T> T inCallersTransaction(Function<EntityManager, T> work) {
      return work.apply(caller);
    }

    void doWork(String key) {
      caller
          .createNativeQuery(
              "INSERT INTO fenced_high_water (resource, token, admitted_at)"
                  + " VALUES (?1, 1, clock_timestamp())")
          .setParameter(1, key)
          .executeUpdate();
    }

    String setting(String name) {
      return String.valueOf(caller.createNativeQuery("SHOW " + name).getSingleResult());
    }

    void commit() {
      caller.getTransaction().commit();
    }

    @Override
    public void close() {
      if (caller.getTransaction().isActive()) {
        caller.getTransaction().rollback();
      }
      caller.close();
    }
  }
}
