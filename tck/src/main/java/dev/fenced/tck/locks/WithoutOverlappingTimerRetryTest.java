package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.Runs;
import dev.fenced.tck.locks.timerretry.ExportTimer;
import dev.fenced.tck.locks.timerretry.RetriedExport;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A timer job retried by MicroProfile Fault Tolerance: the three {@code @Retry} attempts of the
 * first firing run inside one run lock (one key, one token). Fault Tolerance does not intercept EJB
 * timeout callbacks, so the {@code @Schedule} method calls a {@code @WithoutOverlapping @Retry} CDI
 * method.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingTimerRetryTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-timer-retry")
        .classes(RetriedExport.class, ExportTimer.class)
        .build();
  }

  @Inject Runs runs;

  @Test
  void the_retries_of_one_firing_run_inside_one_run_lock() throws Exception {
    Polling.await("three attempts", () -> runs.all().size() >= 3);
    List<Runs.Run> attempts = runs.all().subList(0, 3);
    long token = attempts.get(0).fencingToken();

    assertAll(
        () ->
            assertTrue(
                attempts.stream().allMatch(a -> RetriedExport.KEY.equals(a.key())), "" + attempts),
        () -> assertTrue(token > 0, "token " + token),
        () ->
            assertEquals(
                1,
                attempts.stream().mapToLong(Runs.Run::fencingToken).distinct().count(),
                "tokens " + attempts));
  }
}
