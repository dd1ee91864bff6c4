package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.released.FlakyResource;
import dev.fenced.tck.idempotent.released.UnavailableException;
import dev.fenced.tck.idempotent.released.UnavailableMapper;
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
 * A 5xx response (returned or from an {@code ExceptionMapper}) or an unmapped exception releases
 * the key: the retry with the same key runs the method again, and its success is then stored.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentReleasedOutcomeTest {

  private static final String REQUEST = "{\"job\":\"export\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-released-outcome")
        .classes(FlakyResource.class, UnavailableException.class, UnavailableMapper.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("released");
    key = Http.unique("key");
  }

  @Test
  void a_5xx_response_releases_the_key_so_the_retry_runs_again() {
    Reply failed = http.post("flaky/status?tag=" + tag, key, REQUEST);
    Reply retry = http.post("flaky/status?tag=" + tag, key, REQUEST);

    assertAll(
        retry.describe(),
        () -> assertEquals(503, failed.status(), failed::describe),
        () -> assertEquals(201, retry.status()),
        () -> assertFalse(retry.replayed(), "not replayed"),
        () -> assertEquals("{\"run\":2}", retry.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_5xx_from_an_exception_mapper_releases_the_key_so_the_retry_runs_again() {
    Reply failed = http.post("flaky/mapped?tag=" + tag, key, REQUEST);
    Reply retry = http.post("flaky/mapped?tag=" + tag, key, REQUEST);

    assertAll(
        retry.describe(),
        () -> assertEquals(503, failed.status(), failed::describe),
        () -> assertEquals(201, retry.status()),
        () -> assertFalse(retry.replayed(), "not replayed"),
        () -> assertEquals("{\"run\":2}", retry.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void an_unmapped_exception_releases_the_key_so_the_retry_runs_again() {
    Reply failed = http.post("flaky/exception?tag=" + tag, key, REQUEST);
    Reply retry = http.post("flaky/exception?tag=" + tag, key, REQUEST);

    assertAll(
        retry.describe(),
        () -> assertEquals(500, failed.status(), failed::describe),
        () -> assertEquals(201, retry.status()),
        () -> assertFalse(retry.replayed(), "not replayed"),
        () -> assertEquals("{\"run\":2}", retry.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void the_successful_retry_after_a_5xx_is_stored_and_replayed() {
    http.post("flaky/status?tag=" + tag, key, REQUEST);
    Reply retry = http.post("flaky/status?tag=" + tag, key, REQUEST);
    Reply repeat = http.post("flaky/status?tag=" + tag, key, REQUEST);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(retry.text(), repeat.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
