package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.config.SizeParser;
import java.util.ArrayList;
import java.util.List;

/**
 * How many bytes of an HTTP request and response Fenced holds in memory for one guarded request,
 * checked once at deployment.
 *
 * @param maxRequestSize {@value #MAX_REQUEST_SIZE}, default 1 MiB: a request body larger than this
 *     is refused with 413 before anything is claimed
 * @param maxResponseSize {@value #MAX_RESPONSE_SIZE}, default 1 MiB: a response body larger than
 *     this is sent but not stored, and its key is released
 */
public record BodyLimits(long maxRequestSize, long maxResponseSize) {

  /** The request body limit's key. */
  public static final String MAX_REQUEST_SIZE = "fenced.idempotency.max-request-size";

  /** The stored response body limit's key. */
  public static final String MAX_RESPONSE_SIZE = "fenced.idempotency.max-response-size";

  /** The default of both limits, 1 MiB. */
  public static final long DEFAULT_SIZE = 1L << 20;

  /**
   * Validates the limits.
   *
   * @param maxRequestSize 1 to {@link SizeParser#MAX_BYTES}
   * @param maxResponseSize 1 to {@link SizeParser#MAX_BYTES}
   */
  public BodyLimits {
    if (maxRequestSize < 1 || maxRequestSize > SizeParser.MAX_BYTES) {
      throw new IllegalArgumentException(MAX_REQUEST_SIZE + ": " + maxRequestSize);
    }
    if (maxResponseSize < 1 || maxResponseSize > SizeParser.MAX_BYTES) {
      throw new IllegalArgumentException(MAX_RESPONSE_SIZE + ": " + maxResponseSize);
    }
  }

  /**
   * The limits, each invalid value replaced by its default (see {@link #problems}).
   *
   * @param config the application's config
   * @return the limits
   */
  public static BodyLimits of(ConfigLookup config) {
    return new BodyLimits(size(config, MAX_REQUEST_SIZE), size(config, MAX_RESPONSE_SIZE));
  }

  /**
   * Every invalid limit, each message naming the key and the value.
   *
   * @param config the application's config
   * @return the problems, empty when both are valid
   */
  public static List<String> problems(ConfigLookup config) {
    List<String> problems = new ArrayList<>();
    for (String key : List.of(MAX_REQUEST_SIZE, MAX_RESPONSE_SIZE)) {
      try {
        config.value(key).ifPresent(value -> SizeParser.parse(key, value));
      } catch (IllegalArgumentException e) {
        problems.add(DeploymentProblem.CONFIG_SIZE_INVALID.format(e.getMessage()));
      }
    }
    return problems;
  }

  private static long size(ConfigLookup config, String key) {
    try {
      return config.value(key).flatMap(v -> SizeParser.parse(key, v)).orElse(DEFAULT_SIZE);
    } catch (IllegalArgumentException e) {
      return DEFAULT_SIZE;
    }
  }
}
