package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.failure.Token;
import dev.fenced.tck.message.failure.TokenHandler;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An exception from the method releases the key, so a retry runs it again; a return value that
 * JSON-B cannot store faithfully is refused with {@code IDEMPOTENCY_OUTCOME_NOT_STORABLE} (never
 * stored with fields missing) and releases the key too.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageFailureTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-message-failure")
        .classes(Token.class, TokenHandler.class)
        .build();
  }

  @Inject TokenHandler handler;
  @Inject Invocations invocations;

  private final String key = "req-" + UUID.randomUUID();

  @Test
  void an_exception_propagates_and_releases_the_key_so_a_retry_runs_again() {
    IllegalStateException failure =
        assertThrows(IllegalStateException.class, () -> handler.issueAfterOneFailure(key));

    int retry = handler.issueAfterOneFailure(key);
    int repeat = handler.issueAfterOneFailure(key);

    assertAll(
        () -> assertEquals("the token service is down", failure.getMessage()),
        () -> assertEquals(2, retry, "the retry ran the method"),
        () -> assertEquals(2, repeat, "the successful retry is stored and replayed"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_value_that_cannot_be_stored_faithfully_throws_idempotency_outcome_not_storable() {
    ErrorCode code = Codes.thrownBy(() -> handler.issueLossy(key));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE, code),
        () ->
            assertEquals(1, invocations.count(key), "the method ran before its value was refused"));
  }

  @Test
  void after_a_value_was_refused_the_key_is_released_so_a_retry_runs_again() {
    Codes.thrownBy(() -> handler.issueLossy(key));

    ErrorCode again = Codes.thrownBy(() -> handler.issueLossy(key));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE, again),
        () -> assertEquals(2, invocations.count(key), "runs: the key was not kept in use"));
  }
}
