package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.encryption.common.StoredRecord;
import dev.fenced.tck.support.TckTimeouts;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The client side of the encryption TCK: guarded requests to one deployment's {@code
 * /api/receipts}, its counters, and its records as stored ({@code /api/records}).
 */
final class Client {

  /** The body every receipt request sends. */
  static final String REQUEST = "{\"customer\":\"c-1\",\"amount\":\"12.50\"}";

  private static final Duration TIMEOUT = TckTimeouts.scaled(Duration.ofSeconds(30));
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(TckTimeouts.scaled(Duration.ofSeconds(10)))
          .build();

  private final URI api;

  /**
   * A client of one deployment.
   *
   * @param base the deployment's URL
   */
  Client(URL base) {
    String root = base.toExternalForm();
    this.api = URI.create((root.endsWith("/") ? root : root + "/") + "api/");
  }

  /**
   * A fresh name, so tests never share a key or a counter.
   *
   * @param prefix what it names
   * @return the prefix and a random UUID
   */
  static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  /**
   * The record key of an HTTP request without a principal: the global scope, then the key (the keys
   * of these tests need no percent-encoding).
   *
   * @param key the {@code Idempotency-Key}
   * @return {@code :<key>}
   */
  static String recordKey(String key) {
    return ":" + key;
  }

  /**
   * {@code POST /api/receipts?tag=<tag>} with {@link #REQUEST} under a key.
   *
   * @param tag the run counter
   * @param key the {@code Idempotency-Key}
   * @return the answer
   */
  Answer receipt(String tag, String key) {
    return send(
        HttpRequest.newBuilder(api.resolve("receipts?tag=" + tag))
            .header("Idempotency-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(REQUEST)));
  }

  /**
   * A counter of the deployment.
   *
   * @param name the tag, or {@code rejected:<CODE>}
   * @return the count
   */
  int count(String name) {
    Answer answer = send(HttpRequest.newBuilder(api.resolve("counts/" + encode(name))).GET());
    assertEquals(200, answer.status(), answer.toString());
    return Integer.parseInt(answer.body().strip());
  }

  /**
   * A completed record as the store holds it.
   *
   * @param recordKey the record key
   * @return the record, or empty
   */
  Optional<StoredRecord> record(String recordKey) {
    Answer answer = send(HttpRequest.newBuilder(records(recordKey)).GET());
    if (answer.status() == 404) {
      return Optional.empty();
    }
    assertEquals(200, answer.status(), answer.toString());
    return Optional.of(StoredRecord.fromText(answer.body()));
  }

  /**
   * The completed record of a key, which must exist.
   *
   * @param recordKey the record key
   * @return the record
   */
  StoredRecord existingRecord(String recordKey) {
    return record(recordKey)
        .orElseThrow(() -> new AssertionError("no completed record under " + recordKey));
  }

  /**
   * Plants a record, as another instance sharing the store would have written it. A key that
   * already holds a record (a store the deployments share) is left as it is.
   *
   * @param recordKey the record key
   * @param record what to store
   */
  void plant(String recordKey, StoredRecord record) {
    Answer answer =
        send(
            HttpRequest.newBuilder(records(recordKey))
                .header("Content-Type", "text/plain")
                .PUT(HttpRequest.BodyPublishers.ofString(record.toText())));
    if (answer.status() != 201 && answer.status() != 200) {
      throw new AssertionError("planting answered " + answer);
    }
  }

  /**
   * Makes the store keep a changed copy of the next record completed under a key.
   *
   * @param recordKey the record key
   */
  void tamperWithNext(String recordKey) {
    Answer answer =
        send(
            HttpRequest.newBuilder(api.resolve("records/tamper?key=" + encode(recordKey)))
                .POST(HttpRequest.BodyPublishers.noBody()));
    assertEquals(204, answer.status(), answer.toString());
  }

  private URI records(String recordKey) {
    return api.resolve("records?key=" + encode(recordKey));
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static Answer send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          HTTP.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(
          response.statusCode(),
          response.headers().firstValue("Content-Type").orElse(""),
          response.headers().firstValue("Idempotent-Replayed").orElse(""),
          response.body());
    } catch (IOException e) {
      throw new AssertionError("request failed: " + request.build().uri(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /**
   * A response.
   *
   * @param status the status code
   * @param contentType the {@code Content-Type}, empty without one
   * @param replayedHeader the {@code Idempotent-Replayed} value, empty without one
   * @param body the body text
   */
  record Answer(int status, String contentType, String replayedHeader, String body) {

    /**
     * Whether the response was replayed.
     *
     * @return {@code Idempotent-Replayed: true}
     */
    boolean replayed() {
      return replayedHeader.strip().equalsIgnoreCase("true");
    }
  }
}
