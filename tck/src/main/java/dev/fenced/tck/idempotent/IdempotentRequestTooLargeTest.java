package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.toolarge.UploadResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code fenced.idempotency.max-request-size}: a body over it, with a {@code Content-Length} or
 * chunked, gets 413 {@code IDEMPOTENCY_REQUEST_TOO_LARGE} and claims nothing, so the same key with
 * a small body runs normally; a binary body within it reaches the method byte for byte.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentRequestTooLargeTest {

  private static final String OCTETS = "application/octet-stream";

  private static final HttpClient CHUNKING_CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-request-too-large")
        .classes(UploadResource.class)
        .config("fenced.idempotency.max-request-size", UploadResource.LIMIT + "B")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("too-large");
    key = Http.unique("key");
  }

  private Reply upload(byte[] body) {
    return http.send("POST", "uploads?tag=" + tag, key, OCTETS, body);
  }

  /** Without a length: the client streams the body in chunks. */
  private Reply uploadChunked(byte[] body) {
    String root = base.toExternalForm();
    URI uri = URI.create((root.endsWith("/") ? root : root + "/") + "api/uploads?tag=" + tag);
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(Http.REQUEST_TIMEOUT)
            .header("Content-Type", OCTETS)
            .header(Http.KEY, key)
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
            .build();
    CompletableFuture<Reply> reply =
        CHUNKING_CLIENT
            .sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
            .thenApply(r -> new Reply(r.statusCode(), r.headers().map(), r.body()));
    return Http.await(reply);
  }

  @Test
  void a_body_over_the_limit_gets_413_and_the_same_key_then_runs_a_small_body() {
    Reply tooLarge = upload(binary(UploadResource.LIMIT + 1));
    int runsAfterRefusal = http.invocations(tag);
    Reply small = upload(binary(10));

    assertAll(
        small.describe(),
        () -> Problems.assertProblem(tooLarge, ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE),
        () -> assertEquals(0, runsAfterRefusal, "runs after the refusal"),
        () -> assertEquals(201, small.status()),
        () -> assertFalse(small.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_chunked_body_over_the_limit_gets_413_and_the_same_key_then_runs_a_small_body() {
    Reply tooLarge = uploadChunked(binary(64 * UploadResource.LIMIT));
    int runsAfterRefusal = http.invocations(tag);
    Reply small = uploadChunked(binary(10));

    assertAll(
        small.describe(),
        () -> Problems.assertProblem(tooLarge, ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE),
        () -> assertEquals(0, runsAfterRefusal, "runs after the refusal"),
        () -> assertEquals(201, small.status()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_binary_body_of_exactly_the_limit_reaches_the_method_byte_for_byte_and_replays() {
    byte[] body = binary(UploadResource.LIMIT);
    Reply first = upload(body);
    Reply repeat = upload(body);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () ->
            assertEquals(
                "1 " + body.length + " " + UploadResource.sha256(body), first.text().strip()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_chunked_binary_body_within_the_limit_reaches_the_method_byte_for_byte_and_replays() {
    byte[] body = binary(UploadResource.LIMIT - 1);
    Reply first = uploadChunked(body);
    Reply repeat = uploadChunked(body);

    assertAll(
        repeat.describe(),
        () ->
            assertEquals(
                "1 " + body.length + " " + UploadResource.sha256(body), first.text().strip()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  /** Every byte value, and a random tail. */
  private static byte[] binary(int length) {
    byte[] bytes = new byte[length];
    new Random(length).nextBytes(bytes);
    for (int i = 0; i < Math.min(256, length); i++) {
      bytes[i] = (byte) i;
    }
    return bytes;
  }
}
