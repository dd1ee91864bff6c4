package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.THIRD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.LockOptions;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code withLock} is re-entrant for the thread that runs inside a hold of the key: the nested work
 * runs inside the outer hold, which it neither takes nor releases, under the outer lock and token;
 * every other thread, of the same manager too, still finds the key held.
 */
class ReentrantWithLockTest {

  private static final long GENEROUS_SECONDS = 10;

  private final LockFixture fixture = new LockFixture();
  private final CountingLockStore counting = fixture.counting(fixture.store);
  private final LockManager manager = fixture.manager(counting);
  private final ExecutorService other = Executors.newSingleThreadExecutor();

  @AfterEach
  void stopTheOtherThread() {
    other.shutdownNow();
  }

  @Test
  void a_nested_with_lock_on_the_key_its_thread_holds_runs_under_the_outer_lock() throws Exception {
    AtomicReference<Lock> outer = new AtomicReference<>();
    Lock inner =
        manager.withLock(
            "job",
            () -> {
              outer.set(manager.context().lock().orElseThrow());
              return manager.withLock(
                  "job", () -> manager.context().lock().orElseThrow(), DEFAULTS);
            },
            DEFAULTS);

    assertThat(inner).isSameAs(outer.get());
    assertThat(counting.acquires()).isEqualTo(1);
    assertThat(counting.releases()).isEqualTo(1);
  }

  @Test
  void the_nested_call_leaves_the_outer_hold_held_and_current() throws Exception {
    manager.withLock(
        "job",
        () -> {
          Lock outer = manager.context().lock().orElseThrow();
          manager.withLock("job", () -> "nested", DEFAULTS);

          assertThat(outer.isHeld()).isTrue();
          assertThat(counting.releases()).isZero();
          assertThat(manager.context().lock()).containsSame(outer);
          assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isEmpty();
          return null;
        },
        DEFAULTS);

    assertThat(manager.context().lock()).isEmpty();
    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isPresent();
  }

  @Test
  void a_nested_call_throwing_does_not_release_the_outer_hold() throws Exception {
    boolean heldAfterTheFailure =
        manager.withLock(
            "job",
            () -> {
              assertThatThrownBy(
                      () ->
                          manager.withLock(
                              "job",
                              () -> {
                                throw new IllegalStateException("nested failure");
                              },
                              DEFAULTS))
                  .hasMessage("nested failure");
              return manager.context().lock().orElseThrow().isHeld();
            },
            DEFAULTS);

    assertThat(heldAfterTheFailure).isTrue();
  }

  @Test
  void the_nested_call_ignores_its_options_and_waits_for_nothing() throws Exception {
    LockOptions longWaitOtherTtl =
        LockOptions.defaults().withWait(Duration.ofMinutes(5)).withTtl(Duration.ofSeconds(1));

    String result =
        manager.withLock(
            "job", () -> manager.withLock("job", () -> "ran", longWaitOtherTtl), DEFAULTS);

    assertThat(result).isEqualTo("ran");
    assertThat(fixture.time.elapsed()).isZero();
  }

  @Test
  void the_outer_keeper_goes_on_renewing_the_lease_while_the_nested_call_runs() throws Exception {
    manager.withLock(
        "job",
        () ->
            manager.withLock(
                "job",
                () -> {
                  for (int i = 0; i < 6; i++) {
                    fixture.time.advance(THIRD); // two ttls: only renewal keeps it
                  }
                  return null;
                },
                DEFAULTS),
        DEFAULTS);

    assertThat(fixture.losses).isEmpty();
    assertThat(counting.renewals()).isEqualTo(6);
  }

  @Test
  void another_thread_of_the_same_manager_is_still_refused_while_the_outer_holds()
      throws Exception {
    Throwable refused =
        manager.withLock(
            "job",
            () -> {
              Future<String> elsewhere =
                  other.submit(() -> manager.withLock("job", () -> "ran", DEFAULTS));
              try {
                return catchThrowable(() -> elsewhere.get(GENEROUS_SECONDS, TimeUnit.SECONDS));
              } finally {
                elsewhere.cancel(true);
              }
            },
            DEFAULTS);

    assertThat(refused).isInstanceOf(ExecutionException.class);
    assertThat(refused.getCause()).isInstanceOf(LockNotAcquiredException.class);
  }

  @Test
  void try_acquire_on_a_key_its_own_thread_holds_returns_empty() throws Exception {
    boolean acquired =
        manager.withLock("job", () -> manager.tryAcquire("job", DEFAULTS).isPresent(), DEFAULTS);

    assertThat(acquired).isFalse();
  }

  @Test
  void a_lock_from_try_acquire_does_not_make_its_thread_a_holder() {
    try (Lock manual = manager.tryAcquire("job", DEFAULTS).orElseThrow()) {
      assertThatThrownBy(() -> manager.withLock("job", () -> "ran", DEFAULTS))
          .isInstanceOf(LockNotAcquiredException.class);
      assertThat(manual.isHeld()).isTrue();
    }
  }

  @Test
  void a_nested_call_inside_a_hold_that_was_lost_throws_lock_lost_and_takes_nothing()
      throws Exception {
    Future<Object> run =
        other.submit(
            () ->
                manager.withLock(
                    "job",
                    () -> {
                      Lock outer = manager.context().lock().orElseThrow();
                      fixture.store.release("job", outer.owner());
                      fixture.time.advance(THIRD); // the renewal finds it gone
                      return manager.withLock("job", () -> "ran", DEFAULTS);
                    },
                    DEFAULTS));

    assertThatThrownBy(() -> run.get(GENEROUS_SECONDS, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(LockLostException.class);
    assertThat(counting.acquires()).isEqualTo(1);
  }

  @Test
  void losing_the_outer_lock_interrupts_the_nested_work_and_ends_it_with_lock_lost()
      throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    AtomicReference<Lock> running = new AtomicReference<>();
    AtomicReference<Throwable> nestedEnded = new AtomicReference<>();
    Future<Boolean> run =
        other.submit(
            () -> {
              try {
                manager.withLock(
                    "job",
                    () -> {
                      try {
                        return manager.withLock(
                            "job",
                            () -> {
                              running.set(manager.context().lock().orElseThrow());
                              started.countDown();
                              new CountDownLatch(1).await(); // until interrupted
                              return null;
                            },
                            DEFAULTS);
                      } catch (LockLostException e) {
                        nestedEnded.set(e);
                        throw e;
                      }
                    },
                    DEFAULTS);
              } catch (LockLostException expected) {
                // the outer call ends with it too
              }
              return Thread.currentThread().isInterrupted();
            });

    assertThat(started.await(GENEROUS_SECONDS, TimeUnit.SECONDS)).isTrue();
    fixture.store.release("job", running.get().owner());
    fixture.time.advance(THIRD);

    assertThat(run.get(GENEROUS_SECONDS, TimeUnit.SECONDS))
        .as("interrupted after withLock returned")
        .isFalse();
    assertThat(nestedEnded.get())
        .isInstanceOfSatisfying(
            LockLostException.class,
            e -> assertThat(e.getSuppressed()).hasOnlyElementsOfType(InterruptedException.class));
  }
}
