package dev.fenced.arquillian;

import dev.fenced.arquillian.harness.JpaTckStoreProvider;
import dev.fenced.arquillian.jpa.TckPersistenceUnit;
import dev.fenced.tck.arquillian.FencedLibrary;
import dev.fenced.tck.support.TckDeployment;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * A deployment's own JTA datasource on PostgreSQL, declared in its {@code web.xml} ({@code
 * PGSimpleDataSource}; the driver travels in the WAR), for tests whose store must not use the
 * cell's shared datasource.
 */
final class WebXmlDataSource {

  /**
   * What the providers are told of the database, so that they need no connection to boot: Hibernate
   * would otherwise read the dialect from it.
   */
  private static final Map<String, String> POSTGRESQL_UNIT =
      Map.of(
          "hibernate.dialect", "org.hibernate.dialect.PostgreSQLDialect",
          "eclipselink.target-database", "PostgreSQL");

  private WebXmlDataSource() {}

  /**
   * Puts both stores of {@code deployment} on the datasource the {@code webXml} declares, the way
   * the jpa cell runs the store: on the datasource itself ({@code fenced.jpa.datasource}, the
   * wildfly-jpa cell) or through the unit {@link JpaTckStoreProvider#UNIT} on it (the liberty-jpa
   * cell), whose {@code persistence.xml} replaces the one the cell's provider added on the shared
   * datasource. Adds the store's jar and the driver.
   *
   * @param deployment the deployment, still to build
   * @param name the datasource's JNDI name, as the {@code webXml} declares it
   * @param webXml the {@code web.xml}, from {@link #webXml}
   * @param unitProperties further properties of the unit, beside the PostgreSQL dialect
   * @return the WAR
   */
  static WebArchive storeOn(
      TckDeployment deployment, String name, String webXml, Map<String, String> unitProperties) {
    deployment
        .classes(TckPersistenceUnit.class)
        .config("fenced.idempotency.store", "jpa")
        .config("fenced.locks.store", "jpa");
    WebArchive war =
        (JpaTckStoreProvider.onDataSource()
                ? deployment.config("fenced.jpa.datasource", name)
                : deployment.config("fenced.jpa.persistence-unit", JpaTckStoreProvider.UNIT))
            .build();
    // the jpa cell's provider added its unit on the shared datasource: this one replaces it
    war.delete("WEB-INF/classes/META-INF/persistence.xml");
    JpaTckStoreProvider.addStoreLibrary(war);
    Map<String, String> properties = new TreeMap<>(POSTGRESQL_UNIT);
    properties.putAll(unitProperties);
    return war.addAsResource(
            new StringAsset(JpaTckStoreProvider.persistenceXml(name, properties)),
            "META-INF/persistence.xml")
        .addAsWebInfResource(new StringAsset(webXml), "web.xml")
        .addAsLibrary(FencedLibrary.jar("postgresql.jar", "org.postgresql.Driver"));
  }

  /**
   * Gives {@code war} the datasource the {@code webXml} declares, for the application's own use
   * (the store keeps the cell's), with the driver.
   *
   * @param war the WAR, without a {@code web.xml}
   * @param webXml the {@code web.xml}, from {@link #webXml}
   * @return the WAR
   */
  static WebArchive on(WebArchive war, String webXml) {
    return war.addAsWebInfResource(new StringAsset(webXml), "web.xml")
        .addAsLibrary(FencedLibrary.jar("postgresql.jar", "org.postgresql.Driver"));
  }

  /**
   * The {@code web.xml} declaring datasources, each a pool of its own.
   *
   * @param dataSources their {@code <data-source>} elements, from {@link #dataSource}
   * @return the {@code web.xml}
   */
  static String webXml(String... dataSources) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="https://jakarta.ee/xml/ns/jakartaee https://jakarta.ee/xml/ns/jakartaee/web-app_6_0.xsd"
                 version="6.0">
        %s</web-app>
        """
        .formatted(String.join("", dataSources));
  }

  /**
   * A {@code <data-source>} element on {@code database} through {@code proxy}, unencrypted (the
   * proxy reads what it forwards), opening one connection at once and at most {@code maxPool}.
   *
   * @param name its JNDI name
   * @param proxy the counting proxy in front of the database
   * @param database the database
   * @param maxPool the connections the pool opens at most
   * @return the element
   */
  static String throughProxy(
      String name, CountingPostgresProxy proxy, OwnDatabase database, int maxPool) {
    return dataSource(
        name,
        proxy.port(),
        database.name(),
        database.user(),
        database.password(),
        Map.of("sslmode", "disable", "gssEncMode", "disable"),
        1,
        maxPool);
  }

  /**
   * A {@code <data-source>} element of a {@code web.xml}: a JTA datasource on PostgreSQL.
   *
   * @param name its JNDI name, e.g. {@code java:app/jdbc/Mine}
   * @param port the loopback port of PostgreSQL (or of a proxy in front of it)
   * @param database the database, with the user and password to log in
   * @param properties further driver properties, e.g. {@code connectTimeout}
   * @param minPool the connections the pool opens at once and keeps
   * @param maxPool the connections the pool opens at most
   * @return the element
   */
  static String dataSource(
      String name,
      int port,
      String database,
      String user,
      String password,
      Map<String, String> properties,
      int minPool,
      int maxPool) {
    String more =
        properties.entrySet().stream()
            .map(
                e ->
                    "\n    <property><name>%s</name><value>%s</value></property>"
                        .formatted(e.getKey(), xml(e.getValue())))
            .collect(Collectors.joining());
    return """
          <data-source>
            <name>%s</name>
            <class-name>org.postgresql.ds.PGSimpleDataSource</class-name>
            <server-name>127.0.0.1</server-name>
            <port-number>%d</port-number>
            <database-name>%s</database-name>
            <user>%s</user>
            <password>%s</password>%s
            <transactional>true</transactional>
            <initial-pool-size>%d</initial-pool-size>
            <min-pool-size>%d</min-pool-size>
            <max-pool-size>%d</max-pool-size>
          </data-source>
        """
        .formatted(name, port, database, user, xml(password), more, minPool, minPool, maxPool);
  }

  private static String xml(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
