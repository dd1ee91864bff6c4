package dev.fenced.arquillian.harness.cluster;

import org.jboss.arquillian.container.impl.MapObject;
import org.jboss.arquillian.container.spi.client.container.ConfigurationMapper;
import org.jboss.arquillian.container.spi.client.container.ContainerConfiguration;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.client.container.LifecycleException;
import org.jboss.arquillian.container.spi.client.protocol.ProtocolDescription;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.core.api.Injector;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.shrinkwrap.api.Archive;

/**
 * One cluster member, run by the server adapter its {@code <container>} names ({@value
 * MemberConfiguration#ADAPTER}). Arquillian 1.10 gives every container of a JVM the one {@code
 * DeployableContainer} on the class path and fails when there are two, as in the WildFly plus Open
 * Liberty cluster: {@link MemberContainerExtension} puts this class in their place, and each
 * instance hands every call to the adapter its container names, configured from the same
 * properties.
 */
public final class MemberContainer implements DeployableContainer<MemberConfiguration> {

  @Inject Instance<Injector> injector;

  private DeployableContainer<ContainerConfiguration> adapter;

  @Override
  public Class<MemberConfiguration> getConfigurationClass() {
    return MemberConfiguration.class;
  }

  @Override
  public ConfigurationMapper<MemberConfiguration> getConfigurationMapper() {
    return (configuration, definition) -> configuration.definition(definition);
  }

  @Override
  public void setup(MemberConfiguration configuration) {
    adapter = create(configuration.adapter());
    injector.get().inject(adapter);
    try {
      ContainerConfiguration own =
          adapter.getConfigurationClass().getDeclaredConstructor().newInstance();
      ConfigurationMapper<ContainerConfiguration> mapper = adapter.getConfigurationMapper();
      if (mapper != null) {
        mapper.populateConfiguration(own, configuration.definition());
      } else {
        MapObject.populate(own, configuration.adapterProperties());
      }
      own.validate();
      adapter.setup(own);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot configure " + configuration.adapter(), e);
    } catch (Exception e) {
      throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static DeployableContainer<ContainerConfiguration> create(String className) {
    try {
      Class<?> type = Class.forName(className, true, MemberContainer.class.getClassLoader());
      return (DeployableContainer<ContainerConfiguration>)
          type.asSubclass(DeployableContainer.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          className
              + " is not a DeployableContainer on the test class path: is its server's"
              + " Maven profile active?",
          e);
    }
  }

  @Override
  public void start() throws LifecycleException {
    adapter.start();
  }

  @Override
  public void stop() throws LifecycleException {
    adapter.stop();
  }

  @Override
  public ProtocolDescription getDefaultProtocol() {
    return adapter.getDefaultProtocol();
  }

  @Override
  public ProtocolMetaData deploy(Archive<?> archive) throws DeploymentException {
    return adapter.deploy(archive);
  }

  @Override
  public void undeploy(Archive<?> archive) throws DeploymentException {
    adapter.undeploy(archive);
  }
}
