package dev.fenced.core.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.core.time.ManualTime;
import dev.fenced.core.time.WakeUp;
import dev.fenced.locks.DetectedBy;
import dev.fenced.store.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One lease kept alive on manual time, against a fake store's answers. */
class LeaseRenewalTest {

  private static final Duration TTL = Duration.ofSeconds(3);
  private static final Duration THIRD = Duration.ofSeconds(1);
  private static final Duration MS = Duration.ofMillis(1);

  /** A tenth of the ttl: the loss comes this long before the store's own expiry. */
  private static final Duration MARGIN = Duration.ofMillis(300);

  private static final Duration LOSS_AFTER = TTL.minus(MARGIN);

  /** Bounds each wait for the other thread, so a bug fails the test instead of hanging it. */
  private static final long PATIENCE_SECONDS = 10;

  private final ManualTime time = new ManualTime();
  private final FakeStore store = new FakeStore();
  private final List<DetectedBy> losses = new CopyOnWriteArrayList<>();
  private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

  @AfterEach
  void releaseTheOtherThread() {
    store.hung.countDown();
    otherThread.shutdownNow();
  }

  @Test
  void renews_about_every_third_of_the_ttl() {
    started();

    time.advance(TTL.multipliedBy(10));

    assertThat(store.calls).hasValue(30);
    assertThat(store.startedAt)
        .startsWith(THIRD, THIRD.multipliedBy(2), THIRD.multipliedBy(3))
        .endsWith(TTL.multipliedBy(10));
    assertThat(losses).isEmpty();
  }

  @Test
  void does_nothing_before_it_is_started() {
    renewal();

    time.advance(TTL.multipliedBy(3));

    assertThat(store.calls).hasValue(0);
    assertThat(losses).isEmpty();
  }

  @Test
  void a_slow_renewal_does_not_push_the_next_one_back() {
    store.answerAfter = Duration.ofMillis(400);
    started();

    time.advance(THIRD.multipliedBy(3));

    assertThat(store.startedAt)
        .containsExactly(THIRD, THIRD.multipliedBy(2), THIRD.multipliedBy(3));
  }

  @Test
  void a_refused_renewal_is_a_loss_found_by_renewal() {
    started();
    store.refuse = true;

    time.advance(THIRD);

    assertThat(losses).containsExactly(DetectedBy.RENEWAL);
  }

