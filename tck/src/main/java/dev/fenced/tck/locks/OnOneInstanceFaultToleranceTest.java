package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.MapLockStore;
import dev.fenced.tck.locks.common.Runs;
import dev.fenced.tck.locks.common.TckLockStore;
import dev.fenced.tck.locks.faulttolerance.FlakyExport;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fenced runs outside MicroProfile Fault Tolerance: all {@code @Retry} attempts of an
 * {@code @OnOneInstance @WithoutOverlapping} job run inside one run lock (the same key and token in
 * every attempt; the store saw one acquisition and one release of the run lock, one acquisition of
 * the lease). The deployment's store is {@link TckLockStore}, which records its calls.
 */
@ExtendWith(ArquillianExtension.class)
public class OnOneInstanceFaultToleranceTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("on-one-instance-fault-tolerance")
        .classes(FlakyExport.class)
        .build();
  }

  @Inject FlakyExport job;
  @Inject Runs runs;
  @Inject TckLockStore store;

  private static long granted(List<MapLockStore.Call> acquisitions) {
    return acquisitions.stream().filter(c -> c.result() > 0).count();
  }

  @Test
  void every_retry_attempt_runs_inside_one_run_lock() {
    assertEquals("exported", job.export());
    List<Runs.Run> attempts = runs.all();
    long token = attempts.get(0).fencingToken();

    assertAll(
        () -> assertEquals(3, attempts.size(), "attempts"),
        () ->
            assertTrue(
                attempts.stream().allMatch(a -> FlakyExport.KEY.equals(a.key())),
                "keys " + attempts),
        () -> assertTrue(token > 0, "token " + token),
        () ->
            assertTrue(
                attempts.stream().allMatch(a -> a.fencingToken() == token), "tokens " + attempts),
        () -> assertTrue(attempts.stream().allMatch(Runs.Run::held), "held in each attempt"),
        () ->
            assertEquals(
                1, granted(store.calls("acquire", FlakyExport.KEY)), "run lock acquisitions"),
        () -> assertEquals(1, store.calls("release", FlakyExport.KEY).size(), "run lock releases"),
        () ->
            assertEquals(
                1,
                granted(store.calls("acquire", FlakyExport.KEY + ":owner")),
                "lease acquisitions"));
  }
}
