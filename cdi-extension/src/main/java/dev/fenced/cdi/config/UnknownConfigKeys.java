package dev.fenced.cdi.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The keys Fenced reads in the namespaces it owns, and a WARNING for a key set there that it does
 * not read: a typo ({@code fenced.idempotency.lock-tll}) would otherwise be ignored without a word,
 * and the default would apply. The namespaces: {@code fenced.idempotency.}, {@code fenced.locks.},
 * {@code fenced.store.}, {@code fenced.health.}, {@code fenced.interceptor.}, the PostgreSQL and
 * Redis stores' {@code fenced.jpa.} and {@code fenced.redis.}, and the keys of one word after
 * {@code fenced.}. Any other {@code fenced.<name>.} belongs to a store of someone else's (the
 * MariaDB example's {@code fenced.mariadb.}) and is left alone, as are the per-method keys of the
 * Fault Tolerance form. {@link #KNOWN} is the configuration guide's list, which a test compares
 * with it.
 */
public final class UnknownConfigKeys {

  /** Every key of the configuration guide (docs/guide/configuration.md). */
  public static final Set<String> KNOWN =
      Set.of(
          "fenced.allow-in-memory-storage",
          "fenced.health.timeout",
          "fenced.idempotency.body-fingerprint",
          "fenced.idempotency.commit",
          "fenced.idempotency.encryption.keys",
          "fenced.idempotency.header",
          "fenced.idempotency.ignored-fields",
          "fenced.idempotency.lock-ttl",
          "fenced.idempotency.max-renewal",
          "fenced.idempotency.max-request-size",
          "fenced.idempotency.max-response-size",
          "fenced.idempotency.on-conflict",
          "fenced.idempotency.replay-headers",
          "fenced.idempotency.required",
          "fenced.idempotency.retry-after",
          "fenced.idempotency.scope",
          "fenced.idempotency.store-if",
          "fenced.idempotency.store-on",
          "fenced.idempotency.store-statuses",
          "fenced.idempotency.store",
          "fenced.idempotency.ttl",
          "fenced.idempotency.wait-poll",
          "fenced.idempotency.wait-timeout",
          "fenced.instance-name",
          "fenced.interceptor.priority",
          "fenced.jpa.datasource-sharing",
          "fenced.jpa.datasource",
          "fenced.jpa.persistence-unit",
          "fenced.jpa.query-timeout",
          "fenced.jpa.schema",
          "fenced.jpa.table-prefix",
          "fenced.locks.interrupt-on-loss",
          "fenced.locks.max-renewal",
          "fenced.locks.store",
          "fenced.locks.ttl",
          "fenced.problem-type-base",
          "fenced.redis.clock-skew-warning",
          "fenced.redis.key-prefix",
          "fenced.redis.password",
          "fenced.redis.pool.max-idle",
          "fenced.redis.pool.max-total",
          "fenced.redis.pool.max-wait",
          "fenced.redis.pool.min-idle",
          "fenced.redis.sentinel.master",
          "fenced.redis.sentinel.password",
          "fenced.redis.sentinel.user",
          "fenced.redis.timeout",
          "fenced.redis.tls.trust-store-password",
          "fenced.redis.tls.trust-store-type",
          "fenced.redis.tls.trust-store",
          "fenced.redis.tls.verify",
          "fenced.redis.topology",
          "fenced.redis.url",
          "fenced.redis.user",
          "fenced.store.set-up-check");

  private static final List<String> OWNED =
      List.of(
          "fenced.idempotency.",
          "fenced.locks.",
          "fenced.store.",
          "fenced.health.",
          "fenced.interceptor.",
          "fenced.jpa.",
          "fenced.redis.");

  /** How far a typo may be from the key it means: a few letters, not another key. */
  private static final int MAX_EDITS = 3;

  private UnknownConfigKeys() {}

  /**
   * A WARNING for each key in a namespace Fenced owns that it does not read, naming the nearest
   * known key when one is close, in the order of the keys' names.
   *
   * @param names every property name the application's configuration has
   * @return the warnings' texts, empty when every key is known
   */
  public static List<String> warnings(Iterable<String> names) {
    Set<String> unknown = new TreeSet<>();
    for (String name : names) {
      if (owned(name) && !KNOWN.contains(name)) {
        unknown.add(name);
      }
    }
    List<String> warnings = new ArrayList<>();
    for (String key : unknown) {
      warnings.add(
          "Fenced reads no config key "
              + key
              + nearest(key).map(known -> "; did you mean " + known + "?").orElse("")
              + " It is ignored: the keys are listed in the guide's Configuration page");
    }
    return warnings;
  }

  /** The known key fewest edits away, if it is within {@link #MAX_EDITS}. */
  static Optional<String> nearest(String key) {
    return KNOWN.stream()
        .map(known -> new Candidate(known, edits(key, known)))
        .filter(candidate -> candidate.edits() <= MAX_EDITS)
        .min(Comparator.comparingInt(Candidate::edits).thenComparing(Candidate::key))
        .map(Candidate::key);
  }

  private record Candidate(String key, int edits) {}

  private static boolean owned(String name) {
    if (!name.startsWith("fenced.")) {
      return false;
    }
    return OWNED.stream().anyMatch(name::startsWith) || name.indexOf('.', "fenced.".length()) < 0;
  }

  /** The Levenshtein distance: insertions, deletions and substitutions, each one edit. */
  static int edits(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