  @Test
  void a_lost_lease_is_no_longer_renewed() {
    started();
    store.refuse = true;
    time.advance(THIRD);

    time.advance(TTL.multipliedBy(10));

    assertThat(store.calls).hasValue(1);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void a_store_that_cannot_answer_is_asked_again_at_the_next_tick() {
    started();
    store.down = true;
    time.advance(THIRD);
    store.down = false;

    time.advance(THIRD.multipliedBy(9));

    assertThat(store.calls).hasValue(10);
    assertThat(losses).isEmpty();
  }

  @Test
  void a_store_that_throws_something_else_is_asked_again_too() {
    started();
    store.broken = true;
    time.advance(THIRD);
    store.broken = false;

    time.advance(THIRD.multipliedBy(9));

    assertThat(store.calls).hasValue(10);
    assertThat(losses).isEmpty();
  }

  @Test
  void ttl_minus_the_safety_margin_without_a_confirmed_renewal_is_a_loss_found_by_the_deadline() {
    started();
    store.down = true;

    time.advance(LOSS_AFTER.minus(MS));
    List<DetectedBy> justBefore = List.copyOf(losses);
    time.advance(MS);

    assertThat(justBefore).isEmpty();
    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void the_deadline_counts_from_the_start_of_the_last_confirmed_renewal() {
    store.answerAfter = Duration.ofMillis(400);
    started();
    time.advance(THIRD); // sent at 1 s, confirmed at 1.4 s: the deadline is 3.7 s
    store.down = true;
    Duration deadline = THIRD.plus(LOSS_AFTER);

    time.advance(deadline.minus(time.elapsed()).minus(MS));
    List<DetectedBy> justBefore = List.copyOf(losses);
    time.advance(MS);

    assertThat(time.elapsed()).isEqualTo(deadline);
    assertThat(justBefore).isEmpty();
    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void the_first_deadline_counts_from_the_reading_taken_before_the_acquire() {
    long beforeAcquire = time.nanoTime();
    time.advance(THIRD.multipliedBy(2)); // a slow acquire
    store.down = true;
    renewal(beforeAcquire).start();

    time.advance(LOSS_AFTER.minus(THIRD.multipliedBy(2)).minus(MS));
    List<DetectedBy> justBefore = List.copyOf(losses);
    time.advance(MS);

    assertThat(justBefore).isEmpty();
    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void the_deadline_fires_while_a_renewal_hangs() throws Exception {
    started();
    time.advance(THIRD); // the first renewal is confirmed at 1 s: the deadline is 3.7 s
    store.hangFromCall = 2;
    // the second renewal hangs on the other thread, inside its advance
    CompletableFuture<Void> hanging = CompletableFuture.runAsync(this::advanceAThird, otherThread);
    assertThat(store.entered.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();

    time.advance(THIRD.plus(LOSS_AFTER).minus(time.elapsed()).minus(MS));
    List<DetectedBy> justBefore = List.copyOf(losses);
    time.advance(MS);
    List<DetectedBy> atTheDeadline = List.copyOf(losses);
    store.hung.countDown(); // the late answer is a yes; it changes nothing
    hanging.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
    time.advance(TTL.multipliedBy(3));

    assertThat(justBefore).isEmpty();
    assertThat(atTheDeadline).containsExactly(DetectedBy.DEADLINE);
    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
    assertThat(store.calls).hasValue(2);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void the_safety_margin_is_a_tenth_of_the_ttl() {
    assertThat(LeaseRenewal.safetyMargin(TTL)).isEqualTo(MARGIN);
  }

  @Test
  void the_safety_margin_is_a_tenth_of_any_ttl_cut_to_the_nanosecond() {
    for (Duration ttl :
        List.of(
            Duration.ofNanos(19),
            Duration.ofMillis(1_001),
            Duration.ofSeconds(45, 7),
            Duration.ofDays(365 * 300),
            Duration.ofSeconds(Long.MAX_VALUE, 999_999_999))) {
      assertThat(LeaseRenewal.safetyMargin(ttl)).as("ttl %s", ttl).isEqualTo(ttl.dividedBy(10));
    }
  }

  @Test
  void a_lease_is_renewed_up_to_its_cap_then_lost_by_the_deadline() {
    Duration cap = Duration.ofSeconds(10);
    new LeaseRenewal(time, TTL, cap, time.nanoTime(), store::renew, "lease 'job'", losses::add)
        .start();
    // renewals at 1 s ... 9 s; the one due at 10 s is past the cap: lost at 9 s + 2.7 s
    Duration lossAt = Duration.ofSeconds(9).plus(LOSS_AFTER);

    time.advance(lossAt.minus(MS));
    List<DetectedBy> justBefore = List.copyOf(losses);
    time.advance(MS);

    assertThat(justBefore).isEmpty();
    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
    assertThat(store.calls).hasValue(9);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void an_uncapped_lease_is_renewed_for_as_long_as_it_is_held() {
    new LeaseRenewal(
            time,
            TTL,
            LeaseRenewal.UNCAPPED,
            time.nanoTime(),
            store::renew,
            "lease 'job'",
            losses::add)
        .start();

    time.advance(Duration.ofHours(1));

    assertThat(losses).isEmpty();
    assertThat(store.calls).hasValue((int) (Duration.ofHours(1).toSeconds()));
  }

  @Test
  void the_deadline_check_is_a_timer_and_renewals_are_not() {
    RecordingScheduler recording = new RecordingScheduler();
    new LeaseRenewal(recording, TTL, 0, store::renew, "lease 'job'", losses::add).start();

    assertThat(recording.kinds).containsExactlyInAnyOrder("store call", "timer");
  }

  @Test
  void the_callback_fires_at_most_once() throws Exception {
    started();
    store.hangFromCall = 1;
    CompletableFuture<Void> hanging = CompletableFuture.runAsync(this::advanceAThird, otherThread);
    assertThat(store.entered.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();
    time.advance(TTL.minus(THIRD)); // the deadline passes while the renewal hangs
    store.refuse = true;

    store.hung.countDown(); // the late answer is a refusal: a second way to find the same loss
    hanging.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
    time.advance(TTL.multipliedBy(3));

    assertThat(losses).containsExactly(DetectedBy.DEADLINE);
  }

  @Test
  void stopping_prevents_every_callback() {
    LeaseRenewal renewal = started();
    store.down = true;

    renewal.stop();
    time.advance(TTL.multipliedBy(3));

    assertThat(losses).isEmpty();
    assertThat(store.calls).hasValue(0);
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void a_refusal_that_answers_after_stop_is_not_reported() {
    LeaseRenewal renewal = renewal();
    store.whileRenewing = renewal::stop;
    store.refuse = true;
    renewal.start();

    time.advance(TTL.multipliedBy(3));

    assertThat(store.calls).hasValue(1);
    assertThat(losses).isEmpty();
  }

  @Test
  void stopping_twice_is_harmless_and_a_stopped_renewal_does_not_start() {
    LeaseRenewal renewal = renewal();

    renewal.stop();
    renewal.stop();
    renewal.start();
    time.advance(TTL.multipliedBy(3));

    assertThat(store.calls).hasValue(0);
    assertThat(losses).isEmpty();
  }

  @Test
  void starting_twice_renews_as_often_as_starting_once() {
    LeaseRenewal renewal = started();

    renewal.start();
    time.advance(TTL);

    assertThat(store.calls).hasValue(3);
  }

  @Test
  void a_throwing_callback_does_not_escape_the_scheduler_task() {
    new LeaseRenewal(
            time,
            TTL,
            time.nanoTime(),
            store::renew,
            "lease 'job'",
            lost -> {
              throw new IllegalStateException("callback bug");
            })
        .start();
    store.refuse = true;

    assertThatCode(() -> time.advance(TTL)).doesNotThrowAnyException();
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void refuses_a_ttl_that_is_not_positive() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new LeaseRenewal(time, Duration.ZERO, 0, store::renew, "lease", losses::add));
  }

  private LeaseRenewal started() {
    LeaseRenewal renewal = renewal();
    renewal.start();
    return renewal;
  }

  private LeaseRenewal renewal() {
    return renewal(time.nanoTime());
  }

  private LeaseRenewal renewal(long acquiredAtNanos) {
    return new LeaseRenewal(time, TTL, acquiredAtNanos, store::renew, "lease 'job'", losses::add);
  }

  private void advanceAThird() {
    time.advance(THIRD);
  }

  /** Records which kind of task each schedule call asked for; runs nothing. */
  private static final class RecordingScheduler implements dev.fenced.core.time.Scheduler {

    final List<String> kinds = new CopyOnWriteArrayList<>();

    @Override
    public ScheduledTask schedule(Runnable task, Duration delay) {
      kinds.add("store call");
      return () -> {};
    }

    @Override
    public ScheduledTask scheduleTimer(Runnable task, Duration delay) {
      kinds.add("timer");
      return () -> {};
    }

    @Override
    public void runAside(Runnable task) {
      task.run();
    }

    @Override
    public long nanoTime() {
      return 0;
    }

    @Override
    public void sleep(Duration duration) {}

    @Override
    public void sleep(Duration duration, WakeUp wakeUp) {}
  }

  /** The store's side of the renewals, with switches for the ways it can answer. */
  private final class FakeStore {

    final AtomicInteger calls = new AtomicInteger();
    final List<Duration> startedAt = new CopyOnWriteArrayList<>();
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch hung = new CountDownLatch(1);
    volatile boolean refuse;
    volatile boolean down;
    volatile boolean broken;
    volatile Duration answerAfter = Duration.ZERO;
    volatile int hangFromCall = Integer.MAX_VALUE;
    volatile Runnable whileRenewing = () -> {};

    boolean renew() {
      int call = calls.incrementAndGet();
      startedAt.add(time.elapsed());
      whileRenewing.run();
      if (call >= hangFromCall) {
        entered.countDown();
        awaitRelease(hung);
      }
      if (down) {
        throw new StoreUnavailableException("test outage");
      }
      if (broken) {
        throw new IllegalStateException("store bug");
      }
      time.advance(answerAfter);
      return !refuse;
    }
  }

  private static void awaitRelease(CountDownLatch latch) {
    try {
      if (!latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never let the hanging renewal answer");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while hanging", e);
    }
  }
}
