package dev.fenced.arquillian.cluster.faults;

import static java.util.stream.Collectors.counting;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.cluster.ClusterControl;
import dev.fenced.arquillian.cluster.ClusterDeployment;
import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.ClusterRecords.LeadershipChange;
import dev.fenced.arquillian.cluster.ClusterRecords.Loss;
import dev.fenced.arquillian.cluster.ClusterRecords.Payment;
import dev.fenced.arquillian.cluster.ClusterRecords.RunEvent;
import dev.fenced.arquillian.cluster.ClusterRecords.Write;
import dev.fenced.arquillian.cluster.faults.app.CommitCrash;
import dev.fenced.arquillian.cluster.faults.app.CrashRuns;
import dev.fenced.arquillian.cluster.faults.app.FencedLedger;
import dev.fenced.arquillian.cluster.faults.app.FencedWriterJob;
import dev.fenced.arquillian.cluster.faults.app.GuardedBean;
import dev.fenced.arquillian.cluster.faults.app.GuardedCalls;
import dev.fenced.arquillian.cluster.faults.app.GuardedEjb;
import dev.fenced.arquillian.cluster.faults.app.GuardedResource;
import dev.fenced.arquillian.cluster.faults.app.LossRecorder;
import dev.fenced.arquillian.cluster.faults.app.SlowPaymentResource;
import dev.fenced.arquillian.harness.JpaTckStoreProvider;
import dev.fenced.tck.locks.common.Polling;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The fault suite ({@code RELIABILITY.md}): two servers share the run's store through a proxy
 * ({@code StoreLink}) and run the cluster application with the fault suite's additions. The
 * scenarios share that one cluster and run in order, each bounded in time and traffic; the ones
 * that stop a server bring it back, the kill comes last. Sizes are system properties ({@code
 * fenced.faults.*}); each scenario writes its figures ({@link Figures}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultSuiteIT {

  private static final ClusterMember A = ClusterMember.configured("a");
  private static final ClusterMember B = ClusterMember.configured("b");

  private static boolean started;
  private static Throwable startFailure;

  @Deployment(name = "a", managed = false, testable = false)
  @TargetsContainer("a")
  static WebArchive memberA() {
    return deployment(A);
  }

  @Deployment(name = "b", managed = false, testable = false)
  @TargetsContainer("b")
  static WebArchive memberB() {
    return deployment(B);
  }

  private static WebArchive deployment(ClusterMember member) {
    Map<String, String> config = new TreeMap<>();
    CommitWindow.commitMode().ifPresent(mode -> config.put("fenced.idempotency.commit", mode));
    WebArchive war =
        ClusterDeployment.of(
            member,
            config,
            FencedLedger.class,
            FencedWriterJob.class,
            LossRecorder.class,
            SlowPaymentResource.class,
            CrashRuns.class,
            CommitCrash.class,
            GuardedEjb.class,
            GuardedBean.class,
            GuardedResource.class,
            GuardedCalls.class);
    // the fenced resource uses PostgresFence whichever store the run's Fenced uses
    JpaTckStoreProvider.addStoreLibrary(war);
    return war;
  }

  @ArquillianResource ContainerController servers;
  @ArquillianResource Deployer deployer;

  private FaultCluster cluster;

  @BeforeEach
  void startTheCluster() throws Throwable {
    cluster = new FaultCluster(A, B, new ClusterControl(servers, deployer));
    synchronized (FaultSuiteIT.class) {
      if (startFailure != null) {
        throw new IllegalStateException("the cluster did not start", startFailure);
      }
      if (started) {
        return;
      }
      try {
        LedgerEntries.create();
        CrashRunRows.create();
        cluster
            .control()
            .startInOrder(
                A,
                () -> cluster.writerOwner().isPresent() && A.leadsNow(),
                B,
                FaultCluster.START_WAIT);
        started = true;
      } catch (Throwable e) {
        startFailure = e;
        throw e;
      }
    }
  }

  @Test
  @Order(1)
  void
      a_duplicate_storm_on_both_servers_runs_each_key_once_and_answers_only_outcomes_replays_or_409()
          throws Exception {
    int keys = Integer.getInteger("fenced.faults.storm.keys", 160);
    int requests = Integer.getInteger("fenced.faults.storm.requests", 1600);
    int clients = Integer.getInteger("fenced.faults.storm.clients", 64);
    long start = System.nanoTime();
    List<Answer> answers =
        DuplicateStorm.send(cluster.members(), "storm-", keys, requests, clients, false);
    long seconds = (System.nanoTime() - start) / 1_000_000_000;

    List<Payment> payments =
        cluster.records().payments().stream().filter(p -> p.key().startsWith("storm-")).toList();
    Map<String, List<Answer>> byKey = answers.stream().collect(Collectors.groupingBy(Answer::key));
    Map<String, Long> statuses =
        answers.stream()
            .collect(
                Collectors.groupingBy(
                    a -> a.status() + (a.replayed() ? " replayed" : ""), Collectors.counting()));
    Figures.record(
        "storm", "requests (retries)", requests + " (" + (answers.size() - requests) + ")");
    Figures.record("storm", "keys / side effects", keys + " / " + payments.size());
    Figures.record("storm", "answers", statuses);
    Figures.record("storm", "duration", seconds + " s");

    SoftAssertions softly = new SoftAssertions();
    softly
        .assertThat(answers.size())
        .as("answers, retries included")
        .isGreaterThanOrEqualTo(requests);
    softly.assertThat(payments).as("side effects").hasSize(keys);
    softly.assertThat(payments.stream().map(Payment::key).distinct().count()).isEqualTo(keys);
    Map<String, Answer> firsts = KeyAnswers.assertOneRunEach(softly, byKey);
    softly
        .assertThat(answers)
        .as("answers that are neither a first answer, a replay nor a 409")
        .allMatch(a -> a.status() == 201 || a.status() == 409);
    long crossServerReplays =
        answers.stream()
            .filter(a -> a.replayed() && firsts.containsKey(a.key()))
            .filter(a -> !a.member().equals(firsts.get(a.key()).member()))
            .count();
    softly.assertThat(crossServerReplays).as("replays by the other server").isPositive();
    softly
        .assertThat(answers.stream().filter(a -> a.status() >= 500).toList())
        .as("5xx answers")
        .isEmpty();
    softly.assertAll();
  }

  @Test
  @Order(2)
  void bad_input_gets_a_documented_answer_and_stores_nothing_for_a_rejected_request()
      throws Exception {
    int size = Integer.getInteger(FuzzRequests.SIZE, FuzzRequests.DEFAULT_SIZE);
    long seed = Long.getLong("fenced.faults.fuzz.seed", 15);
    List<FuzzRequest> requests = FuzzRequests.generate(seed, size);
    int recordsBefore = IdempotencyRecords.keys().size();
    long start = System.nanoTime();
    List<FuzzAnswer> answers = FuzzBarrage.send(cluster.members(), requests);
    long seconds = (System.nanoTime() - start) / 1_000_000_000;
    List<String> recordsAfter = IdempotencyRecords.keys();
    FuzzFindings found = FuzzFindings.of(answers, recordsAfter, cluster.records().payments());

    Figures.record("fuzz", "requests sent (seed)", answers.size() + " (" + seed + ")");
    Figures.record("fuzz", "answers", found.byKind());
    Figures.record("fuzz", "requests by class", found.byInput());
    Figures.record("fuzz", "rejected requests", found.rejected().size());
    Figures.record(
        "fuzz",
        "records stored (first 201s)",
        (recordsAfter.size() - recordsBefore) + " (" + found.ran().size() + ")");
    Figures.record("fuzz", "side effects", found.payments().size());
    Figures.record("fuzz", "undocumented answers", found.undocumented().size());
    Figures.record("fuzz", "duration", seconds + " s");
    found
        .kindsByInput()
        .forEach((input, kinds) -> System.out.println("FUZZ " + input + " " + kinds));
    found.undocumented().forEach(a -> System.out.println("FUZZ undocumented " + a));

    SoftAssertions softly = new SoftAssertions();
    softly.assertThat(answers).as("requests sent").hasSizeGreaterThanOrEqualTo(size);
    softly.assertThat(found.unanswered()).as("requests without an answer").isEmpty();
    softly.assertThat(found.serverErrors()).as("5xx answers").isEmpty();
    softly
        .assertThat(found.undocumentedByClass())
        .as("answers outside the documented table (%d)", found.undocumented().size())
        .isEmpty();
    softly
        .assertThat(found.answersOf(intersection(found.stored(), found.rejected())))
        .as("rejected requests with a stored record")
        .isEmpty();
    softly
        .assertThat(found.stored())
        .as("the requests with a stored record are those that ran")
        .isEqualTo(found.ran());
    softly.assertThat(found.storedMoreThanOnce()).as("requests with several records").isEmpty();
    softly
        .assertThat(recordsAfter.size() - recordsBefore)
        .as("records the fuzz added")
        .isEqualTo(found.ran().size());
    softly
        .assertThat(found.paid())
        .as("side effects exist for the requests that ran")
        .isEqualTo(found.ran());
    softly.assertThat(found.paidMoreThanOnce()).as("requests with several side effects").isEmpty();
    softly.assertAll();
  }

  private static Set<Integer> intersection(Set<Integer> some, Set<Integer> others) {
    return some.stream().filter(others::contains).collect(Collectors.toSet());
  }

  @Test
  @Order(3)
  void a_store_that_resets_every_connection_gets_503_in_time_runs_nothing_and_recovers_unaided()
      throws Exception {
    SoftAssertions softly = new SoftAssertions();
    new StoreOutage(cluster, StoreOutage.Form.RESET).prove(softly);
    softly.assertAll();
  }

  @Test
  @Order(4)
  void a_black_holed_store_gets_503_in_time_runs_nothing_and_recovers_unaided() throws Exception {
    SoftAssertions softly = new SoftAssertions();
    new StoreOutage(cluster, StoreOutage.Form.BLACK_HOLE).prove(softly);
    softly.assertAll();
  }

  @Test
  @Order(5)
  void a_server_frozen_past_its_lease_loses_it_on_waking_and_the_resource_refuses_its_old_token()
      throws Exception {
    int rounds = Integer.getInteger("fenced.faults.split-brain.rounds", 2);
    SoftAssertions softly = new SoftAssertions();
    List<Write> lateWrites = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      SplitBrain brain = SplitBrain.play(cluster);
      String as = "round " + round + ", " + brain.frozen() + " frozen: ";
      Write taken =
          SplitBrain.firstAcceptedWriteBy(cluster, brain.taker(), brain.frozenAtMillis())
              .orElseThrow();
      List<Write> late = brain.attemptsAfterThaw(cluster);
      List<Loss> losses = brain.lossesAfterThaw(cluster);
      Figures.record(
          "split brain",
          "round " + round,
          ("frozen %d ms, %s wrote after %d ms, stale writes after the thaw %s, losses %s")
              .formatted(
                  brain.thawedAtMillis() - brain.frozenAtMillis(),
                  brain.taker(),
                  taken.atMillis() - brain.frozenAtMillis(),
                  late.stream()
                      .collect(Collectors.groupingBy(Write::outcome, TreeMap::new, counting())),
                  losses.stream().map(l -> l.key() + " by " + l.detectedBy()).toList()));
      softly
          .assertThat(taken.atMillis() - brain.frozenAtMillis())
          .as(as + "ms until the other member wrote with its token")
          .isLessThanOrEqualTo(
              FaultCluster.LOCK_TTL.plus(FaultCluster.TICK).plus(FaultCluster.SLACK).toMillis());
      softly.assertThat(late).as(as + "writes of the thawed member").isNotEmpty();
      softly
          .assertThat(late)
          .as(as + "writes of the thawed member that the resource took")
          .noneMatch(Write::accepted);
      lateWrites.addAll(late);
      Set<String> committed = LedgerEntries.attempts();
      softly
          .assertThat(late.stream().map(Write::attempt))
          .as(as + "writes of the thawed member that left an entry in the resource")
          .noneMatch(committed::contains);
      softly.assertThat(losses).as(as + "LockLost fired on the thawed member").isNotEmpty();
      softly
          .assertThat(brain.interruptedAfterThaw(cluster))
          .as(as + "the thawed member's run was interrupted")
          .isTrue();
      if (brain.ledBeforeFreeze()) {
        List<LeadershipChange> changes = brain.leadershipChanges(cluster);
        softly
            .assertThat(changes)
            .as(as + "the other member was elected while it was frozen")
            .anyMatch(
                c ->
                    c.member().equals(brain.taker().name())
                        && c.event().equals("acquired")
                        && c.atMillis() < brain.thawedAtMillis());
        softly
            .assertThat(changes)
            .as(as + "the thawed member stepped down")
            .anyMatch(
                c ->
                    c.member().equals(brain.frozen().name())
                        && c.event().startsWith("lost:")
                        && c.atMillis() >= brain.thawedAtMillis());
        softly.assertThat(brain.frozen().leadsNow()).as(as + "the thawed member leads").isFalse();
      }
    }
    // per round a late write may only fail (frozen inside its transaction, with no write after it
    // before the run ended); over the rounds the resource must have refused some
    softly
        .assertThat(lateWrites)
        .as("writes of the thawed members that the resource refused, over %d rounds", rounds)
        .anyMatch(Write::refused);
    assertNoStaleWriteWasTaken("split brain", softly);
    softly.assertAll();
  }

  @Test
  @Order(6)
  void a_graceful_restart_during_load_hands_the_leases_over_at_once_and_loses_no_outcome()
      throws Exception {
    ClusterMember leaving = cluster.awaitWriterRunStart();
    ClusterMember staying = cluster.other(leaving);
    boolean led = leaving.leadsNow();
    int keys = Integer.getInteger("fenced.faults.restart.keys", 100);
    ExecutorService load = Executors.newSingleThreadExecutor();
    long stopping;
    List<Answer> answers;
    try {
      Future<List<Answer>> sent =
          load.submit(
              () -> DuplicateStorm.send(cluster.members(), "restart-", keys, keys * 4, 16, true));
      Thread.sleep(1500);
      stopping = System.currentTimeMillis();
      cluster.control().stop(leaving, FaultCluster.LOCK_TTL);
      answers = sent.get(FaultCluster.START_WAIT.toSeconds(), TimeUnit.SECONDS);
    } finally {
      load.shutdownNow();
    }
    // the gap without a run: from the leaving member's last writer event to the staying one's run
    long lastOnLeaving =
        SplitBrain.writerRuns(cluster).stream()
            .filter(r -> r.member().equals(leaving.name()))
            .mapToLong(RunEvent::atMillis)
            .max()
            .orElse(stopping);
    Optional<RunEvent> takenOver = writerStartedBy(staying, stopping);
    Optional<LeadershipChange> elected =
        cluster.records().leadership().stream()
            .filter(c -> c.member().equals(staying.name()) && c.event().equals("acquired"))
            .filter(c -> c.atMillis() >= stopping)
            .findFirst();
    cluster.control().start(leaving);
    Polling.await(
        leaving + " answers after its restart", FaultCluster.START_WAIT, leaving::answers);
    Answer afterRestart = Payments.pay(leaving, "restart-after", FaultCluster.START_WAIT);

    List<Payment> payments =
        cluster.records().payments().stream().filter(p -> p.key().startsWith("restart-")).toList();
    Map<String, List<Answer>> byKey = answers.stream().collect(Collectors.groupingBy(Answer::key));
    Figures.record(
        "restart",
        "answers",
        answers.stream()
            .collect(
                Collectors.groupingBy(
                    a -> a.status() + (a.replayed() ? " replayed" : ""), Collectors.counting())));
    Figures.record("restart", "keys / side effects", keys + " / " + (payments.size() - 1));
    Figures.record(
        "restart",
        "job handed over: no run for",
        takenOver.map(r -> (r.atMillis() - lastOnLeaving) + " ms").orElse("never"));
    Figures.record(
        "restart",
        "leader elected after the stop began",
        elected.map(c -> (c.atMillis() - stopping) + " ms").orElse("-"));
    SoftAssertions softly = new SoftAssertions();
    softly.assertThat(byKey).as("keys answered").hasSize(keys);
    softly
        .assertThat(payments)
        .as("side effects, the one after the restart included")
        .hasSize(keys + 1);
    softly.assertThat(payments.stream().map(Payment::key).distinct().count()).isEqualTo(keys + 1);
    Map<String, Answer> firsts = KeyAnswers.assertOneRunEach(softly, byKey);
    for (Map.Entry<String, Answer> key : firsts.entrySet()) {
      Answer original = key.getValue();
      Answer replay = Payments.pay(staying, key.getKey(), FaultCluster.START_WAIT);
      softly
          .assertThat(replay.replays(original))
          .as("the outcome of " + key.getKey() + " after the restart: " + replay)
          .isTrue();
    }
    softly
        .assertThat(takenOver)
        .as("%s runs the job within a tick of %s's last run", staying, leaving)
        .hasValueSatisfying(
            r ->
                assertThat(r.atMillis() - lastOnLeaving)
                    .isLessThanOrEqualTo(FaultCluster.TICK.plus(FaultCluster.SLACK).toMillis()));
    if (led) {
      softly.assertThat(elected).as("%s elected after %s stopped", staying, leaving).isPresent();
    }
    softly.assertThat(afterRestart.first()).as("a payment after the restart").isTrue();
    softly.assertAll();
  }

  @Test
  @Order(7)
  void
      a_server_that_halts_right_after_the_commit_never_runs_the_call_twice_where_the_window_is_closed()
          throws Exception {
    int rounds = Integer.getInteger("fenced.faults.crash-after-commit.rounds", 1);
    SoftAssertions softly = new SoftAssertions();
    List<CrashAfterCommit> crashes = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      for (CallKind kind : CallKind.values()) {
        // each crash halts the other member than the one before: both servers, every kind
        ClusterMember crashed = cluster.members().get(crashes.size() % 2);
        CommitWindow window = CommitWindow.expected(kind);
        CrashAfterCommit crash = CrashAfterCommit.play(cluster, kind, crashed);
        crashes.add(crash);
        crash.recordFigures(round, window);
        String as =
            "round %d, %s halted on %s (window %s): ".formatted(round, kind, crashed, window);
        if (!crash.proveTheWorkCommittedOnceAndTheMemberHalted(softly, as)) {
          continue;
        }
        switch (window) {
          case CLOSED -> crash.proveTheRetryGotTheHaltedRunsOutcomeAtOnce(softly, as);
          case MARKED -> crash.proveTheRetryWasToldTheOutcomeIsLost(softly, as);
          case OPEN -> crash.proveTheRetryRanItAgainOnceTheClaimExpired(softly, as);
        }
      }
    }
    Figures.record(
        "crash after commit",
        "runs per key, by kind and window",
        crashes.stream()
            .collect(
                Collectors.groupingBy(
                    c -> c.kind() + " " + CommitWindow.expected(c.kind()),
                    TreeMap::new,
                    Collectors.mapping(c -> c.rows().size(), Collectors.toList()))));
    Figures.record(
        "crash after commit",
        "restart after the halt, ms, by member",
        crashes.stream()
            .filter(CrashAfterCommit::halted)
            .collect(
                Collectors.groupingBy(
                    c -> c.crashed().name(),
                    TreeMap::new,
                    Collectors.mapping(CrashAfterCommit::restartMillis, Collectors.toList()))));
    softly
        .assertThat(cluster.members())
        .as("members that answer after the scenario")
        .allMatch(ClusterMember::answers);
    softly.assertAll();
  }

  @Test
  @Order(8)
  void a_server_killed_mid_handler_and_mid_job_is_replaced_once_after_the_ttl_and_never_before()
      throws Exception {
    ClusterMember victim = cluster.awaitWriterRunStart();
    ClusterMember survivor = cluster.other(victim);
    String key = "kill-" + victim;
    ExecutorService client = Executors.newSingleThreadExecutor();
    try {
      client.submit(
          () -> Payments.paySlowly(victim, key, Duration.ofSeconds(30), Duration.ofSeconds(60)));
      Polling.await(
          victim + " runs the slow payment", FaultCluster.START_WAIT, () -> started(key, victim));
      Answer whileRunning =
          Payments.paySlowly(survivor, key, Duration.ZERO, FaultCluster.START_WAIT);
      Polling.await(
          victim + " starts a writer run",
          FaultCluster.START_WAIT,
          () ->
              lastWriterEvent()
                  .filter(r -> r.member().equals(victim.name()))
                  .map(r -> r.event().equals("started"))
                  .orElse(false));
      Instant killed = cluster.control().kill(victim, FaultCluster.START_WAIT);

      List<Answer> retries = new ArrayList<>();
      Answer answer;
      do {
        answer = Payments.paySlowly(survivor, key, Duration.ZERO, FaultCluster.START_WAIT);
        retries.add(answer);
        if (answer.status() == 409) {
          Thread.sleep(answer.retryAfter().map(Long::parseLong).orElse(1L) * 1000);
        }
      } while (answer.status() == 409
          && Instant.now().isBefore(killed.plus(FaultCluster.LOCK_TTL).plusSeconds(30)));
      Polling.await(
          survivor + " runs the writer job",
          FaultCluster.START_WAIT,
          () -> writerStartedBy(survivor, killed.toEpochMilli()).isPresent());

      List<RunEvent> runs =
          cluster.records().runs().stream().filter(r -> r.key().equals(key)).toList();
      Optional<RunEvent> rerun =
          runs.stream()
              .filter(r -> r.member().equals(survivor.name()) && r.event().equals("started"))
              .findFirst();
      long jobMoved =
          writerStartedBy(survivor, killed.toEpochMilli()).orElseThrow().atMillis()
              - killed.toEpochMilli();
      Figures.record(
          "kill -9", "retries on " + survivor, retries.stream().map(Answer::status).toList());
      Figures.record(
          "kill -9",
          "handler ran again after",
          rerun.map(r -> (r.atMillis() - killed.toEpochMilli()) + " ms").orElse("never"));
      Figures.record("kill -9", "job taken over after", jobMoved + " ms");

      SoftAssertions softly = new SoftAssertions();
      softly
          .assertThat(whileRunning.status())
          .as("a retry while %s runs it", victim)
          .isEqualTo(409);
      softly.assertThat(answer.first()).as("the last retry's answer: " + answer).isTrue();
      softly
          .assertThat(runs.stream().filter(r -> r.event().equals("started")).map(RunEvent::member))
          .as("the runs of " + key)
          .containsExactly(victim.name(), survivor.name());
      softly
          .assertThat(rerun)
          .as("the run on %s starts after the kill and within lock ttl + Retry-After", survivor)
          .hasValueSatisfying(
              r ->
                  assertThat(r.atMillis() - killed.toEpochMilli())
                      .isPositive()
                      .isLessThanOrEqualTo(
                          Duration.parse("PT" + SlowPaymentResource.LOCK_TTL)
                              .plusSeconds(1)
                              .plus(FaultCluster.SLACK)
                              .toMillis()));
      softly
          .assertThat(jobMoved)
          .as("ms from the kill to %s's first writer run", survivor)
          .isLessThanOrEqualTo(
              FaultCluster.LOCK_TTL.plus(FaultCluster.TICK).plus(FaultCluster.SLACK).toMillis());
      assertNoStaleWriteWasTaken("kill -9", softly);
      softly.assertAll();
    } finally {
      client.shutdownNow();
    }
  }

  private boolean started(String key, ClusterMember member) {
    return cluster.records().runs().stream()
        .anyMatch(
            r ->
                r.key().equals(key)
                    && r.member().equals(member.name())
                    && r.event().equals("started"));
  }

  private Optional<RunEvent> lastWriterEvent() {
    List<RunEvent> runs = SplitBrain.writerRuns(cluster);
    return runs.isEmpty() ? Optional.empty() : Optional.of(runs.get(runs.size() - 1));
  }

  private Optional<RunEvent> writerStartedBy(ClusterMember member, long sinceMillis) {
    return SplitBrain.writerRuns(cluster).stream()
        .filter(r -> r.member().equals(member.name()) && r.event().equals("started"))
        .filter(r -> r.atMillis() >= sinceMillis)
        .findFirst();
  }

  /** Over the whole run: the tokens of the writes the resource took never go down. */
  /**
   * The resource's table holds no write with a token lower than one it held before, every refused
   * attempt rolled back whole, and every admitted one committed.
   */
  private void assertNoStaleWriteWasTaken(String scenario, SoftAssertions softly) {
    // attempts first: each is recorded after its transaction, so an admitted one read here is
    // in the resource's table read next (the writer job goes on meanwhile)
    List<Write> attempts = cluster.records().writes();
    List<LedgerEntries.Entry> entries = LedgerEntries.read();
    Set<String> committed =
        entries.stream().map(LedgerEntries.Entry::attempt).collect(Collectors.toSet());
    Figures.record(
        scenario,
        "fenced resource",
        "%d entries committed; attempts: %s"
            .formatted(
                entries.size(),
                attempts.stream()
                    .collect(Collectors.groupingBy(Write::outcome, TreeMap::new, counting()))));
    softly
        .assertThat(entries.stream().mapToLong(LedgerEntries.Entry::token).toArray())
        .as("tokens of the resource's entries, in the resource's order")
        .isSorted();
    softly
        .assertThat(attempts.stream().filter(Write::refused).map(Write::attempt))
        .as("refused attempts that left an entry in the resource")
        .noneMatch(committed::contains);
    softly
        .assertThat(attempts.stream().filter(Write::accepted).map(Write::attempt))
        .as("admitted attempts without their entry in the resource")
        .allMatch(committed::contains);
  }
}
