package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.Lock;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class LocksContextTest {

  private final LockFixture fixture = new LockFixture();
  private final LockManager manager = fixture.manager();
  private final ThreadLocalLocksContext context = manager.context();

  @Test
  void is_empty_outside_a_guarded_run() {
    assertThat(context.lock()).isEmpty();
    assertThat(context.fencingToken()).isEmpty();
  }

  @Test
  void gives_the_lock_and_its_fencing_token_inside_with_lock() throws Exception {
    Lock seen = manager.withLock("job", () -> context.lock().orElseThrow(), DEFAULTS);

    assertThat(seen.key()).isEqualTo("job");
    assertThat(seen.fencingToken()).isPositive();
  }

  @Test
  void the_fencing_token_is_the_current_locks() throws Exception {
    OptionalLong token =
        manager.withLock(
            "job",
            () -> {
              assertThat(context.fencingToken())
                  .hasValue(context.lock().orElseThrow().fencingToken());
              return context.fencingToken();
            },
            DEFAULTS);

    assertThat(token).isPresent();
  }

  @Test
  void a_nested_run_shows_its_own_lock_then_restores_the_outer_one() throws Exception {
    manager.withLock(
        "outer",
        () -> {
          String inner =
              manager.withLock("inner", () -> context.lock().orElseThrow().key(), DEFAULTS);
          assertThat(inner).isEqualTo("inner");
          assertThat(context.lock()).map(Lock::key).hasValue("outer");
          return null;
        },
        DEFAULTS);

    assertThat(context.lock()).isEmpty();
  }

  @Test
  void is_empty_again_after_the_work_threw() {
    assertThatThrownBy(
            () ->
                manager.withLock(
                    "job",
                    () -> {
                      throw new IllegalStateException("boom");
                    },
                    DEFAULTS))
        .hasMessage("boom");

    assertThat(context.lock()).isEmpty();
  }

  @Test
  void is_empty_on_another_thread() throws Exception {
    Optional<Lock> elsewhere =
        manager.withLock(
            "job",
            () -> {
              AtomicReference<Optional<Lock>> seen = new AtomicReference<>();
              Thread other = new Thread(() -> seen.set(context.lock()));
              other.start();
              other.join();
              return seen.get();
            },
            DEFAULTS);

    assertThat(elsewhere).isEmpty();
  }
}
