package dev.fenced.tck.support;

import java.util.Map;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * A store vendor's hook into the behaviour TCK: every TCK deployment passes through each provider
 * found with {@link java.util.ServiceLoader} on the test class path (register yours in {@code
 * META-INF/services/dev.fenced.tck.support.TckStoreProvider}). With no provider the deployments use
 * the in-memory stores.
 */
public interface TckStoreProvider {

  /**
   * Adds what the store needs to a deployment: its library, a datasource descriptor, a producer.
   *
   * @param archive a TCK deployment
   */
  void prepare(WebArchive archive);

  /**
   * MicroProfile Config properties the deployments need, e.g. {@code fenced.idempotency.store=jpa}.
   * A TCK test's own properties win over these.
   *
   * @return the properties, never {@code null}
   */
  Map<String, String> configuration();
}
