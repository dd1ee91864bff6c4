package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Refusals written into the errors of a GraphQL response. */
class ErrorExtensionsTest {

  private static final Map<String, Refusal> FIRST_IN_USE =
      Map.of("first", new Refusal("IDEMPOTENCY_KEY_IN_USE", 409, OptionalLong.of(2)));

  private static JsonObject json(String text) {
    return Json.createReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))
        .readObject();
  }

  private static JsonObject add(String response, Map<String, Refusal> refusals) {
    byte[] written = ErrorExtensions.add(response.getBytes(StandardCharsets.UTF_8), refusals);
    return json(new String(written, StandardCharsets.UTF_8));
  }

  @Test
  void the_error_of_a_refused_field_gets_its_code_http_status_and_retry_after() {
    JsonObject written =
        add(
            """
            {"errors": [{"message": "IDEMPOTENCY_KEY_IN_USE: busy", "path": ["first"]}],
             "data": {"first": null}}
            """,
            FIRST_IN_USE);

    assertThat(written.getJsonArray("errors").getJsonObject(0))
        .isEqualTo(
            json(
                """
                {"message": "IDEMPOTENCY_KEY_IN_USE: busy", "path": ["first"],
                 "extensions": {"code": "IDEMPOTENCY_KEY_IN_USE", "httpStatus": 409,
                                "retryAfter": 2}}
                """));
  }

  @Test
  void a_refusal_without_retry_after_gets_none() {
    JsonObject written =
        add(
            "{\"errors\": [{\"message\": \"reused\", \"path\": [\"first\"]}]}",
            Map.of("first", new Refusal("IDEMPOTENCY_KEY_REUSED", 422, OptionalLong.empty())));

    assertThat(written.getJsonArray("errors").getJsonObject(0).getJsonObject("extensions"))
        .isEqualTo(json("{\"code\": \"IDEMPOTENCY_KEY_REUSED\", \"httpStatus\": 422}"));
  }

  @Test
  void the_extensions_the_implementation_wrote_stay_beside_them() {
    JsonObject written =
        add(
            """
            {"errors": [{"message": "busy", "path": ["first"],
                         "extensions": {"classification": "DataFetchingException"}}]}
            """,
            FIRST_IN_USE);

    assertThat(written.getJsonArray("errors").getJsonObject(0).getJsonObject("extensions"))
        .isEqualTo(
            json(
                """
                {"classification": "DataFetchingException", "code": "IDEMPOTENCY_KEY_IN_USE",
                 "httpStatus": 409, "retryAfter": 2}
                """));
  }

  @Test
  void the_errors_of_other_fields_stay_as_they_are() {
    String others =
        """
        [{"message": "boom", "path": ["second"]},
         {"message": "below the refused field", "path": ["first", "id"]},
         {"message": "no path"},
         {"message": "an index", "path": [0]}]
        """;

    JsonObject written = add("{\"errors\": " + others + "}", FIRST_IN_USE);

    assertThat(written.getJsonArray("errors")).isEqualTo(json("{\"e\": " + others + "}").get("e"));
  }

  @Test
  void the_data_stays_as_it_is() {
    String data = "{\"first\": null, \"second\": {\"id\": 7, \"note\": \"café\"}}";

    JsonObject written =
        add(
            "{\"data\": "
                + data
                + ", \"errors\": [{\"message\": \"busy\", \"path\": [\"first\"]}]}",
            FIRST_IN_USE);

    assertThat(written.getJsonObject("data")).isEqualTo(json(data));
  }

  @Test
  void a_response_without_errors_is_left_byte_for_byte() {
    byte[] response = "{\"data\":  {\"first\": 1}}".getBytes(StandardCharsets.UTF_8);

    assertThat(ErrorExtensions.add(response, FIRST_IN_USE)).isSameAs(response);
  }

  @Test
  void a_response_that_is_not_json_is_left_byte_for_byte() {
    byte[] response = "<html>502 Bad Gateway</html>".getBytes(StandardCharsets.UTF_8);

    assertThat(ErrorExtensions.add(response, FIRST_IN_USE)).isSameAs(response);
  }

  @Test
  void a_response_that_is_no_json_object_is_left_byte_for_byte() {
    byte[] response = "[{\"errors\": []}]".getBytes(StandardCharsets.UTF_8);

    assertThat(ErrorExtensions.add(response, FIRST_IN_USE)).isSameAs(response);
  }

  @Test
  void a_response_nested_beyond_what_the_json_reader_reads_is_left_byte_for_byte() {
    byte[] response =
        ("{\"errors\": [{\"message\": \"busy\", \"path\": [\"first\"]}], \"data\": "
                + "[".repeat(2_000)
                + "]".repeat(2_000)
                + "}")
            .getBytes(StandardCharsets.UTF_8);

    assertThat(ErrorExtensions.add(response, FIRST_IN_USE)).isSameAs(response);
  }
}
