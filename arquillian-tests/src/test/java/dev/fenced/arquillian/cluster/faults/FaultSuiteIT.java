package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterControl;
import dev.fenced.arquillian.cluster.ClusterDeployment;
import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.ClusterRecords.Payment;
import dev.fenced.arquillian.cluster.faults.app.FencedWriterJob;
import dev.fenced.arquillian.cluster.faults.app.LossRecorder;
import dev.fenced.arquillian.cluster.faults.app.SlowPaymentResource;
import dev.fenced.tck.locks.common.Polling;
import java.util.List;
import java.util.Map;
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
    return ClusterDeployment.of(
        member, FencedWriterJob.class, LossRecorder.class, SlowPaymentResource.class);
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
        cluster.control().start(A);
        Polling.await(
            "a runs the writer job and leads",
            FaultCluster.START_WAIT,
            () -> cluster.writerOwner().isPresent() && A.leadsNow());
        cluster.control().start(B);
        Polling.await("b answers", FaultCluster.START_WAIT, B::answers);
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
    int keys = Integer.getInteger("fenced.faults.storm.keys", 400);
    int requests = Integer.getInteger("fenced.faults.storm.requests", 4000);
    int clients = Integer.getInteger("fenced.faults.storm.clients", 64);
    long start = System.nanoTime();
    List<Answer> answers =
        DuplicateStorm.send(cluster.members(), "storm-", keys, requests, clients);
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
    int crossServerReplays = 0;
    for (Map.Entry<String, List<Answer>> key : byKey.entrySet()) {
      List<Answer> originals = key.getValue().stream().filter(Answer::first).toList();
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
          softly.assertThat(other.retryAfter()).as("Retry-After of " + other).isPresent();
          continue;
        }
        softly.assertThat(other.replays(original)).as("a byte-identical replay: " + other).isTrue();
        if (!other.member().equals(original.member())) {
          crossServerReplays++;
        }
      }
    }
    softly.assertThat(crossServerReplays).as("replays by the other server").isPositive();
    softly
        .assertThat(answers.stream().filter(a -> a.status() >= 500).toList())
        .as("5xx answers")
        .isEmpty();
    softly.assertAll();
  }

  @Test
  @Order(3)
  void
      while_the_store_resets_every_connection_guarded_calls_answer_503_in_time_nothing_runs_and_all_recovers_without_a_restart()
          throws Exception {
    SoftAssertions softly = new SoftAssertions();
    new StoreOutage(cluster, StoreOutage.Form.RESET).prove(softly);
    softly.assertAll();
  }

  @Test
  @Order(4)
  void
      while_the_store_is_a_black_hole_guarded_calls_answer_503_in_time_nothing_runs_and_all_recovers_without_a_restart()
          throws Exception {
    SoftAssertions softly = new SoftAssertions();
    new StoreOutage(cluster, StoreOutage.Form.BLACK_HOLE).prove(softly);
    softly.assertAll();
  }
}
