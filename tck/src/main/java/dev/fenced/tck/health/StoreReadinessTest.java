package dev.fenced.tck.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fenced's readiness checks as the server's MicroProfile Health sees them (the {@code @Readiness}
 * checks CDI offers it): one per store selection, named {@code fenced-idempotency-store} and {@code
 * fenced-lock-store}, UP on the run's working store, naming it; and no liveness check, so a store
 * outage never makes the server restart.
 */
@ExtendWith(ArquillianExtension.class)
public class StoreReadinessTest {

  @Deployment
  public static WebArchive deployment() {
    return TckDeployment.war("store-readiness").build();
  }

  @Inject @Readiness Instance<HealthCheck> readiness;
  @Inject @Liveness Instance<HealthCheck> liveness;
  @Inject Config config;

  @Test
  void the_idempotency_store_has_a_readiness_check_that_is_up_and_names_it() {
    HealthCheckResponse check = responses(readiness).get("fenced-idempotency-store");

    assertNotNull(
        check, "no readiness check fenced-idempotency-store among " + responses(readiness));
    assertEquals(HealthCheckResponse.Status.UP, check.getStatus(), String.valueOf(check.getData()));
    assertEquals(selected("fenced.idempotency.store"), data(check).get("store"));
  }

  @Test
  void the_lock_store_has_a_readiness_check_that_is_up_and_names_it() {
    HealthCheckResponse check = responses(readiness).get("fenced-lock-store");

    assertNotNull(check, "no readiness check fenced-lock-store among " + responses(readiness));
    assertEquals(HealthCheckResponse.Status.UP, check.getStatus(), String.valueOf(check.getData()));
    assertEquals(selected("fenced.locks.store"), data(check).get("store"));
  }

  @Test
  void fenced_adds_no_liveness_check() {
    assertTrue(
        responses(liveness).keySet().stream().noneMatch(name -> name.startsWith("fenced-")),
        "liveness checks: " + responses(liveness).keySet());
  }

  private String selected(String key) {
    return config.getOptionalValue(key, String.class).map(String::strip).orElse("memory");
  }

  private static Map<String, HealthCheckResponse> responses(Instance<HealthCheck> checks) {
    Map<String, HealthCheckResponse> byName = new HashMap<>();
    for (HealthCheck check : checks) {
      HealthCheckResponse response = check.call();
      byName.put(response.getName(), response);
    }
    return byName;
  }

  private static Map<String, Object> data(HealthCheckResponse response) {
    return response.getData().orElse(Map.of());
  }
}
