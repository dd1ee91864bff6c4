package dev.fenced.arquillian;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * A deployment's own JTA datasource on PostgreSQL, declared in its {@code web.xml} ({@code
 * PGSimpleDataSource}; the driver travels in the WAR), for tests whose store must not use the
 * cell's shared datasource.
 */
final class WebXmlDataSource {

  private WebXmlDataSource() {}

  /**
   * The {@code web.xml} declaring the datasource.
   *
   * @param name its JNDI name, e.g. {@code java:app/jdbc/Mine}
   * @param port the loopback port of PostgreSQL (or of a proxy in front of it)
   * @param database the database, with the user and password to log in
   * @param properties further driver properties, e.g. {@code connectTimeout}
   * @param minPool the connections the pool opens at once and keeps
   * @return the {@code web.xml}
   */
  static String webXml(
      String name,
      int port,
      String database,
      String user,
      String password,
      Map<String, String> properties,
      int minPool) {
    String more =
        properties.entrySet().stream()
            .map(
                e ->
                    "\n    <property><name>%s</name><value>%s</value></property>"
                        .formatted(e.getKey(), xml(e.getValue())))
            .collect(Collectors.joining());
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="https://jakarta.ee/xml/ns/jakartaee https://jakarta.ee/xml/ns/jakartaee/web-app_6_0.xsd"
                 version="6.0">
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
            <max-pool-size>4</max-pool-size>
          </data-source>
        </web-app>
        """
        .formatted(name, port, database, user, xml(password), more, minPool, minPool);
  }

  private static String xml(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
