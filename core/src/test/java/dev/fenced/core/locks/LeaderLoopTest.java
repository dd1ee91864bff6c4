package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.THIRD;
import static dev.fenced.core.locks.LockFixture.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.time.ExecutorScheduler;
import dev.fenced.locks.Lock;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LeaderLoopTest {

  private static final String ELECTION = "inventory:warehouse-feed";

  private final LockFixture fixture = new LockFixture();
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final FlakyLockStore linkA = new FlakyLockStore(fixture.store);
  private final LeaderLoop a = loop("a", fixture.manager(linkA));
  private final LeaderLoop b = loop("b", fixture.manager());

  @Test
  void the_first_try_is_made_at_once() {
    a.start();
    fixture.time.runDueTasks();

    assertThat(a.isLeader()).isTrue();
    assertThat(events).containsExactly("a acquired");
  }

  @Test
  void exactly_one_of_two_instances_leads() {
    a.start();
    b.start();

    fixture.time.advance(TTL.multipliedBy(3));

    assertThat(a.isLeader()).isTrue();
    assertThat(b.isLeader()).isFalse();
    assertThat(events).containsExactly("a acquired");
  }

  @Test
  void the_leader_holds_a_lease_with_a_fencing_token() {
    a.start();
    fixture.time.runDueTasks();

    Lock lease = a.currentLease().orElseThrow();

    assertThat(lease.key()).isEqualTo(ELECTION);
    assertThat(lease.fencingToken()).isPositive();
    assertThat(b.currentLease()).isEmpty();
  }

  @Test
  void another_instance_takes_over_when_the_leader_stops_renewing() {
    a.start();
    fixture.time.runDueTasks();
    b.start();
    linkA.allDown(true);

    fixture.time.advance(TTL.plus(THIRD));

    assertThat(a.isLeader()).isFalse();
    assertThat(b.isLeader()).isTrue();
    assertThat(events).containsExactly("a acquired", "a lost LOST", "b acquired");
  }

  @Test
  void a_leader_that_lost_its_lease_competes_again() {
    a.start();
    fixture.time.runDueTasks();
    Lock first = a.currentLease().orElseThrow();
    fixture.store.release(ELECTION, first.owner());

    fixture.time.advance(THIRD.multipliedBy(2));

    assertThat(events).containsExactly("a acquired", "a lost LOST", "a acquired");
    assertThat(a.currentLease().orElseThrow().fencingToken()).isGreaterThan(first.fencingToken());
  }

  @Test
  void another_instance_takes_over_at_its_next_try_when_the_leader_steps_down() {
    a.start();
    fixture.time.runDueTasks();
    b.start();
    fixture.time.runDueTasks();

    a.stop();
    fixture.time.advance(THIRD);

    assertThat(b.isLeader()).isTrue();
    assertThat(events).containsExactly("a acquired", "a lost SHUTDOWN", "b acquired");
  }

  @Test
  void stopping_the_leader_releases_its_lease_and_reports_shutdown() {
    a.start();
    fixture.time.runDueTasks();

    a.stop();

    assertThat(a.isLeader()).isFalse();
    assertThat(events).containsExactly("a acquired", "a lost SHUTDOWN");
    assertThat(fixture.manager().tryAcquire(ELECTION, DEFAULTS)).isPresent();
  }

  @Test
  void a_stopped_loop_no_longer_competes() {
    a.start();
    fixture.time.runDueTasks();
    a.stop();

    fixture.time.advance(TTL.multipliedBy(3));

    assertThat(events).containsExactly("a acquired", "a lost SHUTDOWN");
    assertThat(fixture.time.pendingTasks()).isZero();
  }

  @Test
  void stopping_an_instance_that_never_led_reports_nothing() {
    a.start();
    fixture.time.runDueTasks();
    b.start();
    fixture.time.runDueTasks();

    b.stop();

    assertThat(events).containsExactly("a acquired");
  }

  @Test
  void a_failing_acquired_callback_steps_down_and_tries_again_at_the_next_tick() {
    AtomicInteger calls = new AtomicInteger();
    LeaderLoop flaky =
        new LeaderLoop(
            fixture.manager(),
            fixture.time,
            Runnable::run,
            ELECTION,
            TTL,
            lease -> {
              events.add("acquired");
              if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("feed not ready");
              }
            },
            reason -> events.add("lost " + reason));

    flaky.start();
    fixture.time.runDueTasks();
    boolean leaderAfterFailure = flaky.isLeader();
    boolean otherCouldTakeIt =
        fixture
            .manager()
            .tryAcquire(ELECTION, DEFAULTS)
            .map(
                l -> {
                  l.close();
                  return true;
                })
            .orElse(false);
    fixture.time.advance(THIRD);

    assertThat(leaderAfterFailure).isFalse();
    assertThat(otherCouldTakeIt).isTrue();
    assertThat(events).containsExactly("acquired", "lost CALLBACK_FAILED", "acquired");
    assertThat(flaky.isLeader()).isTrue();
  }

  @Test
  void an_unreachable_store_means_not_leader_until_it_answers_again() {
    linkA.acquireDown(true);
    a.start();
    fixture.time.runDueTasks();
    boolean leaderDuringOutage = a.isLeader();
    linkA.acquireDown(false);

    fixture.time.advance(THIRD);

    assertThat(leaderDuringOutage).isFalse();
    assertThat(a.isLeader()).isTrue();
  }

  @Test
  void a_loss_during_the_acquired_callback_is_reported_after_it_returned() {
    OnLeadershipAcquired losesMidway =
        lease -> {
          events.add("acquired");
          fixture.store.release(ELECTION, lease.owner());
          fixture.time.advance(THIRD); // renewal is refused while the callback still runs
          events.add("acquired returns");
        };
    LeaderLoop loop =
        new LeaderLoop(
            fixture.manager(),
            fixture.time,
            Runnable::run,
            ELECTION,
            TTL,
            losesMidway,
            reason -> events.add("lost " + reason));

    loop.start();
    fixture.time.runDueTasks();

    assertThat(events).startsWith("acquired", "acquired returns", "lost LOST");
  }

  @Test
  void a_blocked_acquired_callback_does_not_delay_the_renewals_of_its_lease() throws Exception {
    // real threads: one for store calls, as few as a busy server's pool may spare
    ScheduledExecutorService storeCalls = Executors.newSingleThreadScheduledExecutor();
    ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
    ExecutorService callbackThread = Executors.newSingleThreadExecutor();
    CountDownLatch twoRenewals = new CountDownLatch(2);
    CountDownLatch unblock = new CountDownLatch(1);
    LockStore store =
        new LockStore() {
          @Override
          public OptionalLong acquire(String key, String owner, long ttlMillis) {
            return OptionalLong.of(1);
          }

          @Override
          public boolean renew(String key, String owner, long ttlMillis) {
            twoRenewals.countDown();
            return true;
          }

          @Override
          public boolean release(String key, String owner) {
            return true;
          }
        };
    LockManager manager =
        new LockManager(
            store, new ExecutorScheduler(storeCalls, timers, Runnable::run), fixture.settings());
    LeaderLoop blocked =
        new LeaderLoop(
            manager,
            new ExecutorScheduler(storeCalls, timers, Runnable::run),
            callbackThread,
            ELECTION,
            Duration.ofSeconds(3),
            lease -> awaitQuietly(unblock),
            reason -> events.add("lost " + reason));
    try {
      blocked.start();

      boolean renewed = twoRenewals.await(10, TimeUnit.SECONDS);

      assertThat(renewed).as("two renewals while onLeadershipAcquired blocks").isTrue();
      assertThat(blocked.isLeader()).isTrue();
    } finally {
      unblock.countDown();
      blocked.stop();
      callbackThread.shutdownNow();
      storeCalls.shutdownNow();
      timers.shutdownNow();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private LeaderLoop loop(String name, LockManager manager) {
    return new LeaderLoop(
        manager,
        fixture.time,
        Runnable::run,
        ELECTION,
        TTL,
        lease -> events.add(name + " acquired"),
        reason -> events.add(name + " lost " + reason));
  }
}
