package dev.fenced.testservers;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects the shared {@link PostgresServer} into test constructors, lifecycle methods and tests:
 *
 * <pre>{@code
 * @ExtendWith(PostgresServerExtension.class)
 * class MyStoreTest {
 *   @BeforeAll
 *   static void schema(PostgresServer postgres) throws SQLException { ... }
 * }
 * }</pre>
 *
 * <p>A parameter annotated {@link Embedded} gets {@link PostgresServer#embedded()} instead.
 */
public final class PostgresServerExtension implements ParameterResolver {

  /** Asks for the embedded server whatever {@value PostgresServer#URL_VARIABLE} says. */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @java.lang.annotation.Target(java.lang.annotation.ElementType.PARAMETER)
  public @interface Embedded {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == PostgresServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.isAnnotated(Embedded.class) ? PostgresServer.embedded() : PostgresServer.get();
  }
}
