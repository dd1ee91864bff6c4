package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.fenced.tck.idempotent.streaming.ExportResource;
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
 * A streaming output is not stored: the key is released, so a repeat runs the method again (and
 * Fenced logs a warning).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentStreamingOutputTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-streaming-output").classes(ExportResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("streaming");
  }

  @Test
  void a_streamed_response_is_not_stored_so_a_repeat_runs_again() {
    String key = Http.unique("key");
    Reply first = http.send("POST", "exports?tag=" + tag, key, null, null);
    Reply repeat = http.send("POST", "exports?tag=" + tag, key, null, null);

    assertAll(
        repeat.describe(),
        () -> assertEquals(200, first.status(), first::describe),
        () -> assertEquals("run 1 line 1\nrun 1 line 2\nrun 1 line 3\n", first.text()),
        () -> assertEquals(200, repeat.status()),
        () -> assertFalse(repeat.replayed(), "not replayed"),
        () -> assertEquals("run 2 line 1\nrun 2 line 2\nrun 2 line 3\n", repeat.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
