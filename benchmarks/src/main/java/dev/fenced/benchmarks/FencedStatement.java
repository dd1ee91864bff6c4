package dev.fenced.benchmarks;

import dev.fenced.store.jpa.FencedTables;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
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
 * in the store's numbering, where they occur. {@link #afterSettings} puts the settings statement
 * the store sends on a datasource in front, in the same round trip.
 */
final class FencedStatement {

  private static final Pattern NUMBERED = Pattern.compile("\\?(\\d+)");

  private final String sql;
  private final int[] order;
  private final boolean afterSettings;

  private FencedStatement(String storeSql, boolean afterSettings) {
    this.afterSettings = afterSettings;
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
    return new FencedStatement(storeSql(name), false);
  }

  /**
   * The statement the store keeps in its field {@code name}, after the settings statement the store
   * on a datasource sends with every call ({@code DataSourceStatements.settings} of the default
   * settings: the query timeout and the idle-in-transaction bound), as one multi-statement: the
   * store's round trip on the server's side, without the store's Java work.
   *
   * @param name a field of {@code PostgresStatements}, e.g. {@code lockAcquire}
   * @return the settings and the statement, in JDBC form; {@link #execute} steps past the settings
   */
  static FencedStatement afterSettings(String name) {
    try {
      Class<?> storeSettings = Class.forName("dev.fenced.store.jpa.StoreSettings");
      Field defaults = storeSettings.getDeclaredField("DEFAULTS");
      defaults.setAccessible(true);
      Method settings =
          Class.forName("dev.fenced.store.jpa.DataSourceStatements")
              .getDeclaredMethod("settings", storeSettings);
      settings.setAccessible(true);
      String prefix = (String) settings.invoke(null, defaults.get(null));
      return new FencedStatement(prefix + "; " + storeSql(name), true);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "fenced-jpa-store's DataSourceStatements changed: no settings statement", e);
    }
  }

  private static String storeSql(String name) {
    try {
      Class<?> statements = Class.forName("dev.fenced.store.jpa.PostgresStatements");
      Constructor<?> constructor = statements.getDeclaredConstructor(FencedTables.class);
      constructor.setAccessible(true);
      Field field = statements.getDeclaredField(name);
      field.setAccessible(true);
      return (String) field.get(constructor.newInstance(FencedTables.DEFAULT));
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

  /**
   * Runs {@code statement}, prepared by {@link #prepare}, and steps past the settings' row if it
   * has one: {@code getResultSet()} or {@code getUpdateCount()} then answer for the store's
   * statement.
   *
   * @param statement this statement, prepared
   */
  void execute(PreparedStatement statement) throws SQLException {
    statement.execute();
    if (afterSettings) {
      statement.getMoreResults();
    }
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
