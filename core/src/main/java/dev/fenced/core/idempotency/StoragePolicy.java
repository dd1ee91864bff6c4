package dev.fenced.core.idempotency;

import dev.fenced.idempotency.StoreIf;
import java.util.Objects;

/**
 * Decides which outcomes are stored for replay and which release the key, per {@link StoreIf}.
 *
 * <p>{@link StoreIf#NOT_SERVER_ERROR}: HTTP statuses below 500 and normal returns are stored.
 * {@link StoreIf#SUCCESS}: only 2xx statuses and normal returns. Under both, an exception that
 * escapes the method releases the key, so a retry runs it again.
 */
public final class StoragePolicy {

  private final StoreIf storeIf;

  private StoragePolicy(StoreIf storeIf) {
    this.storeIf = storeIf;
  }

  /**
   * The policy for a {@link StoreIf} value.
   *
   * @param storeIf the configured value
   * @return the policy
   */
  public static StoragePolicy of(StoreIf storeIf) {
    return new StoragePolicy(Objects.requireNonNull(storeIf, "storeIf"));
  }

  /**
   * Whether a response with this status is stored.
   *
   * @param httpStatus the final status, 100 to 599
   * @return {@code true} to store it, {@code false} to release the key
   * @throws IllegalArgumentException when the status is not an HTTP status
   */
  public boolean storesStatus(int httpStatus) {
    if (httpStatus < 100 || httpStatus > 599) {
      throw new IllegalArgumentException(httpStatus + " is not an HTTP status");
    }
    return switch (storeIf) {
      case NOT_SERVER_ERROR -> httpStatus < 500;
      case SUCCESS -> httpStatus >= 200 && httpStatus < 300;
    };
  }

  /**
   * Whether a normal return of a non-HTTP method is stored: always.
   *
   * @return {@code true}
   */
  public boolean storesReturn() {
    return true;
  }

  /**
   * Whether an exception that escaped the method is stored: never, the key is released.
   *
   * @param exception what the method threw
   * @return {@code false}
   */
  public boolean storesException(Throwable exception) {
    return false;
  }

  /**
   * The policy's {@link StoreIf} value.
   *
   * @return the value
   */
  public StoreIf storeIf() {
    return storeIf;
  }

  @Override
  public String toString() {
    return "StoragePolicy[" + storeIf + "]";
  }
}
