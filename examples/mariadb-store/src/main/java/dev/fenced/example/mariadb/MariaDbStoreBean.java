package dev.fenced.example.mariadb;

import dev.fenced.store.spi.CombinedStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.store.support.StoreBean;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
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
 * <p>The store is built on first use ({@link StoreBean}: deploying the jar without selecting it
 * costs nothing) from MicroProfile Config ({@link MariaDbSettings}: {@value MariaDbSettings#URL},
 * required, {@value MariaDbSettings#USER}, {@value MariaDbSettings#PASSWORD}, {@value
 * MariaDbSettings#POOL_SIZE}, {@value MariaDbSettings#TIMEOUT}), on a connection pool of its own
 * ({@link MariaDbStore#open}), never on a datasource of the server: the store must not join the
 * caller's JTA transaction. Fenced asks {@link #readiness()} when the application starts, so a
 * missing or invalid setting, a server older than MariaDB 10.5 or a missing table fails the
 * deployment, with a message that names the config key or the object. The pool closes with the
 * application.
 */
@ApplicationScoped
@Named("mariadb")
@FencedMariaDb
public class MariaDbStoreBean extends StoreBean<MariaDbStore> implements StoreReadiness {

  private final Function<String, Optional<String>> config;

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

  /**
   * Ready when MariaDB 10.5 or later answers within {@value MariaDbSettings#TIMEOUT} and holds the
   * tables and the sequence; not set up when a setting is missing or invalid (the reason names the
   * key), the server is too old or an object is missing; unavailable when MariaDB cannot be
   * reached.
   */
  @Override
  public Readiness readiness() {
    return readinessOnceOpen(MariaDbStore::readiness);
  }

  /** Closes the store's pool when the application stops. */
  @PreDestroy
  void close() {
    closeStore(MariaDbStore::close);
  }

  @Override
  protected MariaDbStore open() {
    return MariaDbStore.open(MariaDbSettings.read(config));
  }

  /**
   * A setting that cannot be used makes every call fail closed, as an unreachable store does, and
   * the readiness check says which.
   */
  @Override
  protected RuntimeException openingFailure(RuntimeException failure) {
    return failure instanceof IllegalArgumentException
        ? new StoreUnavailableException(failure.getMessage(), failure)
        : failure;
  }
}
