package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.call.ManualTransactions;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.TransactionalMemoryStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every row of the HTTP table, at the gate: what runs, what replays, what is refused and why. */
class RequestGateTest {

  private static final String BODY = "{\"paymentMethod\":\"card\"}";
  private static final String TARGET = "POST /orders/7/pay";
  private static final long LIMIT = 1 << 20;

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore memory = new InMemoryIdempotencyStore(time::nanoTime);
  private final SwitchableStore store = new SwitchableStore(memory);
  private final RecordingRuntime runtime =
      new RecordingRuntime(new IdempotencyEngine(store, time.clock(), time));
  private final Transactions noTransactions = Transactions.NONE;
  private int bodyReads;

  @Test
  void claims_a_first_request_with_a_key() throws IOException {
    Decision decision = gate().decide(request("k-1", BODY));

    assertThat(decision).isInstanceOf(Decision.Proceed.class);
    assertThat(((Decision.Proceed) decision).claimed().target()).isEqualTo(TARGET);
    assertThat(runtime.events).isEmpty();
  }

  @Test
  void replays_a_completed_request_exactly() throws IOException {
    HttpOutcome stored =
        new HttpOutcome(
            201,
            Map.of("location", List.of("/receipts/1"), "content-type", List.of("application/json")),
            bytes("{\"receiptId\":\"r-1\"}"));
    claim(request("k-1", BODY)).store(stored);

    Decision repeat = gate().decide(request("k-1", BODY));

    assertThat(repeat).isEqualTo(new Decision.Replay(stored));
    assertThat(runtime.events).containsExactly("replayed " + TARGET + " k-1");
  }

  @Test
  void refuses_a_repeat_while_the_first_runs_with_retry_after() throws IOException {
    claim(request("k-1", BODY));

    Decision repeat = gate().decide(request("k-1", BODY));

    assertThat(repeat).isInstanceOf(Decision.Refused.class);
    Decision.Refused refused = (Decision.Refused) repeat;
    assertThat(refused.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_IN_USE);
    assertThat(refused.code().httpStatus()).isEqualTo(409);
    assertThat(refused.retryAfter()).isEqualTo("1");
    assertThat(runtime.events)
        .containsExactly("rejected " + TARGET + " k-1 IDEMPOTENCY_KEY_IN_USE");
  }

  @Test
  void rounds_the_retry_after_hint_up_to_whole_seconds() throws IOException {
    RequestGate gate =
        new RequestGate(runtime, Models.pay(false, Duration.ofMillis(1500)), noTransactions, LIMIT);
    gate.decide(request("k-1", BODY));

    assertThat(((Decision.Refused) gate.decide(request("k-1", BODY))).retryAfter()).isEqualTo("2");
  }

  @Test
  void refuses_the_same_key_with_another_body() throws IOException {
    claim(request("k-1", BODY));

    Decision other = gate().decide(request("k-1", "{\"paymentMethod\":\"cash\"}"));

    assertThat(refusal(other)).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertThat(ErrorCode.IDEMPOTENCY_KEY_REUSED.httpStatus()).isEqualTo(422);
  }

  @Test
  void refuses_the_same_key_on_another_path_or_query_after_completion() throws IOException {
    claim(request("k-1", BODY)).store(new HttpOutcome(201, Map.of(), new byte[0]));

    Decision otherPath =
        gate()
            .decide(
                new IncomingRequest(
                    "POST",
                    "/orders/8/pay",
                    null,
                    List.of("k-1"),
                    null,
                    "application/json",
                    max -> bytes(BODY)));
    Decision otherQuery =
        gate()
            .decide(
                new IncomingRequest(
                    "POST",
                    "/orders/7/pay",
                    "dryRun=true",
                    List.of("k-1"),
                    null,
                    "application/json",
                    max -> bytes(BODY)));

    assertThat(refusal(otherPath)).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    assertThat(refusal(otherQuery)).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }

  @Test
  void counts_a_json_body_by_its_content_not_its_member_order() throws IOException {
    claim(request("k-1", "{\"a\":1,\"b\":2}")).store(new HttpOutcome(200, Map.of(), new byte[0]));

    assertThat(gate().decide(request("k-1", "{ \"b\": 2, \"a\": 1 }")))
        .isInstanceOf(Decision.Replay.class);
  }

  @Test
  void refuses_a_request_without_a_key_when_one_is_required_before_reading_it() throws IOException {
    RequestGate gate =
        new RequestGate(runtime, Models.pay(true, Duration.ofSeconds(1)), noTransactions, LIMIT);

    Decision decision = gate.decide(request(null, BODY));

    assertThat(refusal(decision)).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertThat(((Decision.Refused) decision).detail()).contains("Idempotency-Key");
    assertThat(bodyReads).isZero();
    assertThat(runtime.events)
        .containsExactly("rejected " + TARGET + " null IDEMPOTENCY_KEY_REQUIRED");
  }

