package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * The gate counts a request's content, not how it is sent: a body's content coding, and a {@code
 * HEAD} that runs the {@code GET} method; and it fits a replay to what the retry accepts.
 */
class RequestGateRepresentationTest {

  private static final byte[] CONTENT =
      "{\"amount\":12.5,\"currency\":\"EUR\"}".getBytes(StandardCharsets.UTF_8);
  private static final List<String> GZIP = List.of("gzip");
  private static final HttpOutcome RECEIPT =
      new HttpOutcome(201, Map.of("content-type", List.of("text/plain")), bytes("receipt r-1"));

  private final ManualTime time = new ManualTime();
  private final RecordingRuntime runtime =
      new RecordingRuntime(
          new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time));
  private final Transactions noTransactions = Transactions.NONE;

  @Test
  void a_retry_recompressed_another_way_replays_the_first_outcome() throws Exception {
    completed(post(gzip(Deflater.BEST_SPEED, 1), GZIP, -1));

    Decision retry = gate().decide(post(gzip(Deflater.BEST_COMPRESSION, 7), GZIP, -1));

    assertThat(retry).isEqualTo(new Decision.Replay(RECEIPT));
  }

  @Test
  void a_retry_sent_without_compression_is_the_same_request() throws Exception {
    completed(post(gzip(Deflater.DEFAULT_COMPRESSION, 1), GZIP, -1));

    assertThat(gate().decide(post(CONTENT, List.of(), -1))).isEqualTo(new Decision.Replay(RECEIPT));
  }

  @Test
  void a_retry_with_other_content_recompressed_is_still_refused_as_reused() throws Exception {
    completed(post(gzip(Deflater.DEFAULT_COMPRESSION, 1), GZIP, -1));
    byte[] other = ContentCodingsTest.gzip(bytes("{\"amount\":99,\"currency\":\"EUR\"}"), 6, 1);

    assertThat(refusal(gate().decide(post(other, GZIP, -1))))
        .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }

  @Test
  void a_corrupt_gzip_body_gets_400_and_claims_nothing() throws Exception {
    byte[] gzip = gzip(Deflater.DEFAULT_COMPRESSION, 1);
    byte[] truncated = Arrays.copyOf(gzip, gzip.length - 6);

    assertThat(refusal(gate().decide(post(truncated, GZIP, truncated.length))))
        .isEqualTo(ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_INVALID);
    assertThat(gate().decide(post(gzip, GZIP, gzip.length))).isInstanceOf(Decision.Proceed.class);
  }

  @Test
  void a_body_the_server_failed_to_decode_gets_400_and_claims_nothing() throws Exception {
    IncomingRequest failing =
        new IncomingRequest(
            "POST",
            "/orders/7/pay",
            null,
            List.of("k-1"),
            null,
            "application/json",
            max -> {
              throw new IOException("Corrupt GZIP trailer");
            },
            ContentCodings.of(GZIP),
            AcceptEncoding.ANY);

    assertThat(refusal(gate().decide(failing)))
        .isEqualTo(ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_INVALID);
    assertThat(gate().decide(post(CONTENT, List.of(), -1))).isInstanceOf(Decision.Proceed.class);
  }

  @Test
  void a_gzip_body_whose_content_is_over_the_limit_gets_413_and_claims_nothing() throws Exception {
    byte[] bomb = ContentCodingsTest.gzip(new byte[1 << 20], 9, 0);
    RequestGate gate = new RequestGate(runtime, Models.pay(), noTransactions, 4096);

    assertThat(bomb.length).isLessThan(4096);
    assertThat(refusal(gate.decide(post(bomb, GZIP, bomb.length))))
        .isEqualTo(ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE);
    assertThat(gate.decide(post(CONTENT, List.of(), -1))).isInstanceOf(Decision.Proceed.class);
  }

  @Test
  void a_body_in_a_coding_fenced_cannot_decode_gets_415() throws Exception {
    assertThat(refusal(gate().decide(post(CONTENT, List.of("br"), CONTENT.length))))
        .isEqualTo(ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED);
    assertThat(ErrorCode.IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED.httpStatus()).isEqualTo(415);
  }

  @Test
  void a_body_the_server_already_decoded_counts_as_it_is() throws Exception {
    completed(post(CONTENT, List.of(), -1));
    byte[] gzip = gzip(Deflater.DEFAULT_COMPRESSION, 1);

    Decision decodedByServer = gate().decide(post(CONTENT, GZIP, gzip.length));
    Decision chunkedDecodedByServer = gate().decide(post(CONTENT, GZIP, -1));

    assertThat(decodedByServer).isEqualTo(new Decision.Replay(RECEIPT));
    assertThat(chunkedDecodedByServer).isEqualTo(new Decision.Replay(RECEIPT));
  }

  @Test
  void a_head_on_the_get_method_is_that_get() throws Exception {
    claimed(request("HEAD", CONTENT, List.of(), -1, AcceptEncoding.ANY)).store(RECEIPT);

    Decision get = gate().decide(request("GET", CONTENT, List.of(), -1, AcceptEncoding.ANY));

    assertThat(get).isEqualTo(new Decision.Replay(RECEIPT));
  }

  @Test
  void a_head_on_a_head_method_is_its_own_request() throws Exception {
    RequestGate headMethod = new RequestGate(runtime, Models.pay(), noTransactions, 1 << 20, false);
    ((Decision.Proceed)
            headMethod.decide(request("HEAD", CONTENT, List.of(), -1, AcceptEncoding.ANY)))
        .claimed()
        .store(RECEIPT);

    assertThat(
            refusal(headMethod.decide(request("GET", CONTENT, List.of(), -1, AcceptEncoding.ANY))))
        .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }

  @Test
  void a_response_stored_gzipped_is_decoded_for_a_retry_that_does_not_accept_gzip()
      throws Exception {
    byte[] content = bytes("receipt r-1");
    claimed(post(CONTENT, List.of(), -1))
        .store(
            new HttpOutcome(
                201,
                Map.of("content-encoding", GZIP, "content-type", List.of("text/plain")),
                ContentCodingsTest.gzip(content, 6, 0)));

    Decision identityOnly =
        gate().decide(request("POST", CONTENT, List.of(), -1, AcceptEncoding.of(List.of(""))));

    assertThat(identityOnly)
        .isEqualTo(
            new Decision.Replay(
                new HttpOutcome(201, Map.of("content-type", List.of("text/plain")), content)));
  }

  @Test
  void a_response_in_a_coding_fenced_cannot_undo_is_sent_only_to_a_retry_that_accepts_it()
      throws Exception {
    HttpOutcome brotli =
        new HttpOutcome(201, Map.of("content-encoding", List.of("br")), bytes("?"));
    claimed(post(CONTENT, List.of(), -1)).store(brotli);

    Decision accepting =
        gate().decide(request("POST", CONTENT, List.of(), -1, AcceptEncoding.of(List.of("br"))));
    Decision refusing =
        gate().decide(request("POST", CONTENT, List.of(), -1, AcceptEncoding.of(GZIP)));

    assertThat(accepting).isEqualTo(new Decision.Replay(brotli));
    assertThat(refusal(refusing)).isEqualTo(ErrorCode.IDEMPOTENCY_REPLAY_NOT_ACCEPTABLE);
    assertThat(ErrorCode.IDEMPOTENCY_REPLAY_NOT_ACCEPTABLE.httpStatus()).isEqualTo(406);
  }

  private void completed(IncomingRequest request) throws IOException {
    claimed(request).store(RECEIPT);
  }

  private ClaimedRequest claimed(IncomingRequest request) throws IOException {
    Decision decision = gate().decide(request);
    assertThat(decision).isInstanceOf(Decision.Proceed.class);
    return ((Decision.Proceed) decision).claimed();
  }

  private RequestGate gate() {
    return new RequestGate(runtime, Models.pay(), noTransactions, 1 << 20);
  }

  private static IncomingRequest post(byte[] body, List<String> coding, long declaredLength) {
    return request("POST", body, coding, declaredLength, AcceptEncoding.ANY);
  }

  private static IncomingRequest request(
      String method,
      byte[] body,
      List<String> coding,
      long declaredLength,
      AcceptEncoding accepted) {
    return new IncomingRequest(
        method,
        "/orders/7/pay",
        null,
        List.of("k-1"),
        null,
        "application/json",
        new IncomingRequest.Body() {
          @Override
          public byte[] read(int maxBytes) {
            return Arrays.copyOf(body, Math.min(maxBytes, body.length));
          }

          @Override
          public long declaredLength() {
            return declaredLength;
          }
        },
        ContentCodings.of(coding),
        accepted);
  }

  private static byte[] gzip(int level, int mtime) throws IOException {
    return ContentCodingsTest.gzip(CONTENT, level, mtime);
  }

  private static ErrorCode refusal(Decision decision) {
    assertThat(decision).isInstanceOf(Decision.Refused.class);
    return ((Decision.Refused) decision).code();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
