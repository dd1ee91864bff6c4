package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What PostgreSQL counts per operation: the commits ({@code pg_stat_database.xact_commit}) of a
 * database that only this test uses, one per way to the tables, so the ways run side by side. Each
 * store call is one statement in one transaction, so one commit per winning acquire, losing
 * acquire, replay, complete, release, extend and renew, through either JPA provider and on a
 * datasource.
 */
class StatementCountTest {

  private static final int CALLS = 50;

  private static PostgresServer server;

  @BeforeAll
  static void databases() throws SQLException {
    server = PostgresServer.get();
    for (Way way : Way.values()) {
      try (Connection admin = server.connect();
          Statement statement = admin.createStatement()) {
        ResultSet exists =
            statement.executeQuery(
                "SELECT 1 FROM pg_database WHERE datname = '" + way.database() + "'");
        if (!exists.next()) {
          statement.execute("CREATE DATABASE " + way.database());
        }
      }
      Schema.apply(server, way.url());
    }
  }

  /** How the stores reach the tables: each JPA provider, and a datasource (plain JDBC). */
  enum Way {
    HIBERNATE,
    ECLIPSELINK,
    DATASOURCE;

    /** The database only this way's calls use. */
    String database() {
      return "fenced_statement_count_" + name().toLowerCase(Locale.ROOT);
    }

    String url() {
      return PostgresServerConnections.withDatabase(server, database());
    }
  }

  @ParameterizedTest
  @EnumSource(Way.class)
  @Execution(ExecutionMode.CONCURRENT) // each way counts in its own database
  void one_commit_per_store_call_and_none_for_a_replay(Way provider) throws Exception {
    List<String> keys = keys();
    List<String> second = keys();
    // booting a unit and filling its pool commits a few catalogue reads of its own: one unit that
    // makes a single call (one commit) gives that cost, subtracted from every measurement below
    long boot =
        commitsOf(provider, (store, locks) -> locks.acquire(keys().get(0), "w", 60_000)) - 1;
    System.out.printf("statement count: %s boot and close: %d commits%n", provider, boot);

    assertCommits(
        provider,
        boot,
        "winning acquire",
        CALLS,
        (store, locks) ->
            keys.forEach(
                k ->
                    assertThat(store.acquire(k, "a", "fp", 60_000))
                        .isEqualTo(new AcquireResult.Acquired())));
    assertCommits(
        provider,
        boot,
        "losing acquire (one statement)",
        CALLS,
        (store, locks) ->
            keys.forEach(
                k ->
                    assertThat(store.acquire(k, "b", "fp", 60_000))
                        .isEqualTo(new AcquireResult.InFlight("fp"))));
    assertCommits(
        provider,
        boot,
        "extend",
        CALLS,
        (store, locks) -> keys.forEach(k -> assertThat(store.extend(k, "a", 60_000)).isTrue()));
    assertCommits(
        provider,
        boot,
        "complete",
        CALLS,
        (store, locks) ->
            keys.forEach(k -> assertThat(store.complete(k, "a", new byte[] {0}, 60_000)).isTrue()));
    // a replay reads the record and writes nothing: PostgreSQL counts a commit for a transaction
    // that wrote nothing too, so this is the one statement per replay, not a write
    assertCommits(
        provider,
        boot,
        "replay",
        CALLS,
        (store, locks) ->
            keys.forEach(
                k ->
                    assertThat(store.acquire(k, "b", "fp", 60_000))
                        .isEqualTo(new AcquireResult.Completed("fp", new byte[] {0}))));
    commitsOf(provider, (store, locks) -> second.forEach(k -> store.acquire(k, "a", "fp", 60_000)));
    assertCommits(
        provider,
        boot,
        "release",
        CALLS,
        (store, locks) -> second.forEach(k -> assertThat(store.release(k, "a")).isTrue()));
    assertCommits(
        provider,
        boot,
        "lock acquire",
        CALLS,
        (store, locks) -> keys.forEach(k -> assertThat(locks.acquire(k, "a", 60_000)).isPresent()));
    assertCommits(
        provider,
        boot,
        "renew",
        CALLS,
        (store, locks) -> keys.forEach(k -> assertThat(locks.renew(k, "a", 60_000)).isTrue()));
    assertCommits(
        provider,
        boot,
        "lock release",
        CALLS,
        (store, locks) -> keys.forEach(k -> assertThat(locks.release(k, "a")).isTrue()));
  }

  private static List<String> keys() {
    return IntStream.range(0, CALLS).mapToObj(i -> "count:" + UUID.randomUUID()).toList();
  }

  private static void assertCommits(
      Way provider,
      long boot,
      String what,
      int expected,
      BiConsumer<JpaIdempotencyStore, JpaLockStore> calls)
      throws Exception {
    long counted = commitsOf(provider, calls) - boot;
    System.out.printf(
        "statement count: %s %-32s %d commits for %d calls%n", provider, what, counted, CALLS);
    // slack for the providers' boot reads, which vary by one or two; a second statement per call
    // would add CALLS
    assertThat(counted)
        .as(what + ": commits for " + CALLS + " calls")
        .isBetween(expected - 3L, expected + 3L);
  }

  /**
   * The commits of booting a persistence unit, running {@code calls} and closing it. Closing ends
   * the pool's backends, which flush their statistics as they exit.
   */
  private static long commitsOf(Way way, BiConsumer<JpaIdempotencyStore, JpaLockStore> calls)
      throws Exception {
    long before = settledCommits(way);
    if (way == Way.DATASOURCE) {
      // one connection, like the units below
      try (HikariDataSource pool = TestDataSources.pool(server, way.url(), true, 1)) {
        calls.accept(new JpaIdempotencyStore(pool), new JpaLockStore(pool));
      }
      return settledCommits(way) - before;
    }
    Provider provider = Provider.valueOf(way.name());
    // one connection, so the pool fills no connections in the background while counting
    EntityManagerFactory factory =
        provider.open(
            server,
            way.url(),
            Map.of(
                "hibernate.hikari.minimumIdle", "1",
                "hibernate.hikari.maximumPoolSize", "1",
                "eclipselink.connection-pool.default.initial", "1",
                "eclipselink.connection-pool.default.min", "1",
                "eclipselink.connection-pool.default.max", "1"));
    try {
      calls.accept(new JpaIdempotencyStore(factory), new JpaLockStore(factory));
    } finally {
      factory.close();
    }
    return settledCommits(way) - before;
  }

  /** xact_commit once no backend of the way's database is left to flush its statistics. */
  private static long settledCommits(Way way) throws Exception {
    for (int i = 0; i < 100 && backends(way) > 0; i++) {
      Thread.sleep(100);
    }
    Thread.sleep(300);
    long last = commits(way);
    for (int i = 0; i < 20; i++) {
      Thread.sleep(300);
      long now = commits(way);
      if (now == last) {
        return now;
      }
      last = now;
    }
    return last;
  }

  private static long backends(Way way) throws SQLException {
    try (Connection admin = server.connect();
        Statement statement = admin.createStatement()) {
      ResultSet row =
          statement.executeQuery(
              "SELECT count(*) FROM pg_stat_activity WHERE datname = '" + way.database() + "'");
      row.next();
      return row.getLong(1);
    }
  }

  private static long commits(Way way) throws SQLException {
    try (Connection admin = server.connect();
        Statement statement = admin.createStatement()) {
      ResultSet row =
          statement.executeQuery(
              "SELECT xact_commit FROM pg_stat_database WHERE datname = '" + way.database() + "'");
      row.next();
      return row.getLong(1);
    }
  }
}
