package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterDeployment;
import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.ClusterMember.ReadinessAnswer;
import dev.fenced.arquillian.cluster.ClusterRecords.LeadershipChange;
import dev.fenced.arquillian.cluster.ClusterRecords.Payment;
import dev.fenced.arquillian.cluster.ClusterRecords.RunEvent;
import dev.fenced.arquillian.cluster.ClusterRecords.Tick;
import dev.fenced.arquillian.cluster.faults.app.FencedWriterJob;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.testservers.FaultProxy;
import dev.fenced.tck.deployed.TckTimeouts;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;

/**
 * Scenario 4, the store outage: the link between both servers and the store goes down, in one of
 * its two {@link Form forms}, while a leader leads and the jobs tick.
 *
 * <p>During the outage every guarded call answers 503 {@code IDEMPOTENCY_STORE_UNAVAILABLE} within
 * the store timeout plus one second and runs nothing; the leader steps down within its ttl and the
 * jobs skip. When the link comes back everything recovers without a restart, within {@link
 * #RECOVERY}, and the keys refused during the outage run, once each (after a black hole, within the
 * lock ttl of a claim that lands late; see {@link Form#BLACK_HOLE}).
 */
final class StoreOutage {

  /** How the store goes away. */
  enum Form {
    /**
     * Every connection is reset, and every new one: a store that crashed or refuses clients. What a
     * call sent is dropped, so a refused key runs as soon as a retry reaches the store again.
     */
    RESET("outage-reset-", "outage-reset", FaultProxy::reset, RECOVERY),
    /**
     * Connections stay open and nothing answers: a network partition. What a call sent into it is
     * delivered when the link comes back, as TCP delivers it after a partition heals, though the
     * call gave up and answered 503 long before: a claim that lands so holds its key for an owner
     * that is gone, like the claim of a server that died, until its lock ttl passes. So a refused
     * key runs within the payment's lock ttl plus {@link #RECOVERY}.
     */
    BLACK_HOLE(
        "outage-hole-", "outage-hole", FaultProxy::blackHole, PAYMENT_LOCK_TTL.plus(RECOVERY));

    private final String keyPrefix;
    private final String figures;
    private final Consumer<FaultProxy> cut;
    private final Duration keysRecovery;

    Form(String keyPrefix, String figures, Consumer<FaultProxy> cut, Duration keysRecovery) {
      this.keyPrefix = keyPrefix;
      this.figures = figures;
      this.cut = cut;
      this.keysRecovery = keysRecovery;
    }
  }

  /** The keys each member is sent during the outage, all at once. */
  static final int KEYS_PER_MEMBER = 8;

  /**
   * The promise: a guarded call answers within the store timeout (the longest one store call may
   * take before it fails closed) plus one second.
   */
  static final Duration ANSWER_BOUND = FaultCluster.STORE_TIMEOUT.plusSeconds(1);

  /**
   * How soon after the link is back a leader leads, the job ticks and (after a reset) a refused key
   * runs. A leader tries every ttl/3, a job every tick, a client retries a 503 after a second; a
   * lease that a try sent into a black hole still takes when the link comes back lives one more ttl
   * (3 s). Measured: 0.3 to 3 s; the bound leaves ten times that for a busy 2-core machine.
   */
  static final Duration RECOVERY = TckTimeouts.scaled(Duration.ofSeconds(30));

  /** The lock ttl of {@code api/payments}: the cluster application's {@code lock-ttl}. */
  static final Duration PAYMENT_LOCK_TTL =
      Duration.parse("PT" + ClusterDeployment.IDEMPOTENCY_LOCK_TTL);

  private static final Pattern UNAVAILABLE =
      Pattern.compile("\"code\"\\s*:\\s*\"IDEMPOTENCY_STORE_UNAVAILABLE\"");

  /** How long the test waits for an answer at all: long enough to measure a hang. */
  private static final Duration NO_ANSWER = FaultCluster.STORE_TIMEOUT.multipliedBy(3);

  private final FaultCluster cluster;
  private final Form form;

  StoreOutage(FaultCluster cluster, Form form) {
    this.cluster = cluster;
    this.form = form;
  }

