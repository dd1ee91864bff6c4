package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.util.HashMap;
import java.util.Map;

/** The two JPA providers the stores are proven on, each with a pool of 16 connections. */
enum Provider {
  HIBERNATE("fenced-hibernate"),
  ECLIPSELINK("fenced-eclipselink");

  static final int POOL_SIZE = 16;

  private final String unit;

  Provider(String unit) {
    this.unit = unit;
  }

  /** The persistence unit's name in the test {@code persistence.xml}. */
  String unit() {
    return unit;
  }

  /** A new persistence unit on {@code server}'s database {@code database} (or its own one). */
  EntityManagerFactory open(PostgresServer server, String jdbcUrl) {
    return open(server, jdbcUrl, Map.of());
  }

  EntityManagerFactory open(PostgresServer server, String jdbcUrl, Map<String, Object> extra) {
    Map<String, Object> properties = new HashMap<>(extra);
    properties.put("jakarta.persistence.jdbc.url", jdbcUrl);
    if (server.user() != null) {
      properties.put("jakarta.persistence.jdbc.user", server.user());
    }
    if (server.password() != null) {
      properties.put("jakarta.persistence.jdbc.password", server.password());
    }
    return Persistence.createEntityManagerFactory(unit, properties);
  }

  EntityManagerFactory open(PostgresServer server) {
    return open(server, server.jdbcUrl());
  }
}
