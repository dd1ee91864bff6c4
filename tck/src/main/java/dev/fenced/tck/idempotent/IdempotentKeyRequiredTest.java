package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.required.TransferResource;
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
 * Without a key, {@code required = true} answers 400 {@code IDEMPOTENCY_KEY_REQUIRED} before the
 * method runs; an optional key's absence runs the method unguarded, every time.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentKeyRequiredTest {

  private static final String TRANSFER = "{\"to\":\"acct-1\",\"amount\":5}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-key-required").classes(TransferResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("required");
  }

  @Test
  void a_request_without_a_required_key_gets_400_idempotency_key_required() {
    Reply reply = http.post("transfers/strict?tag=" + tag, null, TRANSFER);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
  }

  @Test
  void the_method_does_not_run_without_the_required_key() {
    http.post("transfers/strict?tag=" + tag, null, TRANSFER);
    http.post("transfers/strict?tag=" + tag, null, TRANSFER);

    assertEquals(0, http.invocations(tag));
  }

  @Test
  void a_request_with_the_required_key_runs_the_method() {
    Reply reply = http.post("transfers/strict?tag=" + tag, Http.unique("key"), TRANSFER);

    assertEquals(201, reply.status(), reply::describe);
    assertEquals(1, http.invocations(tag));
  }

  @Test
  void without_an_optional_key_the_method_runs_unguarded_every_time() {
    Reply first = http.post("transfers/optional?tag=" + tag, null, TRANSFER);
    Reply second = http.post("transfers/optional?tag=" + tag, null, TRANSFER);

    assertAll(
        second.describe(),
        () -> assertEquals(201, first.status()),
        () -> assertEquals(201, second.status()),
        () -> assertFalse(second.replayed(), "not replayed"),
        () -> assertEquals("{\"run\":2}", second.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
