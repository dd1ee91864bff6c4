package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.faulttolerance.ChargeResource;
import dev.fenced.tck.idempotent.faulttolerance.CountingStore;
import dev.fenced.tck.idempotent.faulttolerance.PaymentGateway;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fenced runs outside MicroProfile Fault Tolerance: every {@code @Retry} attempt of one request
 * runs under one claimed key (one acquire, one stored outcome, no release), and the repeat replays
 * without another attempt. The deployment selects a store that counts its calls.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentFaultToleranceOrderTest {

  private static final String CHARGE = "{\"amount\":30}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-fault-tolerance-order")
        .classes(ChargeResource.class, PaymentGateway.class, CountingStore.class)
        .config("fenced.idempotency.store", CountingStore.NAME)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("ft");
    key = Http.unique("key");
  }

  private String storeCalls() {
    return http.get("charges/store-calls/" + key).text();
  }

  @Test
  void a_retried_resource_method_runs_three_attempts_under_one_claim() {
    Reply reply = http.post("charges/retried?tag=" + tag, key, CHARGE);

    assertAll(
        reply.describe(),
        () -> assertEquals(201, reply.status()),
        () -> assertEquals("{\"attempt\":3}", reply.text()),
        () -> assertEquals(3, http.invocations(tag), "attempts"),
        () -> assertEquals("acquire=1 complete=1 release=0", storeCalls()));
  }

  @Test
  void the_repeat_of_a_retried_resource_method_replays_without_a_fourth_attempt() {
    Reply first = http.post("charges/retried?tag=" + tag, key, CHARGE);
    Reply repeat = http.post("charges/retried?tag=" + tag, key, CHARGE);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals("{\"attempt\":3}", repeat.text()),
        () -> assertEquals(3, http.invocations(tag), "attempts"),
        () -> assertEquals("acquire=2 complete=1 release=0", storeCalls()));
  }

  @Test
  void a_resource_calling_a_retried_bean_runs_three_attempts_under_one_claim() {
    Reply first = http.post("charges/delegated?tag=" + tag, key, CHARGE);
    Reply repeat = http.post("charges/delegated?tag=" + tag, key, CHARGE);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals("{\"attempt\":3}", first.text()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(3, http.invocations(tag), "attempts"),
        () -> assertEquals("acquire=2 complete=1 release=0", storeCalls()));
  }
}
