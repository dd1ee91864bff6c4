package dev.fenced.example.bookshelf.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceUnit;

/**
 * The persistence unit {@code fenced} (on WildFly's datasource {@code FencedDS}) as the bean that
 * {@code fenced.jpa.persistence-unit=fenced} names. Used only when a store is {@code jpa}.
 */
@ApplicationScoped
public class FencedPersistence {

  @PersistenceUnit(unitName = "fenced")
  EntityManagerFactory unit;

  // a producer method: CDI forbids a name on a resource producer field
  @Produces
  @Named("fenced")
  EntityManagerFactory fencedUnit() {
    return unit;
  }
}
