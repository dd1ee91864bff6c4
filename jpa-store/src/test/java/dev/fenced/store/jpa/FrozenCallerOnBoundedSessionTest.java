package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.testservers.FrozenProcess;
import dev.fenced.testservers.PostgresServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * On a datasource only Fenced uses, a call sends its statement alone: the query timeout is the
 * session's, set when the store first met the connection. PostgreSQL still ends a statement that
 * waits past it when the calling JVM is frozen ({@code SIGSTOP}), which a JDBC timer in the caller
 * could not. The caller is a process of the test's own ({@link BoundedSessionCaller}); its
 * statement waits on a row the test holds.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class FrozenCallerOnBoundedSessionTest {

  private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(1);
  private static final Duration SLACK = Duration.ofMillis(1_500);

  private Connection holder;
  private Process caller;
  private String key;

  @BeforeEach
  void aRecordTheTestHoldsLocked() throws SQLException {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    key = "bounded-session:" + UUID.randomUUID();
    try (HikariDataSource pool = TestDataSources.pool(server, server.jdbcUrl(), true, 1)) {
      assertThat(new JpaIdempotencyStore(pool).acquire(key, "caller", "fp", 60_000))
          .isEqualTo(new AcquireResult.Acquired());
    }
    holder = server.connect();
    holder.setAutoCommit(false);
    HeldRecordRow.hold(holder, key);
  }

  @AfterEach
  void end() throws Exception {
    if (caller != null) {
      caller.destroyForcibly(); // SIGKILL ends a stopped process too
      caller.waitFor();
    }
    if (holder != null) {
      holder.rollback();
      holder.close();
    }
  }

  @Test
  void postgresql_ends_a_frozen_callers_statement_at_the_sessions_query_timeout() throws Exception {
    int pid = startCaller("bounded");
    awaitWaitingOnTheRow(pid);
    try (FrozenProcess frozen = FrozenProcess.freeze(caller.pid())) {
      long frozenAt = System.nanoTime();

      Duration ended = untilNotWaiting(pid, QUERY_TIMEOUT.multipliedBy(5));

      assertThat(ended)
          .as("from the freeze to the end of the frozen caller's statement")
          .isLessThan(QUERY_TIMEOUT.plus(SLACK));
      assertThat(Duration.ofNanos(System.nanoTime() - frozenAt))
          .isLessThan(QUERY_TIMEOUT.plus(SLACK));
    }
    assertThat(outcome()).startsWith("StoreUnavailableException").contains("statement timeout");
  }

  @Test
  void without_the_sessions_query_timeout_a_frozen_callers_statement_waits_on() throws Exception {
    int pid = startCaller("unbounded");
    awaitWaitingOnTheRow(pid);
    try (FrozenProcess frozen = FrozenProcess.freeze(caller.pid())) {

      Thread.sleep(QUERY_TIMEOUT.multipliedBy(3).toMillis());

      assertThat(waitingOnALock(pid)).as("the frozen caller's statement still waits").isTrue();
    }
  }

  private int startCaller(String mode) throws IOException {
    PostgresServer server = PostgresServer.get();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    caller =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                BoundedSessionCaller.class.getName(),
                server.jdbcUrl(),
                server.user() == null ? "" : server.user(),
                server.password() == null ? "" : server.password(),
                Long.toString(QUERY_TIMEOUT.toMillis()),
                key,
                mode)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String line = output().readLine();
    if (line == null || !line.startsWith(BoundedSessionCaller.READY + " ")) {
      throw new IllegalStateException("the caller did not start: " + line);
    }
    Writer go = new OutputStreamWriter(caller.getOutputStream(), StandardCharsets.UTF_8);
    go.write("go\n");
    go.flush();
    return Integer.parseInt(line.substring(BoundedSessionCaller.READY.length() + 1).strip());
  }

  private BufferedReader output;

  private BufferedReader output() {
    if (output == null) {
      output =
          new BufferedReader(
              new InputStreamReader(caller.getInputStream(), StandardCharsets.UTF_8));
    }
    return output;
  }

  private String outcome() throws IOException {
    String line = output().readLine();
    return line == null ? "(no outcome)" : line;
  }

  private void awaitWaitingOnTheRow(int pid) throws Exception {
    long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!waitingOnALock(pid)) {
      if (System.nanoTime() > until) {
        throw new AssertionError("the caller's statement never waited on the held row");
      }
      Thread.sleep(10);
    }
  }

  private Duration untilNotWaiting(int pid, Duration atMost) throws Exception {
    long started = System.nanoTime();
    while (waitingOnALock(pid)) {
      if (System.nanoTime() - started > atMost.toNanos()) {
        throw new AssertionError("the frozen caller's statement still waited after " + atMost);
      }
      Thread.sleep(10);
    }
    return Duration.ofNanos(System.nanoTime() - started);
  }

  private static boolean waitingOnALock(int pid) throws SQLException {
    try (Connection connection = PostgresServer.get().connect();
        PreparedStatement waiting =
            connection.prepareStatement(
                "SELECT count(*) FROM pg_locks WHERE pid = ? AND NOT granted")) {
      waiting.setInt(1, pid);
      try (ResultSet count = waiting.executeQuery()) {
        count.next();
        return count.getLong(1) > 0;
      }
    }
  }
}
