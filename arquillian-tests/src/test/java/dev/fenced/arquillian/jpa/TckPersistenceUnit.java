package dev.fenced.arquillian.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceUnit;

/**
 * Goes into each TCK deployment of the {@code jpa} run: produces the persistence unit's factory
 * under the name {@code fenced.jpa.persistence-unit} selects, as the JPA store's README tells an
 * application to. A producer method, because CDI forbids a name on a resource producer field
 * ({@code @Produces @PersistenceUnit}).
 */
@ApplicationScoped
public class TckPersistenceUnit {

  /** The persistence unit's name and the factory's bean name. */
  public static final String NAME = "fenced";

  @PersistenceUnit(unitName = NAME)
  EntityManagerFactory factory;

  @Produces
  @Named(NAME)
  EntityManagerFactory fencedUnit() {
    return factory;
  }
}
