package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.global.ShipmentResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The global keys {@code fenced.idempotency.header}, {@code .required} and {@code .replay-headers}
 * apply to a method whose annotation leaves them unset; {@code fenced.problem-type-base} starts the
 * {@code type} of every problem.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentGlobalConfigTest {

  private static final String HEADER = "X-Request-Key";
  private static final String SHIPMENT = "{\"parcel\":\"p-1\"}";
  private static final String PROBLEM_TYPE_BASE = "https://docs.example.com/errors/";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-global-config")
        .classes(ShipmentResource.class)
        .config("fenced.idempotency.header", HEADER)
        .config("fenced.idempotency.required", "true")
        .config("fenced.idempotency.replay-headers", ShipmentResource.GLOBAL_HEADER)
        .config("fenced.problem-type-base", PROBLEM_TYPE_BASE)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("global");
    key = Http.unique("key");
  }

  private Reply ship(String configuredHeaderValue) {
    return http.sendWith(
        HEADER, configuredHeaderValue, "POST", "shipments?tag=" + tag, null, SHIPMENT);
  }

  @Test
  void the_configured_header_carries_the_key() {
    Reply first = ship(key);
    Reply repeat = ship(key);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_global_required_makes_a_keyless_request_get_400_idempotency_key_required() {
    Reply reply = ship(null);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void a_configured_problem_type_base_starts_the_type_of_a_problem() {
    Reply reply = ship(null);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(
        Optional.of(PROBLEM_TYPE_BASE + "idempotency-key-required"),
        Problems.string(reply.text(), "type"),
        reply::describe);
  }

  @Test
  void the_default_header_carries_no_key_once_another_is_configured() {
    Reply reply = http.post("shipments?tag=" + tag, key, SHIPMENT);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void globally_configured_replay_headers_are_replayed() {
    Reply first = ship(key);
    Reply repeat = ship(key);

    assertAll(
        repeat.describe(),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertTrue(first.header(ShipmentResource.GLOBAL_HEADER).isPresent()),
        () ->
            assertEquals(
                first.headerValues(ShipmentResource.GLOBAL_HEADER),
                repeat.headerValues(ShipmentResource.GLOBAL_HEADER)));
  }
}
