package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
import dev.fenced.tck.locks.timeout.PollingJob;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@code @WithoutOverlapping} {@code @Timeout} method of a programmatic EJB interval timer runs
 * under its run lock: each run sees the lock, held, with a positive token greater than the run
 * before's.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingTimeoutTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-timeout").classes(PollingJob.class).build();
  }

  @Inject Runs runs;

  @Test
  void each_timeout_runs_under_a_new_run_lock() throws Exception {
    Polling.await("three timeouts", () -> runs.all().size() >= 3);
    List<Runs.Run> seen = runs.all();

    assertAll(
        () -> assertTrue(seen.stream().allMatch(r -> PollingJob.KEY.equals(r.key())), "" + seen),
        () -> assertTrue(seen.stream().allMatch(Runs.Run::held), "held: " + seen),
        () -> assertTrue(seen.get(0).fencingToken() > 0, "token: " + seen),
        () -> {
          for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i).fencingToken() > seen.get(i - 1).fencingToken(), "" + seen);
          }
        });
  }
}