  /**
   * Runs the scenario and checks its promises.
   *
   * @param softly collects what does not hold
   * @throws Exception when the scenario cannot run (the cluster is not ready)
   */
  void prove(SoftAssertions softly) throws Exception {
    ClusterMember leader = steadyLeader();
    FaultProxy link = cluster.storeLink();
    ExecutorService clients = Executors.newFixedThreadPool(2 * KEYS_PER_MEMBER);
    try {
      Instant cut = Instant.now();
      form.cut.accept(link);
      List<Future<Attempt>> refused = new ArrayList<>();
      for (ClusterMember member : cluster.members()) {
        for (int i = 0; i < KEYS_PER_MEMBER; i++) {
          String key = form.keyPrefix + member.name() + "-%02d".formatted(i);
          refused.add(clients.submit(() -> Attempt.send(member, key, NO_ANSWER)));
        }
      }
      Instant steppedDownBy = cut.plus(FaultCluster.LOCK_TTL).plus(FaultCluster.SLACK);
      sleepUntil(steppedDownBy);
      List<ReadinessAnswer> readinessInOutage = new ArrayList<>();
      for (ClusterMember member : cluster.members()) {
        readinessInOutage.add(member.readiness(NO_ANSWER));
      }
      boolean aLeads = cluster.a().leadsNow();
      boolean bLeads = cluster.b().leadsNow();
      List<Attempt> attempts = new ArrayList<>();
      for (Future<Attempt> attempt : refused) {
        attempts.add(attempt.get());
      }
      // long enough for the leader's ttl and a few ticks, and for every call's store timeout
      Instant holdUntil =
          later(
              steppedDownBy.plus(FaultCluster.TICK.multipliedBy(3)),
              cut.plus(FaultCluster.STORE_TIMEOUT).plusSeconds(2));
      sleepUntil(holdUntil);
      List<LeadershipChange> leadershipInOutage = cluster.records().leadership();
      List<Tick> ticksInOutage = cluster.records().ticks();
      List<RunEvent> runsInOutage = cluster.records().runs();
      List<Payment> paymentsInOutage = cluster.records().payments();
      Instant restored = Instant.now();
      link.forward();

      checkOutage(softly, attempts, cut, paymentsInOutage);
      checkUnready(softly, readinessInOutage);
      checkStepDown(softly, leader, leadershipInOutage, cut, restored, aLeads, bLeads);
      checkJobsSkip(softly, ticksInOutage, runsInOutage, steppedDownBy, restored);
      recover(softly, clients, attempts, restored);
    } finally {
      link.forward();
      clients.shutdownNow();
    }
  }

  /** Waits until a member leads and the job has just ticked; the leader. */
  private ClusterMember steadyLeader() throws InterruptedException {
    Polling.await(
        "a member leads and the job ticks",
        FaultCluster.START_WAIT,
        () ->
            (cluster.a().leadsNow() || cluster.b().leadsNow())
                && tickedSince(Instant.now().minus(FaultCluster.TICK.multipliedBy(2))));
    return cluster.a().leadsNow() ? cluster.a() : cluster.b();
  }

  private void checkOutage(
      SoftAssertions softly, List<Attempt> attempts, Instant cut, List<Payment> payments) {
    Map<String, Long> slowest =
        attempts.stream()
            .collect(
                Collectors.groupingBy(
                    a -> a.member().name(),
                    TreeMap::new,
                    Collectors.reducing(0L, Attempt::millis, Math::max)));
    Map<String, Long> statuses =
        attempts.stream().collect(Collectors.groupingBy(Attempt::summary, Collectors.counting()));
    Figures.record(form.figures, "answers during the outage", statuses);
    Figures.record(
        form.figures,
        "slowest answer by member, ms (bound)",
        slowest + " (" + ANSWER_BOUND.toMillis() + " ms)");
    for (Attempt attempt : attempts) {
      softly
          .assertThat(attempt.answer())
          .as("an answer to %s within %s", attempt.key(), NO_ANSWER)
          .isNotNull();
      if (attempt.answer() == null) {
        continue;
      }
      softly.assertThat(attempt.answer().status()).as("status of " + attempt).isEqualTo(503);
      softly
          .assertThat(UNAVAILABLE.matcher(attempt.answer().text()).find())
          .as("problem code IDEMPOTENCY_STORE_UNAVAILABLE in " + attempt)
          .isTrue();
      softly
          .assertThat(attempt.millis())
          .as("milliseconds until %s answered", attempt)
          .isLessThanOrEqualTo(ANSWER_BOUND.toMillis());
    }
    softly
        .assertThat(payments.stream().filter(p -> p.key().startsWith(form.keyPrefix)).toList())
        .as("payments run during the outage (cut at %s)", cut)
        .isEmpty();
  }

