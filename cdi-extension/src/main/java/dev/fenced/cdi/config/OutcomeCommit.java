package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import java.util.Optional;

/**
 * When the outcome of an {@code @Idempotent} call that runs in a JTA transaction is recorded:
 * {@value #KEY}.
 *
 * <ul>
 *   <li>{@link #AFTER_WORK} (the default, every store): in a store transaction of its own, after
 *       the method's transaction committed. A crash between the two commits leaves the claim in
 *       flight, and a retry runs the method again once {@code lockTtl} has passed.
 *   <li>{@link #WITH_WORK} (a store that implements {@code CompletionWithWork}: JPA): inside the
 *       method's transaction, so the record and the work commit or roll back together and no crash
 *       can run the method twice for one key. The store and the work must share the transaction's
 *       database (one datasource, or XA datasources), and its transactions must start READ
 *       COMMITTED: the write reads the method's snapshot, which at a higher level may predate the
 *       claim. The JPA store checks the level in its readiness (so at deployment) and before its
 *       claims, and refuses with {@code FENCED-D207}.
 * </ul>
 */
public enum OutcomeCommit {
  /** The outcome is recorded after the method's transaction committed. */
  AFTER_WORK("after-work"),
  /** The outcome is recorded inside the method's transaction. */
  WITH_WORK("with-work");

  /** The config key. */
  public static final String KEY = "fenced.idempotency.commit";

  private static final ConfigChoice<OutcomeCommit> CHOICE =
      ConfigChoice.of(
          KEY, values(), AFTER_WORK, "when an @Idempotent method's outcome is recorded");

  private final String value;

  OutcomeCommit(String value) {
    this.value = value;
  }

  /**
   * The configured setting; an invalid value reads as the default (see {@link #problem}).
   *
   * @param config the application's config
   * @return the setting, {@link #AFTER_WORK} when unset
   */
  public static OutcomeCommit of(ConfigLookup config) {
    return CHOICE.read(config);
  }

  /**
   * What is wrong with the setting: a value that is neither {@code after-work} nor {@code
   * with-work}, or {@code with-work} with a store that cannot record outcomes in the caller's
   * transaction.
   *
   * @param config the application's config
   * @param store the selected idempotency store's name, for the message
   * @param storeCompletesWithWork whether that store implements {@code CompletionWithWork}
   * @return the problem naming the key, or empty
   */
  public static Optional<String> problem(
      ConfigLookup config, String store, boolean storeCompletesWithWork) {
    Optional<String> invalid = CHOICE.invalid(config);
    if (invalid.isPresent()) {
      return invalid;
    }
    if (CHOICE.read(config) == WITH_WORK && !storeCompletesWithWork) {
      return Optional.of(
          DeploymentProblem.COMMIT_WITH_WORK_UNSUPPORTED.format(
              KEY, StoreSelection.IDEMPOTENCY.key(), store, KEY));
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return value;
  }
}
