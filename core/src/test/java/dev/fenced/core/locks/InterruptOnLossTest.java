package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.THIRD;
import static dev.fenced.core.locks.LockFixture.TTL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLostException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class InterruptOnLossTest {

  private static final long GENEROUS_SECONDS = 10;

  private final LockFixture fixture = new LockFixture();
  private final ExecutorService worker = Executors.newSingleThreadExecutor();
  private final CountDownLatch started = new CountDownLatch(1);
  private final AtomicReference<Lock> running = new AtomicReference<>();
  private final LockManager manager = fixture.manager();

  @AfterEach
  void stopTheWorker() {
    worker.shutdownNow();
  }

  @Test
  void interrupts_the_work_when_its_lock_is_lost() throws Exception {
    AtomicBoolean interrupted = new AtomicBoolean();
    Future<Object> run =
        worker.submit(
            () ->
                manager.withLock(
                    "job",
                    () -> {
                      try {
                        blockUntilInterrupted();
                      } catch (InterruptedException e) {
                        interrupted.set(true);
                        throw e;
                      }
                      return null;
                    },
                    DEFAULTS));

    loseTheRunningLock();

    assertThatThrownBy(() -> run.get(GENEROUS_SECONDS, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            LockLostException.class,
            e -> {
              assertThat(e.detectedBy()).isEqualTo(DetectedBy.RENEWAL);
              assertThat(e.getSuppressed()).hasOnlyElementsOfType(InterruptedException.class);
            });
    assertThat(interrupted).isTrue();
  }

  @Test
  void leaves_no_interrupt_on_the_thread_once_with_lock_returned() throws Exception {
    Future<Boolean> run =
        worker.submit(
            () -> {
              try {
                manager.withLock(
                    "job",
                    () -> {
                      try {
                        blockUntilInterrupted();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt(); // the polite way to give up
                      }
                      return null;
                    },
                    DEFAULTS);
              } catch (LockLostException e) {
                // not expected here: the work swallowed the interrupt and returned
              }
              return Thread.currentThread().isInterrupted();
            });

    loseTheRunningLock();

    assertThat(run.get(GENEROUS_SECONDS, TimeUnit.SECONDS)).isFalse();
  }

  @Test
  void keeps_an_interrupt_that_was_pending_before_the_loss() throws Exception {
    Future<Boolean> run =
        worker.submit(
            () -> {
              manager.withLock(
                  "job",
                  () -> {
                    Thread.currentThread().interrupt(); // say, the server is stopping
                    Lock lock = manager.context().lock().orElseThrow();
                    AtomicBoolean heard = new AtomicBoolean();
                    lock.onLost(loss -> heard.set(true)); // runs after the interrupter
                    started(lock);
                    while (!heard.get()) {
                      Thread.onSpinWait(); // busy, not blocked: the pending interrupt stays visible
                    }
                    return null;
                  },
                  DEFAULTS);
              return Thread.currentThread().isInterrupted();
            });

    loseTheRunningLock();

    assertThat(run.get(GENEROUS_SECONDS, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void does_not_interrupt_when_interrupting_is_disabled() throws Exception {
    LockManager patient =
        new LockManager(fixture.store, fixture.time, fixture.settings().withInterruptOnLoss(false));
    CountDownLatch lost = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Future<String> run =
        worker.submit(
            () ->
                patient.withLock(
                    "job",
                    () -> {
                      Lock lock = patient.context().lock().orElseThrow();
                      lock.onLost(loss -> lost.countDown());
                      started(lock);
                      finish.await();
                      return Thread.currentThread().isInterrupted() ? "interrupted" : "finished";
                    },
                    DEFAULTS));

    loseTheRunningLock();
    assertThat(lost.await(GENEROUS_SECONDS, TimeUnit.SECONDS)).isTrue();
    finish.countDown();

    assertThat(run.get(GENEROUS_SECONDS, TimeUnit.SECONDS)).isEqualTo("finished");
  }

  @Test
  void a_loss_after_the_run_ended_interrupts_nothing() throws Exception {
    Lock lease = manager.tryAcquire("job", DEFAULTS).orElseThrow();

    manager.callUnder(lease, () -> "a run under a sticky lease");
    fixture.store.release("job", lease.owner());
    fixture.time.advance(THIRD);

    assertThat(lease.isHeld()).isFalse();
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void does_not_start_work_under_a_lock_that_is_already_lost() {
    Lock lease = manager.tryAcquire("job", DEFAULTS).orElseThrow();
    fixture.store.release("job", lease.owner());
    fixture.time.advance(TTL);
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(() -> manager.callUnder(lease, () -> ran.getAndSet(true)))
        .isInstanceOf(LockLostException.class);
    assertThat(ran).isFalse();
  }

  private void blockUntilInterrupted() throws InterruptedException {
    started(manager.context().lock().orElse(null));
    new CountDownLatch(1).await();
  }

  private void started(Lock lock) {
    running.set(lock);
    started.countDown();
  }

  /** Waits for the run to start, then lets another owner take its lock and lets renewal notice. */
  private void loseTheRunningLock() throws InterruptedException {
    assertThat(started.await(GENEROUS_SECONDS, TimeUnit.SECONDS)).isTrue();
    Lock lock = running.get();
    fixture.store.release("job", lock.owner());
    fixture.time.advance(THIRD);
  }
}
