package dev.fenced.tck.encryption;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.encryption.common.StoredRecord;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What the encryption tests call on one deployment, over {@link Http}: guarded requests to {@code
 * /api/receipts}, its counters, and its records as stored ({@code /api/records}).
 */
final class EncryptionApi {

  /** The body every receipt request sends. */
  static final String REQUEST = "{\"customer\":\"c-1\",\"amount\":\"12.50\"}";

  private final Http http;

  /**
   * The API of one deployment.
   *
   * @param base the deployment's URL
   */
  EncryptionApi(URL base) {
    this.http = new Http(base);
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
  Reply receipt(String tag, String key) {
    return http.post("receipts?tag=" + tag, key, REQUEST);
  }

  /**
   * A counter of the deployment.
   *
   * @param name the tag, or {@code rejected:<CODE>}
   * @return the count
   */
  int count(String name) {
    return http.invocations(encode(name));
  }

  /**
   * A completed record as the store holds it.
   *
   * @param recordKey the record key
   * @return the record, or empty
   */
  Optional<StoredRecord> record(String recordKey) {
    Reply answer = http.get(records(recordKey));
    if (answer.status() == 404) {
      return Optional.empty();
    }
    assertEquals(200, answer.status(), answer.toString());
    return Optional.of(StoredRecord.fromText(answer.text()));
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
    Reply answer =
        http.send(
            "PUT",
            records(recordKey),
            null,
            "text/plain",
            record.toText().getBytes(StandardCharsets.UTF_8));
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
    Reply answer = http.send("POST", "records/tamper?key=" + encode(recordKey), null, null, null);
    assertEquals(204, answer.status(), answer.toString());
  }

  private static String records(String recordKey) {
    return "records?key=" + encode(recordKey);
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
