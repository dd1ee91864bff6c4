package dev.fenced.benchmarks;

import dev.fenced.store.jpa.FencedTables;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One statement of Fenced's JPA store, in JDBC form: the text is read from the store itself (the
 * package-private {@code PostgresStatements} of {@code fenced-jpa-store}, on the default tables),
 * so the bare baselines send exactly what the store sends and the build's smoke test fails if that
 * class changes shape. The store numbers its parameters ({@code ?1}); JDBC takes them in order
 * ({@code ?}), so each {@code ?N} becomes {@code ?} and {@link #prepare} binds the arguments, given
 * in the store's numbering, where they occur.
 */
final class FencedStatement {

  private static final Pattern NUMBERED = Pattern.compile("\\?(\\d+)");

  private final String sql;
  private final int[] order;

  private FencedStatement(String storeSql) {
    Matcher parameters = NUMBERED.matcher(storeSql);
    List<Integer> positions = new ArrayList<>();
    StringBuilder jdbc = new StringBuilder();
    while (parameters.find()) {
      positions.add(Integer.parseInt(parameters.group(1)));
      parameters.appendReplacement(jdbc, "?");
    }
    parameters.appendTail(jdbc);
    this.sql = jdbc.toString();
    this.order = positions.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The statement the store keeps in its field {@code name}.
   *
   * @param name a field of {@code PostgresStatements}, e.g. {@code lockAcquire}
   * @return the statement, in JDBC form
   */
  static FencedStatement named(String name) {
    try {
      Class<?> statements = Class.forName("dev.fenced.store.jpa.PostgresStatements");
      Constructor<?> constructor = statements.getDeclaredConstructor(FencedTables.class);
      constructor.setAccessible(true);
      Field field = statements.getDeclaredField(name);
      field.setAccessible(true);
      return new FencedStatement((String) field.get(constructor.newInstance(FencedTables.DEFAULT)));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "fenced-jpa-store's PostgresStatements changed: no statement " + name, e);
    }
  }

  /**
   * Prepares the statement on {@code connection} with its arguments bound.
   *
   * @param arguments the arguments in the store's numbering: {@code arguments[0]} is {@code ?1}
   * @return the statement, ready to run; the caller closes it
   */
  PreparedStatement prepare(Connection connection, Object... arguments) throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    for (int i = 0; i < order.length; i++) {
      statement.setObject(i + 1, arguments[order[i] - 1]);
    }
    return statement;
  }

  /** The store's primary key of {@code key}: the lower-case hex SHA-256 of its UTF-8 bytes. */
  static String keyHash(String key) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
