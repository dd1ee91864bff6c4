package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.first.OrderResource;
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

/** The first request with a key runs the method once and gets its response unchanged. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentFirstRequestTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-first-request").classes(OrderResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("first");
  }

  @Test
  void a_post_with_a_new_key_runs_once_and_answers_201_with_location_and_its_json_body() {
    Reply reply = http.post("orders?tag=" + tag, Http.unique("key"), "{\"item\":\"book\"}");

    assertAll(
        reply.describe(),
        () -> assertEquals(201, reply.status()),
        () ->
            assertTrue(
                reply.header("Location").orElse("").endsWith("/api/orders/" + tag + "-1"),
                "Location"),
        () -> assertEquals(Optional.of("application/json"), reply.mediaType()),
        () -> assertEquals("{\"run\":1,\"order\":{\"item\":\"book\"}}", reply.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void the_first_response_is_not_marked_as_replayed() {
    Reply reply = http.post("orders?tag=" + tag, Http.unique("key"), "{\"item\":\"book\"}");

    assertEquals(201, reply.status(), reply::describe);
    assertFalse(
        reply.header(Reply.REPLAYED).isPresent(), () -> "no Idempotent-Replayed in " + reply);
  }

  @Test
  void two_different_new_keys_run_the_method_twice() {
    Reply first = http.post("orders?tag=" + tag, Http.unique("key"), "{\"item\":\"book\"}");
    Reply second = http.post("orders?tag=" + tag, Http.unique("key"), "{\"item\":\"book\"}");

    assertAll(
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertEquals(201, second.status(), second::describe),
        () -> assertEquals("{\"run\":2,\"order\":{\"item\":\"book\"}}", second.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
