package dev.fenced.cdi.model;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

/**
 * What Fenced stores of a non-HTTP method's return type: the value it returns, or, for a {@code
 * CompletionStage<T>} or {@code CompletableFuture<T>}, the {@code T} the stage completes with (the
 * method is then <em>staged</em>: its value is recorded when the stage completes, and a replay is a
 * completed {@code CompletableFuture}). Any other {@code Future} is refused: it has no completion
 * callback, so its value can only be awaited by blocking a thread; so is another implementation of
 * {@code CompletionStage}, which a replay could not be made as.
 *
 * @param valueType the generic type of the stored value
 * @param staged whether the method returns a stage that completes with the value
 */
public record ReturnedValue(Type valueType, boolean staged) {

  /**
   * Reads a method's generic return type.
   *
   * @param returnType the generic return type
   * @return what is stored; check {@link #problem} first
   */
  public static ReturnedValue of(Type returnType) {
    if (isStage(raw(returnType)) && returnType instanceof ParameterizedType p) {
      return new ReturnedValue(p.getActualTypeArguments()[0], true);
    }
    return new ReturnedValue(returnType, false);
  }

  /**
   * Why the value of a method returning {@code returnType} cannot be stored.
   *
   * @param returnType the generic return type
   * @return the reason, or empty when it can be stored
   */
  public static Optional<String> problem(Type returnType) {
    Class<?> raw = raw(returnType);
    if (isStage(raw)) {
      if (!(returnType instanceof ParameterizedType p)) {
        return Optional.of(
            "a raw "
                + raw.getName()
                + " does not say what to decode a replay into; declare its value type, e.g. "
                + raw.getSimpleName()
                + "<Receipt>");
      }
      return StorableType.problem(p.getActualTypeArguments()[0])
          .map(why -> "the value of " + returnType.getTypeName() + ": " + why);
    }
    if (raw != null && CompletionStage.class.isAssignableFrom(raw)) {
      return Optional.of(
          raw.getName()
              + " cannot be replayed as itself (a replay is a completed CompletableFuture);"
              + " declare CompletionStage<T> or CompletableFuture<T>");
    }
    if (raw != null && Future.class.isAssignableFrom(raw)) {
      return Optional.of(
          raw.getName()
              + " cannot be stored: a Future has no completion callback, so its value could only be"
              + " awaited by blocking a thread; return CompletionStage<T> or CompletableFuture<T>,"
              + " whose value Fenced records when it completes");
    }
    return StorableType.problem(returnType);
  }

  private static boolean isStage(Class<?> raw) {
    return raw == CompletionStage.class || raw == CompletableFuture.class;
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    return null;
  }
}
