package dev.fenced.arquillian;

import org.jboss.arquillian.container.spi.client.container.DeploymentExceptionTransformer;
import org.jboss.arquillian.container.test.spi.client.deployment.ApplicationArchiveProcessor;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Puts Fenced into every WAR a test deploys, testable or not, as an application would ship it, and
 * lets deployment-failure tests see CDI's {@code DeploymentException} on the server this JVM
 * launches ({@code arquillian.launch}): {@link WildFlyDeploymentExceptionTransformer} on WildFly,
 * {@link LibertyDeploymentExceptionTransformer} on Open Liberty. Registered in {@code
 * META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}.
 */
public final class FencedArquillianExtension implements LoadableExtension {

  /** The system property naming the container of {@code arquillian.xml} this JVM launches. */
  static final String LAUNCH = "arquillian.launch";

  @Override
  public void register(ExtensionBuilder builder) {
    builder
        .service(ApplicationArchiveProcessor.class, FencedArchiveProcessor.class)
        .observer(ClientDeploymentAppender.class);
    registerTransformer(builder);
  }

  /**
   * Arquillian asks every registered transformer in turn and keeps the first answer. WildFly's
   * adapter registers one that returns its input: ours takes its place. Liberty's registers none.
   * Each cell's JVM has one server's adapter only (Failsafe's {@code classpathDependencyExcludes});
   * should both be present, the launched server's transformer still wins.
   */
  private static void registerTransformer(ExtensionBuilder builder) {
    boolean liberty = "liberty".equals(System.getProperty(LAUNCH));
    Class<? extends DeploymentExceptionTransformer> ours =
        liberty
            ? LibertyDeploymentExceptionTransformer.class
            : WildFlyDeploymentExceptionTransformer.class;
    Class<?> wildfly = load(WildFlyDeploymentExceptionTransformer.WILDFLY_TRANSFORMER);
    if (wildfly != null) {
      builder.override(
          DeploymentExceptionTransformer.class,
          wildfly.asSubclass(DeploymentExceptionTransformer.class),
          ours);
    } else if (liberty && load(LibertyDeploymentExceptionTransformer.LIBERTY_CONTAINER) != null) {
      builder.service(DeploymentExceptionTransformer.class, ours);
    }
  }

  /** The class {@code name} when the test class path has it (its server's profile is active). */
  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, FencedArquillianExtension.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
  }
}
