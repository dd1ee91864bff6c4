package dev.fenced.cdi;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What a skipped job returns to its caller: {@code null}, the default of a primitive return type
 * ({@code 0}, {@code false}), or an empty {@code Optional} for the {@code Optional} types, so a
 * caller that unboxes or chains on the result does not fail because the run was skipped.
 */
final class SkipValue {

  private static final Map<Class<?>, Object> DEFAULTS =
      Map.ofEntries(
          Map.entry(boolean.class, false),
          Map.entry(byte.class, (byte) 0),
          Map.entry(short.class, (short) 0),
          Map.entry(char.class, (char) 0),
          Map.entry(int.class, 0),
          Map.entry(long.class, 0L),
          Map.entry(float.class, 0f),
          Map.entry(double.class, 0d),
          Map.entry(Optional.class, Optional.empty()),
          Map.entry(OptionalInt.class, OptionalInt.empty()),
          Map.entry(OptionalLong.class, OptionalLong.empty()),
          Map.entry(OptionalDouble.class, OptionalDouble.empty()));

  private SkipValue() {}

  /**
   * The value a skipped run returns.
   *
   * @param returnType the method's return type
   * @return {@code null}, a primitive default or an empty optional
   */
  static Object of(Class<?> returnType) {
    return DEFAULTS.get(returnType);
  }
}
