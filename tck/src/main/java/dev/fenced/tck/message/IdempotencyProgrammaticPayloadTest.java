package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.programmatic.Transfer;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code IdempotencyOptions.withPayload}: the payload counts in the call's fingerprint, so the key
 * reused with another payload is refused with {@code IDEMPOTENCY_KEY_REUSED} without running, while
 * a payload that differs only in a field {@code withIgnoredFields} names replays.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotencyProgrammaticPayloadTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotency-programmatic-payload")
        .classes(Transfer.class)
        .build();
  }

  @Inject Idempotency idempotency;
  @Inject Invocations invocations;

  private final String key = "transfer-" + UUID.randomUUID();

  private String send() {
    return "sent " + invocations.increment(key);
  }

  private static IdempotencyOptions about(Transfer transfer) {
    return IdempotencyOptions.defaults()
        .withResultType(String.class)
        .withPayload(transfer)
        .withIgnoredFields("/requestedAt");
  }

  @Test
  void the_same_payload_under_the_key_replays_the_result() throws Exception {
    Transfer transfer = new Transfer("acc-1", 500, "10:00");

    String first = idempotency.execute(key, this::send, about(transfer));
    String repeat = idempotency.execute(key, this::send, about(transfer));

    assertAll(
        () -> assertEquals("sent 1", first),
        () -> assertEquals("sent 1", repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void another_payload_under_the_key_is_refused_as_reused_without_running() throws Exception {
    idempotency.execute(key, this::send, about(new Transfer("acc-1", 500, "10:00")));

    ErrorCode code =
        Codes.thrownBy(
            () -> idempotency.execute(key, this::send, about(new Transfer("acc-1", 700, "10:00"))));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, code),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_payload_differing_only_in_an_ignored_field_replays_the_result() throws Exception {
    String first = idempotency.execute(key, this::send, about(new Transfer("acc-1", 500, "10:00")));
    String retry = idempotency.execute(key, this::send, about(new Transfer("acc-1", 500, "10:05")));

    assertAll(
        () -> assertEquals("sent 1", first),
        () -> assertEquals("sent 1", retry),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
