package dev.fenced.example.mariadb;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.idempotency.spi.StoreUnavailableException;
import dev.fenced.locks.spi.CombinedStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The one CDI bean named {@code mariadb}: both stores, selected by {@code
 * fenced.idempotency.store=mariadb} and {@code fenced.locks.store=mariadb} (Fenced looks it up by
 * type and name). It carries the qualifier {@link FencedMariaDb}, so it never answers an
 * unqualified {@code @Inject IdempotencyStore} or {@code LockStore}. As a {@link CombinedStore},
 * its one {@code release(key, owner)} releases whichever the owner holds ({@link MariaDbStore}),
 * and its halves implement the administration SPIs, so {@code FencedAdmin} can inspect and purge
 * idempotency records and inspect and force-release locks.
 *
 * <p>The store is built on first use (so deploying the jar without selecting it costs nothing) from
 * MicroProfile Config ({@link MariaDbSettings}: {@value MariaDbSettings#URL}, required, {@value
 * MariaDbSettings#USER}, {@value MariaDbSettings#PASSWORD}, {@value MariaDbSettings#POOL_SIZE},
 * {@value MariaDbSettings#TIMEOUT}), on a connection pool of its own ({@link MariaDbStore#open}),
 * never on a datasource of the server: the store must not join the caller's JTA transaction. Fenced
 * asks {@link #readiness()} when the application starts, so a missing or invalid setting, a server
 * older than MariaDB 10.5 or a missing table fails the deployment, with a message that names the
 * config key or the object. The pool closes with the application.
 */
@ApplicationScoped
@Named("mariadb")
@FencedMariaDb
public class MariaDbStoreBean implements CombinedStore, StoreReadiness {

  private final Function<String, Optional<String>> config;

  private MariaDbStore store;

  /** For CDI: the settings come from MicroProfile Config, read on first use. */
  public MariaDbStoreBean() {
    this(key -> ConfigProvider.getConfig().getOptionalValue(key, String.class));
  }

  /**
   * A bean whose settings come from {@code config}.
   *
   * @param config a config key to its value, empty when unset
   */
  MariaDbStoreBean(Function<String, Optional<String>> config) {
    this.config = config;
  }

  @Override
  public IdempotencyStore idempotencyStore() {
    return store().idempotencyStore();
  }

  @Override
  public LockStore lockStore() {
    return store().lockStore();
  }

  @Override
  public boolean release(String key, String owner) {
    return store().release(key, owner);
  }

  /**
   * Ready when MariaDB 10.5 or later answers within {@value MariaDbSettings#TIMEOUT} and holds the
   * tables and the sequence; not set up when a setting is missing or invalid (the reason names the
   * key), the server is too old or an object is missing; unavailable when MariaDB cannot be
   * reached.
   */
  @Override
  public Readiness readiness() {
    MariaDbStore opened;
    try {
      opened = openStore();
    } catch (RuntimeException e) {
      return Readiness.notSetUp(e.getMessage(), Map.of());
    }
    return opened.readiness();
  }

  /** Closes the store's pool when the application stops. */
  @PreDestroy
  synchronized void close() {
    if (store != null) {
      store.close();
      store = null;
    }
  }

  /**
   * The store; a setting that cannot be used makes every call fail closed, as an unreachable store
   * does, and the readiness check says which.
   */
  private MariaDbStore store() {
    try {
      return openStore();
    } catch (IllegalArgumentException e) {
      throw new StoreUnavailableException(e.getMessage(), e);
    }
  }

  private synchronized MariaDbStore openStore() {
    if (store == null) {
      store = MariaDbStore.open(MariaDbSettings.read(config));
    }
    return store;
  }
}
