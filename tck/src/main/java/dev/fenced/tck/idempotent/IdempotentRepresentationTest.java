package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.representation.Compressed;
import dev.fenced.tck.idempotent.representation.DocumentResource;
import dev.fenced.tck.idempotent.representation.GzipWhenAccepted;
import dev.fenced.tck.idempotent.representation.GzipWriter;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How a request is represented does not change which request it is: a gzip body is compared by its
 * content (a retry recompressed another way replays; a corrupt one gets 400, a bomb 413, a coding
 * Fenced cannot decode 415, none claiming anything) and reaches the method as it would without a
 * key; a replay is coded the way the retry asks ({@code Accept-Encoding}), whatever the first
 * request asked; and a {@code HEAD} on a guarded {@code GET} is that {@code GET}, answered without
 * a body, so the method runs once for both.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentRepresentationTest {

  private static final String DOCUMENT = "{\"title\":\"lease\",\"pages\":[1,2,3],\"signed\":true}";

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-representation")
        .classes(DocumentResource.class, Compressed.class, GzipWhenAccepted.class, GzipWriter.class)
        .config("fenced.idempotency.max-request-size", DocumentResource.LIMIT + "B")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("representation");
    key = Http.unique("key");
  }

  @Test
  void a_retry_recompressed_another_way_replays_the_first_outcome() {
    Reply first = fileDocument(key, gzip(DOCUMENT, Deflater.BEST_SPEED, 1), "gzip");
    Reply retry = fileDocument(key, gzip(DOCUMENT, Deflater.BEST_COMPRESSION, 7), "gzip");

    assertAll(
        retry.describe(),
        () -> assertEquals(201, first.status(), first::describe),
        () -> assertTrue(retry.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), retry.body(), "body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_gzip_body_reaches_the_method_as_it_does_without_a_key() {
    byte[] body = gzip(DOCUMENT, Deflater.DEFAULT_COMPRESSION, 3);
    Reply guarded = fileDocument(key, body, "gzip");
    Reply unguarded = fileDocument(null, body, "gzip");

    assertAll(
        guarded.describe(),
        () -> assertEquals(201, guarded.status(), "guarded status"),
        () -> assertEquals(201, unguarded.status(), unguarded::describe),
        () -> assertEquals(received(unguarded), received(guarded), "length and SHA-256 received"));
  }

  @Test
  void a_corrupt_gzip_body_gets_400_and_the_same_key_then_runs() {
    byte[] corrupted = gzip(DOCUMENT, Deflater.DEFAULT_COMPRESSION, 1);
    Arrays.fill(corrupted, 10, corrupted.length, (byte) 0xff); // a reserved deflate block type
    Reply corrupt = fileDocument(key, corrupted, "gzip");
    int runsAfterRefusal = http.invocations(tag);
    Reply valid = fileDocument(key, gzip(DOCUMENT, Deflater.DEFAULT_COMPRESSION, 1), "gzip");

    assertAll(
        valid.describe(),
        () -> Problems.assertProblem(corrupt, ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_INVALID),
        () -> assertEquals(0, runsAfterRefusal, "runs after the refusal"),
        () -> assertEquals(201, valid.status()),
        () -> assertFalse(valid.replayed(), "replayed"));
  }

  @Test
  void a_gzip_body_that_inflates_past_the_limit_gets_413_and_the_same_key_then_runs() {
    String huge = "{\"padding\":\"" + " ".repeat(64 * DocumentResource.LIMIT) + "\"}";
    byte[] bomb = gzip(huge, Deflater.BEST_COMPRESSION, 1);
    Reply tooLarge = fileDocument(key, bomb, "gzip");
    int runsAfterRefusal = http.invocations(tag);
    Reply small = fileDocument(key, gzip(DOCUMENT, Deflater.DEFAULT_COMPRESSION, 1), "gzip");

    assertAll(
        small.describe(),
        () -> assertTrue(bomb.length < DocumentResource.LIMIT, "the compressed body fits"),
        () -> Problems.assertProblem(tooLarge, ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE),
        () -> assertEquals(0, runsAfterRefusal, "runs after the refusal"),
        () -> assertEquals(201, small.status()));
  }

  @Test
  void a_body_in_a_coding_fenced_cannot_decode_gets_415_naming_the_codings_it_can() {
    Reply refused =
        fileDocument(key, DOCUMENT.getBytes(StandardCharsets.UTF_8), "x-unknown-coding");

    assertAll(
        refused.describe(),
        () -> Problems.assertProblem(refused, ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED),
        () -> assertTrue(refused.header("Accept-Encoding").orElse("").contains("gzip"), "gzip"),
        () -> assertEquals(0, http.invocations(tag), "runs"));
  }

  @Test
  void a_retry_that_does_not_accept_gzip_gets_the_stored_response_uncompressed() {
    Reply first = issueStatement("gzip");
    Reply retry = issueStatement(null);

    assertAll(
        retry.describe(),
        () -> assertEquals(List.of("gzip"), first.headerValues("Content-Encoding"), "first"),
        () -> assertEquals(DocumentResource.statement(1), gunzip(first.body()), "first body"),
        () -> assertTrue(retry.replayed(), "replayed"),
        () -> assertTrue(retry.headerValues("Content-Encoding").isEmpty(), "retry coding"),
        () -> assertEquals(DocumentResource.statement(1), retry.text(), "retry body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_retry_that_accepts_gzip_gets_the_stored_response_compressed() {
    Reply first = issueStatement(null);
    Reply retry = issueStatement("gzip, deflate");

    assertAll(
        retry.describe(),
        () -> assertTrue(first.headerValues("Content-Encoding").isEmpty(), "first coding"),
        () -> assertTrue(retry.replayed(), "replayed"),
        () -> assertEquals(List.of("gzip"), retry.headerValues("Content-Encoding"), "coding"),
        () -> assertEquals(DocumentResource.statement(1), gunzip(retry.body()), "retry body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_head_then_a_get_with_its_key_run_the_method_once_and_the_get_gets_the_body() {
    Reply head = report("HEAD");
    Reply get = report("GET");

    assertAll(
        get.describe(),
        () -> assertEquals(200, head.status(), head::describe),
        () -> assertEquals(0, head.body().length, "HEAD body"),
        () -> assertTrue(get.replayed(), "GET replayed"),
        () -> assertEquals("report 7 run 1", get.text(), "GET body"),
        () -> assertEquals(head.headerValues("ETag"), get.headerValues("ETag"), "ETag"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_head_after_a_get_gets_its_status_and_headers_without_running_the_method() {
    Reply get = report("GET");
    Reply head = report("HEAD");

    assertAll(
        head.describe(),
        () -> assertEquals("report 7 run 1", get.text(), get::describe),
        () -> assertEquals(200, head.status(), "HEAD status"),
        () -> assertTrue(head.replayed(), "HEAD replayed"),
        () -> assertEquals(0, head.body().length, "HEAD body"),
        () -> assertEquals(get.headerValues("ETag"), head.headerValues("ETag"), "ETag"),
        () ->
            assertEquals(
                get.headerValues("Content-Language"),
                head.headerValues("Content-Language"),
                "Content-Language"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  private Reply fileDocument(String sentKey, byte[] body, String coding) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", Http.JSON);
    headers.put("Content-Encoding", coding);
    return send("POST", "documents?tag=" + tag, sentKey, headers, body);
  }

  private Reply issueStatement(String acceptEncoding) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (acceptEncoding != null) {
      headers.put("Accept-Encoding", acceptEncoding);
    }
    return send("POST", "documents/statements?tag=" + tag, key, headers, null);
  }

  private Reply report(String method) {
    return send(method, "documents/reports/7?tag=" + tag, key, Map.of(), null);
  }

  private Reply send(
      String method, String path, String sentKey, Map<String, String> headers, byte[] body) {
    String root = base.toExternalForm();
    URI uri = URI.create((root.endsWith("/") ? root : root + "/") + "api/" + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(Http.REQUEST_TIMEOUT)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    if (sentKey != null) {
      request.header(Http.KEY, sentKey);
    }
    headers.forEach(request::header);
    return Http.await(
        CLIENT
            .sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
            .thenApply(r -> new Reply(r.statusCode(), r.headers().map(), r.body())));
  }

  /** What the method reported receiving: the length and SHA-256 after the run number. */
  private static String received(Reply reply) {
    String text = reply.text().strip();
    return text.substring(text.indexOf(' ') + 1);
  }

  /** Gzip with a compression level and a header time of its own, so two encodings differ. */
  private static byte[] gzip(String text, int level, int mtime) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip =
        new GZIPOutputStream(out) {
          {
            def.setLevel(level);
          }
        }) {
      gzip.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    byte[] bytes = out.toByteArray();
    bytes[4] = (byte) mtime; // MTIME, RFC 1952: the time a client stamps differs between sends
    return bytes;
  }

  private static String gunzip(byte[] bytes) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError("not gzip: " + e.getMessage(), e);
    }
  }
}
