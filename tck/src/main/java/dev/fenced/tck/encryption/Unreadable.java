package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.support.Reply;

/** The answer to a record that cannot be opened: 500 problem details with the code. */
final class Unreadable {

  private Unreadable() {}

  /**
   * Asserts a 500 {@code IDEMPOTENCY_RECORD_UNREADABLE} problem-details answer.
   *
   * @param answer the response
   */
  static void assertRefused(Reply answer) {
    ErrorCode code = ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE;
    String body = answer.text().replace(" ", "");
    assertAll(
        "problem details of " + code + " in " + answer,
        () -> assertEquals(500, answer.status(), "status"),
        () ->
            assertTrue(
                answer.header("Content-Type").orElse("").startsWith("application/problem+json"),
                "type"),
        () -> assertTrue(body.contains("\"code\":\"" + code.name() + "\""), "code member"),
        () -> assertTrue(body.contains("\"status\":500"), "status member"));
  }
}
