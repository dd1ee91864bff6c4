package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import dev.fenced.idempotency.StoreIf;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link CallRunner} with work that gives up storing its outcome ({@link GuardedRuns}). */
class DoNotStoreTest {

  public record Token(String value, int run) {}

  private static final Duration LOCK_TTL = Duration.ofSeconds(3);
  private static final String TARGET = "com.example.Tokens.issue";

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
  private final IdempotencyEngine engine = new IdempotencyEngine(store, time.clock(), time);
  private final ManualTransactions transactions = new ManualTransactions();
  private final CallRunner runner =
      new CallRunner(
          engine,
          new OutcomeCodec(JsonbBuilder.create()),
          transactions,
          new NoEvents(),
          OutcomeCommit.AFTER_WORK);
  private final AtomicInteger runs = new AtomicInteger();

  @Test
  void a_run_that_gave_up_storing_returns_its_value_and_a_repeat_runs_again() throws Exception {
    Object first = runner.run(call("k-1"), this::issueOnce);
    Object second = runner.run(call("k-1"), this::issueOnce);

    assertThat(first).isEqualTo(new Token("t-1", 1));
    assertThat(second).isEqualTo(new Token("t-2", 2));
  }

  @Test
  void while_a_run_that_gave_up_storing_lasts_a_duplicate_finds_the_key_in_use() throws Exception {
    AtomicReference<Claim> duplicate = new AtomicReference<>();

    runner.run(
        call("k-1"),
        () -> {
          Token token = issueOnce();
          duplicate.set(engine.claim(key("k-1"), fingerprint(), LOCK_TTL));
          return token;
        });

    assertThat(duplicate.get()).isInstanceOf(Claim.InUse.class);
    assertThat(engine.claim(key("k-1"), fingerprint(), LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void inside_a_transaction_the_key_is_released_only_when_the_transaction_ends() throws Exception {
    transactions.status = Transactions.Status.ACTIVE;
    runner.run(call("k-1"), this::issueOnce);
    transactions.status = Transactions.Status.NONE;

    assertThat(engine.claim(key("k-1"), fingerprint(), LOCK_TTL)).isInstanceOf(Claim.InUse.class);

    transactions.end(true);
    assertThat(runner.run(call("k-1"), this::issueOnce)).isEqualTo(new Token("t-2", 2));
  }

  @Test
  void a_value_that_could_not_be_stored_is_returned_when_storing_was_given_up() throws Exception {
    GuardedCall asObject =
        new GuardedCall(
            TARGET,
            "k-1",
            key("k-1"),
            fingerprint(),
            ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
            Object.class,
            StoreIf.NOT_SERVER_ERROR);

    assertThat(runner.run(asObject, this::issueOnce)).isEqualTo(new Token("t-1", 1));
  }

  @Test
  void the_runs_show_the_innermost_call_while_its_work_runs_and_nothing_after() throws Exception {
    AtomicReference<String> outer = new AtomicReference<>();
    AtomicReference<String> inner = new AtomicReference<>();
    AtomicReference<String> outerAgain = new AtomicReference<>();

    runner.run(
        call("outer"),
        () -> {
          outer.set(currentKey());
          runner.run(
              call("inner"),
              () -> {
                inner.set(currentKey());
                return issue();
              });
          outerAgain.set(currentKey());
          return issue();
        });

    assertThat(outer).hasValue("outer");
    assertThat(inner).hasValue("inner");
    assertThat(outerAgain).hasValue("outer");
    assertThat(runner.runs().current()).isEmpty();
  }

  @Test
  void giving_up_in_an_inner_run_leaves_the_outer_run_stored() throws Exception {
    runner.run(
        call("outer"),
        () -> {
          runner.run(call("inner"), this::issueOnce);
          return issue();
        });

    assertThat(engine.claim(key("outer"), fingerprint(), LOCK_TTL))
        .isInstanceOf(Claim.Replay.class);
    assertThat(engine.claim(key("inner"), fingerprint(), LOCK_TTL))
        .isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void a_run_that_threw_is_closed_too() {
    assertThatThrownBy(
            () ->
                runner.run(
                    call("k-1"),
                    () -> {
                      throw new IllegalStateException("declined");
                    }))
        .hasMessage("declined");

    assertThat(runner.runs().current()).isEmpty();
  }

  @Test
  void a_staged_call_that_gave_up_storing_releases_the_key_when_its_stage_completes()
      throws Exception {
    CompletableFuture<Token> pending = new CompletableFuture<>();
    GuardedCall staged =
        new GuardedCall(
            TARGET,
            "k-1",
            key("k-1"),
            fingerprint(),
            ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
            Token.class,
            StoreIf.NOT_SERVER_ERROR,
            true);

    Object returned =
        runner.run(
            staged,
            () -> {
              runner.runs().current().orElseThrow().doNotStore();
              return pending;
            });
    assertThat(engine.claim(key("k-1"), fingerprint(), LOCK_TTL)).isInstanceOf(Claim.InUse.class);
    pending.complete(new Token("t-1", 1));

    assertThat(((CompletableFuture<?>) returned).join()).isEqualTo(new Token("t-1", 1));
    assertThat(engine.claim(key("k-1"), fingerprint(), LOCK_TTL)).isInstanceOf(Claim.Claimed.class);
  }

  private Token issueOnce() {
    runner.runs().current().orElseThrow().doNotStore();
    return issue();
  }

  private Token issue() {
    int n = runs.incrementAndGet();
    return new Token("t-" + n, n);
  }

  private String currentKey() {
    Optional<RunControl> run = runner.runs().current();
    return run.map(RunControl::key).orElse(null);
  }

  private static GuardedCall call(String key) {
    return new GuardedCall(
        TARGET,
        key,
        key(key),
        fingerprint(),
        ExecutionOptions.rejecting(Duration.ofHours(1), LOCK_TTL),
        Token.class,
        StoreIf.NOT_SERVER_ERROR);
  }

  private static RecordKey key(String key) {
    return RecordKey.method(key, "com.example.Tokens", "issue");
  }

  private static Fingerprint fingerprint() {
    return new FingerprintCalculator().ofCall(TARGET, "[]".getBytes(StandardCharsets.UTF_8));
  }
}
