package dev.fenced.store.jpa;

import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A persistence unit of each {@link Provider} on the test server, with the shipped DDL applied:
 * opened before a test class's tests, closed after them. Register it as a static field:
 * {@code @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();}.
 */
final class ProviderUnits implements BeforeAllCallback, AfterAllCallback {

  private final Map<Provider, EntityManagerFactory> units = new EnumMap<>(Provider.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    PostgresServer server = PostgresServer.get();
    Schema.apply(server);
    for (Provider provider : Provider.values()) {
      units.put(provider, provider.open(server));
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    units.values().forEach(EntityManagerFactory::close);
    units.clear();
  }

  /** The unit of {@code provider}. */
  EntityManagerFactory get(Provider provider) {
    EntityManagerFactory unit = units.get(provider);
    if (unit == null) {
      throw new IllegalStateException("ProviderUnits is not open: register it as a static field");
    }
    return unit;
  }
}
