package dev.fenced.cdi.model;

import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.stream.BaseStream;

/**
 * Decides at deployment whether a non-HTTP method's return type can be stored with JSON-B and
 * replayed as the same type. Refused: streams, readers, iterators, futures and completion stages
 * (their value is not there when the method returns; a method that returns a {@code
 * CompletionStage} itself is read by {@link ReturnedValue} first), {@code Object}, type variables
 * and wildcards (nothing says what to decode), and interfaces or abstract classes other than
 * collections and maps. Whether a concrete value round-trips faithfully is checked again when it is
 * stored.
 */
public final class StorableType {

  private static final List<Class<?>> NEVER_STORABLE =
      List.of(
          InputStream.class,
          Reader.class,
          BaseStream.class,
          Iterator.class,
          Future.class,
          CompletionStage.class);

  private StorableType() {}

  /**
   * Why {@code type} cannot be stored.
   *
   * @param type a generic return type
   * @return the reason, or empty when it can be stored
   */
  public static Optional<String> problem(Type type) {
    if (type instanceof Class<?> c) {
      return problem(c);
    }
    if (type instanceof ParameterizedType p) {
      Optional<String> raw = problem(p.getRawType());
      if (raw.isPresent()) {
        return raw;
      }
      for (Type argument : p.getActualTypeArguments()) {
        Optional<String> inner = problem(argument);
        if (inner.isPresent()) {
          return inner;
        }
      }
      return Optional.empty();
    }
    if (type instanceof GenericArrayType a) {
      return problem(a.getGenericComponentType());
    }
    if (type instanceof TypeVariable<?> || type instanceof WildcardType) {
      return Optional.of(
          "the type " + type.getTypeName() + " does not say what to decode a replay into");
    }
    return Optional.of("the type " + type.getTypeName() + " is not supported");
  }

  private static Optional<String> problem(Class<?> c) {
    if (c.isPrimitive() || c == String.class || c.isEnum()) {
      return Optional.empty();
    }
    if (c.isArray()) {
      return problem(c.getComponentType());
    }
    for (Class<?> never : NEVER_STORABLE) {
      if (never.isAssignableFrom(c)) {
        return Optional.of(
            c.getName() + " cannot be stored: its value is not complete when the method returns");
      }
    }
    if (c == Object.class) {
      return Optional.of("java.lang.Object does not say what to decode a replay into");
    }
    boolean container =
        Collection.class.isAssignableFrom(c)
            || Map.class.isAssignableFrom(c)
            || c == Optional.class;
    if (!container && (c.isInterface() || Modifier.isAbstract(c.getModifiers()))) {
      if (!c.getName().startsWith("java.")) {
        return Optional.of(
            c.getName()
                + " is an interface or abstract class, which JSON-B cannot create on replay;"
                + " return a concrete class or a record");
      }
    }
    return Optional.empty();
  }
}
