package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.FaultProxy;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A partition (connections open, nothing answers), made by a proxy between the store and PostgreSQL
 * that stops forwarding: every call fails with {@link StoreUnavailableException} within the
 * connection settings' bound (pgjdbc {@code socketTimeout}, {@code loginTimeout}, the pool's wait),
 * never hangs, and the store works again once the network does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartitionTest {

  private static final Pattern HOST_PORT = Pattern.compile("//([^/:?,]+)(?::(\\d+))?");

  /** pgjdbc socketTimeout and loginTimeout (s), the pool's wait and validation (ms). */
  private static final int SOCKET_TIMEOUT_SECONDS = 2;

  private static final Duration BOUND = Duration.ofSeconds(SOCKET_TIMEOUT_SECONDS + 6);

  private FaultProxy proxy;
  private EntityManagerFactory factory;
  private HikariDataSource pool;

  @BeforeAll
  void open() throws Exception {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    Matcher target = HOST_PORT.matcher(server.jdbcUrl());
    assertThat(target.find()).as("host and port in " + server.jdbcUrl()).isTrue();
    proxy =
        FaultProxy.start(
            target.group(1), target.group(2) == null ? 5432 : Integer.parseInt(target.group(2)));
    String url = server.jdbcUrl().replaceFirst(HOST_PORT.pattern(), "//127.0.0.1:" + proxy.port());
    url +=
        (url.contains("?") ? "&" : "?")
            + "socketTimeout="
            + SOCKET_TIMEOUT_SECONDS
            + "&connectTimeout=2&loginTimeout="
            + SOCKET_TIMEOUT_SECONDS;
    factory =
        Provider.HIBERNATE.open(
            server,
            url,
            Map.of(
                "hibernate.hikari.minimumIdle", "2",
                "hibernate.hikari.maximumPoolSize", "4",
                "hibernate.hikari.connectionTimeout", "2000",
                "hibernate.hikari.validationTimeout", "1000"));
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(server.user());
    config.setPassword(server.password());
    config.setMinimumIdle(2);
    config.setMaximumPoolSize(4);
    config.setConnectionTimeout(2000);
    config.setValidationTimeout(1000);
    pool = new HikariDataSource(config);
  }

  @AfterAll
  void close() {
    if (proxy != null) {
      proxy.forward();
    }
    if (factory != null) {
      factory.close();
    }
    if (pool != null) {
      pool.close();
    }
    if (proxy != null) {
      proxy.close();
    }
  }

  @Test
  void every_call_through_a_persistence_unit_fails_closed_within_the_bound_and_works_again_after()
      throws Exception {
    failsClosedWithinTheBoundAndWorksAgainAfter(
        new JpaIdempotencyStore(factory, Duration.ofSeconds(1)),
        new JpaLockStore(factory, Duration.ofSeconds(1)));
  }

  @Test
  void every_call_on_a_datasource_fails_closed_within_the_bound_and_works_again_after()
      throws Exception {
    failsClosedWithinTheBoundAndWorksAgainAfter(
        new JpaIdempotencyStore(pool, Duration.ofSeconds(1), FencedTables.DEFAULT),
        new JpaLockStore(pool, Duration.ofSeconds(1), FencedTables.DEFAULT));
  }

  private void failsClosedWithinTheBoundAndWorksAgainAfter(
      JpaIdempotencyStore records, JpaLockStore locks) throws Exception {
    String held = "partition:" + UUID.randomUUID();
    String lock = "partition-lock:" + UUID.randomUUID();
    assertThat(records.acquire(held, "me", "fp", 60_000)).isEqualTo(new AcquireResult.Acquired());
    assertThat(locks.acquire(lock, "me", 60_000)).isPresent();

    proxy.blackHole();
    try {
      assertUnavailableWithinBound(
          "acquire", () -> records.acquire("partition:" + UUID.randomUUID(), "x", "fp", 60_000));
      assertUnavailableWithinBound(
          "complete", () -> records.complete(held, "me", new byte[] {1}, 60_000));
      assertUnavailableWithinBound("extend", () -> records.extend(held, "me", 60_000));
      assertUnavailableWithinBound("lock acquire", () -> locks.acquire(lock + "-2", "x", 60_000));
      assertUnavailableWithinBound("renew", () -> locks.renew(lock, "me", 60_000));
    } finally {
      proxy.forward();
    }

    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (true) {
      try {
        assertThat(records.extend(held, "me", 60_000)).isTrue();
        break;
      } catch (StoreUnavailableException e) {
        // the pool replaces the connections the partition broke
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
    assertThat(records.complete(held, "me", new byte[] {1}, 60_000)).isTrue();
  }

  private static void assertUnavailableWithinBound(String what, ThrowingCallable call) {
    long start = System.nanoTime();
    assertThatThrownBy(call).as(what).isInstanceOf(StoreUnavailableException.class);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    System.out.printf("partition: %s failed closed after %d ms%n", what, took.toMillis());
    assertThat(took).as(what + " took").isLessThan(BOUND);
  }
}
