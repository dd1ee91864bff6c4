package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.idempotency.DuplicateWaits;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import dev.fenced.store.support.DurationParser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The global {@code fenced.idempotency.*} settings: checked once at deployment (so a bad value
 * fails even when no method is guarded yet), and the defaults of programmatic calls.
 *
 * @param ttl {@code fenced.idempotency.ttl}, default 24h
 * @param lockTtl {@code fenced.idempotency.lock-ttl}, default 60s
 * @param retryAfter {@code fenced.idempotency.retry-after}, default 1s
 * @param waitTimeout {@code fenced.idempotency.wait-timeout}, empty for the lock ttl of each call
 * @param maxRenewal {@code fenced.idempotency.max-renewal}, default 1h ({@link
 *     IdempotencyEngine#DEFAULT_MAX_RENEWAL}): how long a claim is renewed at most without being
 *     completed or released
 * @param waitPoll {@code fenced.idempotency.wait-poll}, default 500ms ({@link
 *     DuplicateWaits#DEFAULT_MAX_POLL}): the longest pause between two looks of a waiting duplicate
 */
public record GlobalSettings(
    Duration ttl,
    Duration lockTtl,
    Duration retryAfter,
    Optional<Duration> waitTimeout,
    Duration maxRenewal,
    Duration waitPoll) {

  private static final String AREA = "idempotency";

  /** The lowest {@code wait-poll}: the first pause of a waiting duplicate. */
  private static final Duration MIN_WAIT_POLL = Duration.ofMillis(20);

  /**
   * The settings, each invalid value replaced by its default (see {@link #problems}).
   *
   * @param config the application's config
   * @return the settings
   */
  public static GlobalSettings of(ConfigLookup config) {
    return new GlobalSettings(
        duration(config, "ttl")
            .orElse(DurationParser.parseRequired("ttl", Defaults.IDEMPOTENT_TTL)),
        duration(config, "lockTtl")
            .orElse(DurationParser.parseRequired("lockTtl", Defaults.IDEMPOTENT_LOCK_TTL)),
        duration(config, "retryAfter")
            .orElse(DurationParser.parseRequired("retryAfter", Defaults.RETRY_AFTER)),
        duration(config, "waitTimeout"),
        duration(config, "maxRenewal").orElse(IdempotencyEngine.DEFAULT_MAX_RENEWAL),
        duration(config, "waitPoll")
            .filter(poll -> poll.compareTo(MIN_WAIT_POLL) >= 0)
            .orElse(DuplicateWaits.DEFAULT_MAX_POLL));
  }

  /**
   * Every invalid global value, each message naming the key and the value.
   *
   * @param config the application's config
   * @return the problems, empty when all are valid
   */
  public static List<String> problems(ConfigLookup config) {
    List<String> problems = new ArrayList<>();
    for (String member :
        List.of("ttl", "lockTtl", "retryAfter", "waitTimeout", "maxRenewal", "waitPoll")) {
      String key = ConfigKeys.global(AREA, member);
      config.durationProblem(key).ifPresent(problems::add);
    }
    String waitPoll = ConfigKeys.global(AREA, "waitPoll");
    duration(config, "waitPoll")
        .filter(poll -> poll.compareTo(MIN_WAIT_POLL) < 0)
        .ifPresent(
            poll ->
                problems.add(
                    DeploymentProblem.CONFIG_VALUE_INVALID.format(
                        waitPoll,
                        config.value(waitPoll).orElseThrow(),
                        "a duration of at least 20ms, the first pause of a waiting duplicate")));
    String required = ConfigKeys.global(AREA, "required");
    config
        .value(required)
        .map(v -> v.strip().toLowerCase(Locale.ROOT))
        .filter(v -> !v.equals("true") && !v.equals("false"))
        .ifPresent(
            v ->
                problems.add(
                    DeploymentProblem.CONFIG_VALUE_INVALID.format(
                        required, v, "a boolean; use true or false")));
    enumProblem(config, "storeIf", StoreIf.class).ifPresent(problems::add);
    enumProblem(config, "onConflict", OnConflict.class).ifPresent(problems::add);
    String header = ConfigKeys.global(AREA, "header");
    config
        .value(header)
        .filter(String::isBlank)
        .ifPresent(v -> problems.add(DeploymentProblem.HEADER_EMPTY.format(header)));
    return problems;
  }

  private static Optional<Duration> duration(ConfigLookup config, String member) {
    String key = ConfigKeys.global(AREA, member);
    try {
      return config.value(key).flatMap(value -> DurationParser.parsePositive(key, value));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static <E extends Enum<E>> Optional<String> enumProblem(
      ConfigLookup config, String member, Class<E> type) {
    String key = ConfigKeys.global(AREA, member);
    return config
        .value(key)
        .filter(
            value ->
                Arrays.stream(type.getEnumConstants())
                    .noneMatch(c -> c.name().equalsIgnoreCase(value.strip())))
        .map(
            value ->
                DeploymentProblem.CONFIG_VALUE_INVALID.format(
                    key, value, "one of " + Arrays.toString(type.getEnumConstants())));
  }
}