  private void checkStepDown(
      SoftAssertions softly,
      ClusterMember leader,
      List<LeadershipChange> changes,
      Instant cut,
      Instant restored,
      boolean aLeads,
      boolean bLeads) {
    List<LeadershipChange> outage =
        changes.stream()
            .filter(
                c -> c.atMillis() >= cut.toEpochMilli() && c.atMillis() <= restored.toEpochMilli())
            .toList();
    LeadershipChange stepDown =
        outage.stream()
            .filter(c -> c.member().equals(leader.name()) && c.event().startsWith("lost:"))
            .findFirst()
            .orElse(null);
    Figures.record(
        form.figures,
        "leader stepped down after (bound)",
        (stepDown == null ? "never" : stepDown.atMillis() - cut.toEpochMilli() + " ms")
            + " ("
            + FaultCluster.LOCK_TTL.plus(FaultCluster.SLACK).toMillis()
            + " ms)");
    softly
        .assertThat(stepDown)
        .as("the leader %s records lost:* during the outage: %s", leader, outage)
        .isNotNull();
    if (stepDown != null) {
      softly
          .assertThat(stepDown.atMillis() - cut.toEpochMilli())
          .as("milliseconds from the cut until %s stepped down", leader)
          .isLessThanOrEqualTo(FaultCluster.LOCK_TTL.plus(FaultCluster.SLACK).toMillis());
    }
    softly
        .assertThat(outage.stream().filter(c -> c.event().equals("acquired")).toList())
        .as("leadership acquired during the outage")
        .isEmpty();
    softly.assertThat(aLeads).as("a leads at cut + ttl + slack").isFalse();
    softly.assertThat(bLeads).as("b leads at cut + ttl + slack").isFalse();
  }

  private void checkJobsSkip(
      SoftAssertions softly,
      List<Tick> ticks,
      List<RunEvent> runs,
      Instant skipFrom,
      Instant restored) {
    long from = skipFrom.toEpochMilli();
    long to = restored.toEpochMilli();
    softly
        .assertThat(
            ticks.stream()
                .filter(t -> t.startedAtMillis() > from && t.startedAtMillis() < to)
                .toList())
        .as("ticks started from cut + ttl + slack until the link came back")
        .isEmpty();
    softly
        .assertThat(
            runs.stream()
                .filter(r -> r.key().equals(FencedWriterJob.NAME) && r.event().equals("started"))
                .filter(r -> r.atMillis() > from && r.atMillis() < to)
                .toList())
        .as("writer runs started from cut + ttl + slack until the link came back")
        .isEmpty();
  }

  /** The refused keys again (a client retries a 503 after a pause), a leader, a tick. */
  private void recover(
      SoftAssertions softly, ExecutorService clients, List<Attempt> refused, Instant restored)
      throws Exception {
    Instant deadline = restored.plus(RECOVERY);
    Instant keysDeadline = restored.plus(form.keysRecovery);
    List<Future<Retried>> retries = new ArrayList<>();
    for (Attempt attempt : refused) {
      retries.add(
          clients.submit(
              () -> Retried.untilCreated(attempt.member(), attempt.key(), keysDeadline)));
    }
    Instant leads = awaitRecovery(deadline, () -> cluster.a().leadsNow() || cluster.b().leadsNow());
    Instant ready = awaitRecovery(deadline, this::everyMemberReady);
    Instant ticks = awaitRecovery(deadline, () -> tickedSince(restored));
    List<Retried> retried = new ArrayList<>();
    for (Future<Retried> retry : retries) {
      retried.add(retry.get());
    }
    long firstCreated =
        retried.stream()
            .mapToLong(r -> r.createdAt() == null ? Long.MAX_VALUE : r.createdAt().toEpochMilli())
            .max()
            .orElse(Long.MAX_VALUE);
    Map<String, Long> answers =
        retried.stream()
            .flatMap(r -> r.answers().stream())
            .collect(
                Collectors.groupingBy(
                    a -> a.status() + (a.replayed() ? " replayed" : ""), Collectors.counting()));
    long heldByLateClaims =
        retried.stream().filter(r -> r.answers().stream().anyMatch(a -> a.status() == 409)).count();
    Figures.record(form.figures, "answers after the link came back", answers);
    Figures.record(
        form.figures,
        "refused keys held by a claim delivered late (409 until its lock ttl)",
        heldByLateClaims + " of " + retried.size());
    Figures.record(
        form.figures,
        "recovered after: every refused key's 201 (bound) / leader / tick / ready (bound)",
        since(restored, firstCreated)
            + " ("
            + form.keysRecovery.toMillis()
            + " ms) / "
            + since(restored, leads)
            + " / "
            + since(restored, ticks)
            + " / "
            + since(restored, ready)
            + " ("
            + RECOVERY.toMillis()
            + " ms)");
    softly
        .assertThat(ready)
        .as("both members' readiness UP again within %s after the link came back", RECOVERY)
        .isNotNull();

    for (Retried retry : retried) {
      softly
          .assertThat(retry.createdAt())
          .as(
              "a 201 for %s within %s after the link came back: %s",
              retry.key(), form.keysRecovery, retry)
          .isNotNull();
      softly
          .assertThat(
              retry.answers().stream().filter(a -> a.status() >= 500 && a.status() != 503).toList())
          .as("answers to %s other than 503 among the 5xx", retry.key())
          .isEmpty();
    }
    softly
        .assertThat(leads)
        .as("a leader within %s after the link came back", RECOVERY)
        .isNotNull();
    softly.assertThat(ticks).as("a tick within %s after the link came back", RECOVERY).isNotNull();
    Map<String, Long> runsByKey =
        cluster.records().payments().stream()
            .map(Payment::key)
            .filter(key -> key.startsWith(form.keyPrefix))
            .collect(Collectors.groupingBy(key -> key, Collectors.counting()));
    for (Attempt attempt : refused) {
      softly
          .assertThat(runsByKey.getOrDefault(attempt.key(), 0L))
          .as("payments run for " + attempt.key())
          .isEqualTo(1L);
    }
  }

