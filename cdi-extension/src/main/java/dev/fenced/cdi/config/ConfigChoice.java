package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A config key that takes one of a closed set of values, each an enum constant whose {@code
 * toString()} is its value in config (matched ignoring case and surrounding blanks).
 *
 * @param <E> the enum of the choices
 * @param key the config key
 * @param choices every choice
 * @param byDefault the choice when the key is unset or invalid
 * @param purpose what the key decides, for the message of an invalid value
 */
public record ConfigChoice<E extends Enum<E>>(
    String key, List<E> choices, E byDefault, String purpose) {

  /**
   * A choice among {@code choices}.
   *
   * @param key the config key
   * @param choices every choice
   * @param byDefault the choice when the key is unset or invalid
   * @param purpose what the key decides, for the message of an invalid value
   */
  public ConfigChoice {
    Objects.requireNonNull(key, "key");
    choices = List.copyOf(choices);
    Objects.requireNonNull(byDefault, "byDefault");
    Objects.requireNonNull(purpose, "purpose");
  }

  /**
   * A choice among every constant of an enum.
   *
   * @param <E> the enum
   * @param key the config key
   * @param choices the enum's constants ({@code values()})
   * @param byDefault the choice when the key is unset or invalid
   * @param purpose what the key decides, for the message of an invalid value
   * @return the choice
   */
  public static <E extends Enum<E>> ConfigChoice<E> of(
      String key, E[] choices, E byDefault, String purpose) {
    return new ConfigChoice<>(key, Arrays.asList(choices), byDefault, purpose);
  }

  /**
   * The configured choice; an invalid value reads as the default (see {@link #invalid}).
   *
   * @param config the application's config
   * @return the choice, the default when unset
   */
  public E read(ConfigLookup config) {
    return config.value(key).flatMap(this::parse).orElse(byDefault);
  }

  /**
   * The deployment problem of a value that is none of the choices.
   *
   * @param config the application's config
   * @return the problem naming the key and the values it takes, or empty
   */
  public Optional<String> invalid(ConfigLookup config) {
    return config
        .value(key)
        .filter(raw -> parse(raw).isEmpty())
        .map(
            raw ->
                DeploymentProblem.CONFIG_VALUE_INVALID.format(
                    key,
                    raw,
                    "one of "
                        + choices.stream().map(Object::toString).toList()
                        + " ("
                        + purpose
                        + ")"));
  }

  private Optional<E> parse(String raw) {
    String wanted = raw.strip().toLowerCase(Locale.ROOT);
    return choices.stream().filter(c -> c.toString().equals(wanted)).findFirst();
  }
}
