package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.replay.ReceiptResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A repeat after completion gets the stored status, allowlisted headers and body byte for byte,
 * plus {@code Idempotent-Replayed: true}, without running the method.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentReplayTest {

  private static final String PAYMENT = "{\"amount\":12.5,\"currency\":\"EUR\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-replay").classes(ReceiptResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("replay");
    key = Http.unique("key");
  }

  private Reply issue(String sentKey) {
    return http.post("receipts?tag=" + tag, sentKey, PAYMENT);
  }

  @Test
  void a_repeat_gets_the_stored_status_and_body_byte_for_byte() {
    Reply first = issue(key);
    Reply repeat = issue(key);

    assertAll(
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals(first.status(), repeat.status(), repeat::describe),
        () -> assertArrayEquals(first.body(), repeat.body(), repeat::describe));
  }

  @Test
  void a_repeat_is_marked_with_idempotent_replayed_true() {
    issue(key);
    Reply repeat = issue(key);

    assertEquals(List.of("true"), repeat.headerValues(Reply.REPLAYED), repeat::describe);
  }

  @Test
  void a_repeat_does_not_run_the_method_again() {
    issue(key);
    issue(key);
    issue(key);

    assertEquals(1, http.invocations(tag));
  }

  @Test
  void a_repeat_gets_the_allowlisted_headers_back_unchanged() {
    Reply first = issue(key);
    Reply repeat = issue(key);

    assertAll(
        repeat.describe(),
        List.of(
                "Location",
                "Content-Type",
                "Content-Language",
                "Content-Location",
                "ETag",
                "Last-Modified")
            .stream()
            .map(
                name ->
                    () -> {
                      assertFalse(first.headerValues(name).isEmpty(), name + " in the first");
                      assertEquals(first.headerValues(name), repeat.headerValues(name), name);
                    }));
  }

  @Test
  void a_header_named_in_replay_headers_is_replayed() {
    Reply first = issue(key);
    Reply repeat = issue(key);

    assertTrue(first.header(ReceiptResource.TRACE_ID).isPresent(), first::describe);
    assertEquals(
        first.headerValues(ReceiptResource.TRACE_ID),
        repeat.headerValues(ReceiptResource.TRACE_ID),
        repeat::describe);
  }

  @Test
  void a_header_off_the_allowlist_is_not_replayed() {
    Reply first = issue(key);
    Reply repeat = issue(key);

    assertTrue(first.header(ReceiptResource.REQUEST_TIME).isPresent(), first::describe);
    assertTrue(repeat.replayed(), repeat::describe);
    assertFalse(repeat.header(ReceiptResource.REQUEST_TIME).isPresent(), repeat::describe);
  }

  @Test
  void a_set_cookie_header_is_never_replayed() {
    Reply first = issue(key);
    Reply repeat = issue(key);

    assertTrue(first.header("Set-Cookie").isPresent(), first::describe);
    assertTrue(repeat.replayed(), repeat::describe);
    assertFalse(repeat.header("Set-Cookie").isPresent(), repeat::describe);
  }

  @Test
  void the_quoted_key_form_meets_the_bare_key() {
    Reply bare = issue(key);
    Reply quoted = issue("\"" + key + "\"");

    assertAll(
        quoted.describe(),
        () -> assertTrue(quoted.replayed(), "replayed"),
        () -> assertArrayEquals(bare.body(), quoted.body(), "body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_bare_key_meets_the_quoted_form_it_was_first_sent_in() {
    Reply quoted = issue("\"" + key + "\"");
    Reply bare = issue(key);

    assertAll(
        bare.describe(),
        () -> assertTrue(bare.replayed(), "replayed"),
        () -> assertArrayEquals(quoted.body(), bare.body(), "body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_binary_body_is_replayed_byte_for_byte() {
    Reply first = http.send("POST", "receipts/binary?tag=" + tag, key, null, null);
    Reply repeat = http.send("POST", "receipts/binary?tag=" + tag, key, null, null);

    assertAll(
        repeat.describe(),
        () -> assertEquals(200, first.status(), "first status"),
        () -> assertEquals(256 + 12, first.body().length, "first body length"),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(200, repeat.status(), "replayed status"),
        () -> assertArrayEquals(first.body(), repeat.body(), "body bytes"),
        () -> assertEquals(first.headerValues("Content-Type"), repeat.headerValues("Content-Type")),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_response_without_a_body_is_replayed_without_a_body() {
    Reply first = http.send("POST", "receipts/acknowledgements?tag=" + tag, key, null, null);
    Reply repeat = http.send("POST", "receipts/acknowledgements?tag=" + tag, key, null, null);

    assertAll(
        repeat.describe(),
        () -> assertEquals(204, first.status(), first::describe),
        () -> assertEquals(204, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(0, repeat.body().length, "body length"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
