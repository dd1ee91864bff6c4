package dev.fenced.arquillian.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.cluster.ClusterRecords.LeadershipChange;
import dev.fenced.arquillian.cluster.ClusterRecords.Payment;
import dev.fenced.arquillian.cluster.ClusterRecords.Tick;
import dev.fenced.arquillian.cluster.PaymentBurst.Answer;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.deployed.TckTimeouts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.assertj.core.api.SoftAssertions;
import org.assertj.core.groups.Tuple;
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
 * Two servers, one store: the members {@code a} and {@code b} (two WildFly, or WildFly and Open
 * Liberty; see {@code arquillian-cluster.xml}) run the same application ({@code cluster.app}) on
 * the run's shared store (the JPA store on PostgreSQL or the Redis store, chosen by {@code
 * fenced.tck.store}) and write what they do into the run's PostgreSQL records.
 *
 * <p>{@code a} starts first and is waited for until it runs the job and leads; then {@code b}
 * joins. The tests share that one cluster and run in order, the kill last: the burst of payments
 * (its load also falls into the job's window), the job's ticks over {@value #WINDOW_SECONDS}
 * seconds with both members up, the leader, and the takeover after {@code a} is killed with {@code
 * kill -9}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TwoServerClusterIT {

  private static final int WINDOW_SECONDS = 20;
  private static final Duration TTL = Duration.parse("PT" + ClusterDeployment.LOCK_TTL);
  private static final Duration TICK = Duration.ofSeconds(1);

  /**
   * What a takeover bound does not count: the survivor's timer going off a little after its second,
   * the run writing its record, reading the clocks.
   */
  private static final Duration SLACK = TckTimeouts.scaled(Duration.ofMillis(750));

  private static final Duration START_WAIT = TckTimeouts.scaled(Duration.ofSeconds(60));

  private static final ClusterMember A = ClusterMember.configured("a");
  private static final ClusterMember B = ClusterMember.configured("b");

  private static Instant bothRunningSince;
  private static Throwable startFailure;

  @Deployment(name = "a", managed = false, testable = false)
  @TargetsContainer("a")
  static WebArchive memberA() {
    return ClusterDeployment.of(A);
  }

  @Deployment(name = "b", managed = false, testable = false)
  @TargetsContainer("b")
  static WebArchive memberB() {
    return ClusterDeployment.of(B);
  }

  @ArquillianResource ContainerController servers;
  @ArquillianResource Deployer deployer;

  @BeforeEach
  void startTheCluster() throws Throwable {
    synchronized (TwoServerClusterIT.class) {
      if (startFailure != null) {
        throw new IllegalStateException("the cluster did not start", startFailure);
      }
      if (bothRunningSince != null) {
        return;
      }
      try {
        new ClusterControl(servers, deployer)
            .startInOrder(A, () -> ticksBy(A, 0) > 0 && A.leadsNow(), B, START_WAIT);
        bothRunningSince = Instant.now();
      } catch (Throwable e) {
        startFailure = e;
        throw e;
      }
    }
  }

  @Test
  @Order(1)
  void fifty_keys_posted_four_times_to_both_servers_at_once_run_fifty_times() throws Exception {
    List<Answer> answers = PaymentBurst.send(List.of(A, B), 50, 4, 32);
    System.out.println(
        "answers: "
            + answers.stream()
                .collect(
                    Collectors.groupingBy(
                        a -> a.status() + (a.replayed() ? " replayed" : ""),
                        Collectors.counting())));

    List<Payment> payments = ClusterRecords.get().payments();
    Map<String, List<Answer>> byKey = answers.stream().collect(Collectors.groupingBy(Answer::key));
    SoftAssertions softly = new SoftAssertions();
    softly.assertThat(payments).as("side effects").hasSize(50);
    softly.assertThat(payments.stream().map(Payment::key).distinct().count()).isEqualTo(50);
    int crossServerReplays = 0;
    for (Map.Entry<String, List<Answer>> key : byKey.entrySet()) {
      List<Answer> originals =
          key.getValue().stream().filter(a -> a.status() == 201 && !a.replayed()).toList();
      softly.assertThat(originals).as("first answers for " + key.getKey()).hasSize(1);
      if (originals.size() != 1) {
        continue;
      }
      Answer original = originals.get(0);
      for (Answer other : key.getValue()) {
        if (other == original) {
          continue;
        }
        if (other.status() == 409) {
          continue;
        }
        softly
            .assertThat(other.replayed() && other.status() == 201)
            .as("a replay or a 409: " + other)
            .isTrue();
        softly
            .assertThat(other.body())
            .as("the replayed body of " + other + " is the first one's: " + original)
            .isEqualTo(original.body());
        if (!other.member().equals(original.member())) {
          crossServerReplays++;
        }
      }
    }
    softly
        .assertThat(crossServerReplays)
        .as("replays by the member that did not run the key")
        .isPositive();
    softly.assertAll();
  }

  @Test
  @Order(2)
  void over_twenty_seconds_no_tick_runs_twice_tokens_never_go_down_and_the_job_never_stalls()
      throws Exception {
    long first = bothRunningSince.getEpochSecond() + 1;
    long last = first + WINDOW_SECONDS - 1;
    // the last tick's record is written just after its second starts
    sleepUntil(Instant.ofEpochSecond(last + 1).plus(SLACK));

    List<Tick> ticks = ClusterRecords.get().ticks();
    List<Long> missed =
        LongStream.rangeClosed(first, last)
            .filter(second -> ticks.stream().noneMatch(t -> t.second() == second))
            .boxed()
            .toList();
    System.out.printf(
        "ticks from second %d to %d: %s; seconds without a run: %s%n", first, last, ticks, missed);
    SoftAssertions softly = new SoftAssertions();
    assertNoSecondTwiceAndGrowingTokens(softly, ticks);
    assertNoStall(softly, ticks, first, last);
    softly.assertAll();
  }

  /**
   * Liveness as a timer service promises it under load: a tick may go off late or be skipped while
   * the machine is busy, and a member whose renewal came too late loses the job's lease, which the
   * other takes over within ttl + one tick. So between two runs of the job (and from the window's
   * edges to the nearest run) no more than ttl + two ticks pass; {@value #WINDOW_SECONDS} seconds
   * without a single run, or a job that stops, still fail.
   */
  private static void assertNoStall(
      SoftAssertions softly, List<Tick> ticks, long firstSecond, long lastSecond) {
    long maxGap = TckTimeouts.scaled(TTL.plus(TICK.multipliedBy(2))).toSeconds();
    List<Long> seconds =
        ticks.stream().map(Tick::second).filter(s -> s <= lastSecond).distinct().sorted().toList();
    // a ran the job before b joined, so a run before the window exists
    long previous =
        seconds.stream().filter(s -> s < firstSecond).reduce((x, y) -> y).orElse(firstSecond - 1);
    for (long second : seconds) {
      if (second < firstSecond) {
        continue;
      }
      softly
          .assertThat(second - previous)
          .as("seconds from the run at %d to the next run at %d", previous, second)
          .isLessThanOrEqualTo(maxGap);
      previous = second;
    }
    softly
        .assertThat(lastSecond - previous)
        .as("seconds from the last run (at %d) to the window's end (%d)", previous, lastSecond)
        .isLessThanOrEqualTo(maxGap);
  }

  @Test
  @Order(3)
  void one_server_leads_for_the_whole_run() throws Exception {
    List<LeadershipChange> changes = ClusterRecords.get().leadership();

    assertThat(changes)
        .as("leadership changes since the first member started")
        .extracting(LeadershipChange::member, LeadershipChange::event)
        .containsExactly(Tuple.tuple("a", "acquired"));
    assertThat(A.leads()).as("a leads").isTrue();
    assertThat(B.leads()).as("b leads").isFalse();
  }

  @Test
  @Order(4)
  void killing_the_owner_moves_the_job_and_the_leadership_to_the_other_server_in_ttl_plus_a_tick()
      throws Exception {
    List<Tick> before = ClusterRecords.get().ticks();
    assertThat(before.get(before.size() - 1).member()).as("the job's owner").isEqualTo("a");
    assertThat(A.leads()).as("a leads").isTrue();

    Instant killed = new ClusterControl(servers, deployer).kill(A, START_WAIT);
    Polling.await(
        "b runs the job three times and leads",
        START_WAIT,
        () -> ticksBy(B, killed.toEpochMilli()) >= 3 && B.leadsNow());

    List<Tick> ticks = ClusterRecords.get().ticks();
    Tick firstOnB =
        ticks.stream()
            .filter(t -> t.member().equals("b"))
            .filter(t -> t.startedAtMillis() > killed.toEpochMilli())
            .findFirst()
            .orElseThrow();
    LeadershipChange elected =
        ClusterRecords.get().leadership().stream()
            .filter(c -> c.member().equals("b") && c.event().equals("acquired"))
            .findFirst()
            .orElseThrow();
    Duration bound = TTL.plus(TICK).plus(SLACK);
    Duration jobMoved = Duration.ofMillis(firstOnB.startedAtMillis() - killed.toEpochMilli());
    Duration leaderMoved = Duration.ofMillis(elected.atMillis() - killed.toEpochMilli());
    System.out.printf(
        "a killed: b ran the job after %d ms and led after %d ms (bound %d ms)%n",
        jobMoved.toMillis(), leaderMoved.toMillis(), bound.toMillis());
    SoftAssertions softly = new SoftAssertions();
    softly.assertThat(jobMoved).as("from the kill to b's first run").isLessThanOrEqualTo(bound);
    softly
        .assertThat(leaderMoved)
        .as("from the kill to b's election")
        .isPositive()
        .isLessThanOrEqualTo(bound);
    softly
        .assertThat(elected.token())
        .as("b's lease token over a's")
        .isGreaterThan(ClusterRecords.get().leadership().get(0).token());
    assertNoSecondTwiceAndGrowingTokens(softly, ticks);
    softly.assertAll();
  }

  /** Over the whole run: no second has two runs, and each run's token is over the one before. */
  private static void assertNoSecondTwiceAndGrowingTokens(SoftAssertions softly, List<Tick> ticks) {
    Map<Long, Long> runsPerSecond =
        ticks.stream().collect(Collectors.groupingBy(Tick::second, Collectors.counting()));
    softly
        .assertThat(
            runsPerSecond.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey))
        .as("seconds that ran twice, in " + ticks)
        .isEmpty();
    long[] tokens = ticks.stream().mapToLong(Tick::token).toArray();
    softly
        .assertThat(tokens)
        .as("tokens in the order of the ticks")
        .isSorted()
        .doesNotHaveDuplicates();
  }

  private static long ticksBy(ClusterMember member, long sinceMillis) {
    return ClusterRecords.get().ticks().stream()
        .filter(t -> t.member().equals(member.name()) && t.startedAtMillis() > sinceMillis)
        .count();
  }

  private static void sleepUntil(Instant moment) throws InterruptedException {
    long millis = Duration.between(Instant.now(), moment).toMillis();
    if (millis > 0) {
      Thread.sleep(millis);
    }
  }
}
