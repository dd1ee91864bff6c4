package dev.fenced.store.jpa;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;

/**
 * A real datasource whose connections note the text of every statement the store prepares or
 * executes, in order; everything else (and the statements themselves) goes to the datasource.
 */
final class StatementTexts {

  private final List<String> sent = new CopyOnWriteArrayList<>();
  private final DataSource noting;
  private final boolean newProxyOnUnwrap;

  StatementTexts(DataSource dataSource) {
    this(dataSource, false);
  }

  /**
   * @param newProxyOnUnwrap whether {@code unwrap} hands out a new proxy of what it unwraps each
   *     time, as Open Liberty's pool does for a driver's interface
   */
  StatementTexts(DataSource dataSource, boolean newProxyOnUnwrap) {
    this.newProxyOnUnwrap = newProxyOnUnwrap;
    this.noting =
        proxy(
            DataSource.class,
            dataSource,
            (target, method, arguments) -> {
              Object result = method.invoke(target, arguments);
              return result instanceof Connection connection ? noting(connection) : result;
            });
  }

  /** The datasource to give the store. */
  DataSource dataSource() {
    return noting;
  }

  /** The texts sent so far. */
  List<String> sent() {
    return List.copyOf(sent);
  }

  /** How many of the texts sent so far contain {@code part}. */
  long containing(String part) {
    return sent.stream().filter(text -> text.contains(part)).count();
  }

  private Connection noting(Connection connection) {
    return proxy(
        Connection.class,
        connection,
        (target, method, arguments) -> {
          if (method.getName().equals("prepareStatement")) {
            sent.add((String) arguments[0]);
          }
          if (newProxyOnUnwrap && method.getName().equals("unwrap")) {
            @SuppressWarnings("unchecked")
            Class<Object> type = (Class<Object>) arguments[0];
            return proxy(type, method.invoke(target, arguments), (t, m, a) -> m.invoke(t, a));
          }
          Object result = method.invoke(target, arguments);
          return result instanceof Statement statement && method.getName().equals("createStatement")
              ? noting(statement)
              : result;
        });
  }

  private Statement noting(Statement statement) {
    return proxy(
        Statement.class,
        statement,
        (target, method, arguments) -> {
          if (method.getName().startsWith("execute") && arguments != null) {
            sent.add((String) arguments[0]);
          }
          return method.invoke(target, arguments);
        });
  }

  private interface Call {
    Object on(Object target, java.lang.reflect.Method method, Object[] arguments) throws Throwable;
  }

  private static <T> T proxy(Class<T> type, T target, Call call) {
    InvocationHandler handler =
        (self, method, arguments) -> {
          try {
            return call.on(target, method, arguments);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return type.cast(
        Proxy.newProxyInstance(
            StatementTexts.class.getClassLoader(), new Class<?>[] {type}, handler));
  }
}
