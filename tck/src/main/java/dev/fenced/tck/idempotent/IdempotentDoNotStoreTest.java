package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.donotstore.TicketResource;
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
 * The injected {@code IdempotencyContext} in an {@code @Idempotent} resource method: it tells the
 * request's {@code Idempotency-Key}, and after {@code doNotStore()} the response goes to the client
 * but is not stored, so the retry with the same key runs the method again.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentDoNotStoreTest {

  private static final String REQUEST = "{\"event\":\"concert\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-do-not-store").classes(TicketResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("ticket");
    key = Http.unique("key");
  }

  @Test
  void a_response_whose_method_gave_up_storing_is_not_replayed_and_the_retry_runs_again() {
    Reply first = http.post("tickets/one-time?tag=" + tag, key, REQUEST);
    Reply retry = http.post("tickets/one-time?tag=" + tag, key, REQUEST);

    assertAll(
        retry.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals("{\"run\":1}", first.text()),
        () -> assertEquals(201, retry.status()),
        () -> assertFalse(retry.replayed(), "not replayed"),
        () -> assertEquals("{\"run\":2}", retry.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void the_context_tells_the_requests_key_and_the_response_is_stored_as_usual() {
    Reply first = http.post("tickets/key?tag=" + tag, key, REQUEST);
    Reply repeat = http.post("tickets/key?tag=" + tag, key, REQUEST);

    assertAll(
        repeat.describe(),
        () -> assertEquals("{\"key\":\"" + key + "\"}", first.text(), first::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.text(), repeat.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
