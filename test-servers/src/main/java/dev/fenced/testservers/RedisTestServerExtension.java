package dev.fenced.testservers;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects the shared {@link RedisTestServer} into test constructors, lifecycle methods and tests:
 *
 * <pre>{@code
 * @ExtendWith(RedisTestServerExtension.class)
 * class MyStoreTest {
 *   @BeforeAll
 *   static void connect(RedisTestServer redis) {
 *     client = new JedisPooled(redis.url());
 *   }
 * }
 * }</pre>
 *
 * <p>A parameter annotated {@link Embedded} gets {@link RedisTestServer#embedded()} instead.
 */
public final class RedisTestServerExtension implements ParameterResolver {

  /** Asks for the embedded server whatever {@value RedisTestServer#URL_VARIABLE} says. */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @java.lang.annotation.Target(java.lang.annotation.ElementType.PARAMETER)
  public @interface Embedded {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == RedisTestServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.isAnnotated(Embedded.class)
        ? RedisTestServer.embedded()
        : RedisTestServer.get();
  }
}