  @Test
  void lets_a_request_without_a_key_run_unguarded_when_none_is_required() throws IOException {
    assertThat(gate().decide(request(null, BODY))).isInstanceOf(Decision.Unguarded.class);
    assertThat(bodyReads).isZero();
    assertThat(memory.size()).isZero();
  }

  @Test
  void refuses_invalid_keys_without_claiming() throws IOException {
    for (String invalid :
        List.of("", "   ", "x".repeat(256), "caf\u00e9", "a\u0001b", "\"open", "\"a\";p=1")) {
      assertThat(refusal(gate().decide(request(invalid, BODY))))
          .as(invalid)
          .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_INVALID);
    }
    assertThat(memory.size()).isZero();
    assertThat(bodyReads).isZero();
  }

  @Test
  void accepts_a_key_of_255_printable_characters() throws IOException {
    assertThat(gate().decide(request("~".repeat(255), BODY))).isInstanceOf(Decision.Proceed.class);
  }

  @Test
  void refuses_two_key_headers() throws IOException {
    IncomingRequest twice =
        new IncomingRequest(
            "POST", "/orders/7/pay", null, List.of("a", "b"), null, null, max -> new byte[0]);

    assertThat(refusal(gate().decide(twice))).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_INVALID);
  }

  @Test
  void reads_a_quoted_key_as_the_same_key_as_a_bare_one() throws IOException {
    claim(request("k-1", BODY)).store(new HttpOutcome(200, Map.of(), new byte[0]));

    assertThat(gate().decide(request("\"k-1\"", BODY))).isInstanceOf(Decision.Replay.class);
  }

  @Test
  void answers_503_without_running_when_the_store_is_down() throws IOException {
    store.down = true;

    Decision decision = gate().decide(request("k-1", BODY));

    assertThat(refusal(decision)).isEqualTo(ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE);
    assertThat(ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE.httpStatus()).isEqualTo(503);
    assertThat(runtime.events)
        .containsExactly("rejected " + TARGET + " k-1 IDEMPOTENCY_STORE_UNAVAILABLE");
  }

  @Test
  void answers_500_without_running_when_the_stored_record_cannot_be_decoded() throws IOException {
    Fingerprint fingerprint =
        runtime
            .fingerprints()
            .ofRequest("", "POST", "/orders/7/pay", "application/json", bytes(BODY));
    String recordKey = RecordKey.http("", "k-1").value();
    memory.acquire(recordKey, "old", fingerprint.value(), 60_000);
    memory.complete(recordKey, "old", bytes("not an envelope"), 60_000);

    Decision decision = gate().decide(request("k-1", BODY));

    assertThat(refusal(decision)).isEqualTo(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE);
    assertThat(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE.httpStatus()).isEqualTo(500);
    assertThat(runtime.events)
        .containsExactly("rejected " + TARGET + " k-1 IDEMPOTENCY_RECORD_UNREADABLE");
  }

  @Test
  void keeps_two_callers_equal_keys_apart() throws IOException {
    assertThat(gate().decide(request("k-1", BODY, () -> "alice")))
        .isInstanceOf(Decision.Proceed.class);
    assertThat(gate().decide(request("k-1", BODY, () -> "bob")))
        .isInstanceOf(Decision.Proceed.class);
    assertThat(memory.size()).isEqualTo(2);
  }

  @Test
  void reports_a_lost_lock_as_an_event() throws IOException {
    claim(request("k-1", BODY));
    store.refuseExtend = true;

    time.advance(Models.LOCK_TTL);

    assertThat(runtime.events).contains("lockLost " + TARGET + " k-1");
  }

  @Test
  void answers_even_when_an_event_observer_fails() throws IOException {
    RecordingRuntime failingObservers =
        new RecordingRuntime(runtime.engine()) {
          @Override
          public void rejected(String target, String key, ErrorCode code) {
            throw new IllegalStateException("observer bug");
          }
        };
    RequestGate gate =
        new RequestGate(
            failingObservers, Models.pay(true, Duration.ofSeconds(1)), noTransactions, LIMIT);

    assertThat(refusal(gate.decide(request(null, BODY))))
        .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
  }

  @Test
  void refuses_a_body_over_the_limit_with_413_reading_one_byte_more_and_claims_nothing()
      throws IOException {
    RequestGate gate = new RequestGate(runtime, Models.pay(), noTransactions, 16);
    int[] asked = new int[1];
    IncomingRequest big =
        body(
            max -> {
              asked[0] = max;
              return new byte[Math.min(max, 100)];
            },
            -1);

    Decision decision = gate.decide(big);

    assertThat(refusal(decision)).isEqualTo(ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE);
    assertThat(ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE.httpStatus()).isEqualTo(413);
    assertThat(asked[0]).isEqualTo(17);
    assertThat(memory.size()).isZero();
    assertThat(runtime.events)
        .containsExactly("rejected " + TARGET + " k-1 IDEMPOTENCY_REQUEST_TOO_LARGE");
  }

  @Test
  void refuses_a_declared_length_over_the_limit_without_reading_the_body() throws IOException {
    RequestGate gate = new RequestGate(runtime, Models.pay(), noTransactions, 16);

    Decision decision =
        gate.decide(
            body(
                max -> {
                  bodyReads++;
                  return new byte[0];
                },
                17));

    assertThat(refusal(decision)).isEqualTo(ErrorCode.IDEMPOTENCY_REQUEST_TOO_LARGE);
    assertThat(bodyReads).isZero();
    assertThat(memory.size()).isZero();
  }

  @Test
  void claims_a_body_of_exactly_the_limit() throws IOException {
    RequestGate gate = new RequestGate(runtime, Models.pay(), noTransactions, 16);

    assertThat(gate.decide(body(max -> new byte[Math.min(max, 16)], 16)))
        .isInstanceOf(Decision.Proceed.class);
  }

  @Test
  void runs_a_small_body_under_a_key_refused_before_for_its_size() throws IOException {
    RequestGate gate = new RequestGate(runtime, Models.pay(), noTransactions, 16);
    gate.decide(body(max -> new byte[Math.min(max, 100)], -1));

    assertThat(gate.decide(body(max -> new byte[3], -1))).isInstanceOf(Decision.Proceed.class);
  }

  private static IncomingRequest body(IntFunctionBody read, long declaredLength) {
    return new IncomingRequest(
        "POST",
        "/orders/7/pay",
        null,
        List.of("k-1"),
        null,
        "application/octet-stream",
        new IncomingRequest.Body() {
          @Override
          public byte[] read(int maxBytes) {
            return read.read(maxBytes);
          }

          @Override
          public long declaredLength() {
            return declaredLength;
          }
        });
  }

  /** A body reader that cannot fail. */
  @FunctionalInterface
  private interface IntFunctionBody {
    byte[] read(int maxBytes);
  }

  @Test
  void refuses_a_retry_of_work_that_committed_without_its_response_as_outcome_lost()
      throws IOException {
    TransactionalMemoryStore marking = new TransactionalMemoryStore(time::nanoTime);
    RecordingRuntime markingRuntime =
        new RecordingRuntime(new IdempotencyEngine(marking, time.clock(), time));
    RequestGate gate = new RequestGate(markingRuntime, Models.pay(), noTransactions, LIMIT);
    ManualTransactions transactions = new ManualTransactions();
    transactions.status = Transactions.Status.ACTIVE;
    ClaimedRequest first = ((Decision.Proceed) gate.decide(request("k-1", BODY))).claimed();
    first.passFilters();
    first.markCommittedWithWork(transactions);
    marking.commit(); // then the server halts: nothing records the response
    marking.extendDown = true;
    time.advance(Models.LOCK_TTL.multipliedBy(2));

    Decision retry = gate.decide(request("k-1", BODY));

    assertThat(retry).isInstanceOf(Decision.Refused.class);
    Decision.Refused refused = (Decision.Refused) retry;
    assertThat(refused.code()).isEqualTo(ErrorCode.IDEMPOTENCY_OUTCOME_LOST);
    assertThat(refused.code().httpStatus()).isEqualTo(409);
    assertThat(refused.retryAfter()).as("a retry changes nothing: no Retry-After").isNull();
    assertThat(refused.detail()).contains("not run again", "new key");
  }

  private RequestGate gate() {
    return new RequestGate(runtime, Models.pay(), noTransactions, LIMIT);
  }

  private ClaimedRequest claim(IncomingRequest request) throws IOException {
    return ((Decision.Proceed) gate().decide(request)).claimed();
  }

  private IncomingRequest request(String key, String body) {
    return request(key, body, null);
  }

  private IncomingRequest request(String key, String body, Principal principal) {
    return new IncomingRequest(
        "POST",
        "/orders/7/pay",
        null,
        key == null ? List.of() : List.of(key),
        principal,
        "application/json",
        max -> {
          bodyReads++;
          return bytes(body);
        });
  }

  private static ErrorCode refusal(Decision decision) {
    assertThat(decision).isInstanceOf(Decision.Refused.class);
    return ((Decision.Refused) decision).code();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** A store that can be down, or refuse renewals. */
  static final class SwitchableStore implements IdempotencyStore {
    private final IdempotencyStore delegate;
    boolean down;
    boolean refuseExtend;

    SwitchableStore(IdempotencyStore delegate) {
      this.delegate = delegate;
    }

    @Override
    public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
      check();
      return delegate.acquire(key, owner, fingerprint, lockTtlMillis);
    }

    @Override
    public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
      check();
      return delegate.complete(key, owner, payload, ttlMillis);
    }

    @Override
    public boolean release(String key, String owner) {
      check();
      return delegate.release(key, owner);
    }

    @Override
    public boolean extend(String key, String owner, long lockTtlMillis) {
      check();
      return !refuseExtend && delegate.extend(key, owner, lockTtlMillis);
    }

    private void check() {
      if (down) {
        throw new StoreUnavailableException("down");
      }
    }
  }
}
