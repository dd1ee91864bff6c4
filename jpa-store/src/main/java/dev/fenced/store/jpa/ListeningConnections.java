package dev.fenced.store.jpa;

import jakarta.persistence.EntityManagerFactory;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * Where a store's listening connection ({@link ClaimEndListener}) comes from: the store's own
 * datasource, or the one its persistence unit's properties name. A unit whose properties name
 * neither a datasource nor a JDBC URL gives none: its store does not signal, and waiting duplicates
 * poll.
 */
final class ListeningConnections {

  /** The properties that give a unit's datasource: a {@link DataSource} or its JNDI name. */
  static final List<String> DATASOURCES =
      List.of(
          "jakarta.persistence.nonJtaDataSource",
          "jakarta.persistence.jtaDataSource",
          "javax.persistence.nonJtaDataSource",
          "javax.persistence.jtaDataSource",
          "hibernate.connection.datasource");

  private static final List<String> URLS =
      List.of(
          "jakarta.persistence.jdbc.url", "javax.persistence.jdbc.url", "hibernate.connection.url");
  private static final List<String> USERS =
      List.of(
          "jakarta.persistence.jdbc.user",
          "javax.persistence.jdbc.user",
          "hibernate.connection.username");
  private static final List<String> PASSWORDS =
      List.of(
          "jakarta.persistence.jdbc.password",
          "javax.persistence.jdbc.password",
          "hibernate.connection.password");

  private ListeningConnections() {}

  /** Connections of the store's datasource. */
  static ClaimEndListener.Connections of(DataSource dataSource) {
    return dataSource::getConnection;
  }

  /**
   * Connections of the datasource {@code factory}'s properties name (looked up in JNDI now, on the
   * caller's thread, when it is a name), else of its JDBC URL, user and password; empty when they
   * name neither.
   */
  static Optional<ClaimEndListener.Connections> of(EntityManagerFactory factory) {
    Map<String, Object> properties = factory.getProperties();
    for (String key : DATASOURCES) {
      Object value = properties.get(key);
      if (value instanceof DataSource dataSource) {
        return Optional.of(of(dataSource));
      }
      if (value instanceof String name && !name.isBlank()) {
        Optional<DataSource> found = lookUp(name.strip());
        if (found.isPresent()) {
          return found.map(ListeningConnections::of);
        }
      }
    }
    return first(properties, URLS)
        .map(
            url -> {
              Properties login = new Properties();
              first(properties, USERS).ifPresent(user -> login.setProperty("user", user));
              first(properties, PASSWORDS)
                  .ifPresent(password -> login.setProperty("password", password));
              return () -> DriverManager.getConnection(url, login);
            });
  }

  private static Optional<DataSource> lookUp(String name) {
    try {
      return Optional.of((DataSource) new InitialContext().lookup(name));
    } catch (NamingException | ClassCastException | NoClassDefFoundError notThere) {
      return Optional.empty();
    }
  }

  private static Optional<String> first(Map<String, Object> properties, List<String> keys) {
    return keys.stream()
        .map(properties::get)
        .filter(String.class::isInstance)
        .map(String.class::cast)
        .filter(value -> !value.isBlank())
        .findFirst();
  }
}
