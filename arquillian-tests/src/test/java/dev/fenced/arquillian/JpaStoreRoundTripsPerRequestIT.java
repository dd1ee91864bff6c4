package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.harness.JpaTckStoreProvider;
import java.io.IOException;
import java.net.URL;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code jpa} cells: what the PostgreSQL store costs per guarded request, counted by
 * PostgreSQL itself and on the wire. A store call is one transaction; on a datasource ({@code
 * fenced.jpa.datasource}, the wildfly-jpa cell) one round trip, its settings and statement sent as
 * one prepared multi-statement; through a persistence unit (the liberty-jpa cell) three: the
 * settings (after the driver's {@code BEGIN}, in the same write), the statement, the {@code
 * COMMIT}. A first request makes two calls (claim, complete), a replay and a 409 one each (the
 * claim finds the outcome, or the running request).
 *
 * <p>The deployment brings its store along: a JTA datasource of its own ({@code web.xml}, the
 * driver in the WAR) on a database of its own ({@link OwnDatabase}) reached through a {@link
 * CountingPostgresProxy}, run on that datasource or through the unit on it as the cell runs the
 * store. Nothing else connects to that database, so its {@code xact_commit} counts the store's
 * transactions, and the proxy its round trips. Each test sends {@value RequestKinds#TIMES} requests
 * of its kind after a warm-up (pooled connections, prepared statements); the counts must be exactly
 * {@value RequestKinds#TIMES} times the calls. When the server runs autovacuum, whose visits commit
 * transactions in the database too, a window with more transactions is measured again, up to
 * {@value #WINDOWS} times (the visits are {@code autovacuum_naptime} apart); on PostgreSQL before
 * 15 the transactions are only printed ({@link OwnDatabase#reportsWhenIdle()}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreRoundTripsPerRequestIT {

  /** The datasource of the deployment, defined in its {@code web.xml}. */
  private static final String DATASOURCE = "java:app/jdbc/FencedRoundTripsDS";

  /** How often a window whose surplus autovacuum may explain is measured. */
  private static final int WINDOWS = 3;

  private static OwnDatabase database;
  private static CountingPostgresProxy proxy;
  private static boolean warm;

  @Deployment(testable = false)
  static WebArchive deployment() throws IOException {
    database = OwnDatabase.create("fenced_round_trips");
    // lives as long as the JVM, after the server has closed its connections
    proxy = CountingPostgresProxy.start(database.host(), database.port());
    return WebXmlDataSource.storeOn(
        RequestKinds.deployment("jpa-store-round-trips-it"), DATASOURCE, webXml(), Map.of());
  }

  @ArquillianResource URL base;

  private RequestKinds requests;

  @BeforeEach
  void warmUp() throws InterruptedException {
    requests = new RequestKinds(base);
    if (!warm) {
      requests.firstRequests(5);
      requests.replays(requests.completedKey(), 5);
      try (RequestKinds.Held held = requests.hold()) {
        held.repeats(5);
      }
      warm = true;
    }
  }

  @Test
  void a_first_request_costs_two_transactions_and_their_round_trips() throws Exception {
    assertStoreCalls(
        "first request", 2, () -> measure(() -> requests.firstRequests(RequestKinds.TIMES)));
  }

  @Test
  void a_replay_costs_one_transaction_and_its_round_trips() throws Exception {
    String key = requests.completedKey();

    assertStoreCalls("replay", 1, () -> measure(() -> requests.replays(key, RequestKinds.TIMES)));
  }

  @Test
  void a_409_costs_one_transaction_and_its_round_trips() throws Exception {
    assertStoreCalls(
        "409",
        1,
        () -> {
          try (RequestKinds.Held held = requests.hold()) {
            return measure(() -> held.repeats(RequestKinds.TIMES));
          }
        });
  }

  /** Round trips per store call: one on the datasource, three through the unit. */
  private static int roundTripsPerCall() {
    return JpaTckStoreProvider.onDataSource() ? 1 : 3;
  }

  private void assertStoreCalls(String kind, int calls, Window window) throws Exception {
    long transactions = (long) calls * RequestKinds.TIMES;
    long roundTrips = transactions * roundTripsPerCall();
    boolean counted = database.reportsWhenIdle();
    boolean autovacuum = database.autovacuum();
    for (int attempt = 1; ; attempt++) {
      Traffic traffic = window.measure();
      print(kind, traffic, attempt, counted);

      assertThat(traffic.roundTrips()).as("round trips of %s", kind).isEqualTo(roundTrips);
      if (!counted) {
        return;
      }
      assertThat(traffic.commits())
          .as("transactions of %s", kind)
          .isGreaterThanOrEqualTo(transactions);
      if (traffic.commits() == transactions || !autovacuum || attempt == WINDOWS) {
        assertThat(traffic.commits()).as("transactions of %s", kind).isEqualTo(transactions);
        return;
      }
    }
  }

  /** What the requests {@code sent} cost, once every count is in. */
  private Traffic measure(Runnable sent) throws InterruptedException {
    Traffic before = Traffic.now(database.settledCommits(requests.lastEnded()));
    sent.run();
    return Traffic.now(database.settledCommits(requests.lastEnded())).minus(before);
  }

  private static void print(String kind, Traffic traffic, int attempt, boolean counted) {
    double n = RequestKinds.TIMES;
    System.out.printf(
        "%s, store %s, window %d: per %s %s transactions, %.2f round trips (messages: Sync %.2f,"
            + " Query %.2f, Bind %.2f); %d connections opened; %d requests%n",
        System.getProperty("fenced.tck.server", System.getProperty("arquillian.launch")),
        JpaTckStoreProvider.onDataSource() ? "on the datasource" : "through a persistence unit",
        attempt,
        kind,
        counted ? "%.2f".formatted(traffic.commits() / n) : "(not reported before PostgreSQL 15)",
        traffic.roundTrips() / n,
        traffic.syncs() / n,
        traffic.queries() / n,
        traffic.binds() / n,
        traffic.connections(),
        RequestKinds.TIMES);
  }

  /** One measurement: the requests of a kind, sent between two readings of the counts. */
  @FunctionalInterface
  private interface Window {
    Traffic measure() throws Exception;
  }

  /** The server's and the proxy's counts, or the difference of two readings. */
  private record Traffic(
      long commits, long roundTrips, long syncs, long queries, long binds, long connections) {

    static Traffic now(long commits) {
      return new Traffic(
          commits,
          proxy.roundTrips(),
          proxy.messages('S'),
          proxy.messages('Q'),
          proxy.messages('B'),
          proxy.connections());
    }

    Traffic minus(Traffic before) {
      return new Traffic(
          commits - before.commits,
          roundTrips - before.roundTrips,
          syncs - before.syncs,
          queries - before.queries,
          binds - before.binds,
          connections - before.connections);
    }
  }

  /**
   * A JTA datasource on the proxy in front of the own database, unencrypted (the proxy reads what
   * it forwards), with a pool the warm-up fills.
   */
  private static String webXml() {
    return WebXmlDataSource.webXml(
        DATASOURCE,
        proxy.port(),
        database.name(),
        database.user(),
        database.password(),
        Map.of("sslmode", "disable", "gssEncMode", "disable"),
        1,
        4);
  }
}
