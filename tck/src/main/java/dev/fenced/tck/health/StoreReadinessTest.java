package dev.fenced.tck.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.support.TckDeployment;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
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
 * outage never makes the server restart. A check answers within {@code fenced.health.timeout}, so a
 * store still opening on its first use may be DOWN at first: each test asks until its check is UP,
 * for at most {@link #UP_WITHIN}.
 */
@ExtendWith(ArquillianExtension.class)
public class StoreReadinessTest {

  @Deployment
  public static WebArchive deployment() {
    return TckDeployment.war("store-readiness").classes(TckTimeouts.class).build();
  }

  /** How long a fresh deployment's store may take to answer its first readiness check. */
  private static final Duration UP_WITHIN = TckTimeouts.scaled(Duration.ofSeconds(30));

  @Inject @Readiness Instance<HealthCheck> readiness;
  @Inject @Liveness Instance<HealthCheck> liveness;
  @Inject Config config;

  @Test
  void the_idempotency_store_has_a_readiness_check_that_is_up_and_names_it()
      throws InterruptedException {
    HealthCheckResponse check = untilUp("fenced-idempotency-store");

    assertNotNull(
        check, "no readiness check fenced-idempotency-store among " + responses(readiness));
    assertEquals(HealthCheckResponse.Status.UP, check.getStatus(), String.valueOf(check.getData()));
    assertEquals(selected("fenced.idempotency.store"), data(check).get("store"));
  }

  @Test
  void the_lock_store_has_a_readiness_check_that_is_up_and_names_it() throws InterruptedException {
    HealthCheckResponse check = untilUp("fenced-lock-store");

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

  /** The check {@code name}'s response once UP, or its last one after {@link #UP_WITHIN}. */
  private HealthCheckResponse untilUp(String name) throws InterruptedException {
    long deadline = System.nanoTime() + UP_WITHIN.toNanos();
    HealthCheckResponse check = responses(readiness).get(name);
    while (check != null
        && check.getStatus() != HealthCheckResponse.Status.UP
        && System.nanoTime() < deadline) {
      Thread.sleep(100);
      check = responses(readiness).get(name);
    }
    return check;
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
