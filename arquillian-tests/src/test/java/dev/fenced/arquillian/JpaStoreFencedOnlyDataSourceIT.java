package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.io.IOException;
import java.net.URL;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code jpa} cells: the store on a datasource only Fenced uses ({@code
 * fenced.jpa.datasource-sharing=fenced-only}), in the server. On WildFly the store sets its bounds
 * once per physical connection of the server's pool and then sends each statement alone; Open
 * Liberty's pool hides its physical connections (a new proxy of the driver's with each handle), so
 * there every call carries its bounds, as on a shared datasource. Either way PostgreSQL ends a
 * statement that waits past {@code fenced.jpa.query-timeout}, and the request gets 503.
 *
 * <p>The deployment brings a JTA datasource of its own ({@code web.xml}) on a database of its own
 * ({@link OwnDatabase}), which nothing else uses: PostgreSQL's {@code pg_stat_activity} shows the
 * last statement each of the pool's connections sent, and {@code pg_stat_database} counts the
 * transactions (one per call; bounds sent with a call would be a second).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreFencedOnlyDataSourceIT {

  private static final String DATASOURCE = "java:app/jdbc/FencedOnlyDS";
  private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(1);
  private static final String ORDER = "{\"book\":\"b-1\"}";

  /** The most connections of the deployment's pool. */
  private static final int POOL = 4;

  private static OwnDatabase database;

  @Deployment(testable = false)
  static WebArchive deployment() throws IOException {
    database = OwnDatabase.create("fenced_only");
    return WebXmlDataSource.storeOn(
        RequestKinds.deployment("jpa-store-fenced-only-it")
            .config("fenced.jpa.datasource", DATASOURCE)
            .config("fenced.jpa.datasource-sharing", "fenced-only")
            .config("fenced.jpa.query-timeout", QUERY_TIMEOUT.toMillis() + "ms"),
        DATASOURCE,
        WebXmlDataSource.webXml(
            WebXmlDataSource.dataSource(
                DATASOURCE,
                database.port(),
                database.name(),
                database.user(),
                database.password(),
                Map.of(),
                1,
                POOL)),
        Map.of());
  }

  @ArquillianResource URL base;

  @Test
  void the_pools_connections_send_the_stores_statements_as_the_guide_says_for_the_server()
      throws Exception {
    RequestKinds requests = new RequestKinds(base);
    String key = requests.completedKey();
    requests.firstRequests(10);
    requests.replays(key, 10);

    List<String> lastStatements = lastStatementsOfTheServer();

    assertThat(lastStatements)
        .as("the last statement of each of the server's connections")
        .anyMatch(statement -> statement.contains("fenced_idempotency"));
    if (onOpenLiberty()) {
      // its pool hands out a new proxy of the driver's connection with each connection: the store
      // cannot tell the physical connections apart and bounds every call (scaling-out.md)
      assertThat(lastStatements)
          .filteredOn(statement -> statement.contains("fenced_idempotency"))
          .allMatch(statement -> statement.contains("set_config('statement_timeout', '1000', true)"));
    } else {
      assertThat(lastStatements).noneMatch(statement -> statement.contains("set_config("));
    }
  }

  @Test
  void the_bounds_travel_once_per_physical_connection_not_with_each_call() throws Exception {
    RequestKinds requests = new RequestKinds(base);
    String key = requests.completedKey();
    requests.replays(key, 2 * POOL); // every connection of the pool has met the store
    long before = database.settledCommits(requests.lastEnded());

    requests.replays(key, RequestKinds.TIMES);

    long commits = database.settledCommits(requests.lastEnded()) - before;
    System.out.printf(
        "%s: %d replays on a fenced-only datasource, %d transactions%n",
        System.getProperty("fenced.tck.server", System.getProperty("arquillian.launch")),
        RequestKinds.TIMES,
        commits);
    if (database.reportsWhenIdle()) {
      // one transaction per replay; bounds sent again with a call would make it two. Autovacuum's
      // visits, if the server runs it, commit in the database too
      assertThat(commits)
          .as("transactions of %d replays", RequestKinds.TIMES)
          .isBetween((long) RequestKinds.TIMES, RequestKinds.TIMES + 2L);
    }
  }

  @Test
  void a_statement_that_waits_past_the_query_timeout_gets_503_from_postgresql_ending_it()
      throws Exception {
    RequestKinds requests = new RequestKinds(base);
    String key = requests.completedKey();
    try (Connection holder = database.connect()) {
      holder.setAutoCommit(false);
      try (Statement lock = holder.createStatement()) {
        // even a replay, which reads the record without locking its row, waits for this
        lock.execute("LOCK TABLE fenced_idempotency IN ACCESS EXCLUSIVE MODE");
      }
      long sent = System.nanoTime();

      Reply reply = new Http(base).post("orders", key, ORDER);

      Duration answeredAfter = Duration.ofNanos(System.nanoTime() - sent);
      assertThat(reply.status()).as(reply.describe()).isEqualTo(503);
      assertThat(reply.text()).contains("IDEMPOTENCY_STORE_UNAVAILABLE");
      assertThat(answeredAfter)
          .as("waited for the held row until the query timeout, not longer")
          .isGreaterThanOrEqualTo(QUERY_TIMEOUT.minusMillis(100))
          .isLessThan(QUERY_TIMEOUT.multipliedBy(4));
      holder.rollback();
    }
    requests.replays(key, 1);
  }

  private static boolean onOpenLiberty() {
    return System.getProperty("fenced.tck.server", "").startsWith("Open Liberty");
  }

  /** The last statement of every connection to the database but this test's own. */
  private static List<String> lastStatementsOfTheServer() throws SQLException {
    List<String> statements = new ArrayList<>();
    try (Connection connection = database.connect();
        PreparedStatement activity =
            connection.prepareStatement(
                "SELECT query FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()"
                    + " AND backend_type = 'client backend'")) {
      activity.setString(1, database.name());
      try (ResultSet rows = activity.executeQuery()) {
        while (rows.next()) {
          statements.add(rows.getString(1));
        }
      }
    }
    return statements;
  }
}
