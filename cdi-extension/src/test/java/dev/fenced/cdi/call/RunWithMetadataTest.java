package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.ExecutionOptions;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotentResult;
import dev.fenced.idempotency.StoreIf;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link CallRunner#runWithMetadata}: whether a result was replayed, and when it was produced. */
class RunWithMetadataTest {

  public record Quote(String id, int run) {}

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final String TARGET = "dev.fenced.idempotency.Idempotency.execute";
  private static final Instant ORIGIN = Instant.parse("2026-03-01T10:15:30.123Z");

  private final ManualTime time = new ManualTime(ORIGIN);
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final ManualTransactions transactions = new ManualTransactions();
  private final CallRunner runner =
      new CallRunner(
          engine,
          new OutcomeCodec(JsonbBuilder.create(), time.clock()),
          transactions,
          new NoEvents(),
          OutcomeCommit.AFTER_WORK);
  private final AtomicInteger runs = new AtomicInteger();

  @Test
  void a_run_is_not_replayed_and_has_no_stored_at() throws Exception {
    IdempotentResult<Object> result = runner.runWithMetadata(call("k-1"), this::quote);

    assertThat(result.value()).isEqualTo(new Quote("q-1", 1));
    assertThat(result.replayed()).isFalse();
    assertThat(result.storedAt()).isEmpty();
  }

  @Test
  void a_replay_tells_when_the_first_run_produced_its_outcome() throws Exception {
    runner.runWithMetadata(call("k-1"), this::quote);
    time.advance(Duration.ofMinutes(5));

    IdempotentResult<Object> repeat = runner.runWithMetadata(call("k-1"), this::quote);

    assertThat(repeat.value()).isEqualTo(new Quote("q-1", 1));
    assertThat(repeat.replayed()).isTrue();
    assertThat(repeat.storedAt()).contains(ORIGIN);
    assertThat(runs).hasValue(1);
  }

  @Test
  void a_repeat_in_the_same_transaction_is_a_replay_with_its_time() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.runWithMetadata(call("k-1"), this::quote);

    IdempotentResult<Object> repeat = runner.runWithMetadata(call("k-1"), this::quote);

    assertThat(repeat.replayed()).isTrue();
    assertThat(repeat.storedAt()).contains(ORIGIN);
  }

  @Test
  void a_record_written_without_a_time_replays_with_an_empty_stored_at() throws Exception {
    Claim.Claimed claimed = (Claim.Claimed) engine.claim(key("k-1"), fingerprint(), LOCK_TTL);
    claimed
        .execution()
        .complete(
            "{\"v\":1,\"kind\":\"value\",\"value\":{\"id\":\"q-0\",\"run\":0}}"
                .getBytes(StandardCharsets.UTF_8),
            Duration.ofHours(1));

    IdempotentResult<Object> repeat = runner.runWithMetadata(call("k-1"), this::quote);

    assertThat(repeat.value()).isEqualTo(new Quote("q-0", 0));
    assertThat(repeat.replayed()).isTrue();
    assertThat(repeat.storedAt()).isEqualTo(Optional.empty());
  }

  private Quote quote() {
    int n = runs.incrementAndGet();
    return new Quote("q-" + n, n);
  }

  private static GuardedCall call(String key) {
    return new GuardedCall(
        TARGET,
        key,
        key(key),
        fingerprint(),
        ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
        Quote.class,
        StoreIf.NOT_SERVER_ERROR);
  }

  private static RecordKey key(String key) {
    return RecordKey.method(key, "dev.fenced.idempotency.Idempotency", "execute");
  }

  private static Fingerprint fingerprint() {
    return new FingerprintCalculator().ofCall(TARGET, "Quote".getBytes(StandardCharsets.UTF_8));
  }
}
