package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.fenced.tck.idempotent.aborted.RefusingFilter;
import dev.fenced.tck.idempotent.aborted.TransferResource;
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
 * A request filter after Fenced's that aborts (403) answers before the method runs: that answer is
 * not stored, so the same key without the abort runs the method instead of replaying the 403.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentAbortedRequestTest {

  private static final String TRANSFER = "{\"amount\":10}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-aborted-request")
        .classes(TransferResource.class, RefusingFilter.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("aborted");
    key = Http.unique("key");
  }

  @Test
  void a_post_a_later_filter_refused_runs_when_repeated_without_the_refusal() {
    Reply refused =
        http.sendWith(
            RefusingFilter.REFUSE_HEADER, "yes", "POST", "transfers?tag=" + tag, key, TRANSFER);
    int runsAfterRefusal = http.invocations(tag);
    Reply repeat = http.post("transfers?tag=" + tag, key, TRANSFER);

    assertAll(
        repeat.describe(),
        () -> assertEquals(403, refused.status(), refused::describe),
        () -> assertEquals(0, runsAfterRefusal, "runs after the refusal"),
        () -> assertEquals(201, repeat.status()),
        () -> assertFalse(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_delete_without_a_body_a_later_filter_refused_runs_when_repeated_without_the_refusal() {
    Reply refused =
        http.sendWith(
            RefusingFilter.REFUSE_HEADER, "yes", "DELETE", "transfers?tag=" + tag, key, "");
    Reply repeat = http.send("DELETE", "transfers?tag=" + tag, key, null, null);

    assertAll(
        repeat.describe(),
        () -> assertEquals(403, refused.status(), refused::describe),
        () -> assertEquals(204, repeat.status()),
        () -> assertFalse(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
