package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.oversized.ReportResource;
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
 * {@code fenced.idempotency.max-response-size}: a response over it reaches the client whole but is
 * not stored, so a repeat runs the method again; one within it is replayed.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentResponseTooLargeTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-response-too-large")
        .classes(ReportResource.class)
        .config("fenced.idempotency.max-response-size", ReportResource.LIMIT + "B")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("oversized");
    key = Http.unique("key");
  }

  private Reply report(int size) {
    return http.send("POST", "reports?tag=" + tag + "&size=" + size, key, null, null);
  }

  @Test
  void an_oversized_response_reaches_the_client_whole_and_a_repeat_runs_again() {
    int size = 16 * ReportResource.LIMIT;
    Reply first = report(size);
    Reply repeat = report(size);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertArrayEquals(ReportResource.body(1, size), first.body(), "first body"),
        () -> assertEquals(201, repeat.status()),
        () -> assertFalse(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(ReportResource.body(2, size), repeat.body(), "repeat body"),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_response_of_exactly_the_limit_is_replayed() {
    Reply first = report(ReportResource.LIMIT);
    Reply repeat = report(ReportResource.LIMIT);

    assertAll(
        repeat.describe(),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body(), "replayed body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
