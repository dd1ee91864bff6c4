package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.call.MutationField;
import dev.fenced.idempotency.IdempotencyException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The filter before the GraphQL endpoint: what it lets through, holds and writes. */
class GraphqlEndpointFilterTest {

  private static final String MUTATION =
      "{\"query\": \"mutation { first: pay(amount: 1) second: pay(amount: 2) }\"}";
  private static final String ANSWER =
      """
      {"errors":[{"message":"IDEMPOTENCY_KEY_IN_USE: busy","path":["first"]}],\
      "data":{"first":null,"second":{"id":7}}}""";

  private final GraphqlEndpointFilter filter = new GraphqlEndpointFilter();
  private final List<String> responseKeys = new ArrayList<>();
  private ServletRequest passedRequest;
  private ServletResponse passedResponse;
  private byte[] bodyRead;
  private String answer = ANSWER;

  private void filter(FakeExchange exchange, FilterChain endpoint)
      throws IOException, ServletException {
    filter.doFilter(
        exchange.request(),
        exchange.response(),
        (request, response) -> {
          passedRequest = request;
          passedResponse = response;
          endpoint.doFilter(request, response);
        });
  }

  /** The endpoint reads the body, runs the guarded {@code pay} mutations and writes the answer. */
  private void endpoint(ServletRequest request, ServletResponse response) throws IOException {
    bodyRead = request.getInputStream().readAllBytes();
    Optional<MutationField> field;
    while ((field = new FencedGraphqlRequests().nextField("pay")).isPresent()) {
      responseKeys.add(field.get().responseKey());
    }
    response.getOutputStream().write(answer.getBytes(StandardCharsets.UTF_8));
  }

  /** As {@link #endpoint}, and the mutation of {@code first} is refused: its key is in use. */
  private void refusingEndpoint(ServletRequest request, ServletResponse response)
      throws IOException {
    new FencedGraphqlRequests()
        .nextField("pay")
        .orElseThrow()
        .refusal(
            new IdempotencyException(ErrorCode.IDEMPOTENCY_KEY_IN_USE, "busy"),
            Duration.ofSeconds(2));
    endpoint(request, response);
  }

