package dev.fenced.tck.support;

import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A client of a deployment's MicroProfile GraphQL endpoint, {@code <deployment>/graphql}: it posts
 * {@code {"query": ..., "variables": ...}} as JSON, with extra headers (an {@code Idempotency-Key},
 * a login).
 */
public final class Graphql {

  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private final URI endpoint;

  /**
   * A client of one deployment.
   *
   * @param base the deployment's URL, as Arquillian injects it
   */
  public Graphql(URL base) {
    try {
      this.endpoint = base.toURI().resolve("graphql");
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(base.toString(), e);
    }
  }

  /**
   * Runs a document.
   *
   * @param document the GraphQL document
   * @param headers extra request headers
   * @return the response
   */
  public GraphqlReply run(String document, Map<String, String> headers) {
    return run(document, Map.of(), headers);
  }

  /**
   * Runs a document with variables.
   *
   * @param document the GraphQL document
   * @param variables the variables: numbers, else strings
   * @param headers extra request headers
   * @return the response
   */
  public GraphqlReply run(String document, Map<String, ?> variables, Map<String, String> headers) {
    return await(runAsync(document, variables, headers));
  }

  /**
   * Waits for a response, bounded by the request timeout.
   *
   * @param reply the pending response
   * @return the response
   */
  public static GraphqlReply await(CompletableFuture<GraphqlReply> reply) {
    try {
      return reply.get(Http.REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for a response", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError("no response", e);
    }
  }

  /**
   * Starts a document without waiting for its response.
   *
   * @param document the GraphQL document
   * @param variables the variables: numbers, else strings
   * @param headers extra request headers
   * @return the response, later
   */
  public CompletableFuture<GraphqlReply> runAsync(
      String document, Map<String, ?> variables, Map<String, String> headers) {
    JsonObjectBuilder values = Json.createObjectBuilder();
    variables.forEach(
        (name, value) -> {
          if (value instanceof Number number) {
            values.add(name, number.longValue());
          } else {
            values.add(name, String.valueOf(value));
          }
        });
    String body =
        Json.createObjectBuilder()
            .add("query", document)
            .add("variables", values)
            .build()
            .toString();
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Http.REQUEST_TIMEOUT)
            .header("Content-Type", Http.JSON)
            .header("Accept", Http.JSON)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    headers.forEach(request::header);
    return CLIENT
        .sendAsync(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
        .thenApply(r -> GraphqlReply.of(r.statusCode(), r.body()));
  }
}
