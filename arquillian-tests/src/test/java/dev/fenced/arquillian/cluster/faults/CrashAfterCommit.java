package dev.fenced.arquillian.cluster.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.ClusterRecords.RunEvent;
import dev.fenced.arquillian.cluster.ServerProcess;
import dev.fenced.arquillian.cluster.faults.CrashRunRows.Row;
import dev.fenced.arquillian.cluster.faults.app.CommitCrash;
import dev.fenced.arquillian.cluster.faults.app.CrashRuns;
import dev.fenced.tck.locks.common.Polling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.assertj.core.api.SoftAssertions;

/**
 * One crash right after the commit: a guarded call on {@code crashed} asks for the halt after its
 * transaction commits ({@link CommitCrash}), so the server's JVM ends between the work's commit and
 * the recording of its outcome; the client retries the key on {@code survivor} as a client does
 * (honouring {@code Retry-After} while it gets 409), and the crashed server is started again.
 *
 * @param kind the kind of call
 * @param key its idempotency key, fresh
 * @param crashed the member asked to halt
 * @param survivor the member retried on
 * @param crashCall the answer of the call that halted ({@code status} 0: none, as expected)
 * @param halted whether the crashed member's process ended
 * @param haltedAtMillis when it halted: its {@code halting} record, or else when the call failed
 * @param haltedBy which of the hook's synchronizations halted it (the one registered before
 *     Fenced's or after it), as recorded
 * @param rowsAfterCrash the runs of the key committed when the process had ended
 * @param retries the answers on {@code survivor}, in order
 * @param rows the runs of the key committed after the last retry
 * @param restartMillis how long the crashed server took to start and answer again
 */
