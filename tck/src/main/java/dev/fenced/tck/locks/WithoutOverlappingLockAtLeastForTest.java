package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.lockatleastfor.ShortJobs;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @WithoutOverlapping(lockAtLeastFor)}: a short job's run lock stays held for the minimum
 * hold after the run began, so a second firing right after the run (another instance's timer that
 * fires a little later) is skipped, and one after the hold runs; a run that throws keeps the hold
 * too; without {@code lockAtLeastFor} the second firing runs.
 */
@ExtendWith(ArquillianExtension.class)
public class WithoutOverlappingLockAtLeastForTest {

  private static final Duration HOLD = Duration.ofSeconds(3);

  /** The store's clock and this JVM's may tick at slightly different rates. */
  private static final Duration CLOCK_TOLERANCE = Duration.ofMillis(300);

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("without-overlapping-lock-at-least-for")
        .classes(ShortJobs.class, Invocations.class)
        .build();
  }

  @Inject ShortJobs jobs;
  @Inject Invocations invocations;

  private final String tag = "run-" + UUID.randomUUID();

  @Test
  void a_firing_right_after_a_short_run_is_skipped_and_one_after_the_hold_runs() throws Exception {
    long started = firstRun(() -> jobs.held(tag));

    boolean second = jobs.held(tag);
    Polling.await("a run after the minimum hold", () -> jobs.held(tag));
    Duration waited = Duration.ofNanos(System.nanoTime() - started);

    assertAll(
        () -> assertFalse(second, "the firing right after the run ran"),
        () -> assertEquals(2, invocations.count(tag), "runs"),
        () ->
            assertTrue(waited.compareTo(HOLD.minus(CLOCK_TOLERANCE)) >= 0, "ran after " + waited));
  }

  @Test
  void a_run_that_throws_keeps_the_minimum_hold_too() throws Exception {
    long started = firstRun(this::failingRan);

    boolean second = failingRan();
    Polling.await("a run after the minimum hold", this::failingRan);
    Duration waited = Duration.ofNanos(System.nanoTime() - started);

    assertAll(
        () -> assertFalse(second, "the firing right after the failed run ran"),
        () -> assertEquals(2, invocations.count(tag), "runs"),
        () ->
            assertTrue(waited.compareTo(HOLD.minus(CLOCK_TOLERANCE)) >= 0, "ran after " + waited));
  }

  @Test
  void without_lock_at_least_for_a_firing_right_after_a_short_run_runs() throws Exception {
    firstRun(() -> jobs.plain(tag));

    assertTrue(jobs.plain(tag), "the firing right after the run was skipped");
    assertEquals(2, invocations.count(tag), "runs");
  }

  /**
   * Fires until a run happens (a hold left in a shared store by an earlier run of the TCK may still
   * last), and returns when the firing that ran began.
   */
  private static long firstRun(BooleanSupplier fire) throws InterruptedException {
    long[] started = new long[1];
    Polling.await(
        "a first run",
        () -> {
          started[0] = System.nanoTime();
          return fire.getAsBoolean();
        });
    return started[0];
  }

  /** Fires the failing job: a run throws, a skipped firing returns {@code false}. */
  private boolean failingRan() {
    try {
      return jobs.failing(tag);
    } catch (IllegalStateException e) {
      return true;
    }
  }
}
