package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Throws a stored exception again ({@code @Idempotent(storeOn)}): an exception of the stored class
 * with the stored message, made through its public {@code (String)} constructor, else its public
 * no-argument one. When the stored class is gone or has neither (a subclass of a listed class), the
 * nearest superclass that is listed, or extends a listed class, and has one is made instead; the
 * listed classes were checked at deployment to have one.
 */
public final class ExceptionReplay implements FailureOutcomes {

  private final List<Class<? extends Exception>> listed;
  private final FailureOutcomes others;

  private ExceptionReplay(List<Class<? extends Exception>> listed, FailureOutcomes others) {
    this.listed = List.copyOf(listed);
    this.others = Objects.requireNonNull(others, "others");
  }

  /**
   * The outcomes of a method that stores the listed exceptions, and what {@code others} stores.
   *
   * @param listed the method's {@code storeOn} classes
   * @param others the other exceptions that are the call's outcome ({@link FailureOutcomes#NONE}
   *     for a plain call)
   * @return {@code others} itself when nothing is listed
   */
  public static FailureOutcomes of(
      List<Class<? extends Exception>> listed, FailureOutcomes others) {
    return listed.isEmpty() ? others : new ExceptionReplay(listed, others);
  }

  /**
   * Whether a replay can make an exception of {@code type} with a message.
   *
   * @param type an exception class
   * @return whether it is concrete and has a public {@code (String)} or no-argument constructor
   */
  public static boolean canRebuild(Class<?> type) {
    return constructor(type).isPresent();
  }

  @Override
  public boolean stores(Throwable thrown) {
    return chosen(thrown) || others.stores(thrown);
  }

  @Override
  public boolean chosen(Throwable thrown) {
    return listed.stream().anyMatch(type -> type.isInstance(thrown));
  }

  @Override
  public Exception replay(StoredFailure failure) {
    Optional<Class<?>> stored = load(failure.type());
    if (stored.isPresent() && !chosenType(stored.get())) {
      return others.replay(failure);
    }
    for (Class<?> type = stored.orElse(null);
        type != null && chosenType(type);
        type = type.getSuperclass()) {
      Optional<Exception> rebuilt = rebuild(type, failure.message());
      if (rebuilt.isPresent()) {
        return rebuilt.get();
      }
    }
    if (stored.isEmpty() && listed.size() == 1) {
      Optional<Exception> rebuilt = rebuild(listed.get(0), failure.message());
      if (rebuilt.isPresent()) {
        return rebuilt.get();
      }
    }
    return new IdempotencyException(
        ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE,
        "The stored outcome is the exception "
            + failure.type()
            + " ("
            + failure.message()
            + "), which cannot be thrown again here: the class is gone or no longer has a public"
            + " (String) or no-argument constructor. The method was not run again; the record"
            + " expires with its ttl");
  }

  private boolean chosenType(Class<?> type) {
    return listed.stream().anyMatch(l -> l.isAssignableFrom(type));
  }

  private Optional<Class<?>> load(String name) {
    for (ClassLoader loader :
        new ClassLoader[] {
          listed.get(0).getClassLoader(), Thread.currentThread().getContextClassLoader()
        }) {
      if (loader == null) {
        continue;
      }
      try {
        return Optional.of(Class.forName(name, false, loader));
      } catch (ClassNotFoundException | LinkageError e) {
        // try the next loader
      }
    }
    return Optional.empty();
  }

  private static Optional<Exception> rebuild(Class<?> type, String message) {
    Optional<Constructor<?>> constructor = constructor(type);
    if (constructor.isEmpty()) {
      return Optional.empty();
    }
    try {
      Constructor<?> made = constructor.get();
      return Optional.of(
          (Exception)
              (made.getParameterCount() == 1 ? made.newInstance(message) : made.newInstance()));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return Optional.empty();
    }
  }

  private static Optional<Constructor<?>> constructor(Class<?> type) {
    if (!Exception.class.isAssignableFrom(type)
        || Modifier.isAbstract(type.getModifiers())
        || !Modifier.isPublic(type.getModifiers())) {
      return Optional.empty();
    }
    try {
      return Optional.of(type.getConstructor(String.class));
    } catch (NoSuchMethodException e) {
      try {
        return Optional.of(type.getConstructor());
      } catch (NoSuchMethodException none) {
        return Optional.empty();
      }
    }
  }
}
