package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
import dev.fenced.tck.locks.executor.TickJob;
import dev.fenced.tck.locks.executor.Ticker;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An {@code @OnOneInstance} CDI method run as a repeating task of the server's {@code
 * ManagedScheduledExecutorService} runs on this instance under one sticky lease: every run sees the
 * lease {@code <key>:owner} with the same positive fencing token in {@code LocksContext}.
 */
@ExtendWith(ArquillianExtension.class)
public class OnOneInstanceScheduledExecutorTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("on-one-instance-scheduled-executor")
        .classes(TickJob.class, Ticker.class)
        .build();
  }

  @Inject Ticker ticker;
  @Inject Runs runs;

  @Test
  void scheduled_tasks_run_under_one_sticky_lease() throws Exception {
    ScheduledFuture<?> task = ticker.start(Duration.ofMillis(100));
    try {
      Polling.await("three scheduled runs", () -> runs.all().size() >= 3);
    } finally {
      task.cancel(false);
    }
    List<Runs.Run> seen = runs.all();
    long token = seen.get(0).fencingToken();

    assertAll(
        () ->
            assertTrue(
                seen.stream().allMatch(r -> (TickJob.KEY + ":owner").equals(r.key())),
                seen::toString),
        () -> assertTrue(token > 0, "token " + token),
        () -> assertTrue(seen.stream().allMatch(r -> r.fencingToken() == token), seen::toString),
        () -> assertTrue(seen.stream().allMatch(Runs.Run::held), "held during each run"));
  }
}
