package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.fingerprint.PartsOnly;
import dev.fenced.tck.idempotent.fingerprint.QuoteResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The fingerprint can leave parts of a request body out: JSON fields named by {@code ignoredFields}
 * (on the annotation, or by a per-method config key), or all but the part an application's {@code
 * RequestBodyFingerprint} bean picks ({@code bodyFingerprint}). Two sendings that differ only in
 * what does not count are one request (a replay); a difference in what counts is still a reuse of
 * the key (422).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentFingerprintControlTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-fingerprint-control")
        .classes(QuoteResource.class, PartsOnly.class)
        .config(QuoteResource.ORDER_IGNORED_FIELDS, "/clientTime")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("fingerprint");
    key = Http.unique("key");
  }

  private Reply quote(String json) {
    return http.post("quotes?tag=" + tag, key, json);
  }

  @Test
  void bodies_that_differ_only_in_ignored_fields_are_the_same_request() {
    Reply first =
        quote(
            "{\"amount\":10,\"requestedAt\":\"2026-12-03T10:00:00Z\",\"meta\":{\"traceId\":\"a1\"}}");

    Reply repeat =
        quote(
            "{\"amount\":10,\"requestedAt\":\"2026-12-03T10:00:07Z\",\"meta\":{\"traceId\":\"b2\"}}");

    assertEquals(201, first.status(), first::describe);
    assertReplayOf(first, repeat);
  }

  @Test
  void a_field_that_is_not_ignored_still_counts() {
    Reply first = quote("{\"amount\":10,\"requestedAt\":\"2026-12-03T10:00:00Z\"}");

    Reply reuse = quote("{\"amount\":11,\"requestedAt\":\"2026-12-03T10:00:00Z\"}");

    assertEquals(201, first.status(), first::describe);
    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void a_per_method_config_key_names_the_ignored_fields() {
    Reply first = http.post("orders?tag=" + tag, key, "{\"item\":7,\"clientTime\":1}");

    Reply repeat = http.post("orders?tag=" + tag, key, "{\"item\":7,\"clientTime\":2}");

    assertEquals(201, first.status(), first::describe);
    assertReplayOf(first, repeat);
  }

  @Test
  void with_a_body_fingerprint_bean_only_the_part_it_picks_counts() {
    Reply first = upload("boundary-a1|invoice 7");

    Reply repeat = upload("boundary-b2|invoice 7");

    assertEquals(201, first.status(), first::describe);
    assertReplayOf(first, repeat);
  }

  @Test
  void with_a_body_fingerprint_bean_another_part_is_another_request() {
    Reply first = upload("boundary-a1|invoice 7");

    Reply reuse = upload("boundary-a1|invoice 8");

    assertEquals(201, first.status(), first::describe);
    Problems.assertProblem(reuse, ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertEquals(1, http.invocations(tag), "runs");
  }

  private Reply upload(String body) {
    return http.send(
        "POST", "uploads?tag=" + tag, key, "text/plain", body.getBytes(StandardCharsets.UTF_8));
  }

  private void assertReplayOf(Reply first, Reply repeat) {
    assertAll(
        repeat.describe(),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
