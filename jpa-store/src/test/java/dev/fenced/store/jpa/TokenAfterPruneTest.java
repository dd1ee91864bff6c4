package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fencing tokens never go down on a key while prune runs. {@code LOCK_ACQUIRE} draws the token of a
 * fresh row in its {@code VALUES}, before it may wait on the key's row; were that row released and
 * pruned meanwhile, the acquire would insert its older token after a newer one. Prune leaves a row
 * alone for a grace period longer than any statement runs, so that cannot happen. A database of its
 * own, as prune deletes across keys.
 */
class TokenAfterPruneTest {

  private static final String DATABASE = "fenced_token_prune";

  private static PostgresServer server;
  private static String url;
  private static EntityManagerFactory factory;

  @BeforeAll
  static void open() {
    server = PostgresServer.get();
    url = TestDatabases.url(server, DATABASE);
    factory = Provider.HIBERNATE.open(server, url);
  }

  @AfterAll
  static void close() {
    if (factory != null) {
      factory.close();
    }
  }

  @Test
  void an_acquire_that_drew_its_token_before_waiting_still_gets_a_larger_token_than_the_pruned_one()
      throws Exception {
    String key = "token-prune:" + UUID.randomUUID();
    JpaLockStore store = new JpaLockStore(new ResourceLocalTransactions(factory), longStatements());
    assertThat(store.acquire(key, "first", 60_000)).isPresent();
    assertThat(store.release(key, "first")).isTrue();

    EntityManager holder = factory.createEntityManager();
    ExecutorService acquirer = Executors.newSingleThreadExecutor();
    try {
      holder.getTransaction().begin();
      long holderPid =
          ((Number) holder.createNativeQuery("SELECT pg_backend_pid()").getSingleResult())
              .longValue();
      // a statement in flight on the key's row (a renewal, a takeover) holds its row lock
      holder
          .createNativeQuery("SELECT 1 FROM fenced_locks WHERE key_hash = ?1 FOR UPDATE")
          .setParameter(1, PostgresStatements.keyHash(key))
          .getResultList();

      // A draws its token, then waits for the row
      Future<OptionalLong> a = acquirer.submit(() -> store.acquire(key, "A", 60_000));
      awaitBlockedBy(holderPid);

      // meanwhile, on that row: B takes the lock (a newer token), releases it, prune runs
      JpaLockStore sameTransaction = new JpaLockStore(joining(holder), StoreSettings.DEFAULTS);
      OptionalLong b = sameTransaction.acquire(key, "B", 60_000);
      assertThat(b).isPresent();
      assertThat(sameTransaction.release(key, "B")).isTrue();
      sameTransaction.prune(1_000);
      holder.getTransaction().commit();

      OptionalLong tokenOfA = a.get(30, TimeUnit.SECONDS);
      assertThat(tokenOfA).isPresent();
      assertThat(tokenOfA.getAsLong())
          .as("A's token after B's %d", b.getAsLong())
          .isGreaterThan(b.getAsLong());
    } finally {
      if (holder.getTransaction().isActive()) {
        holder.getTransaction().rollback();
      }
      holder.close();
      acquirer.shutdownNow();
    }
  }

  @Test
  void a_released_lock_stays_through_the_grace_period_and_is_pruned_after_it() throws Exception {
    String key = "token-grace:" + UUID.randomUUID();
    StoreSettings shortGrace = new StoreSettings(1_000, 1_500);
    JpaLockStore store = new JpaLockStore(new ResourceLocalTransactions(factory), shortGrace);
    long token = store.acquire(key, "a", 60_000).getAsLong();
    assertThat(store.release(key, "a")).isTrue();

    store.prune(1_000);
    assertThat(rows(key)).as("right after the release").isOne();

    Thread.sleep(1_500 + 500);
    store.prune(1_000);
    assertThat(rows(key)).as("after the grace").isZero();
    assertThat(store.acquire(key, "b", 60_000).getAsLong()).isGreaterThan(token);
  }

