package dev.fenced.tck.extension;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.admin.FencedAdmin;
import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.extension.withoutoverlapping.AddsWithoutOverlapping;
import dev.fenced.tck.extension.withoutoverlapping.ExportJob;
import dev.fenced.tck.extension.withoutoverlapping.WithoutOverlappingLiteral;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@code @WithoutOverlapping} that another portable extension adds to a CDI method in {@code
 * ProcessAnnotatedType} guards it like one written in the source: a direct call while another run
 * holds the run lock is skipped (it returns {@code null} without running), the next call after a
 * finished run runs, and the run lock has the {@code key} and {@code ttl} the extension set (a
 * manual holder of that key is kept out; the store shows the lock expiring within 10 s, not the
 * default 30 s).
 */
@ExtendWith(ArquillianExtension.class)
public class ExtensionAddedWithoutOverlappingTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("extension-added-without-overlapping")
        .classes(ExportJob.class, ExportJob.Run.class, WithoutOverlappingLiteral.class)
        .extension(AddsWithoutOverlapping.class)
        .build();
  }

  @Inject ExportJob job;
  @Inject Gates gates;
  @Inject Background background;
  @Inject Locks locks;
  @Inject FencedAdmin admin;

  private final String first = "first-" + UUID.randomUUID();
  private final String second = "second-" + UUID.randomUUID();

  @BeforeAll
  static void theSourceCarriesNoWithoutOverlapping() throws NoSuchMethodException {
    assertFalse(
        ExportJob.class.getMethod("run", String.class).isAnnotationPresent(WithoutOverlapping.class)
            || ExportJob.class.isAnnotationPresent(WithoutOverlapping.class),
        "only the extension may add @WithoutOverlapping");
  }

  @AfterEach
  void openTheGates() {
    gates.open(first);
    gates.open(second);
  }

  private CompletableFuture<String> startAndHold() throws InterruptedException {
    CompletableFuture<String> running = background.start(() -> job.run(first));
    assertTrue(gates.awaitEntered(first, Polling.WAIT), "the first run reached its gate");
    return running;
  }

  @Test
  void a_call_while_a_run_holds_the_lock_is_skipped() throws Exception {
    CompletableFuture<String> running = startAndHold();
    gates.open(second); // were the overlapping call to run, it must not hang
    String overlapping = job.run(second);
    gates.open(first);

    assertAll(
        () -> assertNull(overlapping, "the skipped call's result"),
        () -> assertNull(job.seen(second), "the overlapping call ran"),
        () -> assertEquals("ran " + first, Polling.result(running)));
  }

  @Test
  void the_next_call_after_a_finished_run_runs() throws Exception {
    gates.open(first);
    gates.open(second);

    assertAll(
        () -> assertEquals("ran " + first, job.run(first)),
        () -> assertEquals("ran " + second, job.run(second)));
  }

  @Test
  void the_run_lock_has_the_key_and_ttl_the_extension_set() throws Exception {
    CompletableFuture<String> running = startAndHold();
    Optional<Lock> manual = locks.tryAcquire(ExportJob.KEY);
    manual.ifPresent(Lock::close);
    Optional<LockSnapshot> shown = admin.lock(ExportJob.KEY);
    gates.open(first);
    Polling.result(running);

    ExportJob.Run run = job.seen(first);
    assertNotNull(run.lock(), "LocksContext showed no lock inside the run");
    assertAll(
        () -> assertEquals(ExportJob.KEY, run.lock().key(), "the run lock's key"),
        () -> assertTrue(manual.isEmpty(), "a manual holder got the key while the job ran"),
        () -> assertTrue(shown.isPresent(), "the store held no lock under the key"),
        () ->
            assertTrue(
                shown.get().expiresIn().compareTo(Duration.ofSeconds(10)) <= 0,
                "expires in " + shown.get().expiresIn() + ", over the ttl of 10s"));
  }
}