  private static JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }

  @Test
  void a_get_passes_through_untouched() throws Exception {
    FakeExchange get = FakeExchange.get();

    filter(get, (request, response) -> {});

    assertThat(passedRequest).isSameAs(get.request());
    assertThat(passedResponse).isSameAs(get.response());
  }

  @Test
  void a_query_reaches_the_endpoint_with_its_body_and_no_operation() throws Exception {
    String query = "{\"query\": \"{ account(id: 7) { balance } }\"}";
    FakeExchange exchange = FakeExchange.post("application/json", query);

    filter(exchange, this::endpoint);

    assertThat(bodyRead).asString(StandardCharsets.UTF_8).isEqualTo(query);
    assertThat(responseKeys).isEmpty();
  }

  @Test
  void a_query_is_answered_straight_to_the_client() throws Exception {
    FakeExchange exchange =
        FakeExchange.post("application/json", "{\"query\": \"{ account(id: 7) { balance } }\"}");

    filter(exchange, this::endpoint);

    assertThat(passedResponse).isSameAs(exchange.response());
  }

  @Test
  void a_mutation_reaches_the_endpoint_with_its_body() throws Exception {
    filter(FakeExchange.post("application/json", MUTATION), this::endpoint);

    assertThat(bodyRead).asString(StandardCharsets.UTF_8).isEqualTo(MUTATION);
  }

  @Test
  void the_guarded_mutations_of_a_mutation_get_their_fields_in_order() throws Exception {
    filter(FakeExchange.post("application/json", MUTATION), this::endpoint);

    assertThat(responseKeys).containsExactly("first", "second");
  }

  @Test
  void a_mutation_in_an_application_graphql_body_gets_its_fields() throws Exception {
    filter(
        FakeExchange.post("application/graphql", "mutation { first: pay(amount: 1) }"),
        this::endpoint);

    assertThat(responseKeys).containsExactly("first");
  }

  @Test
  void the_operation_ends_with_the_request() throws Exception {
    filter(FakeExchange.post("application/json", MUTATION), (request, response) -> {});

    assertThat(new FencedGraphqlRequests().nextField("pay")).isEmpty();
  }

  @Test
  void the_operation_ends_when_the_endpoint_fails() {
    assertThatThrownBy(
            () ->
                filter(
                    FakeExchange.post("application/json", MUTATION),
                    (request, response) -> {
                      throw new ServletException("endpoint failed");
                    }))
        .isInstanceOf(ServletException.class)
        .hasMessage("endpoint failed");
    assertThat(new FencedGraphqlRequests().nextField("pay")).isEmpty();
  }

  @Test
  void the_answer_to_a_mutation_is_held_until_the_endpoint_returns() throws Exception {
    FakeExchange exchange = FakeExchange.post("application/json", MUTATION);
    List<byte[]> sentMeanwhile = new ArrayList<>();

    filter(
        exchange,
        (request, response) -> {
          endpoint(request, response);
          response.flushBuffer();
          sentMeanwhile.add(exchange.sent());
        });

    assertThat(sentMeanwhile).singleElement().satisfies(sent -> assertThat(sent).isEmpty());
    assertThat(exchange.sentText()).isEqualTo(ANSWER);
  }

  @Test
  void the_answer_to_a_mutation_without_refusals_is_sent_as_written() throws Exception {
    FakeExchange exchange = FakeExchange.post("application/json", MUTATION);

    filter(exchange, this::endpoint);

    assertThat(exchange.sentText()).isEqualTo(ANSWER);
    assertThat(exchange.contentLength()).isEqualTo(ANSWER.length());
  }

  @Test
  void a_refusal_is_written_into_the_error_of_its_field() throws Exception {
    FakeExchange exchange = FakeExchange.post("application/json", MUTATION);

    filter(exchange, this::refusingEndpoint);

    assertThat(json(exchange.sentText()))
        .isEqualTo(
            json(
                """
                {"errors":[{"message":"IDEMPOTENCY_KEY_IN_USE: busy","path":["first"],
                            "extensions":{"code":"IDEMPOTENCY_KEY_IN_USE","httpStatus":409,
                                          "retryAfter":2}}],
                 "data":{"first":null,"second":{"id":7}}}
                """));
  }

  @Test
  void the_answer_with_a_refusal_has_its_own_content_length() throws Exception {
    FakeExchange exchange = FakeExchange.post("application/json", MUTATION);

    filter(exchange, this::refusingEndpoint);

    assertThat(exchange.contentLength()).isEqualTo(exchange.sent().length);
  }

  @Test
  void an_asynchronous_answer_is_sent_as_written() throws Exception {
    FakeExchange exchange = FakeExchange.post("application/json", MUTATION).asyncStarted();

    filter(exchange, this::refusingEndpoint);

    assertThat(exchange.sentText()).isEqualTo(ANSWER);
  }

  @Test
  void a_body_over_the_limit_reaches_the_endpoint_whole_and_with_no_operation() throws Exception {
    String padded =
        MUTATION.replace(
            "}\"}", "}\"" + " ".repeat(GraphqlEndpointFilter.MAX_DOCUMENT_BYTES) + "}");
    FakeExchange exchange = FakeExchange.post("application/json", padded);

    filter(exchange, this::endpoint);

    assertThat(bodyRead).asString(StandardCharsets.UTF_8).isEqualTo(padded);
    assertThat(responseKeys).isEmpty();
    assertThat(passedResponse).isSameAs(exchange.response());
  }

  @Test
  void a_document_the_filter_cannot_read_reaches_the_endpoint_with_no_operation() throws Exception {
    String broken = "{\"query\": \"mutation { pay(\"}";
    FakeExchange exchange = FakeExchange.post("application/json", broken);

    filter(exchange, this::endpoint);

    assertThat(bodyRead).asString(StandardCharsets.UTF_8).isEqualTo(broken);
    assertThat(responseKeys).isEmpty();
  }

  @Test
  void a_batch_reaches_the_endpoint_with_no_operation() throws Exception {
    String batch = "[" + MUTATION + "]";

    filter(FakeExchange.post("application/json", batch), this::endpoint);

    assertThat(bodyRead).asString(StandardCharsets.UTF_8).isEqualTo(batch);
    assertThat(responseKeys).isEmpty();
  }

  @Test
  void an_answer_too_deeply_nested_to_read_is_sent_as_written() throws Exception {
    FakeExchange exchange = FakeExchange.post("application/json", MUTATION);
    answer = ANSWER.replace("{\"id\":7}", "[".repeat(2_000) + "]".repeat(2_000));

    filter(exchange, this::refusingEndpoint);

    assertThat(exchange.sentText()).isEqualTo(answer);
  }
}
