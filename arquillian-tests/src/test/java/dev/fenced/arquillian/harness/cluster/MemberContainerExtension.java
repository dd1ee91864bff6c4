package dev.fenced.arquillian.harness.cluster;

import java.util.List;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Lets one JVM run members on different servers: replaces each server adapter's {@code
 * DeployableContainer} on the class path with {@link MemberContainer}, which delegates to the
 * adapter each {@code <container>} names. Registered only for the cluster tests' Failsafe
 * executions, through the class path folder {@code src/test/cluster-classpath} (its {@code
 * META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}).
 */
public final class MemberContainerExtension implements LoadableExtension {

  /** The adapters of the servers the cluster tests run. */
  static final List<String> ADAPTERS =
      List.of(
          "org.jboss.as.arquillian.container.managed.ManagedDeployableContainer",
          "io.openliberty.arquillian.managed.WLPManagedContainer");

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void register(ExtensionBuilder builder) {
    for (String name : ADAPTERS) {
      try {
        Class adapter = Class.forName(name, false, MemberContainerExtension.class.getClassLoader());
        builder.override(DeployableContainer.class, adapter, MemberContainer.class);
      } catch (ClassNotFoundException e) {
        // that server's profile is not active: nothing to replace
      }
    }
  }
}
