package dev.fenced.store.jpa;

import static dev.fenced.store.jpa.PostgresStatements.keyHash;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.tck.store.CompletionWithWorkContract.CallersTransaction;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * What the PostgreSQL store's wake-ups add to the TCK's {@code ClaimEndSignalsContract} (run by
 * {@link PostgresContracts}): a claim nobody waits for ends without a {@code NOTIFY}, a completion
 * recorded with the work signals only when its transaction commits, the listening connection comes
 * back after the server ends it, and a watch is refused at once while it is down. Real PostgreSQL,
 * the stores on HikariCP pools; the channel is listened to here too, on a plain JDBC connection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClaimEndSignalsTest {

  private static final String CHANNEL = "fenced_idempotency_ended";
  private static final byte[] OUTCOME = "{\"status\":201}".getBytes(UTF_8);
  private static final long TTL = 600_000;
  private static final long SIGNAL_WITHIN_MILLIS = 5_000;

  /** How long a signal that should not come is waited for. */
  private static final long NO_SIGNAL_MILLIS = 700;

  private final PostgresServer server = PostgresServer.get();
  private HikariDataSource pool;
  private HikariDataSource otherPool;
  private JpaIdempotencyStore store;
  private JpaIdempotencyStore other;

  @BeforeAll
  void open() {
    Schema.apply(server, server.jdbcUrl());
    pool = TestDataSources.pool(server, server.jdbcUrl(), true, 4);
    otherPool = TestDataSources.pool(server, server.jdbcUrl(), true, 4);
    store = new JpaIdempotencyStore(pool);
    other = new JpaIdempotencyStore(otherPool);
  }

  @AfterAll
  void close() {
    store.close();
    other.close();
    pool.close();
    otherPool.close();
  }

  @Test
  void a_claim_nobody_watches_ends_without_a_notification() throws Exception {
    String completed = key("unwatched-completed");
    String released = key("unwatched-released");
    String watched = key("watched");
    CompletableFuture<Void> woken = new CompletableFuture<>();
    other.acquire(completed, "first", "fp", TTL);
    other.acquire(released, "first", "fp", TTL);
    other.acquire(watched, "first", "fp", TTL);

    try (Connection listening = listen();
        ClaimWatch watch = store.watch(watched, () -> woken.complete(null))) {
      assertThat(other.complete(completed, "first", OUTCOME, TTL)).isTrue();
      assertThat(other.release(released, "first")).isTrue();
      // the watched key's notification leaves after the others' ends committed
      assertThat(other.complete(watched, "first", OUTCOME, TTL)).isTrue();
      woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);

      assertThat(notifications(listening, keyHash(watched)))
          .as("the payloads on " + CHANNEL)
          .containsExactly(keyHash(watched));
    }
  }

  @Test
  void a_claim_taken_anew_after_a_watched_one_ended_is_not_awaited() throws Exception {
    String key = key("taken-anew");
    CompletableFuture<Void> woken = new CompletableFuture<>();
    other.acquire(key, "first", "fp", TTL);
    try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
      other.release(key, "first");
      woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
    }
    String marker = key("marker");
    CompletableFuture<Void> markerWoken = new CompletableFuture<>();
    other.acquire(marker, "first", "fp", TTL);

    try (Connection listening = listen();
        ClaimWatch watch = store.watch(marker, () -> markerWoken.complete(null))) {
      assertThat(other.acquire(key, "second", "fp", TTL)).isEqualTo(new AcquireResult.Acquired());
      assertThat(other.complete(key, "second", OUTCOME, TTL)).isTrue();
      other.complete(marker, "first", OUTCOME, TTL);
      markerWoken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);

      assertThat(notifications(listening, keyHash(marker))).containsExactly(keyHash(marker));
    }
  }

  @Test
  void a_watch_of_a_completed_claim_marks_nothing() throws Exception {
    String key = key("already-completed");
    other.acquire(key, "first", "fp", TTL);
    other.complete(key, "first", OUTCOME, TTL);

    try (ClaimWatch watch = store.watch(key, () -> {})) {
      assertThat(awaited(key)).isNull();
    }
  }

  @Test
  void the_released_record_of_a_store_that_releases_either_signals_its_waiters() throws Exception {
    JpaStore both =
        new JpaStore(
            new DataSourceStatements(otherPool, DataSourceStatements.Detached.NONE, settings()),
            settings());
    String key = key("release-either");
    CompletableFuture<Void> woken = new CompletableFuture<>();
    both.acquire(key, "first", "fp", TTL);

    try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
      assertThat(both.release(key, "first")).isTrue();

      woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  @Test
  void an_outcome_recorded_with_the_work_signals_only_once_its_transaction_commits()
      throws Exception {
    try (WithWork withWork = new WithWork()) {
      String key = key("with-work-commit");
      CompletableFuture<Void> woken = new CompletableFuture<>();
      withWork.store.acquire(key, "first", "fp", TTL);

      try (ClaimWatch watch = store.watch(key, () -> woken.complete(null));
          CallersTransaction tx = withWork.callers.begin()) {
        assertThat(withWork.store.completeWithWork(key, "first", OUTCOME, TTL)).isTrue();
        Thread.sleep(NO_SIGNAL_MILLIS);
        assertThat(woken).as("woken before the commit").isNotDone();

        tx.commit();

        woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
        assertThat(store.acquire(key, "waiter", "fp", TTL))
            .isEqualTo(new AcquireResult.Completed("fp", OUTCOME));
      }
    }
  }

  @Test
  void an_outcome_recorded_with_work_that_rolls_back_signals_nothing() throws Exception {
    try (WithWork withWork = new WithWork()) {
      String key = key("with-work-rollback");
      AtomicInteger wakeUps = new AtomicInteger();
      CompletableFuture<Void> releasedWoken = new CompletableFuture<>();
      withWork.store.acquire(key, "first", "fp", TTL);

      try (Connection listening = listen();
          ClaimWatch watch =
              store.watch(
                  key,
                  () -> {
                    wakeUps.incrementAndGet();
                    releasedWoken.complete(null);
                  })) {
        try (CallersTransaction tx = withWork.callers.begin()) {
          assertThat(withWork.store.completeWithWork(key, "first", OUTCOME, TTL)).isTrue();
        } // rolled back
        Thread.sleep(NO_SIGNAL_MILLIS);
        assertThat(wakeUps).as("wake-ups after the rollback").hasValue(0);
        assertThat(notifications(listening, null)).isEmpty();

        // the claim is still awaited: its release signals
        assertThat(withWork.store.release(key, "first")).isTrue();
        releasedWoken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
      }
    }
  }

  @Test
  void a_signal_sent_after_a_jta_commit_leaves_from_the_listening_connection_of_the_instance()
      throws Exception {
    // what the interposed synchronization of a JTA transaction that completed with the work runs
    JpaIdempotencyStore committing = new JpaIdempotencyStore(otherPool);
    try {
      String key = key("after-a-jta-commit");
      other.acquire(key, "first", "fp", TTL);
      CompletableFuture<Void> woken = new CompletableFuture<>();
      try (ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
        other.complete(key, "first", OUTCOME, TTL);
        committing.listener().signal(keyHash(key));

        woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
      }
    } finally {
      committing.close();
    }
  }

  @Test
  void a_listening_connection_the_server_ends_is_opened_again_and_watches_work_again()
      throws Exception {
    JpaIdempotencyStore own = new JpaIdempotencyStore(pool);
    try {
      String before = key("before-the-cut");
      other.acquire(before, "first", "fp", TTL);
      CompletableFuture<Void> wokenByTheReconnect = new CompletableFuture<>();
      ClaimWatch open = own.watch(before, () -> wokenByTheReconnect.complete(null));
      int pid = own.listener().listeningPid();
      assertThat(pid).isPositive();

      terminate(pid);

      // a claim may have ended while nobody listened: the open watch looks again
      wokenByTheReconnect.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
      assertThat(own.listener().listeningPid()).isPositive().isNotEqualTo(pid);
      open.close();
      String after = key("after-the-cut");
      other.acquire(after, "first", "fp", TTL);
      CompletableFuture<Void> woken = new CompletableFuture<>();
      try (ClaimWatch watch = own.watch(after, () -> woken.complete(null))) {
        other.complete(after, "first", OUTCOME, TTL);

        woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
      }
    } finally {
      own.close();
    }
  }

  @Test
  void a_watch_while_the_listening_connection_is_down_is_refused_at_once() throws Exception {
    AtomicBoolean reachable = new AtomicBoolean(true);
    ClaimEndListener listener =
        new ClaimEndListener(
            () -> {
              if (!reachable.get()) {
                throw new SQLException("test: the database is unreachable", "08001");
              }
              return pool.getConnection();
            },
            CHANNEL,
            settings().queryTimeoutMillis());
    JpaIdempotencyStore own =
        new JpaIdempotencyStore(
            new DataSourceStatements(pool, DataSourceStatements.Detached.NONE, settings()),
            settings(),
            false,
            listener);
    try {
      String key = key("while-down");
      other.acquire(key, "first", "fp", TTL);
      own.watch(key, () -> {}).close();
      reachable.set(false);
      terminate(listener.listeningPid());
      awaitDown(listener);

      long started = System.nanoTime();
      assertThatThrownBy(() -> own.watch(key, () -> {}))
          .isInstanceOf(StoreUnavailableException.class)
          .hasMessageContaining(CHANNEL)
          .hasMessageContaining("poll");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
    } finally {
      own.close();
    }
  }

  @Test
  void a_first_watch_that_cannot_listen_is_refused_within_the_query_timeout() {
    StoreSettings settings = StoreSettings.of(Duration.ofMillis(800));
    JpaIdempotencyStore own =
        new JpaIdempotencyStore(
            new DataSourceStatements(pool, DataSourceStatements.Detached.NONE, settings),
            settings,
            false,
            new ClaimEndListener(
                () -> {
                  try {
                    Thread.sleep(10_000); // a connection that never comes
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  throw new SQLException("test: too late", "08001");
                },
                CHANNEL,
                settings.queryTimeoutMillis()));
    try {
      long started = System.nanoTime();
      assertThatThrownBy(() -> own.watch(key("never-listening"), () -> {}))
          .isInstanceOf(StoreUnavailableException.class)
          .hasMessageContaining("fenced.jpa.query-timeout");
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .isBetween(Duration.ofMillis(700), Duration.ofMillis(2_000));
    } finally {
      new Thread(own::close).start(); // the listener's thread ends once its connection fails
    }
  }

  @Test
  void a_store_without_a_listening_connection_refuses_watches_saying_how_to_get_them() {
    JpaStore withoutConnections =
        new JpaStore(
            new DataSourceStatements(pool, DataSourceStatements.Detached.NONE, settings()),
            settings());

    assertThatThrownBy(() -> withoutConnections.watch(key("no-connection"), () -> {}))
        .isInstanceOf(StoreUnavailableException.class)
        .hasMessageContaining(JpaStoreBean.DATASOURCE)
        .hasMessageContaining("poll");
  }

  @Test
  void a_wake_up_that_throws_keeps_the_other_watches_and_the_listener_going() throws Exception {
    String key = key("throwing");
    other.acquire(key, "first", "fp", TTL);
    CompletableFuture<Void> woken = new CompletableFuture<>();

    try (ClaimWatch throwing =
            store.watch(
                key,
                () -> {
                  throw new IllegalStateException("test: a wake-up that throws");
                });
        ClaimWatch watch = store.watch(key, () -> woken.complete(null))) {
      other.complete(key, "first", OUTCOME, TTL);
      woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
    }
    String next = key("after-throwing");
    other.acquire(next, "first", "fp", TTL);
    CompletableFuture<Void> nextWoken = new CompletableFuture<>();
    try (ClaimWatch watch = store.watch(next, () -> nextWoken.complete(null))) {
      other.release(next, "first");
      nextWoken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  @Test
  void a_closed_store_stops_its_listening_thread_and_connection() throws Exception {
    JpaIdempotencyStore own = new JpaIdempotencyStore(pool);
    String key = key("closed-store");
    other.acquire(key, "first", "fp", TTL);
    own.watch(key, () -> {}).close();
    int pid = own.listener().listeningPid();

    own.close();

    assertThat(own.listener().threadAlive()).as("its listening thread").isFalse();
    assertThat(lastStatement(pid))
        .as("the last statement of its listening connection, back in the pool")
        .isEqualTo("UNLISTEN *");
    assertThatThrownBy(() -> own.watch(key, () -> {}))
        .isInstanceOf(StoreUnavailableException.class);
  }

  @Test
  void a_schema_from_before_the_wake_ups_is_not_ready_until_its_script_runs_again()
      throws Exception {
    String schema = "fenced_signals_upgrade";
    FencedTables tables = FencedTables.DEFAULT.inSchema(schema);
    TestSchemas.recreate(schema);
    TestSchemas.run(tables.ddl());
    TestSchemas.run("ALTER TABLE " + tables.idempotency() + " DROP COLUMN awaited");
    StoreSettings settings = settings().withTables(tables);
    JpaStore upgraded =
        new JpaStore(
            new DataSourceStatements(pool, DataSourceStatements.Detached.NONE, settings),
            settings,
            false,
            JpaIdempotencyStore.listener(Optional.of(ListeningConnections.of(pool)), settings));
    try {
      Readiness before = upgraded.readiness();
      assertThat(before.state()).isEqualTo(Readiness.State.NOT_SET_UP);
      assertThat(before.reason())
          .contains("column " + tables.idempotency() + ".awaited")
          .doesNotContain("claimed_at");
      assertThat(before.details()).containsEntry(SchemaReadiness.DDL, tables.ddl());
      assertThatThrownBy(() -> upgraded.acquire(key("before"), "first", "fp", TTL))
          .hasMessageContaining("awaited");

      TestSchemas.run(tables.ddl());

      assertThat(upgraded.readiness().ready()).isTrue();
      String key = key("after-the-script");
      upgraded.acquire(key, "first", "fp", TTL);
      CompletableFuture<Void> woken = new CompletableFuture<>();
      try (ClaimWatch watch = upgraded.watch(key, () -> woken.complete(null))) {
        upgraded.complete(key, "first", OUTCOME, TTL);
        woken.get(SIGNAL_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
      }
    } finally {
      upgraded.close();
      TestSchemas.drop(schema);
    }
  }

  /** The store's statements on the default tables, with a short query timeout. */
  private static StoreSettings settings() {
    return StoreSettings.of(Duration.ofSeconds(2));
  }

  private static String key(String name) {
    return "signals-" + name + "-" + UUID.randomUUID();
  }

  private Connection listen() throws SQLException {
    Connection listening = PostgresServerConnections.connect(server, server.jdbcUrl());
    try (Statement statement = listening.createStatement()) {
      statement.execute("LISTEN " + CHANNEL);
    }
    return listening;
  }

  /**
   * The payloads the connection received: until {@code last} arrived, or for {@link
   * #NO_SIGNAL_MILLIS} when {@code last} is null.
   */
  private static List<String> notifications(Connection listening, String last) throws SQLException {
    PGConnection pg = listening.unwrap(PGConnection.class);
    List<String> payloads = new ArrayList<>();
    long deadline =
        System.nanoTime()
            + TimeUnit.MILLISECONDS.toNanos(last == null ? NO_SIGNAL_MILLIS : SIGNAL_WITHIN_MILLIS);
    while (System.nanoTime() < deadline && (last == null || !payloads.contains(last))) {
      PGNotification[] received = pg.getNotifications(100);
      if (received != null) {
        Arrays.stream(received).map(PGNotification::getParameter).forEach(payloads::add);
      }
    }
    return payloads;
  }

  private Boolean awaited(String key) throws SQLException {
    try (Connection connection = PostgresServerConnections.connect(server, server.jdbcUrl());
        var statement =
            connection.prepareStatement(
                "SELECT awaited FROM fenced_idempotency WHERE key_hash = ?")) {
      statement.setString(1, keyHash(key));
      try (var row = statement.executeQuery()) {
        row.next();
        return (Boolean) row.getObject(1);
      }
    }
  }

  private void terminate(int pid) {
    TestSchemas.run("SELECT pg_terminate_backend(" + pid + ")");
  }

  private String lastStatement(int pid) throws SQLException {
    try (Connection connection = PostgresServerConnections.connect(server, server.jdbcUrl());
        Statement statement = connection.createStatement();
        var row = statement.executeQuery("SELECT query FROM pg_stat_activity WHERE pid = " + pid)) {
      return row.next() ? row.getString(1) : "(the connection is closed)";
    }
  }

  private static void awaitDown(ClaimEndListener listener) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (listener.listening()) {
      assertThat(System.nanoTime()).as("the listener saw its connection end").isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  /** A store that records outcomes with the work, in transactions the test begins. */
  private final class WithWork implements AutoCloseable {
    final EntityManagerFactory factory = Provider.HIBERNATE.open(server);
    final ThreadCallersTransactions callers = new ThreadCallersTransactions(factory);
    final JpaStore store = new JpaStore(callers, StoreSettings.DEFAULTS);

    @Override
    public void close() {
      factory.close();
    }
  }
}
