package dev.fenced.cdi.model;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A property path into an {@code @IdempotencyKey} parameter, such as {@code eventId} or {@code
 * header.messageId}, checked against the parameter's declared type at deployment. Each segment is
 * read through a record component or an accessor ({@code x()}), a getter ({@code getX()}, {@code
 * isX()}) or a public field, in that order. On a JMS {@code Message} a segment that is none of
 * these names a message property, read with {@code getObjectProperty(name)} ({@code JMSMessageID}
 * and {@code JMSCorrelationID} stay getters): whether the message has it is known only when it
 * arrives.
 */
public final class KeyPath {

  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
  private static final String JMS_MESSAGE = "jakarta.jms.Message";

  /** How one segment is read from the object before it. */
  @FunctionalInterface
  private interface Segment {
    Object read(Object target) throws IllegalAccessException, InvocationTargetException;
  }

  private final String text;
  private final List<Segment> segments;

  private KeyPath(String text, List<Segment> segments) {
    this.text = text;
    this.segments = List.copyOf(segments);
  }

  /**
   * Compiles {@code path} against {@code type}.
   *
   * @param type the parameter's declared type
   * @param path dot-separated property names; empty for the parameter itself
   * @return the compiled path
   * @throws IllegalArgumentException naming the segment that {@code type} does not have
   */
  public static KeyPath compile(Class<?> type, String path) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(path, "path");
    List<Segment> segments = new ArrayList<>();
    if (path.isEmpty()) {
      return new KeyPath(path, segments);
    }
    Class<?> current = type;
    for (String segment : path.split("\\.", -1)) {
      if (!SEGMENT.matcher(segment).matches()) {
        throw new IllegalArgumentException(
            "\"" + path + "\" is not a property path; use names separated by dots, e.g. eventId");
      }
      Member member = find(current, segment);
      Method propertyReader = member == null ? messagePropertyReader(current) : null;
      if (propertyReader != null) {
        segments.add(target -> propertyReader.invoke(target, segment));
        current = Object.class;
        continue;
      }
      if (member == null) {
        throw new IllegalArgumentException(
            current.getName()
                + " has no readable property \""
                + segment
                + "\" (no record component, accessor, getter or public field) in path \""
                + path
                + "\"");
      }
      if (member instanceof Method method) {
        segments.add(method::invoke);
        current = method.getReturnType();
      } else {
        Field field = (Field) member;
        segments.add(field::get);
        current = field.getType();
      }
    }
    return new KeyPath(path, segments);
  }

  /**
   * Reads the key from a parameter value.
   *
   * @param root the parameter value
   * @return the value at the path, or {@code null} when it or an object on the way is {@code null}
   * @throws IllegalStateException when an accessor throws
   */
  public Object read(Object root) {
    Object current = root;
    for (Segment segment : segments) {
      if (current == null) {
        return null;
      }
      try {
        current = segment.read(current);
      } catch (InvocationTargetException e) {
        throw new IllegalStateException(
            "Reading the idempotency key at \"" + text + "\" failed", e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(
            "Reading the idempotency key at \"" + text + "\" is not allowed", e);
      }
    }
    return current;
  }

  /**
   * The path as written.
   *
   * @return the path, empty for the parameter itself
   */
  @Override
  public String toString() {
    return text;
  }

  /** {@code getObjectProperty(String)} when {@code type} is a JMS message, else {@code null}. */
  private static Method messagePropertyReader(Class<?> type) {
    if (!isJmsMessage(type)) {
      return null;
    }
    try {
      return type.getMethod("getObjectProperty", String.class);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static boolean isJmsMessage(Class<?> type) {
    if (type == null) {
      return false;
    }
    if (type.getName().equals(JMS_MESSAGE)) {
      return true;
    }
    for (Class<?> parent : type.getInterfaces()) {
      if (isJmsMessage(parent)) {
        return true;
      }
    }
    return isJmsMessage(type.getSuperclass());
  }

  private static Member find(Class<?> type, String name) {
    String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
    for (String candidate : List.of(name, "get" + capitalized, "is" + capitalized)) {
      try {
        Method method = type.getMethod(candidate);
        if (method.getReturnType() != void.class && !Modifier.isStatic(method.getModifiers())) {
          if (!candidate.startsWith("is") || method.getReturnType() == boolean.class) {
            method.trySetAccessible();
            return method;
          }
        }
      } catch (NoSuchMethodException e) {
        // try the next form
      }
    }
    try {
      Field field = type.getField(name);
      return Modifier.isStatic(field.getModifiers()) ? null : field;
    } catch (NoSuchFieldException e) {
      return null;
    }
  }
}
