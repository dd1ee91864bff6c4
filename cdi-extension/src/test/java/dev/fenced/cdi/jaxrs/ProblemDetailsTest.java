package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.config.ProblemTypeBase;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ProblemDetailsTest {

  private final ProblemDetails problems = new ProblemDetails(ProblemTypeBase.DEFAULT);

  @Test
  void uses_the_problem_json_media_type() {
    assertThat(ProblemDetails.MEDIA_TYPE).isEqualTo("application/problem+json");
  }

  @Test
  void writes_exactly_type_title_status_detail_and_code_in_that_order() {
    byte[] body = problems.body(ErrorCode.IDEMPOTENCY_KEY_IN_USE, "Retry after 1 s");

    assertThat(new String(body, StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"type\":\"https://github.com/fenced-dev/fenced/blob/main/docs/problems.md"
                + "#idempotency-key-in-use\",\"title\":\"Idempotency key in use\",\"status\":409,"
                + "\"detail\":\"Retry after 1 s\",\"code\":\"IDEMPOTENCY_KEY_IN_USE\"}");
  }

  @ParameterizedTest
  @EnumSource(
      value = ErrorCode.class,
      names = {
        "IDEMPOTENCY_KEY_IN_USE",
        "IDEMPOTENCY_KEY_REUSED",
        "IDEMPOTENCY_KEY_REQUIRED",
        "IDEMPOTENCY_KEY_INVALID",
        "IDEMPOTENCY_RECORD_UNREADABLE",
        "IDEMPOTENCY_STORE_UNAVAILABLE"
      })
  void carries_the_code_its_status_and_title(ErrorCode code) {
    JsonObject problem = parse(problems.body(code, "what happened"));

    assertThat(problem.keySet()).containsExactly("type", "title", "status", "detail", "code");
    assertThat(problem.getString("code")).isEqualTo(code.name());
    assertThat(problem.getInt("status")).isEqualTo(code.httpStatus());
    assertThat(problem.getString("title")).isEqualTo(code.title());
    assertThat(problem.getString("detail")).isEqualTo("what happened");
    assertThat(problem.getString("type")).isEqualTo(problems.type(code));
  }

  @Test
  void a_configured_base_starts_every_type() {
    ProblemDetails own =
        new ProblemDetails(new ProblemTypeBase("https://docs.example.com/errors/"));

    assertThat(parse(own.body(ErrorCode.IDEMPOTENCY_KEY_REUSED, "what happened")).getString("type"))
        .isEqualTo("https://docs.example.com/errors/idempotency-key-reused");
  }

  @Test
  void gives_each_code_its_own_type() {
    assertThat(problems.type(ErrorCode.IDEMPOTENCY_KEY_REUSED))
        .endsWith("#idempotency-key-reused")
        .isNotEqualTo(problems.type(ErrorCode.IDEMPOTENCY_KEY_IN_USE));
  }

  @Test
  void escapes_a_detail_instead_of_breaking_the_json() {
    String detail = "quote \" backslash \\ newline \n control \u0001 and é";

    assertThat(parse(problems.body(ErrorCode.IDEMPOTENCY_KEY_INVALID, detail)).getString("detail"))
        .isEqualTo(detail);
  }

  private static JsonObject parse(byte[] body) {
    return Json.createReader(new StringReader(new String(body, StandardCharsets.UTF_8)))
        .readObject();
  }
}
