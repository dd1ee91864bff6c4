package dev.fenced.store.redis;

import dev.fenced.DeploymentProblem;
import dev.fenced.store.support.DurationSetting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;

/**
 * The client settings read from MicroProfile Config ({@code fenced.redis.*}). Its {@code toString}
 * masks the passwords.
 *
 * @param address {@code fenced.redis.url} ({@link RedisAddress})
 * @param topology {@code fenced.redis.topology}: {@code standalone}, {@code cluster} or {@code
 *     sentinel}; by default {@code sentinel} when {@code fenced.redis.sentinel.master} is set, else
 *     {@code cluster} when the URL names several hosts, else {@code standalone}
 * @param user {@code fenced.redis.user}, else the URL's, or {@code null}
 * @param password {@code fenced.redis.password}, else the URL's, or {@code null}
 * @param sentinelMaster {@code fenced.redis.sentinel.master}: the name the sentinels know the
 *     primary by; required with {@code sentinel}
 * @param sentinelUser {@code fenced.redis.sentinel.user}: the sentinels' own ACL user, or {@code
 *     null}
 * @param sentinelPassword {@code fenced.redis.sentinel.password}: the sentinels' own password, or
 *     {@code null}
 * @param tls {@code fenced.redis.tls.*}, used with {@code rediss://}
 * @param keyPrefix {@code fenced.redis.key-prefix}, default {@value #DEFAULT_PREFIX}
 * @param timeoutMillis {@code fenced.redis.timeout}: connect and read timeout, default 2s; on a
 *     Cluster also the bound on a call's retries after {@code MOVED} or a failing node
 * @param maxTotal {@code fenced.redis.pool.max-total}: connections at most (per node on a Cluster),
 *     default 16
 * @param maxIdle {@code fenced.redis.pool.max-idle}: idle connections kept, default 16
 * @param minIdle {@code fenced.redis.pool.min-idle}: idle connections kept ready, default 0
 * @param maxWaitMillis {@code fenced.redis.pool.max-wait}: how long a call waits for a free
 *     connection before it fails with {@code StoreUnavailableException}, default 2s
 */
