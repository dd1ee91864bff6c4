package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.tck.store.CompletionWithWorkContract.CallersTransaction;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the PostgreSQL store adds to the TCK's {@code CompletionWithWorkContract} (run by {@link
 * PostgresContracts}) when it records an outcome in the caller's transaction: the record commits
 * and rolls back with the caller's own rows in the same database, the statement is bounded by the
 * query timeout, it leaves the caller's transaction settings alone, and a {@code RESOURCE_LOCAL}
 * store refuses. Both providers, real PostgreSQL; {@link ThreadCallersTransactions} stands in for
 * the caller's JTA transaction.
 */
class CompletionWithWorkTest {

  private static final byte[] RECEIPT = "charged".getBytes(StandardCharsets.UTF_8);
  private static final long TTL = 3_600_000;
  private static final long SHORT_LOCK_MILLIS = 200;
  private static final long PAST_SHORT_LOCK_MILLIS = 600;

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void the_record_commits_with_the_callers_own_rows(Provider provider) {
    Claimed claimed = Claimed.on(provider, StoreSettings.DEFAULTS);

    try (CallersTransaction tx = claimed.callers().begin()) {
      doWork(claimed.callers().caller(), claimed.key());
      assertThat(claimed.store().completeWithWork(claimed.key(), "owner", RECEIPT, TTL)).isTrue();
      tx.commit();
    }

    assertThat(claimed.store().acquire(claimed.key(), "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.Completed("fp", RECEIPT));
    assertThat(workDone(claimed.factory(), claimed.key())).isTrue();
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_rollback_takes_the_record_and_the_callers_rows_together(Provider provider) {
    Claimed claimed = Claimed.on(provider, StoreSettings.DEFAULTS);

    try (CallersTransaction tx = claimed.callers().begin()) {
      doWork(claimed.callers().caller(), claimed.key());
      claimed.store().completeWithWork(claimed.key(), "owner", RECEIPT, TTL);
    } // rolled back

    assertThat(workDone(claimed.factory(), claimed.key())).isFalse();
    assertThat(claimed.store().acquire(claimed.key(), "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.InFlight("fp"));
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void the_commit_mark_commits_with_the_callers_own_rows_and_outlives_the_lock(Provider provider)
      throws InterruptedException {
    Claimed claimed = Claimed.on(provider, StoreSettings.DEFAULTS);

    try (CallersTransaction tx = claimed.callers().begin()) {
      doWork(claimed.callers().caller(), claimed.key());
      assertThat(claimed.store().markCommitted(claimed.key(), "owner", TTL, SHORT_LOCK_MILLIS))
          .isTrue();
      tx.commit();
    }
    Thread.sleep(PAST_SHORT_LOCK_MILLIS);

    assertThat(workDone(claimed.factory(), claimed.key())).isTrue();
    assertThat(claimed.store().acquire(claimed.key(), "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.Committed("fp"));
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void pruning_keeps_a_record_whose_commit_mark_lives(Provider provider)
      throws InterruptedException {
    Claimed claimed = Claimed.on(provider, StoreSettings.DEFAULTS);
    try (CallersTransaction tx = claimed.callers().begin()) {
      claimed.store().markCommitted(claimed.key(), "owner", TTL, SHORT_LOCK_MILLIS);
      tx.commit();
    }
    Thread.sleep(PAST_SHORT_LOCK_MILLIS);

    claimed.store().pruneRecords(1_000, Duration.ZERO);

    assertThat(claimed.store().acquire(claimed.key(), "retry", "fp", 60_000))
        .isEqualTo(new AcquireResult.Committed("fp"));
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void the_write_is_bounded_by_the_query_timeout(Provider provider) {
    Claimed claimed = Claimed.on(provider, StoreSettings.of(Duration.ofSeconds(1)));
    EntityManager holder = claimed.factory().createEntityManager();
    try (CallersTransaction tx = claimed.callers().begin()) {
      holder.getTransaction().begin();
      holder
          .createNativeQuery("SELECT 1 FROM fenced_idempotency WHERE key_hash = ?1 FOR UPDATE")
          .setParameter(1, PostgresStatements.keyHash(claimed.key()))
          .getResultList();
      long started = System.nanoTime();

      assertThatThrownBy(
              () -> claimed.store().completeWithWork(claimed.key(), "owner", RECEIPT, TTL))
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
    Claimed claimed = Claimed.on(provider, StoreSettings.DEFAULTS);

    try (CallersTransaction tx = claimed.callers().begin()) {
      String before = setting(claimed.callers().caller(), "statement_timeout");
      claimed.store().completeWithWork(claimed.key(), "owner", RECEIPT, TTL);

      assertThat(setting(claimed.callers().caller(), "statement_timeout")).isEqualTo(before);
      assertThat(setting(claimed.callers().caller(), "idle_in_transaction_session_timeout"))
          .isEqualTo("0");
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void a_store_on_a_resource_local_unit_refuses_naming_the_option(Provider provider) {
    JpaStore store =
        new JpaStore(new ResourceLocalTransactions(UNITS.get(provider)), StoreSettings.DEFAULTS);

    assertThatThrownBy(() -> store.completeWithWork(newKey(), "owner", RECEIPT, TTL))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("fenced.idempotency.commit=with-work");
  }

  /**
   * A key claimed by {@code "owner"} on a with-work store (on this READ COMMITTED database it
   * claims as any store) whose caller's transactions the test begins.
   */
  private record Claimed(
      EntityManagerFactory factory, ThreadCallersTransactions callers, JpaStore store, String key) {

    static Claimed on(Provider provider, StoreSettings settings) {
      EntityManagerFactory factory = UNITS.get(provider);
      ThreadCallersTransactions callers = new ThreadCallersTransactions(factory);
      JpaStore store =
          new JpaStore(new PersistenceUnitStatements(callers, settings), settings, true);
      String key = newKey();
      store.acquire(key, "owner", "fp", 60_000);
      return new Claimed(factory, callers, store, key);
    }
  }

  private static String newKey() {
    return "with-work:" + UUID.randomUUID();
  }

  /** The caller's work: a row in another table of the same database. */
  private static void doWork(EntityManager caller, String key) {
    caller
        .createNativeQuery(
            "INSERT INTO fenced_high_water (resource, token, admitted_at)"
                + " VALUES (?1, 1, clock_timestamp())")
        .setParameter(1, key)
        .executeUpdate();
  }

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

  private static String setting(EntityManager caller, String name) {
    return String.valueOf(caller.createNativeQuery("SHOW " + name).getSingleResult());
  }
}