  @Test
  void a_lock_an_earlier_version_released_gets_its_grace_from_the_first_prune_that_sees_it()
      throws Exception {
    String key = "token-infinity:" + UUID.randomUUID();
    StoreSettings shortGrace = new StoreSettings(1_000, 1_500);
    JpaLockStore store = new JpaLockStore(new ResourceLocalTransactions(factory), shortGrace);
    long token = store.acquire(key, "a", 60_000).getAsLong();
    releaseAsAnEarlierVersion(key);

    store.prune(1_000);
    assertThat(rows(key)).as("right after the first prune that saw it").isOne();

    Thread.sleep(1_500 + 500);
    store.prune(1_000);
    assertThat(rows(key)).as("a grace later").isZero();
    assertThat(store.acquire(key, "b", 60_000).getAsLong()).isGreaterThan(token);
  }

  /** What a version before 0.1.0 did on release: the row's expiry set to {@code -infinity}. */
  private static void releaseAsAnEarlierVersion(String key) {
    EntityManager em = factory.createEntityManager();
    try {
      em.getTransaction().begin();
      em.createNativeQuery("UPDATE fenced_locks SET expires_at = '-infinity' WHERE key_hash = ?1")
          .setParameter(1, PostgresStatements.keyHash(key))
          .executeUpdate();
      em.getTransaction().commit();
    } finally {
      em.close();
    }
  }

  @Test
  void tokens_never_go_down_on_a_key_while_acquirers_releasers_and_prune_race() throws Exception {
    StoreSettings shortGrace = new StoreSettings(1_000, 1_500);
    JpaLockStore store = new JpaLockStore(new ResourceLocalTransactions(factory), shortGrace);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      keys.add("token-race-" + i + ":" + UUID.randomUUID());
    }
    ConcurrentHashMap<String, AtomicLong> lastToken = new ConcurrentHashMap<>();
    keys.forEach(k -> lastToken.put(k, new AtomicLong()));
    List<String> wentDown = new ArrayList<>();
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService threads = Executors.newFixedThreadPool(9);
    try {
      List<CompletableFuture<Void>> workers = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        String owner = "worker-" + t;
        workers.add(
            CompletableFuture.runAsync(
                () -> {
                  for (int round = 0; round < 60; round++) {
                    String key = keys.get((round + owner.hashCode()) & 3);
                    OptionalLong token = store.acquire(key, owner, 60_000);
                    if (token.isPresent()) {
                      // the previous holder recorded its token before it released
                      long previous = lastToken.get(key).getAndSet(token.getAsLong());
                      if (token.getAsLong() <= previous) {
                        synchronized (wentDown) {
                          wentDown.add(key + ": " + previous + " then " + token.getAsLong());
                        }
                      }
                      store.release(key, owner);
                    }
                  }
                },
                threads));
      }
      CompletableFuture<Void> pruner =
          CompletableFuture.runAsync(
              () -> {
                while (running.get()) {
                  store.prune(100);
                }
              },
              threads);
      CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
      running.set(false);
      pruner.get(30, TimeUnit.SECONDS);
    } finally {
      running.set(false);
      threads.shutdownNow();
    }
    assertThat(wentDown).isEmpty();
    assertThat(lastToken.values()).allSatisfy(last -> assertThat(last.get()).isPositive());
  }

  /** Waits until some backend waits on a lock {@code pid} holds (a latch on the server's state). */
  private static void awaitBlockedBy(long pid) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    try (Connection admin = PostgresServerConnections.connect(server, url);
        PreparedStatement blocked =
            admin.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE ?::int = ANY(pg_blocking_pids(pid))")) {
      blocked.setLong(1, pid);
      while (System.nanoTime() < deadline) {
        try (ResultSet row = blocked.executeQuery()) {
          row.next();
          if (row.getLong(1) > 0) {
            return;
          }
        }
        Thread.sleep(20);
      }
    }
    throw new AssertionError("no statement waited on the held row within 30 s");
  }

  private static long rows(String key) throws SQLException {
    try (Connection c = PostgresServerConnections.connect(server, url);
        PreparedStatement count =
            c.prepareStatement("SELECT count(*) FROM fenced_locks WHERE key = ?")) {
      count.setString(1, key);
      try (ResultSet row = count.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  /** Statements may wait long here: the test holds a row while the machine may be loaded. */
  private static StoreSettings longStatements() {
    return StoreSettings.of(60_000);
  }

  /** Every call on the holder's entity manager and open transaction. */
  private static StoreTransactions joining(EntityManager holder) {
    return new StoreTransactions() {
      @Override
      public <T> T inNewTransaction(Function<EntityManager, T> work) {
        return work.apply(holder);
      }
    };
  }
}
