package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.TckLockStore;
import dev.fenced.tck.locks.takeover.NightlyJob;
import jakarta.inject.Inject;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Another instance is played by the test writing to the shared store directly. While it holds an
 * {@code @OnOneInstance} job's lease {@code <key>:owner}, runs here are skipped; once it stops
 * renewing (it died), its lease expires after the ttl (900 ms) and the next run here takes the job
 * over with a greater token; from then on this instance keeps the lease, so the other instance
 * cannot take it. The deployment's store is {@link TckLockStore}.
 */
@ExtendWith(ArquillianExtension.class)
public class OnOneInstanceTakeoverTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("on-one-instance-takeover")
        .classes(NightlyJob.class)
        .build();
  }

  @Inject NightlyJob job;
  @Inject TckLockStore store;

  @Test
  void runs_are_skipped_while_another_instance_owns_the_job_and_taken_over_after_it_died()
      throws Exception {
    OptionalLong other = store.acquire(NightlyJob.LEASE, "other-instance", 900);
    assertTrue(other.isPresent(), "the other instance took the lease first");
    Long skipped = job.run();

    AtomicReference<Long> tookOver = new AtomicReference<>();
    Polling.await(
        "a run here took the job over",
        () -> {
          tookOver.set(job.run());
          return tookOver.get() != null;
        });
    OptionalLong otherAgain = store.acquire(NightlyJob.LEASE, "other-instance", 900);
    Thread.sleep(1_500); // longer than the ttl: only renewals keep this instance's lease
    OptionalLong otherLater = store.acquire(NightlyJob.LEASE, "other-instance", 900);
    Long next = job.run();

    assertAll(
        () -> assertNull(skipped, "a run while the other instance owned the job was not skipped"),
        () -> assertNotNull(tookOver.get()),
        () -> assertTrue(tookOver.get() > other.getAsLong(), "token " + tookOver.get()),
        () -> assertTrue(otherAgain.isEmpty(), "the other instance took the lease back at once"),
        () -> assertTrue(otherLater.isEmpty(), "the lease was not renewed between runs"),
        () -> assertEquals(tookOver.get(), next, "the next run kept the sticky lease"));
  }
}
