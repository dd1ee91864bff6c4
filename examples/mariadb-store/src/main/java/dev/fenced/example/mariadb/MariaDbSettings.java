package dev.fenced.example.mariadb;

import dev.fenced.DeploymentProblem;
import dev.fenced.store.support.DurationSetting;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings of the store's own connection pool ({@link MariaDbStore#open}), as MicroProfile
 * Config gives them to {@link MariaDbStoreBean}. A value out of range is refused with an {@link
 * IllegalArgumentException} whose message names the config key.
 *
 * @param url {@value #URL}: MariaDB Connector/J's {@code jdbc:mariadb://host:port/database[?...]}
 * @param user {@value #USER}, or {@code null} to take the URL's
 * @param password {@value #PASSWORD}, or {@code null} to take the URL's; never shown
 * @param poolSize {@value #POOL_SIZE}: connections at most, from 1 to {@value #MAX_POOL_SIZE},
 *     default {@value #DEFAULT_POOL_SIZE}
 * @param timeout {@value #TIMEOUT}: how long a call waits for a pooled connection, to connect, for
 *     each socket read, and how long MariaDB runs one statement ({@code max_statement_time}); from
 *     1 ms to {@value #MAX_TIMEOUT_MILLIS} ms, default {@value #DEFAULT_TIMEOUT_MILLIS} ms
 */
public record MariaDbSettings(
    String url, String user, String password, int poolSize, Duration timeout) {

  /** The config key of the JDBC URL, required. */
  public static final String URL = "fenced.mariadb.url";

  /** The config key of the user, optional. */
  public static final String USER = "fenced.mariadb.user";

  /** The config key of the password, optional. */
  public static final String PASSWORD = "fenced.mariadb.password";

  /** The config key of the pool's size. */
  public static final String POOL_SIZE = "fenced.mariadb.pool-size";

  /** The config key of the timeout, in milliseconds ({@code 500}, {@code 500ms}, {@code 2s}). */
  public static final String TIMEOUT = "fenced.mariadb.timeout";

  /** The pool's size unless set. */
  public static final int DEFAULT_POOL_SIZE = 8;

  /** The largest pool. */
  public static final int MAX_POOL_SIZE = 1000;

  /** The timeout unless set, in milliseconds. */
  public static final long DEFAULT_TIMEOUT_MILLIS = 5000;

  /** The longest timeout, in milliseconds: ten minutes. */
  public static final long MAX_TIMEOUT_MILLIS = 600_000;

  private static final String URL_PREFIX = "jdbc:mariadb://";
  private static final Pattern SECRETS = Pattern.compile("(?i)(password=)[^&]*|(//)[^/@?]*@");

  /**
   * Validates the settings.
   *
   * @throws IllegalArgumentException naming the config key of a value out of range
   */
  public MariaDbSettings {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              URL,
              "",
              "set: the MariaDB store needs it, e.g. "
                  + URL
                  + "=jdbc:mariadb://localhost:3306/app"));
    }
    url = url.strip();
    if (!url.startsWith(URL_PREFIX)) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              URL,
              redacted(url),
              "a MariaDB Connector/J URL (" + URL_PREFIX + "host:port/database[?options])"));
    }
    if (poolSize < 1 || poolSize > MAX_POOL_SIZE) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              POOL_SIZE, poolSize, "a number of connections from 1 to " + MAX_POOL_SIZE));
    }
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.toMillis() < 1 || timeout.toMillis() > MAX_TIMEOUT_MILLIS) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              TIMEOUT, timeout.toMillis() + "ms", timeoutRange()));
    }
  }

  /**
   * Settings with the defaults and the user and password of the URL.
   *
   * @param url the JDBC URL
   * @return the settings
   */
  public static MariaDbSettings of(String url) {
    return new MariaDbSettings(
        url, null, null, DEFAULT_POOL_SIZE, Duration.ofMillis(DEFAULT_TIMEOUT_MILLIS));
  }

  /**
   * Reads the settings from a configuration, e.g. {@code key -> config.getOptionalValue(key,
   * String.class)} for MicroProfile Config.
   *
   * @param config a config key to its value, empty when unset
   * @return the settings
   * @throws IllegalArgumentException naming the key of a missing or invalid value
   */
  public static MariaDbSettings read(Function<String, Optional<String>> config) {
    return new MariaDbSettings(
        value(config, URL),
        value(config, USER),
        value(config, PASSWORD),
        poolSize(value(config, POOL_SIZE)),
        timeout(value(config, TIMEOUT)));
  }

  /**
   * The same settings with another timeout.
   *
   * @param timeout the new timeout
   * @return the settings
   */
  public MariaDbSettings withTimeout(Duration timeout) {
    return new MariaDbSettings(url, user, password, poolSize, timeout);
  }

  /**
   * The URL of the pool's connections: the configured one with the timeout appended as {@code
   * connectTimeout} and {@code socketTimeout}, so it wins over the same options in it.
   *
   * @return the URL
   */
  String driverUrl() {
    long millis = timeout.toMillis();
    return url
        + (url.contains("?") ? "&" : "?")
        + "connectTimeout="
        + millis
        + "&socketTimeout="
        + millis;
  }

  @Override
  public String toString() {
    return "MariaDbSettings[url="
        + redacted(url)
        + ", user="
        + user
        + ", password="
        + (password == null ? "null" : "***")
        + ", poolSize="
        + poolSize
        + ", timeout="
        + timeout.toMillis()
        + "ms]";
  }

  /** {@code url} without a password (an option, or user information before the host). */
  static String redacted(String url) {
    Matcher m = SECRETS.matcher(url);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, m.group(1) != null ? "$1***" : "$2***@");
    }
    return m.appendTail(out).toString();
  }

  private static String value(Function<String, Optional<String>> config, String key) {
    return config.apply(key).filter(v -> !v.isBlank()).orElse(null);
  }

  private static int poolSize(String value) {
    if (value == null) {
      return DEFAULT_POOL_SIZE;
    }
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              POOL_SIZE, value, "a number of connections from 1 to " + MAX_POOL_SIZE),
          e);
    }
  }

  private static Duration timeout(String value) {
    if (value == null) {
      return Duration.ofMillis(DEFAULT_TIMEOUT_MILLIS);
    }
    return DurationSetting.read(value, Duration.ofMillis(MAX_TIMEOUT_MILLIS))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    DeploymentProblem.STORE_SETTING_INVALID.format(
                        TIMEOUT, value, timeoutRange())));
  }

  private static String timeoutRange() {
    return "a duration from 1 ms to " + MAX_TIMEOUT_MILLIS + " ms " + DurationSetting.EXAMPLES;
  }
}
