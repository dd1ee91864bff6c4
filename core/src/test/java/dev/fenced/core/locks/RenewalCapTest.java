package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.jobs.JobOutcome;
import dev.fenced.core.jobs.OneInstanceLease;
import dev.fenced.core.jobs.RunningJobs;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code fenced.locks.max-renewal}: a lock its owner never closes is renewed for at most the cap,
 * then lost at its deadline; the leases Fenced's own loops keep for the application's life are not
 * cut.
 */
class RenewalCapTest {

  private static final Duration CAP = Duration.ofSeconds(60);
  private static final Duration MARGIN = TTL.dividedBy(10);

  private final LockFixture fixture = new LockFixture();
  private final CountingLockStore counting = fixture.counting(fixture.store);
  private final LockManager manager =
      new LockManager(counting, fixture.time, fixture.settings().withMaxRenewal(CAP));

  @Test
  void a_lock_never_closed_is_renewed_up_to_the_cap_then_lost_by_the_deadline() {
    Lock forgotten = manager.tryAcquire("report", DEFAULTS).orElseThrow();
    // renewals at 10 s ... 50 s; the one due at 60 s is the cap: lost at 50 s + 27 s
    Duration lossAt = Duration.ofSeconds(50).plus(TTL).minus(MARGIN);

    fixture.time.advance(lossAt.minusMillis(1));
    boolean heldJustBefore = forgotten.isHeld();
    fixture.time.advance(Duration.ofMillis(1));

    assertThat(heldJustBefore).isTrue();
    assertThat(forgotten.isHeld()).isFalse();
    assertThat(fixture.losses)
        .singleElement()
        .satisfies(loss -> assertThat(loss.detectedBy()).isEqualTo(DetectedBy.DEADLINE));
    assertThat(counting.renewals()).isEqualTo(5);
    assertThat(manager.heldLocks()).isZero();
  }

  @Test
  void another_instance_takes_a_capped_lock_once_the_store_expires_it() {
    manager.tryAcquire("report", DEFAULTS).orElseThrow();

    fixture.time.advance(Duration.ofSeconds(80).plusMillis(1));

    assertThat(fixture.manager().tryAcquire("report", DEFAULTS)).isPresent();
  }

  @Test
  void a_lease_kept_for_life_is_never_cut_by_the_cap() {
    Lock lease = manager.tryAcquireForLife("feed", DEFAULTS).orElseThrow();

    fixture.time.advance(CAP.multipliedBy(20));

    assertThat(lease.isHeld()).isTrue();
    assertThat(fixture.losses).isEmpty();
  }

  @Test
  void an_election_lease_is_never_cut_by_the_cap() {
    List<String> events = new ArrayList<>();
    LeaderLoop loop =
        new LeaderLoop(
            manager,
            fixture.time,
            Runnable::run,
            "inventory:warehouse-feed",
            TTL,
            lease -> events.add("acquired"),
            reason -> events.add("lost " + reason));
    loop.start();

    fixture.time.advance(CAP.multipliedBy(20));

    assertThat(loop.isLeader()).isTrue();
    assertThat(events).containsExactly("acquired");
  }

  @Test
  void a_sticky_one_instance_lease_is_never_cut_by_the_cap() throws Exception {
    OneInstanceLease job =
        new OneInstanceLease(manager, new RunningJobs(), "com.example.Export.run", "export", TTL);
    JobOutcome<String> first = job.run(() -> "ran");
    Lock lease = job.lease().orElseThrow();

    fixture.time.advance(CAP.multipliedBy(20));

    assertThat(first).isInstanceOf(JobOutcome.Ran.class);
    assertThat(lease.isHeld()).isTrue();
    assertThat(fixture.losses).isEmpty();
  }
}
