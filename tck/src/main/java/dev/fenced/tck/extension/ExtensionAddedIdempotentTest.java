package dev.fenced.tck.extension;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.InvocationsResource;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.extension.idempotent.AddsIdempotent;
import dev.fenced.tck.extension.idempotent.IdempotentLiteral;
import dev.fenced.tck.extension.idempotent.LedgerResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An {@code @Idempotent} that another portable extension adds to a JAX-RS resource method in {@code
 * ProcessAnnotatedType} guards it like one written in the source: a repeat with the same {@code
 * Idempotency-Key} runs the method once and is replayed, another body under the key gets 422 {@code
 * IDEMPOTENCY_KEY_REUSED}, and the members the extension set count ({@code required = true}: no key
 * is 400 {@code IDEMPOTENCY_KEY_REQUIRED}; {@code replayHeaders}: the listed header is replayed).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class ExtensionAddedIdempotentTest {

  private static final String ENTRY = "{\"account\":\"acct-1\",\"amount\":10}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war("extension-added-idempotent")
        .classes(TckApplication.class, Invocations.class, InvocationsResource.class)
        .classes(LedgerResource.class, IdempotentLiteral.class)
        .extension(AddsIdempotent.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeAll
  static void theSourceCarriesNoIdempotent() throws NoSuchMethodException {
    assertFalse(
        LedgerResource.class
                .getMethod("record", String.class, String.class)
                .isAnnotationPresent(Idempotent.class)
            || LedgerResource.class.isAnnotationPresent(Idempotent.class),
        "only the extension may add @Idempotent");
  }

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("extension-idempotent");
    key = Http.unique("key");
  }

  private Reply record(String json) {
    return http.post("ledger/entries?tag=" + tag, key, json);
  }

  @Test
  void a_repeat_with_the_same_key_runs_the_method_once_and_is_replayed() {
    Reply first = record(ENTRY);
    Reply repeat = record(ENTRY);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first.describe()),
        () -> assertFalse(first.replayed(), "the first request was replayed"),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void another_body_under_the_same_key_gets_422_without_running_the_method() {
    record(ENTRY);

    Reply reuse = record("{\"account\":\"acct-1\",\"amount\":20}");

    assertAll(
        reuse.describe(),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED.httpStatus(), reuse.status()),
        () ->
            assertTrue(
                reuse.text().contains("\"" + ErrorCode.IDEMPOTENCY_KEY_REUSED.name() + "\""),
                "the problem's code"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_request_without_a_key_gets_400_as_the_added_required_member_says() {
    Reply reply = http.post("ledger/entries?tag=" + tag, null, ENTRY);

    assertAll(
        reply.describe(),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REQUIRED.httpStatus(), reply.status()),
        () ->
            assertTrue(
                reply.text().contains("\"" + ErrorCode.IDEMPOTENCY_KEY_REQUIRED.name() + "\""),
                "the problem's code"),
        () -> assertEquals(0, http.invocations(tag), "runs"));
  }

  @Test
  void the_replay_carries_the_header_the_added_replay_headers_member_lists() {
    Reply first = record(ENTRY);
    Reply repeat = record(ENTRY);

    assertAll(
        repeat.describe(),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(Optional.of("1"), first.header(LedgerResource.RUN_HEADER), "first"),
        () -> assertEquals(Optional.of("1"), repeat.header(LedgerResource.RUN_HEADER), "replay"));
  }
}
