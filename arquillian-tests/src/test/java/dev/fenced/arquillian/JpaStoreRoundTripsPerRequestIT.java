package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.harness.JpaTckStoreProvider;
import java.io.IOException;
import java.net.URL;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
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
 * {@value RequestKinds#TIMES} times the calls. The server reports {@code xact_commit} only {@link
 * OwnDatabase#REPORT_DELAY} after the last statement, so a window starts from the reading that
 * ended the one before when no request was sent in between: the replays use a key the warm-up
 * completed, and the 409s' window also counts the claim of the request they repeat, held from the
 * window's start to after its end. When the server runs autovacuum, whose visits commit
 * transactions in the database too, a window with more transactions is measured again, up to
 * {@value #WINDOWS} times (the visits are {@code autovacuum_naptime} apart); on PostgreSQL before
 * 15 the transactions are only printed ({@link OwnDatabase#reportsWhenIdle()}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the 409s' held request ends the chain
class JpaStoreRoundTripsPerRequestIT {

  /** The datasource of the deployment, defined in its {@code web.xml}. */
  private static final String DATASOURCE = "java:app/jdbc/FencedRoundTripsDS";

  /** How often a window whose surplus autovacuum may explain is measured. */
  private static final int WINDOWS = 3;

  private static OwnDatabase database;
  private static CountingPostgresProxy proxy;
  private static RequestKinds requests;
  private static String completedKey;
  private static Reading lastReading;

  @Deployment(testable = false)
  static WebArchive deployment() throws IOException {
    database = OwnDatabase.create("fenced_round_trips");
    // lives as long as the JVM, after the server has closed its connections
    proxy = CountingPostgresProxy.start(database.host(), database.port());
    return WebXmlDataSource.storeOn(
        RequestKinds.deployment("jpa-store-round-trips-it"), DATASOURCE, webXml(), Map.of());
  }

  @ArquillianResource URL base;

  /** Warms every kind up, and keeps a completed key for the replays. */
  @BeforeEach
  void warmUp() throws InterruptedException {
    if (requests == null) {
      requests = new RequestKinds(base);
      requests.firstRequests(5);
      completedKey = requests.completedKey();
      requests.replays(completedKey, 5);
      try (RequestKinds.Held held = requests.hold()) {
        held.repeats(5);
      }
    }
  }

  @Test
  @Order(1)
  void a_replay_costs_one_transaction_and_its_round_trips() throws Exception {
    assertStoreCalls(
        "replay", 1, 0, () -> measure(() -> requests.replays(completedKey, RequestKinds.TIMES)));
  }

  @Test
  @Order(2)
  void a_first_request_costs_two_transactions_and_their_round_trips() throws Exception {
    assertStoreCalls(
        "first request", 2, 0, () -> measure(() -> requests.firstRequests(RequestKinds.TIMES)));
  }

  @Test
  @Order(3)
  void a_409_costs_one_transaction_and_its_round_trips() throws Exception {
    assertStoreCalls(
        "409",
        1,
        1, // the held request's claim
        () -> {
          AtomicReference<RequestKinds.Held> held = new AtomicReference<>();
          try {
            return measure(
                () -> {
                  held.set(requests.hold());
                  held.get().repeats(RequestKinds.TIMES);
                });
          } finally {
            if (held.get() != null) {
              held.get().close();
            }
          }
        });
  }

  /** Round trips per store call: one on the datasource, three through the unit. */
  private static int roundTripsPerCall() {
    return JpaTckStoreProvider.onDataSource() ? 1 : 3;
  }

  /**
   * Measures the window until its counts are {@code calls} store calls per request, and {@code
   * others} more (of the requests the window needs besides those it counts).
   */
  private void assertStoreCalls(String kind, int calls, int others, Window window)
      throws Exception {
    long transactions = (long) calls * RequestKinds.TIMES + others;
    long roundTrips = transactions * roundTripsPerCall();
    boolean counted = database.reportsWhenIdle();
    boolean autovacuum = database.autovacuum();
    for (int attempt = 1; ; attempt++) {
      Traffic traffic = window.measure();
      print(kind, traffic.less(others), attempt, counted);

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
  private static Traffic measure(Requests sent) throws InterruptedException {
    Traffic before = settled();
    sent.run();
    return settled().minus(before);
  }

  /** The counts once the server has reported, read again only when a request was sent since. */
  private static Traffic settled() throws InterruptedException {
    long lastEnded = requests.lastEnded();
    if (lastReading == null || lastReading.lastEnded() != lastEnded) {
      lastReading = new Reading(lastEnded, Traffic.now(database.settledCommits(lastEnded)));
    }
    return lastReading.traffic();
  }

  /** The counts as read after the request that ended at {@code lastEnded}. */
  private record Reading(long lastEnded, Traffic traffic) {}

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

  /** The requests a window counts. */
  @FunctionalInterface
  private interface Requests {
    void run() throws InterruptedException;
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

    /** Without {@code calls} store calls of other requests (their messages are left in). */
    Traffic less(int calls) {
      return new Traffic(
          commits - calls,
          roundTrips - (long) calls * roundTripsPerCall(),
          syncs,
          queries,
          binds,
          connections);
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
    return WebXmlDataSource.webXml(WebXmlDataSource.throughProxy(DATASOURCE, proxy, database, 4));
  }
}
