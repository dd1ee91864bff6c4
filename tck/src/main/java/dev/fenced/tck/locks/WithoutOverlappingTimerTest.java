package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
import dev.fenced.tck.locks.timer.SlowExportJob;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@code @WithoutOverlapping} EJB timer method whose runs take longer than its period, fired by
 * two timers at once, never runs twice at the same time; each run holds its own run lock, with a
 * greater fencing token than the run before.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingTimerTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-timer").classes(SlowExportJob.class).build();
  }

  @Inject Runs runs;

  @Test
  void runs_longer_than_the_period_never_overlap() throws Exception {
    Polling.await("three timer runs", () -> runs.all().size() >= 3);
    List<Runs.Run> seen = runs.all();

    assertAll(
        () -> assertEquals(1, runs.mostAtOnce(), "runs in progress at once"),
        () -> assertTrue(seen.stream().allMatch(r -> SlowExportJob.KEY.equals(r.key())), "keys"),
        () -> assertTrue(seen.stream().allMatch(Runs.Run::held), "held during each run"),
        () -> {
          for (int i = 1; i < seen.size(); i++) {
            assertTrue(
                seen.get(i).fencingToken() > seen.get(i - 1).fencingToken(),
                "each run has a new run lock: " + seen);
          }
        });
  }
}
