package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigChoice;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.store.spi.Readiness;
import java.util.Optional;

/**
 * What a store that is not set up does to the deployment: {@value #KEY}. When the application
 * starts, each selected store that reports its readiness is asked once (one call, bounded by the
 * store's timeout).
 *
 * <ul>
 *   <li>{@link #FAIL} (the default): a store {@code NOT_SET_UP} (a missing table, sequence, {@code
 *       EntityManagerFactory} or {@code fenced.redis.url}) fails the deployment with {@code
 *       FENCED-D206} and the store's reason, instead of failing its first call.
 *   <li>{@link #READINESS}: the deployment goes on with a WARNING, and the store's readiness check
 *       stays DOWN until it is set up (for platforms that create the schema after the application
 *       starts).
 * </ul>
 *
 * A store that does not answer ({@code UNAVAILABLE}) never fails the deployment: an outage passes
 * by itself, and the instance is unready meanwhile.
 */
public enum StoreSetUpCheck {
  /** A store that is not set up fails the deployment. */
  FAIL("fail"),
  /** A store that is not set up is logged, and unready. */
  READINESS("readiness");

  /** The config key. */
  public static final String KEY = "fenced.store.set-up-check";

  private static final ConfigChoice<StoreSetUpCheck> CHOICE =
      ConfigChoice.of(
          KEY, values(), FAIL, "what a store that is not set up does to the deployment");

  private final String value;

  StoreSetUpCheck(String value) {
    this.value = value;
  }

  /**
   * The configured setting; an invalid value reads as the default (see {@link #problem}).
   *
   * @param config the application's config
   * @return the setting, {@link #FAIL} when unset
   */
  public static StoreSetUpCheck of(ConfigLookup config) {
    return CHOICE.read(config);
  }

  /**
   * A value that is neither {@code fail} nor {@code readiness}.
   *
   * @param config the application's config
   * @return the problem naming the key, or empty
   */
  public static Optional<String> problem(ConfigLookup config) {
    return CHOICE.invalid(config);
  }

  /**
   * The problem that fails the deployment for a store's readiness at startup.
   *
   * @param selection which store
   * @param storeName its selected name
   * @param readiness what it reported
   * @return the problem, or empty when the deployment goes on
   */
  public Optional<String> failure(StoreSelection selection, String storeName, Readiness readiness) {
    if (this != FAIL || readiness.state() != Readiness.State.NOT_SET_UP) {
      return Optional.empty();
    }
    return Optional.of(
        DeploymentProblem.STORE_NOT_SET_UP.format(
            selection.key(), storeName, readiness.reason(), KEY));
  }

  @Override
  public String toString() {
    return value;
  }
}
