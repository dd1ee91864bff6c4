package dev.fenced.store.support;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.CombinedStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The skeleton of a store's one CDI bean: the store is opened on first use (so deploying the jar
 * without selecting the store costs nothing), once for every caller ({@link SharedOpening}), and
 * each {@link CombinedStore} method goes to it. A vendor's bean extends it with its scope, name and
 * qualifier, and writes only how its store is opened from its settings:
 *
 * <pre>{@code
 * @ApplicationScoped
 * @Named("mariadb")
 * @FencedMariaDb
 * public class MariaDbStoreBean extends StoreBean<MariaDbStore> implements StoreReadiness {
 *
 *   @Override
 *   protected MariaDbStore open() {
 *     return MariaDbStore.open(MariaDbSettings.read(config));
 *   }
 *
 *   @Override
 *   public Readiness readiness() {
 *     return readinessOnceOpen(MariaDbStore::readiness);
 *   }
 *
 *   @PreDestroy
 *   void close() {
 *     closeStore(MariaDbStore::close);
 *   }
 * }
 * }</pre>
 *
 * <p>The opened store holds the statements: a {@link CombinedStore} whose halves are the vendor's
 * {@link IdempotencyStore} and {@link LockStore}, and whose {@code release(key, owner)} releases
 * whichever the owner holds. No method here is final, so CDI can proxy the bean.
 *
 * @param <S> the opened store
 */
public abstract class StoreBean<S extends CombinedStore> implements CombinedStore {

  private final SharedOpening<S> store = new SharedOpening<>(this::open);

  /** For the vendor's bean, which CDI constructs. */
  protected StoreBean() {}

  /**
   * Opens the store from its settings; called on first use, and again by the next caller after it
   * threw.
   *
   * @return the store, never {@code null}
   * @throws StoreUnavailableException when the store's server cannot be reached
   * @throws RuntimeException naming the config key when a setting is missing or cannot be used
   */
  protected abstract S open();

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
   * The store, opened first if it is not yet; what a failed open threw goes through {@link
   * #openingFailure}.
   *
   * @return the opened store
   */
  protected S store() {
    try {
      return store.get();
    } catch (RuntimeException e) {
      throw openingFailure(e);
    }
  }

  /**
   * What a store call throws when the store cannot be opened; by default what {@link #open} threw.
   * A store that fails closed on a setting that cannot be used returns a {@link
   * StoreUnavailableException} for it; the readiness still reports the setting ({@link
   * #readinessOnceOpen}).
   *
   * @param failure what {@link #open} threw
   * @return the exception to throw
   */
  protected RuntimeException openingFailure(RuntimeException failure) {
    return failure;
  }

  /**
   * The readiness of a bean whose store checks its own: {@link Readiness.State#UNAVAILABLE} when
   * the store's server cannot be reached while opening ({@link StoreUnavailableException}), {@link
   * Readiness.State#NOT_SET_UP} with the message of any other failure to open (a setting missing or
   * invalid, which the message names), else what {@code check} says of the opened store.
   *
   * @param check the opened store's own readiness
   * @return the readiness
   */
  protected Readiness readinessOnceOpen(Function<? super S, Readiness> check) {
    S opened;
    try {
      opened = store.get();
    } catch (StoreUnavailableException e) {
      return Readiness.unavailable(e.getMessage(), Map.of());
    } catch (RuntimeException e) {
      // a setting that cannot be used, or something missing: someone must add it
      return Readiness.notSetUp(e.getMessage(), Map.of());
    }
    return check.apply(opened);
  }

  /**
   * Closes the opened store, if any, when the application stops (from the bean's {@code
   * PreDestroy}); a later call opens it again.
   *
   * @param close closes what the store owns (a pool, a client)
   */
  protected void closeStore(Consumer<? super S> close) {
    store.forget().ifPresent(close);
  }
}
