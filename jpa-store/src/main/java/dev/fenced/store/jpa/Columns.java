package dev.fenced.store.jpa;

import java.sql.Blob;
import java.sql.SQLException;

/**
 * Reads values of native query results defensively: Hibernate and EclipseLink return different Java
 * types for the same column ({@code Integer} or {@code Long}, {@code byte[]} or a {@code Blob}).
 */
final class Columns {

  private Columns() {}

  static long number(Object value) {
    if (value instanceof Number number) {
      return number.longValue();
    }
    if (value instanceof String text) {
      return Long.parseLong(text.strip());
    }
    throw new IllegalStateException("expected a number from PostgreSQL, got " + describe(value));
  }

  static byte[] bytes(Object value) {
    if (value instanceof byte[] bytes) {
      return bytes;
    }
    if (value instanceof Blob blob) {
      try {
        return blob.getBytes(1, Math.toIntExact(blob.length()));
      } catch (SQLException e) {
        throw new IllegalStateException("unreadable payload", e);
      }
    }
    throw new IllegalStateException("expected bytea from PostgreSQL, got " + describe(value));
  }

  static String text(Object value) {
    if (value instanceof String text) {
      return text;
    }
    if (value instanceof char[] chars) {
      return new String(chars);
    }
    throw new IllegalStateException("expected text from PostgreSQL, got " + describe(value));
  }

  /** The row of a result list: providers return a scalar for one column, an array for several. */
  static Object[] row(Object value) {
    return value instanceof Object[] row ? row : new Object[] {value};
  }

  private static String describe(Object value) {
    return value == null ? "null" : value.getClass().getName();
  }
}
