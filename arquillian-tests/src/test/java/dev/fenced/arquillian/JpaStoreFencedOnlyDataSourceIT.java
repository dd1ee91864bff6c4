package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.io.IOException;
import java.net.URL;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
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
 * ({@link OwnDatabase}), reached through a {@link CountingPostgresProxy}, which counts the
 * statements the pool's connections send (a Bind message each): one per store call where the
 * store sends it alone, two where its settings statement goes with it.
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
  private static CountingPostgresProxy proxy;

  @Deployment(testable = false)
  static WebArchive deployment() throws IOException {
    database = OwnDatabase.create("fenced_only");
    // lives as long as the JVM, after the server has closed its connections
    proxy = CountingPostgresProxy.start(database.host(), database.port());
    return WebXmlDataSource.storeOn(
        RequestKinds.deployment("jpa-store-fenced-only-it")
            .config("fenced.jpa.datasource", DATASOURCE)
            .config("fenced.jpa.datasource-sharing", "fenced-only")
            .config("fenced.jpa.query-timeout", QUERY_TIMEOUT.toMillis() + "ms"),
        DATASOURCE,
        WebXmlDataSource.webXml(WebXmlDataSource.throughProxy(DATASOURCE, proxy, database, POOL)),
        Map.of());
  }

  @ArquillianResource URL base;

  @Test
  void each_store_call_sends_its_statement_alone_where_the_pool_leads_to_the_drivers_connection()
      throws Exception {
    RequestKinds requests = new RequestKinds(base);
    String key = requests.completedKey();
    requests.replays(key, 2 * POOL); // every connection of the pool has met the store
    long before = proxy.messages('B');

    requests.replays(key, RequestKinds.TIMES);

    double statementsPerReplay = (proxy.messages('B') - before) / (double) RequestKinds.TIMES;
    System.out.printf(
        "%s: a replay on a fenced-only datasource sends %.2f statements%n",
        System.getProperty("fenced.tck.server"), statementsPerReplay);
    // Open Liberty's pool hands out a new proxy of the driver's connection with each handle: the
    // store cannot tell its physical connections apart and bounds each call (scaling-out.md)
    assertThat(statementsPerReplay)
        .as("statements (Bind messages) per replay, its one store call")
        .isEqualTo(onOpenLiberty() ? 2.0 : 1.0);
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


}
