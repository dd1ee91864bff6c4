package dev.fenced.store.redis;

import dev.fenced.DeploymentProblem;
import java.net.URI;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client settings read from MicroProfile Config ({@code fenced.redis.*}).
 *
 * @param url {@code fenced.redis.url}: {@code redis://[user:password@]host:port[/db]}, or {@code
 *     rediss://} for TLS
 * @param keyPrefix {@code fenced.redis.key-prefix}, default {@value #DEFAULT_PREFIX}
 * @param timeoutMillis {@code fenced.redis.timeout}: connect and read timeout, default 2s
 * @param maxTotal {@code fenced.redis.pool.max-total}: connections at most, default 16
 * @param maxIdle {@code fenced.redis.pool.max-idle}: idle connections kept, default 16
 * @param minIdle {@code fenced.redis.pool.min-idle}: idle connections kept ready, default 0
 * @param maxWaitMillis {@code fenced.redis.pool.max-wait}: how long a call waits for a free
 *     connection before it fails with {@code StoreUnavailableException}, default 2s
 */
record RedisSettings(
    URI url,
    String keyPrefix,
    int timeoutMillis,
    int maxTotal,
    int maxIdle,
    int minIdle,
    long maxWaitMillis) {

  static final String URL = "fenced.redis.url";
  static final String TIMEOUT = "fenced.redis.timeout";
  static final String PREFIX = "fenced.redis.key-prefix";
  static final String DEFAULT_PREFIX = "fenced:";

  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m)?");

  /**
   * Reads the settings.
   *
   * @param config a config key to its value, or {@code null} when unset
   * @throws IllegalArgumentException naming the key of a missing or invalid value
   */
  static RedisSettings read(Function<String, String> config) {
    String url = config.apply(URL);
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException(DeploymentProblem.REDIS_URL_MISSING.format(URL, URL));
    }
    URI uri;
    try {
      uri = URI.create(url.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(URL, url, "a URL: " + e.getMessage()), e);
    }
    String prefix = config.apply(PREFIX);
    return new RedisSettings(
        uri,
        prefix == null ? DEFAULT_PREFIX : prefix,
        (int) millis(config, TIMEOUT, 2000),
        count(config, "fenced.redis.pool.max-total", 16),
        count(config, "fenced.redis.pool.max-idle", 16),
        count(config, "fenced.redis.pool.min-idle", 0),
        millis(config, "fenced.redis.pool.max-wait", 2000));
  }

  private static int count(Function<String, String> config, String key, int otherwise) {
    String value = config.apply(key);
    if (value == null || value.isBlank()) {
      return otherwise;
    }
    try {
      int count = Integer.parseInt(value.strip());
      if (count >= 0) {
        return count;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        DeploymentProblem.STORE_SETTING_INVALID.format(key, value, "a count (0 or more)"));
  }

  private static long millis(Function<String, String> config, String key, long otherwise) {
    String value = config.apply(key);
    if (value == null || value.isBlank()) {
      return otherwise;
    }
    Matcher m = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
    if (m.matches()) {
      long amount = Long.parseLong(m.group(1));
      String unit = m.group(2) == null ? "ms" : m.group(2);
      long millis =
          switch (unit) {
            case "s" -> amount * 1000;
            case "m" -> amount * 60_000;
            default -> amount;
          };
      if (millis > 0 && millis <= Integer.MAX_VALUE) {
        return millis;
      }
    }
    throw new IllegalArgumentException(
        DeploymentProblem.STORE_SETTING_INVALID.format(
            key, value, "a positive duration (\"500\", \"500ms\", \"2s\", \"1m\")"));
  }
}
