package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What the writer interceptor stores, and that it never leaves a claim running. */
class ResponseCaptureInterceptorTest {

  private static final RecordKey KEY = RecordKey.http("", "k-1");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("POST /reports", new byte[0]);

  private final ManualTime time = new ManualTime();
  private final IdempotencyEngine engine =
      new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
  private final Map<String, Object> properties = new HashMap<>();
  private final ByteArrayOutputStream client = new ByteArrayOutputStream();
  private OutputStream current = client;

  @Test
  void sends_a_body_over_the_stored_size_limit_whole_and_releases_the_key() throws IOException {
    claimAwaitingBody();
    byte[] body = bytes(64);

    new ResponseCaptureInterceptor(63).aroundWriteTo(context(body, false));

    assertThat(client.toByteArray()).isEqualTo(body);
    assertThat(time.pendingTasks()).isZero();
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void stores_a_body_of_exactly_the_limit() throws IOException {
    claimAwaitingBody();
    byte[] body = bytes(64);

    new ResponseCaptureInterceptor(64).aroundWriteTo(context(body, false));

    Claim repeat = repeat();
    assertThat(repeat).isInstanceOf(Claim.Replay.class);
    assertThat(HttpOutcomeCodec.decode(((Claim.Replay) repeat).payload()).body()).isEqualTo(body);
  }

  @Test
  void ends_the_claim_when_recording_the_written_response_fails() {
    claimAwaitingBody();

    assertThatThrownBy(
            () -> new ResponseCaptureInterceptor(64).aroundWriteTo(context(bytes(8), true)))
        .hasMessage("headers gone");
    assertThat(time.pendingTasks()).isZero();
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void stores_a_gzip_body_as_its_content_without_its_content_encoding() throws Exception {
    claimAwaitingBody();
    byte[] content = bytes(300);
    MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
    headers.putSingle("Content-Encoding", "gzip");
    byte[] sent = ContentCodingsTest.gzip(content, 6, 0);

    new ResponseCaptureInterceptor(1024).aroundWriteTo(context(sent, sent, headers));

    HttpOutcome stored = HttpOutcomeCodec.decode(((Claim.Replay) repeat()).payload());
    assertThat(client.toByteArray()).isEqualTo(sent);
    assertThat(stored.body()).isEqualTo(content);
    assertThat(stored.headers()).doesNotContainKey("content-encoding");
  }

  @Test
  void does_not_store_a_gzip_body_whose_content_is_over_the_limit() throws Exception {
    claimAwaitingBody();
    MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
    headers.putSingle("Content-Encoding", "gzip");
    byte[] sent = ContentCodingsTest.gzip(new byte[4096], 9, 0);

    new ResponseCaptureInterceptor(1024).aroundWriteTo(context(sent, sent, headers));

    assertThat(sent.length).isLessThan(1024);
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void stores_a_body_in_a_coding_it_cannot_undo_as_sent_with_its_coding() throws Exception {
    claimAwaitingBody();
    byte[] sent = bytes(50);
    MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
    headers.putSingle("Content-Encoding", "br");

    new ResponseCaptureInterceptor(1024).aroundWriteTo(context(sent, sent, headers));

    HttpOutcome stored = HttpOutcomeCodec.decode(((Claim.Replay) repeat()).payload());
    assertThat(stored.body()).isEqualTo(sent);
    assertThat(stored.headers()).containsEntry("content-encoding", List.of("br"));
  }

  @Test
  void a_replay_is_gzipped_when_its_response_asks_for_gzip() throws Exception {
    byte[] content = bytes(300);
    properties.put(
        IdempotencyRequestFilter.REPLAY_BODY, new ReplayedBody(content, ContentCodings.IDENTITY));
    MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
    headers.putSingle("Content-Encoding", "gzip");
    headers.putSingle("Content-Length", "300");

    new ResponseCaptureInterceptor(1024).aroundWriteTo(context(content, null, headers));

    assertThat(ContentCodings.of(List.of("gzip")).decode(client.toByteArray(), 1000))
        .isEqualTo(content);
    assertThat(headers.getFirst("Content-Encoding")).isEqualTo("gzip");
    assertThat(headers).doesNotContainKey("Content-Length");
  }

  @Test
  void a_replay_drops_a_coding_it_cannot_apply_and_sends_the_content() throws IOException {
    byte[] content = bytes(30);
    properties.put(
        IdempotencyRequestFilter.REPLAY_BODY, new ReplayedBody(content, ContentCodings.IDENTITY));
    MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
    headers.putSingle("content-encoding", "br");

    new ResponseCaptureInterceptor(1024).aroundWriteTo(context(content, null, headers));

    assertThat(client.toByteArray()).isEqualTo(content);
    assertThat(headers).isEmpty();
  }

  @Test
  void a_replay_stored_coded_is_sent_as_stored_with_its_coding() throws IOException {
    byte[] stored = bytes(30);
    properties.put(
        IdempotencyRequestFilter.REPLAY_BODY,
        new ReplayedBody(stored, ContentCodings.of(List.of("br"))));
    MultivaluedHashMap<String, Object> headers = new MultivaluedHashMap<>();
    headers.putSingle("Content-Encoding", "gzip");

    new ResponseCaptureInterceptor(1024).aroundWriteTo(context(stored, null, headers));

    assertThat(client.toByteArray()).isEqualTo(stored);
    assertThat(headers.get("Content-Encoding")).containsExactly("br");
  }

  private WriterInterceptorContext context(
      byte[] entity, byte[] written, MultivaluedHashMap<String, Object> headers) {
    return Stub.of(WriterInterceptorContext.class)
        .on("getProperty", args -> properties.get((String) args[0]))
        .on("getEntity", args -> entity)
        .on("getOutputStream", args -> current)
        .on(
            "setOutputStream",
            args -> {
              current = (OutputStream) args[0];
              return null;
            })
        .on(
            "proceed",
            args -> {
              current.write(written);
              return null;
            })
        .on("getHeaders", args -> headers)
        .on("getMediaType", args -> null)
        .build();
  }

  private void claimAwaitingBody() {
    ClaimedRequest claimed =
        new ClaimedRequest(
            Models.pay(),
            "POST /reports",
            "k-1",
            ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).execution(),
            Transactions.NONE);
    claimed.passFilters();
    claimed.awaitBody(200);
    properties.put(ClaimedRequest.PROPERTY, claimed);
  }

  private Claim repeat() {
    return engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL);
  }

  private WriterInterceptorContext context(byte[] body, boolean headersFail) {
    return Stub.of(WriterInterceptorContext.class)
        .on("getProperty", args -> properties.get((String) args[0]))
        .on("getEntity", args -> body)
        .on("getOutputStream", args -> current)
        .on(
            "setOutputStream",
            args -> {
              current = (OutputStream) args[0];
              return null;
            })
        .on(
            "proceed",
            args -> {
              current.write(body, 0, body.length / 2);
              current.write(body, body.length / 2, body.length - body.length / 2);
              return null;
            })
        .on(
            "getHeaders",
            args -> {
              if (headersFail) {
                throw new IllegalStateException("headers gone");
              }
              return new MultivaluedHashMap<String, Object>();
            })
        .on("getMediaType", args -> null)
        .build();
  }

  private static byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    new Random(length).nextBytes(bytes);
    return bytes;
  }
}
