package dev.fenced.store.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClaimWatchesTest {

  private final ClaimWatches watches = new ClaimWatches();

  @Test
  void a_signal_wakes_every_open_watch_of_its_name_and_no_other() {
    AtomicInteger first = new AtomicInteger();
    AtomicInteger second = new AtomicInteger();
    AtomicInteger other = new AtomicInteger();
    watches.add("k", first::incrementAndGet);
    watches.add("k", second::incrementAndGet);
    watches.add("other", other::incrementAndGet);

    watches.wakeUp("k");

    assertThat(first).hasValue(1);
    assertThat(second).hasValue(1);
    assertThat(other).hasValue(0);
  }

  @Test
  void a_closed_watch_is_never_woken_again() {
    AtomicInteger woken = new AtomicInteger();
    ClaimWatch watch = watches.add("k", woken::incrementAndGet);

    watch.close();
    watch.close();
    watches.wakeUp("k");
    watches.wakeUpAll();

    assertThat(woken).hasValue(0);
  }

  @Test
  void a_wake_up_that_throws_does_not_stop_the_others() {
    AtomicInteger woken = new AtomicInteger();
    watches.add(
        "k",
        () -> {
          throw new IllegalStateException("a broken wake-up");
        });
    watches.add("k", woken::incrementAndGet);

    watches.wakeUp("k");

    assertThat(woken).hasValue(1);
  }

  @Test
  void a_close_waits_for_a_wake_up_that_runs() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger finished = new AtomicInteger();
    ClaimWatch watch =
        watches.add(
            "k",
            () -> {
              running.countDown();
              try {
                release.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              finished.incrementAndGet();
            });
    CompletableFuture<Void> waking = CompletableFuture.runAsync(() -> watches.wakeUp("k"));
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Void> closing = CompletableFuture.runAsync(watch::close);
    Thread.sleep(100);
    assertThat(closing).as("the close, while the wake-up runs").isNotDone();
    release.countDown();

    closing.get(10, TimeUnit.SECONDS);
    assertThat(finished).as("wake-ups finished when the close returned").hasValue(1);
    waking.get(10, TimeUnit.SECONDS);
  }

  @Test
  void closing_all_closes_every_watch() {
    AtomicInteger woken = new AtomicInteger();
    watches.add("k", woken::incrementAndGet);
    watches.add("j", woken::incrementAndGet);

    watches.closeAll();
    watches.wakeUp("k");
    watches.wakeUpAll();

    assertThat(woken).hasValue(0);
  }
}
