package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.events.EventLog;
import dev.fenced.tck.idempotent.events.TicketResource;
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
 * A replay fires {@code IdempotencyReplayed} and a refusal fires {@code IdempotencyRejected} with
 * its code, with the caller's key and the target {@code "POST <path>"}; a first run fires neither.
 * A bean of the deployment observes them.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentEventsTest {

  private static final String BOOKING = "{\"seat\":\"3C\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-events")
        .classes(TicketResource.class, EventLog.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("events");
    key = Http.unique("key");
  }

  private Reply book(String sentKey, String json) {
    return http.post("tickets/" + tag, sentKey, json);
  }

  /** The events of this test, with the target reduced to its method and last path segment. */
  private List<String> events() {
    String text = http.get("tickets/" + tag + "/events").text();
    return text.isEmpty()
        ? List.of()
        : text.lines()
            .map(
                line ->
                    line.replaceFirst(
                        "\\|POST /(?:[^|]*/)?" + tag + "\\|", "|POST .../" + tag + "|"))
            .toList();
  }

  @Test
  void a_first_run_fires_no_event() {
    book(key, BOOKING);

    assertEquals(List.of(), events());
  }

  @Test
  void a_replay_fires_idempotency_replayed_with_the_target_and_key() {
    book(key, BOOKING);
    book(key, BOOKING);

    assertEquals(List.of("replayed|POST .../" + tag + "|" + key), events());
  }

  @Test
  void a_reused_key_fires_idempotency_rejected_with_idempotency_key_reused() {
    book(key, BOOKING);
    book(key, "{\"seat\":\"4D\"}");

    assertEquals(
        List.of("rejected|POST .../" + tag + "|" + key + "|" + ErrorCode.IDEMPOTENCY_KEY_REUSED),
        events());
  }

  @Test
  void a_missing_required_key_fires_idempotency_rejected_without_a_key() {
    book(null, BOOKING);

    assertEquals(
        List.of("rejected|POST .../" + tag + "|null|" + ErrorCode.IDEMPOTENCY_KEY_REQUIRED),
        events());
  }
}
