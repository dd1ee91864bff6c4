package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
import dev.fenced.tck.locks.schedule.HeartbeatJob;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An {@code @OnOneInstance} EJB {@code @Schedule} timer firing every second runs on this (only)
 * instance; each run sees the job's lease {@code <key>:owner} and its positive fencing token in
 * {@code LocksContext}; the lease is sticky: the same token in every run, held between runs.
 */
@ExtendWith(ArquillianExtension.class)
public class OnOneInstanceScheduleTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("on-one-instance-schedule").classes(HeartbeatJob.class).build();
  }

  @Inject Runs runs;
  @Inject Locks locks;
  @Inject LocksContext context;

  private List<Runs.Run> awaitRuns(int count) throws InterruptedException {
    Polling.await(count + " timer runs", () -> runs.all().size() >= count);
    return runs.all();
  }

  @Test
  void the_timer_runs_and_sees_its_lease_and_a_positive_fencing_token() throws Exception {
    Runs.Run run = awaitRuns(1).get(0);
    assertAll(
        () -> assertEquals(HeartbeatJob.KEY + ":owner", run.key(), "the lock in LocksContext"),
        () -> assertTrue(run.fencingToken() > 0, "token " + run.fencingToken()),
        () -> assertTrue(run.held(), "held during the run"));
  }

  @Test
  void every_run_on_the_owner_keeps_the_same_sticky_lease() throws Exception {
    List<Runs.Run> seen = awaitRuns(3);
    long token = seen.get(0).fencingToken();
    Optional<Lock> other = locks.tryAcquire(HeartbeatJob.KEY + ":owner");
    other.ifPresent(Lock::close);

    assertAll(
        () -> assertTrue(seen.stream().allMatch(r -> r.fencingToken() == token), seen::toString),
        () -> assertTrue(other.isEmpty(), "the lease was free between runs"));
  }

  @Test
  void outside_a_run_locks_context_is_empty() {
    assertAll(
        () -> assertTrue(context.lock().isEmpty(), "lock"),
        () -> assertTrue(context.fencingToken().isEmpty(), "fencing token"));
  }
}
