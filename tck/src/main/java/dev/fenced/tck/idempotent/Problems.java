package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.support.Reply;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks RFC 9457 problem-details answers with strict patterns over the body text, so the client
 * needs no JSON library: {@code Content-Type: application/problem+json}, and a JSON object with
 * {@code status} (a number equal to the status code), {@code title} (the code's fixed title),
 * {@code detail} (a non-empty string) and {@code code}.
 */
final class Problems {

  /** The problem-details media type. */
  static final String MEDIA_TYPE = "application/problem+json";

  private static final String STRING = "\"((?:[^\"\\\\]|\\\\.)*)\"";

  private Problems() {}

  /**
   * Asserts that a response is the problem of {@code code}.
   *
   * @param reply the response
   * @param code the expected code
   */
  static void assertProblem(Reply reply, ErrorCode code) {
    String body = reply.text().strip();
    assertAll(
        "problem details of " + code + " in " + reply.describe(),
        () -> assertEquals(code.httpStatus(), reply.status(), "status code"),
        () -> assertEquals(Optional.of(MEDIA_TYPE), reply.mediaType(), "Content-Type"),
        () -> assertTrue(body.startsWith("{") && body.endsWith("}"), "the body is one JSON object"),
        () ->
            assertEquals(
                Optional.of(Integer.toString(code.httpStatus())),
                number(body, "status"),
                "status member"),
        () -> assertEquals(Optional.of(code.name()), string(body, "code"), "code member"),
        () -> assertEquals(Optional.of(code.title()), string(body, "title"), "title member"),
        () ->
            assertTrue(
                string(body, "detail").filter(d -> !d.isBlank()).isPresent(),
                "a non-empty detail member"));
  }

  /** The value of a string member (escapes left as sent), if the body has exactly one. */
  static Optional<String> string(String body, String member) {
    return single(body, Pattern.compile("\"" + Pattern.quote(member) + "\"\\s*:\\s*" + STRING));
  }

  /** The text of a number member, if the body has exactly one. */
  static Optional<String> number(String body, String member) {
    return single(
        body,
        Pattern.compile(
            "\"" + Pattern.quote(member) + "\"\\s*:\\s*(-?[0-9]+(?:\\.[0-9]+)?)(?=\\s*[,}])"));
  }

  private static Optional<String> single(String body, Pattern pattern) {
    Matcher matcher = pattern.matcher(body);
    if (!matcher.find()) {
      return Optional.empty();
    }
    String value = matcher.group(1);
    return matcher.find() ? Optional.empty() : Optional.of(value);
  }
}