record CrashAfterCommit(
    CallKind kind,
    String key,
    ClusterMember crashed,
    ClusterMember survivor,
    Answer crashCall,
    boolean halted,
    long haltedAtMillis,
    String haltedBy,
    List<Row> rowsAfterCrash,
    List<Answer> retries,
    List<Row> rows,
    long restartMillis) {

  /** The guarded calls' lock ttl: how long the claim of a crashed call lives. */
  static final Duration LOCK_TTL = Duration.parse("PT" + CrashRuns.LOCK_TTL);

  /** The {@code Retry-After} of a 409: Fenced's default, and the calls' resource's. */
  static final Duration RETRY_AFTER = Duration.ofSeconds(1);

  /** How long the client keeps retrying after the crash: the claim's life and more. */
  private static final Duration RETRYING = LOCK_TTL.plus(FaultCluster.START_WAIT);

  /**
   * Plays one crash and brings the crashed member back.
   *
   * @param cluster the cluster, both members up
   * @param kind the kind of call
   * @param crashed the member to halt
   * @return what happened, to be checked
   * @throws Exception when a member cannot be found, restarted or reached
   */
  static CrashAfterCommit play(FaultCluster cluster, CallKind kind, ClusterMember crashed)
      throws Exception {
    ClusterMember survivor = cluster.other(crashed);
    String key = "crash-" + kind.id() + "-" + crashed + "-" + UUID.randomUUID();
    // found before the halt: a process that ended is no longer among the test JVM's descendants
    ServerProcess process = cluster.control().process(crashed);
    Answer crashCall = kind.call(crashed, key, true, FaultCluster.START_WAIT);
    long failedAt = System.currentTimeMillis();
    if (!process.awaitExit(FaultCluster.START_WAIT)) {
      return new CrashAfterCommit(
          kind,
          key,
          crashed,
          survivor,
          crashCall,
          false,
          failedAt,
          "-",
          CrashRunRows.of(kind, key),
          List.of(),
          CrashRunRows.of(kind, key),
          0);
    }
    List<Row> afterCrash;
    List<Answer> retries;
    long restart;
    try {
      cluster.control().crashed(crashed);
      afterCrash = CrashRunRows.of(kind, key);
      retries = retry(kind, survivor, key);
    } finally {
      long starting = System.nanoTime();
      cluster.control().startAfterCrash(crashed);
      Polling.await(
          crashed + " answers after its crash", FaultCluster.START_WAIT, crashed::answers);
      restart = (System.nanoTime() - starting) / 1_000_000;
    }
    Optional<RunEvent> halting =
        cluster.records().runs().stream()
            .filter(r -> r.key().equals(kind.id() + " " + key))
            .filter(r -> r.event().startsWith(CommitCrash.HALTING))
            .findFirst();
    return new CrashAfterCommit(
        kind,
        key,
        crashed,
        survivor,
        crashCall,
        true,
        halting.map(RunEvent::atMillis).orElse(failedAt),
        halting.map(r -> r.event().substring(CommitCrash.HALTING.length())).orElse("?"),
        afterCrash,
        retries,
        CrashRunRows.of(kind, key),
        restart);
  }

  private static List<Answer> retry(CallKind kind, ClusterMember survivor, String key)
      throws InterruptedException {
    long until = System.nanoTime() + RETRYING.toNanos();
    List<Answer> answers = new ArrayList<>();
    Answer answer;
    do {
      answer = kind.call(survivor, key, false, FaultCluster.START_WAIT);
      answers.add(answer);
      if (answer.status() == 409 && answer.retryAfter().isPresent()) {
        Thread.sleep(Long.parseLong(answer.retryAfter().get()) * 1000);
      }
    } while (answer.status() == 409
        && answer.retryAfter().isPresent()
        && System.nanoTime() < until);
    return answers;
  }

  /** The first answer on the survivor. */
  Answer firstRetry() {
    return retries.get(0);
  }

  /** The last answer on the survivor: the outcome, unless the retries gave up. */
  Answer lastRetry() {
    return retries.get(retries.size() - 1);
  }

  /** How long after the halt the key ran again on the survivor, if it did. */
  Optional<Long> rerunAfterMillis() {
    return rows.stream()
        .filter(r -> r.member().equals(survivor.name()))
        .findFirst()
        .map(r -> r.atMillis() - haltedAtMillis);
  }

  /**
   * Checks what every crash must show, whatever the window: the member halted after the commit (the
   * hook's record), the call got no answer, and the work committed exactly once.
   *
   * @param softly collects the failures
   * @param as the description's prefix
   * @return whether the member halted, so that the retry can be checked
   */
  boolean proveTheWorkCommittedOnceAndTheMemberHalted(SoftAssertions softly, String as) {
    softly.assertThat(halted).as(as + "the member halted").isTrue();
    if (!halted) {
      return false;
    }
    softly
        .assertThat(haltedBy)
        .as(as + "the hook's synchronization that halted it, after the commit")
        .isIn(CommitCrash.FIRST, CommitCrash.LAST);
    softly
        .assertThat(crashCall.status())
        .as(as + "the halted call's answer (0: none) " + crashCall)
        .isZero();
    softly
        .assertThat(rowsAfterCrash)
        .as(as + "the work committed before the halt, once")
        .extracting(Row::member)
        .containsExactly(crashed.name());
    return true;
  }

  /**
   * The window closed: the outcome became final with the work, so the retry on the other member
   * gets it at once (no 409), and the key never runs again.
   *
   * @param softly collects the failures
   * @param as the description's prefix
   */
  void proveTheRetryGotTheHaltedRunsOutcomeAtOnce(SoftAssertions softly, String as) {
    proveTheRetriesEndedWithTheOutcome(softly, as);
    softly
        .assertThat(retryStatuses())
        .as(as + "the retry on %s gets the outcome at once", survivor)
        .hasSize(1);
    softly
        .assertThat(CallKind.ranOn(lastRetry()))
        .as(as + "the outcome the retry got is the run of the halted member")
        .isEqualTo(crashed.name());
    if (kind == CallKind.JAX_RS) {
      softly.assertThat(lastRetry().replayed()).as(as + "the retry's answer is a replay").isTrue();
    }
    softly
        .assertThat(rows)
        .as(as + "the runs of the key (the business table)")
        .extracting(Row::member)
        .containsExactly(crashed.name());
  }

  /**
   * The window open, as the guide describes it: the claim of the halted call stays in flight, so
   * the retry gets 409 with {@code Retry-After} until its lock ttl passes, then runs the call again
   * on the other member: two runs of one key.
   *
   * @param softly collects the failures
   * @param as the description's prefix
   */
  void proveTheRetryRanItAgainOnceTheClaimExpired(SoftAssertions softly, String as) {
    proveTheRetriesEndedWithTheOutcome(softly, as);
    softly
        .assertThat(firstRetry().status())
        .as(as + "the first retry while the claim lives")
        .isEqualTo(409);
    softly
        .assertThat(firstRetry().retryAfter())
        .as(as + "the first retry's Retry-After")
        .isPresent();
    softly
        .assertThat(CallKind.ranOn(lastRetry()))
        .as(as + "the outcome the retry got is its own run on " + survivor)
        .isEqualTo(survivor.name());
    softly
        .assertThat(rows)
        .as(as + "the runs of the key (the business table): the window")
        .extracting(Row::member)
        .containsExactly(crashed.name(), survivor.name());
    softly
        .assertThat(rerunAfterMillis())
        .as(as + "ms from the halt to the run on %s: once the claim's lock ttl passed", survivor)
        .hasValueSatisfying(
            ms ->
                assertThat(ms)
                    .isBetween(
                        LOCK_TTL.minus(FaultCluster.SLACK).toMillis(),
                        LOCK_TTL.plus(RETRY_AFTER).plus(FaultCluster.SLACK).toMillis()));
  }

  /**
   * The window closed by a commit mark: the retry on the other member gets 409 with {@code
   * Retry-After} while the halted call's lock lives, then 409 {@code IDEMPOTENCY_OUTCOME_LOST}
   * without it, at about its lock ttl after the halt, and the key never runs again.
   *
   * @param softly collects the failures
   * @param as the description's prefix
   */
  void proveTheRetryWasToldTheOutcomeIsLost(SoftAssertions softly, String as) {
    softly
        .assertThat(lastRetry().status())
        .as(as + "the last retry's status: " + lastRetry())
        .isEqualTo(409);
    softly
        .assertThat(lastRetry().text())
        .as(as + "the last retry's problem")
        .contains(ErrorCode.IDEMPOTENCY_OUTCOME_LOST.name());
    softly
        .assertThat(lastRetry().retryAfter())
        .as(as + "the last retry's Retry-After: the answer is final")
        .isEmpty();
    softly
        .assertThat(retries.subList(0, retries.size() - 1))
        .as(as + "the retries before it: the key in use while the lock lives")
        .allSatisfy(
            r -> {
              assertThat(r.status()).isEqualTo(409);
              assertThat(r.retryAfter()).isPresent();
            });
    softly
        .assertThat(rows)
        .as(as + "the runs of the key (the business table)")
        .extracting(Row::member)
        .containsExactly(crashed.name());
  }

  private void proveTheRetriesEndedWithTheOutcome(SoftAssertions softly, String as) {
    softly
        .assertThat(kind.outcome(lastRetry()))
        .as(as + "the retries end with the call's outcome: " + lastRetry())
        .isTrue();
  }

  /**
   * Records the crash's figures.
   *
   * @param round the round
   * @param window the window expected
   */
  void recordFigures(int round, CommitWindow window) {
    Figures.record(
        "crash after commit",
        "round %d %s on %s".formatted(round, kind, crashed),
        ("window %s; halted by the synchronization %s; retries on %s %s, the last answered in %d"
                + " ms; runs %s; ran again after %s; %s answered again after %d ms")
            .formatted(
                window,
                haltedBy,
                survivor,
                retryStatuses(),
                retries.isEmpty() ? 0 : lastRetry().millis(),
                rows.stream().map(Row::member).toList(),
                rerunAfterMillis().map(ms -> ms + " ms").orElse("-"),
                crashed,
                restartMillis));
  }

  /** The statuses of the retries, e.g. {@code [409, 409, 200]}. */
  List<Integer> retryStatuses() {
    return retries.stream().map(Answer::status).toList();
  }
}
