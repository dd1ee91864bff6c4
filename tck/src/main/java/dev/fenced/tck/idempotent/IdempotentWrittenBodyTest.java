package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.written.GuardPrefixInterceptor;
import dev.fenced.tck.idempotent.written.Label;
import dev.fenced.tck.idempotent.written.LabelResource;
import dev.fenced.tck.idempotent.written.LabelWriter;
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
 * The stored body is what the client received, after the application's message body writer and
 * writer interceptors: the replay sends those bytes back without writing the entity again.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentWrittenBodyTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-written-body")
        .classes(LabelResource.class, Label.class, LabelWriter.class, GuardPrefixInterceptor.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("written");
  }

  @Test
  void the_replay_is_the_body_the_writer_and_interceptor_produced_byte_for_byte() {
    String key = Http.unique("key");
    Reply first = http.send("POST", "labels?tag=" + tag, key, null, null);
    Reply repeat = http.send("POST", "labels?tag=" + tag, key, null, null);

    assertAll(
        repeat.describe(),
        () -> assertEquals(200, first.status(), first::describe),
        () ->
            assertTrue(
                first.text().startsWith(GuardPrefixInterceptor.PREFIX + "LABEL run=1 at="),
                first::describe),
        () -> assertEquals(200, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body(), "body bytes"),
        () -> assertEquals(List.of(LabelWriter.MEDIA_TYPE), repeat.headerValues("Content-Type")),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
