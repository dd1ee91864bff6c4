package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.JobRan;
import dev.fenced.locks.JobSkipped;
import dev.fenced.locks.SkipReason;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.events.EventedJobs;
import dev.fenced.tck.locks.events.JobEventLog;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link JobRan} and {@link JobSkipped}: a run fires one {@code JobRan} with its duration, and with
 * its failure when it threw; a firing that a held run lock skips fires one {@code JobSkipped} with
 * the reason; a job under both guards fires one event per firing, not one per guard.
 */
@ExtendWith(ArquillianExtension.class)
public class JobEventsTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("job-events").classes(EventedJobs.class, JobEventLog.class).build();
  }

  @Inject EventedJobs jobs;
  @Inject JobEventLog log;
  @Inject Gates gates;
  @Inject Background background;

  private final String first = "first-" + UUID.randomUUID();
  private final String second = "second-" + UUID.randomUUID();

  @AfterEach
  void openTheGates() {
    gates.open(first);
    gates.open(second);
  }

  @Test
  void a_run_fires_job_ran_with_its_duration_and_no_failure() throws Exception {
    gates.open(first);
    int before = log.of(EventedJobs.REPORT).size();

    jobs.report(first);

    List<Object> events = log.of(EventedJobs.REPORT);
    assertEquals(before + 1, events.size(), "events: " + events);
    JobRan ran = assertInstanceOf(JobRan.class, events.get(events.size() - 1));
    assertAll(
        () -> assertEquals(Optional.empty(), ran.failure()),
        () -> assertTrue(!ran.duration().isNegative(), "duration " + ran.duration()));
  }

  @Test
  void a_run_that_throws_fires_job_ran_with_the_class_of_its_failure() {
    assertThrows(IllegalStateException.class, () -> jobs.failing());

    List<Object> events = log.of(EventedJobs.FAILING);
    JobRan ran = assertInstanceOf(JobRan.class, events.get(events.size() - 1));
    assertEquals(Optional.of(IllegalStateException.class.getName()), ran.failure());
  }

  @Test
  void a_firing_while_a_run_holds_the_run_lock_fires_job_skipped_with_the_reason()
      throws Exception {
    CompletableFuture<String> running = background.start(() -> jobs.report(first));
    assertTrue(gates.awaitEntered(first, Polling.WAIT), "the first run reached its gate");
    int before = log.of(EventedJobs.REPORT).size();
    gates.open(second);

    String skipped = jobs.report(second);
    List<Object> whileHeld = log.of(EventedJobs.REPORT);
    gates.open(first);
    Polling.result(running);

    assertAll(
        () -> assertNull(skipped, "the skipped firing's result"),
        () -> assertEquals(before + 1, whileHeld.size(), "events: " + whileHeld),
        () ->
            assertEquals(
                new JobSkipped(EventedJobs.REPORT, SkipReason.RUN_LOCK_HELD),
                whileHeld.get(whileHeld.size() - 1)),
        () ->
            assertInstanceOf(
                JobRan.class,
                log.of(EventedJobs.REPORT).get(log.of(EventedJobs.REPORT).size() - 1),
                "the held run's event once it ended"));
  }

  @Test
  void a_job_under_both_guards_fires_one_job_ran_per_run() {
    int before = log.of(EventedJobs.GUARDED_TWICE).size();

    jobs.guardedTwice();

    List<Object> events = log.of(EventedJobs.GUARDED_TWICE);
    assertEquals(before + 1, events.size(), "events: " + events);
    assertInstanceOf(JobRan.class, events.get(events.size() - 1));
  }
}