  private boolean tickedSince(Instant since) {
    return cluster.records().ticks().stream()
        .anyMatch(t -> t.startedAtMillis() > since.toEpochMilli());
  }

  /** When {@code condition} first held, polling until {@code deadline}; null if it never did. */
  /**
   * Fenced's readiness checks during the outage: both members unready (503), and the DOWN checks
   * are Fenced's, each saying why.
   */
  private void checkUnready(SoftAssertions softly, List<ReadinessAnswer> answers) {
    Figures.record(
        form.figures,
        "readiness during the outage, by member (status, ms)",
        answers.stream().map(a -> a.status() + " in " + a.millis() + " ms").toList());
    for (ReadinessAnswer answer : answers) {
      softly
          .assertThat(answer.status())
          .as("readiness during the outage: " + answer)
          .isEqualTo(503);
      softly
          .assertThat(answer.body())
          .as("the DOWN readiness checks")
          .contains("fenced-idempotency-store", "fenced-lock-store", "DOWN", "reason");
    }
  }

  private boolean everyMemberReady() {
    try {
      for (ClusterMember member : cluster.members()) {
        if (!member.readiness(NO_ANSWER).ready()) {
          return false;
        }
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static Instant awaitRecovery(
      Instant deadline, java.util.function.BooleanSupplier condition) throws InterruptedException {
    while (Instant.now().isBefore(deadline)) {
      if (condition.getAsBoolean()) {
        return Instant.now();
      }
      Thread.sleep(50);
    }
    return null;
  }

  private static String since(Instant start, Instant end) {
    return end == null ? "never" : Duration.between(start, end).toMillis() + " ms";
  }

  private static String since(Instant start, long endMillis) {
    return endMillis == Long.MAX_VALUE ? "never" : endMillis - start.toEpochMilli() + " ms";
  }

  private static Instant later(Instant one, Instant other) {
    return one.isAfter(other) ? one : other;
  }

  private static void sleepUntil(Instant instant) throws InterruptedException {
    long millis = Duration.between(Instant.now(), instant).toMillis();
    if (millis > 0) {
      Thread.sleep(millis);
    }
  }

  /**
   * One call sent during the outage.
   *
   * @param member where it went
   * @param key its key
   * @param answer the answer, or {@code null} when none came within the test's patience
   * @param millis how long until the answer, or until the test gave up
   * @param failure why no answer came, or {@code null}
   */
  record Attempt(ClusterMember member, String key, Answer answer, long millis, String failure) {

    static Attempt send(ClusterMember member, String key, Duration patience)
        throws InterruptedException {
      long start = System.nanoTime();
      try {
        Answer answer = Payments.pay(member, key, patience);
        return new Attempt(member, key, answer, answer.millis(), null);
      } catch (IOException e) {
        return new Attempt(
            member, key, null, (System.nanoTime() - start) / 1_000_000, e.toString());
      }
    }

    String summary() {
      return answer == null ? "no answer" : String.valueOf(answer.status());
    }

    @Override
    public String toString() {
      return key
          + "@"
          + member
          + " after "
          + millis
          + " ms: "
          + (answer == null ? failure : answer);
    }
  }

  /**
   * A refused key sent again until it is created, as a client retries: after a 503 or an error one
   * second later, after a 409 its {@code Retry-After} later.
   *
   * @param key the key
   * @param answers every answer it got
   * @param createdAt when the 201 came, or {@code null} if none came before the deadline
   */
  record Retried(String key, List<Answer> answers, Instant createdAt) {

    static Retried untilCreated(ClusterMember member, String key, Instant deadline)
        throws InterruptedException {
      List<Answer> answers = new ArrayList<>();
      while (Instant.now().isBefore(deadline)) {
        long pause = 1;
        try {
          Answer answer = Payments.pay(member, key, NO_ANSWER);
          answers.add(answer);
          if (answer.status() == 201) {
            return new Retried(key, answers, Instant.now());
          }
          if (answer.status() == 409) {
            pause = answer.retryAfter().map(Long::parseLong).orElse(1L);
          }
        } catch (IOException e) {
          // no answer: retried like a 503
        }
        Thread.sleep(pause * 1000);
      }
      return new Retried(key, answers, null);
    }

    @Override
    public String toString() {
      return key + " " + answers;
    }
  }
}
