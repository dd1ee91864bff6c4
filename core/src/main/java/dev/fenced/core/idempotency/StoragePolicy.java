package dev.fenced.core.idempotency;

import dev.fenced.idempotency.StoreIf;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Decides which outcomes are stored for replay and which release the key, per {@link StoreIf}.
 *
 * <p>{@link StoreIf#NOT_SERVER_ERROR}: HTTP statuses below 500 and normal returns are stored.
 * {@link StoreIf#SUCCESS}: only 2xx statuses and normal returns. Under both, an exception that
 * escapes the method releases the key, so a retry runs it again, and the statuses a method lists in
 * {@code storeStatuses} are stored as well.
 */
public final class StoragePolicy {

  private static final StoragePolicy EVERY_STATUS =
      new StoragePolicy(
          StoreIf.NOT_SERVER_ERROR,
          IntStream.rangeClosed(500, 599).boxed().collect(Collectors.toUnmodifiableSet()));

  private final StoreIf storeIf;
  private final Set<Integer> alsoStored;

  private StoragePolicy(StoreIf storeIf, Set<Integer> alsoStored) {
    this.storeIf = storeIf;
    this.alsoStored = alsoStored;
  }

  /**
   * The policy for a {@link StoreIf} value.
   *
   * @param storeIf the configured value
   * @return the policy
   */
  public static StoragePolicy of(StoreIf storeIf) {
    return of(storeIf, Set.of());
  }

  /**
   * The policy for a {@link StoreIf} value that also stores the listed statuses.
   *
   * @param storeIf the configured value
   * @param alsoStored statuses stored whatever {@code storeIf} says ({@code storeStatuses})
   * @return the policy
   * @throws IllegalArgumentException when a listed number is not an HTTP status
   */
  public static StoragePolicy of(StoreIf storeIf, Set<Integer> alsoStored) {
    Objects.requireNonNull(storeIf, "storeIf");
    for (int status : alsoStored) {
      requireStatus(status);
    }
    return new StoragePolicy(storeIf, Set.copyOf(alsoStored));
  }

  /**
   * The policy that stores every status: for the response made from an exception a method chose to
   * store ({@code storeOn}).
   *
   * @return the policy
   */
  public static StoragePolicy everyStatus() {
    return EVERY_STATUS;
  }

  /**
   * Whether a response with this status is stored.
   *
   * @param httpStatus the final status, 100 to 599
   * @return {@code true} to store it, {@code false} to release the key
   * @throws IllegalArgumentException when the status is not an HTTP status
   */
  public boolean storesStatus(int httpStatus) {
    requireStatus(httpStatus);
    if (alsoStored.contains(httpStatus)) {
      return true;
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

  private static void requireStatus(int httpStatus) {
    if (httpStatus < 100 || httpStatus > 599) {
      throw new IllegalArgumentException(httpStatus + " is not an HTTP status");
    }
  }

  @Override
  public String toString() {
    return alsoStored.isEmpty()
        ? "StoragePolicy[" + storeIf + "]"
        : "StoragePolicy[" + storeIf + ", also " + new TreeSet<>(alsoStored) + "]";
  }
}
