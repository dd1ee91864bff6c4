package dev.fenced.example.mariadb;

import dev.fenced.tck.arquillian.FencedLibrary;
import dev.fenced.tck.support.TckStoreProvider;
import java.util.Map;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The MariaDB store in every behaviour TCK deployment: the store's jar, the kit its bean extends
 * ({@code fenced-store-support.jar}), the MariaDB driver and HikariCP in {@code WEB-INF/lib}, and
 * on Open Liberty SLF4J's API too (the store owns its connections, so the server needs no
 * datasource); and both stores selected on this run's database ({@link MariaDbTestServer}: {@code
 * FENCED_TEST_MARIADB_URL}, else the embedded MariaDB), whose tables the test JVM created.
 * Registered in {@code META-INF/services/dev.fenced.tck.support.TckStoreProvider}.
 */
public final class MariaDbTckStoreProvider implements TckStoreProvider {

  @Override
  public void prepare(WebArchive archive) {
    archive.addAsLibrary(
        FencedLibrary.jar("fenced-mariadb-store.jar", MariaDbStoreBean.class.getName()));
    FencedLibrary.addStoreSupport(archive);
    archive.addAsLibrary(FencedLibrary.jar("mariadb-java-client.jar", "org.mariadb.jdbc.Driver"));
    archive.addAsLibrary(FencedLibrary.jar("HikariCP.jar", "com.zaxxer.hikari.HikariDataSource"));
    if ("liberty".equals(System.getProperty("arquillian.launch"))) {
      // HikariCP logs through SLF4J, which WildFly gives every deployment and Open Liberty none
      archive.addAsLibrary(FencedLibrary.jar("slf4j-api.jar", "org.slf4j.LoggerFactory"));
    }
  }

  @Override
  public Map<String, String> configuration() {
    return Map.of(
        "fenced.idempotency.store", "mariadb",
        "fenced.locks.store", "mariadb",
        "fenced.mariadb.url", MariaDbTestServer.url());
  }
}
