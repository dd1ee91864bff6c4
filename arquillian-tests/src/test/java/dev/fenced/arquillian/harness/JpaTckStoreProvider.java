package dev.fenced.arquillian.harness;

import dev.fenced.arquillian.jpa.TckPersistenceUnit;
import dev.fenced.tck.arquillian.FencedLibrary;
import dev.fenced.tck.support.TckStoreProvider;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ArchivePaths;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The PostgreSQL store in the TCK deployments, when {@code fenced.tck.store=jpa}: adds {@code
 * fenced-jpa-store.jar} (the server has JPA and the driver already), a JTA persistence unit {@value
 * #UNIT} on the datasource {@code fenced.tck.datasource} (default {@value #DATASOURCE}, created by
 * {@code server-configs/wildfly/fenced-postgresql.cli}; the liberty-jpa cell sets {@code
 * jdbc/FencedDS} of {@code server-configs/liberty/fenced-postgresql.xml}) and the producer of its
 * {@code EntityManagerFactory} ({@link TckPersistenceUnit}), and selects {@code jpa} for both
 * stores, through that unit or, with {@value #ON_DATASOURCE}, on the datasource itself. The tables
 * are created before the run ({@link PostgresTckDatabase}); the unit generates no schema and names
 * no provider, so it runs on the server's own: Hibernate on WildFly, EclipseLink on Open Liberty.
 */
public final class JpaTckStoreProvider implements TckStoreProvider {

  /** The persistence unit's name and the {@code @Named} of its factory. */
  public static final String UNIT = TckPersistenceUnit.NAME;

  /** WildFly's JNDI name of the datasource (Open Liberty's is {@code jdbc/FencedDS}). */
  static final String DATASOURCE = "java:jboss/datasources/FencedDS";

  /**
   * The system property that runs the store on the datasource itself ({@code
   * fenced.jpa.datasource}, plain JDBC) instead of through the persistence unit: the wildfly-jpa
   * cell sets it, the liberty-jpa cell runs the persistence unit.
   */
  static final String ON_DATASOURCE = "fenced.tck.jpa.on-datasource";

  /**
   * Whether this cell runs the store on the datasource itself ({@value #ON_DATASOURCE}).
   *
   * @return true in the wildfly-jpa cell
   */
  public static boolean onDataSource() {
    return Boolean.getBoolean(ON_DATASOURCE);
  }

  /** A class of {@code fenced-jpa-store}: its code source is the store's jar or classes folder. */
  public static final String ANCHOR = "dev.fenced.store.jpa.JpaStoreBean";

  @Override
  public void prepare(WebArchive archive) {
    if (!TckStores.selected("jpa")) {
      return;
    }
    if (!PostgresTckDatabase.isPrepared()) {
      throw new IllegalStateException(
          "fenced.tck.store=jpa, but the TCK database was not prepared before the server started:"
              + " is TckStoresSessionListener registered?");
    }
    addStoreLibrary(archive);
    archive.addClass(TckPersistenceUnit.class);
    archive.addAsResource(new StringAsset(persistenceXml()), "META-INF/persistence.xml");
  }

  /**
   * Adds {@code fenced-jpa-store.jar} (and {@code fenced-store-support.jar}, its bean's skeleton)
   * to {@code archive} unless it is there, e.g. for an
   * application that fences its writes with {@code PostgresFence} whichever store Fenced uses.
   *
   * @param archive the WAR
   */
  public static void addStoreLibrary(WebArchive archive) {
    if (!archive.contains(ArchivePaths.create("WEB-INF/lib", "fenced-jpa-store.jar"))) {
      archive.addAsLibrary(FencedLibrary.jar("fenced-jpa-store.jar", ANCHOR));
      FencedLibrary.addStoreSupport(archive);
    }
  }

  @Override
  public Map<String, String> configuration() {
    if (!TckStores.selected("jpa")) {
      return Map.of();
    }
    if (onDataSource()) {
      return Map.of(
          "fenced.idempotency.store", "jpa",
          "fenced.locks.store", "jpa",
          "fenced.jpa.datasource", System.getProperty("fenced.tck.datasource", DATASOURCE));
    }
    return Map.of(
        "fenced.idempotency.store", "jpa",
        "fenced.locks.store", "jpa",
        "fenced.jpa.persistence-unit", UNIT);
  }

  static String persistenceXml() {
    String datasource = System.getProperty("fenced.tck.datasource", DATASOURCE);
    return persistenceXml(datasource, Map.of("jakarta.persistence.jtaDataSource", datasource));
  }

  /**
   * The unit {@value #UNIT} on another datasource.
   *
   * @param datasource the JNDI name of the JTA datasource
   * @param properties further properties of the unit, e.g. the provider's dialect
   * @return the {@code persistence.xml}
   */
  public static String persistenceXml(String datasource, Map<String, String> properties) {
    String more =
        properties.entrySet().stream()
            .map(
                e ->
                    "\n      <property name=\"%s\" value=\"%s\"/>"
                        .formatted(e.getKey(), e.getValue()))
            .collect(Collectors.joining());
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <persistence xmlns="https://jakarta.ee/xml/ns/persistence"
                     xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                     xsi:schemaLocation="https://jakarta.ee/xml/ns/persistence https://jakarta.ee/xml/ns/persistence/persistence_3_0.xsd"
                     version="3.0">
          <persistence-unit name="%s" transaction-type="JTA">
            <jta-data-source>%s</jta-data-source>
            <mapping-file>META-INF/fenced/orm.xml</mapping-file>
            <exclude-unlisted-classes>true</exclude-unlisted-classes>
            <properties>
              <property name="jakarta.persistence.schema-generation.database.action" value="none"/>%s
            </properties>
          </persistence-unit>
        </persistence>
        """
        .formatted(UNIT, datasource, more);
  }
}
