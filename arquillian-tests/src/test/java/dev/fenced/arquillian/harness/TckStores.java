package dev.fenced.arquillian.harness;

import java.util.Locale;
import java.util.UUID;

/**
 * Which store the behaviour TCK runs with in this JVM: the system property {@value #PROPERTY}
 * ({@code memory}, {@code jpa} or {@code redis}; unset means {@code memory}), set by the Failsafe
 * execution ({@code <server>-memory}, {@code <server>-jpa}, {@code <server>-redis}).
 */
final class TckStores {

  /** The system property naming the store. */
  static final String PROPERTY = "fenced.tck.store";

  /** A name for this run, unique enough to keep runs on one database or Redis apart. */
  static final String RUN = "r" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

  private TckStores() {}

  /**
   * The selected store.
   *
   * @return {@code memory}, {@code jpa}, {@code redis}, or another name as given
   */
  static String selected() {
    String store = System.getProperty(PROPERTY, "").strip().toLowerCase(Locale.ROOT);
    return store.isEmpty() ? "memory" : store;
  }

  static boolean selected(String store) {
    return selected().equals(store);
  }
}
