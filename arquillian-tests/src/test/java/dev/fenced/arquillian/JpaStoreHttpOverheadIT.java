package dev.fenced.arquillian;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.arquillian.harness.JpaTckStoreProvider;
import dev.fenced.arquillian.stores.TwinResource;
import dev.fenced.store.jpa.DataSourceSharing;
import dev.fenced.store.jpa.FencedTables;
import dev.fenced.store.jpa.JpaIdempotencyStore;
import java.net.URL;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code jpa} cells: the HTTP overhead of {@code @Idempotent} on the PostgreSQL store
 * ({@link HttpOverhead}): the guarded endpoint beside its undecorated twin, first requests and
 * replays, and the store's own acquire + complete from the test JVM ({@link JpaIdempotencyStore} on
 * a HikariCP pool). The deployment brings its store along, as {@link
 * JpaStoreRoundTripsPerRequestIT}'s does: a JTA datasource of its own ({@code web.xml}) on a
 * database of its own ({@link OwnDatabase}), which the test JVM's pool reaches too; the server runs
 * the store as its cell does, on that datasource (WildFly) or through a persistence unit on it
 * (Open Liberty: three round trips per call, where the test JVM's calls make one). The payment
 * twins write to the same database through a second datasource, a pool of their own, as an
 * application should ({@link TwinResource#PAYMENTS}).
 *
 * <p>With the build's small defaults it checks that the measurement works; the figures come from a
 * run like this one (WildFly; {@code -pl arquillian-tests/liberty} for Open Liberty), whose table
 * lands in {@code arquillian-tests/wildfly/target/http-overhead-wildfly-jpa.md}:
 *
 * <pre>
 * ./mvnw -B verify -pl arquillian-tests/wildfly -Dtest=none \
 *   -Dsurefire.failIfNoSpecifiedTests=false -Dfenced.memory.skip -Dfenced.redis.skip \
 *   -Dfenced.redis-cluster.skip -Dit.test=JpaStoreHttpOverheadIT -Dfenced.http.rounds=3 \
 *   -Dfenced.http.connections=8 -Dfenced.http.warmup=500 -Dfenced.http.requests=3000
 * </pre>
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreHttpOverheadIT {

  /** The store's datasource, defined in the deployment's {@code web.xml}. */
  private static final String DATASOURCE = "java:app/jdbc/FencedHttpOverheadDS";

  private static final HttpOverhead.Settings SETTINGS = HttpOverhead.Settings.read();

  /**
   * How the store's datasource is shared ({@code -Dfenced.http.datasource-sharing}): by default
   * {@code fenced-only}, as it is here (the twins write through a pool of their own), in the
   * server and in the test JVM; {@code shared} measures the store bounding each call.
   */
  private static final DataSourceSharing SHARING =
      DataSourceSharing.valueOf(
          System.getProperty("fenced.http.datasource-sharing", "fenced-only")
              .toUpperCase(Locale.ROOT)
              .replace('-', '_'));

  private static OwnDatabase database;

  @Deployment(testable = false)
  static WebArchive deployment() {
    database = OwnDatabase.create("fenced_http_overhead");
    HttpOverhead.createPaymentsTable(database);
    return WebXmlDataSource.storeOn(
        HttpOverhead.deployment("jpa-store-http-overhead-it")
            .config(DataSourceSharing.KEY, SHARING.value()),
        DATASOURCE,
        WebXmlDataSource.webXml(dataSource(DATASOURCE), dataSource(TwinResource.PAYMENTS)),
        Map.of());
  }

  /** A datasource on the deployment's database, a pool of its own. */
  private static String dataSource(String name) {
    int connections = SETTINGS.connections();
    return WebXmlDataSource.dataSource(
        name,
        database.port(),
        database.name(),
        database.user(),
        database.password(),
        Map.of(),
        connections,
        Math.max(4, connections));
  }

  @ArquillianResource URL base;

  @Test
  void the_idempotent_endpoint_and_its_undecorated_twin_are_measured_side_by_side()
      throws Exception {
    try (HikariDataSource pool = pool()) {
      HttpOverhead overhead =
          HttpOverhead.measure(
              base,
              new JpaIdempotencyStore(
                  pool, Duration.ofSeconds(5), FencedTables.DEFAULT, SHARING),
              SETTINGS);

      overhead.report(
          "jpa",
          JpaTckStoreProvider.onDataSource()
              ? "PostgreSQL store on a datasource (" + SHARING.value() + ")"
              : "PostgreSQL store through a persistence unit (the test JVM's two calls on a"
                  + " datasource, "
                  + SHARING.value()
                  + ")");
      overhead.assertEveryKindMeasured();
    }
  }

  /** The test JVM's pool on the deployment's database, a connection per worker. */
  private static HikariDataSource pool() {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(database.jdbcUrl());
    config.setUsername(database.user());
    config.setPassword(database.password());
    config.setMaximumPoolSize(SETTINGS.connections());
    config.setPoolName("fenced-http-overhead");
    return new HikariDataSource(config);
  }
}