record RedisSettings(
    RedisAddress address,
    RedisTopology topology,
    String user,
    String password,
    String sentinelMaster,
    String sentinelUser,
    String sentinelPassword,
    RedisTls tls,
    String keyPrefix,
    int timeoutMillis,
    int maxTotal,
    int maxIdle,
    int minIdle,
    long maxWaitMillis) {

  static final String URL = "fenced.redis.url";
  static final String TOPOLOGY = "fenced.redis.topology";
  static final String USER = "fenced.redis.user";
  static final String PASSWORD = "fenced.redis.password";
  static final String SENTINEL_MASTER = "fenced.redis.sentinel.master";
  static final String SENTINEL_USER = "fenced.redis.sentinel.user";
  static final String SENTINEL_PASSWORD = "fenced.redis.sentinel.password";
  static final String TIMEOUT = "fenced.redis.timeout";
  static final String PREFIX = "fenced.redis.key-prefix";
  static final String DEFAULT_PREFIX = "fenced:";
  static final String CLOCK_SKEW_WARNING = "fenced.redis.clock-skew-warning";

  /**
   * The default of {@value #CLOCK_SKEW_WARNING}. A token drawn from a clock after a lost counter is
   * lower than one already issued only when that clock is behind by more than the time between the
   * two draws: at least the failure detection of an automatic failover ({@code
   * cluster-node-timeout}, {@code down-after-milliseconds}: 15 s and 30 s by default, 1 s in the
   * fastest set-ups). 100 ms keeps a margin of ten below that, and is far above the few
   * milliseconds NTP keeps hosts within and the round trips that blur the measure.
   */
  static final Duration DEFAULT_CLOCK_SKEW_WARNING = Duration.ofMillis(100);

  /**
   * Reads the settings.
   *
   * @param config a config key to its value, or {@code null} when unset
   * @throws IllegalArgumentException naming the key of a missing or invalid value
   */
  static RedisSettings read(Function<String, String> config) {
    String url = value(config, URL);
    if (url == null) {
      throw new IllegalArgumentException(DeploymentProblem.REDIS_URL_MISSING.format(URL, URL));
    }
    RedisAddress address = RedisAddress.parse(URL, url);
    String sentinelMaster = value(config, SENTINEL_MASTER);
    RedisTopology topology = topology(config, address, sentinelMaster);
    if (topology == RedisTopology.STANDALONE && address.nodes().size() > 1) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              URL,
              RedisAddress.masked(url),
              "one host with "
                  + TOPOLOGY
                  + "=standalone (several hosts are a Cluster's seed nodes or the sentinels: set "
                  + TOPOLOGY
                  + "=cluster or sentinel)"));
    }
    if (topology == RedisTopology.CLUSTER && address.database() != 0) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              URL,
              RedisAddress.masked(url),
              "a Cluster URL with database 0 (a Cluster has no other)"));
    }
    if (topology == RedisTopology.SENTINEL && sentinelMaster == null) {
      throw new IllegalArgumentException(
          DeploymentProblem.REDIS_SENTINEL_MASTER_MISSING.format(TOPOLOGY, SENTINEL_MASTER));
    }
    String user = value(config, USER);
    String password = secret(config, PASSWORD);
    return new RedisSettings(
        address,
        topology,
        user == null ? address.user() : user,
        password == null ? address.password() : password,
        sentinelMaster,
        value(config, SENTINEL_USER),
        secret(config, SENTINEL_PASSWORD),
        tls(config, address),
        keyPrefix(config),
        (int) millis(config, TIMEOUT, 2000),
        count(config, "fenced.redis.pool.max-total", 16),
        count(config, "fenced.redis.pool.max-idle", 16),
        count(config, "fenced.redis.pool.min-idle", 0),
        millis(config, "fenced.redis.pool.max-wait", 2000));
  }

  /**
   * {@value #CLOCK_SKEW_WARNING}: how far apart the Redis nodes' clocks may read before Fenced logs
   * a WARNING and shows it in its readiness ({@link ClockSkew}); also for a client the application
   * provides.
   *
   * @throws IllegalArgumentException naming the key of an invalid value
   */
  static Duration clockSkewWarning(Function<String, String> config) {
    return Duration.ofMillis(
        millis(config, CLOCK_SKEW_WARNING, DEFAULT_CLOCK_SKEW_WARNING.toMillis()));
  }

  /** {@code fenced.redis.key-prefix}, also for a client the application provides. */
  static String keyPrefix(Function<String, String> config) {
    String prefix = config.apply(PREFIX);
    return prefix == null ? DEFAULT_PREFIX : prefix;
  }

  @Override
  public String toString() {
    return "RedisSettings[nodes="
        + address.nodes()
        + ", tls="
        + address.tls()
        + ", database="
        + address.database()
        + ", topology="
        + topology
        + ", user="
        + user
        + ", password="
        + (password == null ? "none" : "****")
        + ", sentinelMaster="
        + sentinelMaster
        + ", keyPrefix="
        + keyPrefix
        + ", timeoutMillis="
        + timeoutMillis
        + ", pool="
        + maxTotal
        + "/"
        + maxIdle
        + "/"
        + minIdle
        + ", maxWaitMillis="
        + maxWaitMillis
        + "]";
  }

  private static RedisTopology topology(
      Function<String, String> config, RedisAddress address, String sentinelMaster) {
    String value = value(config, TOPOLOGY);
    if (value == null) {
      if (sentinelMaster != null) {
        return RedisTopology.SENTINEL;
      }
      return address.nodes().size() > 1 ? RedisTopology.CLUSTER : RedisTopology.STANDALONE;
    }
    try {
      return RedisTopology.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(
              TOPOLOGY, value, "standalone, cluster or sentinel"),
          e);
    }
  }

  private static RedisTls tls(Function<String, String> config, RedisAddress address) {
    String trustStore = value(config, RedisTls.TRUST_STORE);
    String verify = value(config, RedisTls.VERIFY);
    String type = value(config, RedisTls.TRUST_STORE_TYPE);
    if (!address.tls()) {
      if (trustStore != null) {
        throw new IllegalArgumentException(
            DeploymentProblem.STORE_SETTING_INVALID.format(
                RedisTls.TRUST_STORE,
                trustStore,
                "used with a redis:// URL: TLS needs rediss:// in " + URL));
      }
      return RedisTls.DEFAULT;
    }
    Path path = null;
    if (trustStore != null) {
      path = Path.of(trustStore);
      if (!Files.isReadable(path) || Files.isDirectory(path)) {
        throw new IllegalArgumentException(
            DeploymentProblem.STORE_SETTING_INVALID.format(
                RedisTls.TRUST_STORE, trustStore, "a readable trust store file"));
      }
    }
    boolean verifyHost = true;
    if (verify != null) {
      switch (verify.toLowerCase(Locale.ROOT)) {
        case "full" -> verifyHost = true;
        case "ca" -> verifyHost = false;
        default ->
            throw new IllegalArgumentException(
                DeploymentProblem.STORE_SETTING_INVALID.format(
                    RedisTls.VERIFY,
                    verify,
                    "full (the certificate's chain and host name) or ca (its chain only)"));
      }
    }
    return new RedisTls(
        path,
        secret(config, RedisTls.TRUST_STORE_PASSWORD),
        type == null ? RedisTls.DEFAULT.trustStoreType() : type,
        verifyHost);
  }

  /** A password as written: spaces around it are part of it. */
  private static String secret(Function<String, String> config, String key) {
    String value = config.apply(key);
    return value == null || value.isEmpty() ? null : value;
  }

  private static String value(Function<String, String> config, String key) {
    String value = config.apply(key);
    return value == null || value.isBlank() ? null : value.strip();
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
    return DurationSetting.read(value, Duration.ofMillis(Integer.MAX_VALUE))
        .map(Duration::toMillis)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    DeploymentProblem.STORE_SETTING_INVALID.format(
                        key, value, "a positive duration " + DurationSetting.EXAMPLES)));
  }
}
