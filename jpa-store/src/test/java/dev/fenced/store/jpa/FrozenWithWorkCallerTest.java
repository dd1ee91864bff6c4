package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.PostgresServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A with-work caller frozen ({@code SIGSTOP}, a long pause) after it wrote its outcome and before
 * its {@code COMMIT} holds the record's row; once its lock expired, every duplicate waits on that
 * row for the query timeout and gets 503. TCP keepalive does not end such a session (the frozen
 * host's kernel answers the probes), nor does anything on the frozen side: PostgreSQL's {@code
 * idle_in_transaction_session_timeout} does, which the shipped datasources set on their
 * connections. The holder here is a process of the test's own, connected with the {@code options}
 * the shipped datasources give (with a short timeout), and frozen with {@code kill -STOP}.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class FrozenWithWorkCallerTest {

  private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration QUERY_TIMEOUT = Duration.ofMillis(500);
  private static final long LOCK_TTL_MILLIS = 300;

  /** The setting, as the shipped datasources write it. */
  private static final Pattern SHIPPED =
      Pattern.compile("-c idle_in_transaction_session_timeout=(\\d+)s");

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @Test
  void postgresql_ends_a_frozen_callers_transaction_and_frees_its_record_within_the_bound()
      throws Exception {
    JpaIdempotencyStore store = store();
    String key = claimedAndExpired(store);
    Process holder = holding(key, options(IDLE_TIMEOUT.toSeconds()));
    try {
      freeze(holder);
      long frozenAt = System.nanoTime();

      Duration freedAfter = untilAcquired(store, key, IDLE_TIMEOUT.multipliedBy(4));

      assertThat(freedAfter)
          .as("from the freeze to a duplicate's claim")
          .isLessThan(IDLE_TIMEOUT.plus(QUERY_TIMEOUT).plusSeconds(2));
      assertThat(Duration.ofNanos(System.nanoTime() - frozenAt))
          .isGreaterThanOrEqualTo(IDLE_TIMEOUT.minusMillis(500));
    } finally {
      end(holder);
    }
  }

  @Test
  void without_the_setting_a_frozen_caller_keeps_its_record_from_duplicates() throws Exception {
    JpaIdempotencyStore store = store();
    String key = claimedAndExpired(store);
    Process holder = holding(key, "");
    try {
      freeze(holder);

      Duration waited = IDLE_TIMEOUT.multipliedBy(2);
      long until = System.nanoTime() + waited.toNanos();
      while (System.nanoTime() < until) {
        assertThat(tryAcquire(store, key))
            .as("a duplicate's claim while the caller is frozen")
            .isFalse();
      }
    } finally {
      end(holder);
    }
  }

  @Test
  void the_shipped_datasources_set_the_same_bound() throws IOException {
    Path configs = repository().resolve("server-configs");
    long wildfly = shippedSeconds(configs.resolve("wildfly/fenced-postgresql.cli"));
    long liberty = shippedSeconds(configs.resolve("liberty/fenced-postgresql.xml"));
    String guarantees = Files.readString(repository().resolve("docs/guide/guarantees.md"));

    assertThat(guarantees)
        .contains("idle_in_transaction_session_timeout")
        .contains(wildfly + " s")
        .contains(liberty + " s");
  }

  private static JpaIdempotencyStore store() {
    return new JpaIdempotencyStore(
        new ResourceLocalTransactions(UNITS.get(Provider.HIBERNATE)),
        StoreSettings.of(QUERY_TIMEOUT));
  }

  /** A key claimed by a caller whose lock has expired, as a with-work writer's does. */
  private static String claimedAndExpired(JpaIdempotencyStore store) throws InterruptedException {
    String key = "frozen:" + UUID.randomUUID();
    assertThat(store.acquire(key, "frozen", "fp", LOCK_TTL_MILLIS))
        .isEqualTo(new AcquireResult.Acquired());
    Thread.sleep(LOCK_TTL_MILLIS + 100);
    return key;
  }

  private static String options(long idleSeconds) {
    return "-c idle_in_transaction_session_timeout=" + idleSeconds + "s";
  }

  private static Process holding(String key, String options) throws IOException {
    PostgresServer server = PostgresServer.get();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                FrozenWithWorkHolder.class.getName(),
                server.jdbcUrl(),
                server.user() == null ? "" : server.user(),
                server.password() == null ? "" : server.password(),
                options,
                PostgresStatements.keyHash(key))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (!FrozenWithWorkHolder.HOLDING.equals(line)) {
      process.destroyForcibly();
      throw new IllegalStateException("the holder did not take the row: " + line);
    }
    return process;
  }

  private static void freeze(Process process) throws IOException, InterruptedException {
    signal(process, "-STOP");
  }

  private static void end(Process process) throws IOException, InterruptedException {
    process.destroyForcibly(); // SIGKILL ends a stopped process too
    process.waitFor();
  }

  private static void signal(Process process, String signal)
      throws IOException, InterruptedException {
    int exit = new ProcessBuilder("kill", signal, String.valueOf(process.pid())).start().waitFor();
    assertThat(exit).as("kill " + signal).isZero();
  }

  private static Duration untilAcquired(JpaIdempotencyStore store, String key, Duration atMost) {
    long started = System.nanoTime();
    while (System.nanoTime() - started < atMost.toNanos()) {
      if (tryAcquire(store, key)) {
        return Duration.ofNanos(System.nanoTime() - started);
      }
    }
    throw new AssertionError("the frozen caller's record was still held after " + atMost);
  }

  /** Whether a duplicate claimed the key; false while the row is held (it timed out, a 503). */
  private static boolean tryAcquire(JpaIdempotencyStore store, String key) {
    try {
      return store.acquire(key, "duplicate", "fp", 60_000) instanceof AcquireResult.Acquired;
    } catch (StoreUnavailableException held) {
      return false;
    }
  }

  private static long shippedSeconds(Path config) throws IOException {
    List<Long> found =
        SHIPPED
            .matcher(Files.readString(config))
            .results()
            .map(match -> Long.parseLong(match.group(1)))
            .toList();
    assertThat(found).as("the setting in " + config).hasSize(1);
    return found.get(0);
  }

  private static Path repository() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("server-configs"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "server-configs not found above " + Path.of("").toAbsolutePath());
  }
}
