package dev.fenced.arquillian.harness.cluster;

import java.util.HashMap;
import java.util.Map;
import org.jboss.arquillian.config.descriptor.api.ContainerDef;
import org.jboss.arquillian.container.spi.ConfigurationException;
import org.jboss.arquillian.container.spi.client.container.ContainerConfiguration;

/**
 * A member's {@code <container>} of {@code arquillian-cluster.xml} as written: the server adapter
 * to use ({@value #ADAPTER}) and the properties for that adapter's own configuration.
 */
public final class MemberConfiguration implements ContainerConfiguration {

  /** The property naming the adapter's {@code DeployableContainer} class. */
  static final String ADAPTER = "adapterImplClass";

  private ContainerDef definition;

  void definition(ContainerDef definition) {
    this.definition = definition;
  }

  /** The container definition, for the adapter's own mapper. */
  ContainerDef definition() {
    return definition;
  }

  /** The properties without {@value #ADAPTER}. */
  Map<String, String> adapterProperties() {
    Map<String, String> properties = new HashMap<>(definition.getContainerProperties());
    properties.remove(ADAPTER);
    return properties;
  }

  /** The adapter's class name. */
  String adapter() {
    return definition.getContainerProperties().get(ADAPTER);
  }

  @Override
  public void validate() throws ConfigurationException {
    String adapter = definition == null ? null : adapter();
    if (adapter == null || adapter.isBlank()) {
      throw new ConfigurationException(
          "container "
              + (definition == null ? "?" : definition.getContainerName())
              + " of arquillian-cluster.xml names no "
              + ADAPTER
              + ": give it the DeployableContainer class of its server's Arquillian adapter");
    }
  }
}
