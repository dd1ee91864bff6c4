package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a GraphQL POST body asks to run: a JSON request, or a document alone. */
class OperationRequestTest {

  private static Optional<OperationRequest> read(String contentType, String body) {
    return OperationRequest.read(contentType, body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void a_json_body_gives_its_query_as_the_document() {
    assertThat(read("application/json", "{\"query\": \"mutation { pay }\"}"))
        .contains(new OperationRequest("mutation { pay }", null, null));
  }

  @Test
  void a_json_body_gives_its_operation_name_and_variables() {
    assertThat(
            read(
                "application/json; charset=utf-8",
                """
                {"query": "mutation Pay { pay }", "operationName": "Pay",
                 "variables": {"dry": true}}
                """))
        .contains(
            new OperationRequest(
                "mutation Pay { pay }",
                "Pay",
                Json.createObjectBuilder().add("dry", true).build()));
  }

  @Test
  void a_null_operation_name_and_null_variables_are_absent() {
    assertThat(
            read(
                "application/json",
                "{\"query\": \"mutation { pay }\", \"operationName\": null, \"variables\": null}"))
        .contains(new OperationRequest("mutation { pay }", null, null));
  }

  @Test
  void variables_that_are_not_an_object_are_absent() {
    assertThat(read("application/json", "{\"query\": \"mutation { pay }\", \"variables\": [1]}"))
        .contains(new OperationRequest("mutation { pay }", null, null));
  }

  @Test
  void a_body_without_content_type_is_read_as_json() {
    assertThat(read(null, "{\"query\": \"mutation { pay }\"}"))
        .contains(new OperationRequest("mutation { pay }", null, null));
  }

  @Test
  void the_body_is_read_as_utf_8() {
    assertThat(read("application/json", "{\"query\": \"mutation { pay(note: \\\"café\\\") }\"}"))
        .map(OperationRequest::document)
        .contains("mutation { pay(note: \"café\") }");
  }

  @Test
  void an_application_graphql_body_is_the_document_alone() {
    assertThat(read("application/graphql", "mutation { pay }"))
        .contains(new OperationRequest("mutation { pay }", null, null));
  }

  @Test
  void the_application_graphql_media_type_is_matched_in_any_case_and_with_parameters() {
    assertThat(read("Application/GraphQL; charset=UTF-8", "mutation { pay }"))
        .contains(new OperationRequest("mutation { pay }", null, null));
  }

  @Test
  void a_batch_is_no_single_request() {
    assertThat(read("application/json", "[{\"query\": \"mutation { pay }\"}]")).isEmpty();
  }

  @Test
  void a_body_that_is_not_json_is_no_request() {
    assertThat(read("application/x-www-form-urlencoded", "query=mutation%20%7B%20pay%20%7D"))
        .isEmpty();
  }

  @Test
  void an_empty_body_is_no_request() {
    assertThat(read("application/json", "")).isEmpty();
  }

  @Test
  void a_json_value_that_is_not_an_object_is_no_request() {
    assertThat(read("application/json", "\"mutation { pay }\"")).isEmpty();
  }

  @Test
  void json_without_a_query_is_no_request() {
    assertThat(
            read(
                "application/json",
                "{\"extensions\": {\"persistedQuery\": {\"sha256Hash\": \"ab12\"}}}"))
        .isEmpty();
  }

  @Test
  void a_query_that_is_not_a_string_is_no_request() {
    assertThat(read("application/json", "{\"query\": null}")).isEmpty();
    assertThat(read("application/json", "{\"query\": 7}")).isEmpty();
  }

  @Test
  void json_nested_beyond_what_the_json_reader_reads_is_no_request() {
    assertThat(read("application/json", "[".repeat(100_000))).isEmpty();
  }
}
