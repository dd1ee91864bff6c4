package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static dev.fenced.core.locks.LockFixture.THIRD;
import static dev.fenced.core.locks.LockFixture.TTL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LeaseKeeperTest {

  private final LockFixture fixture = new LockFixture();
  private final CountingLockStore counting = fixture.counting(fixture.store);
  private final FlakyLockStore link = new FlakyLockStore(counting);
  private final Lock lock = fixture.manager(link).tryAcquire("job", DEFAULTS).orElseThrow();
  private final List<LockLost> heard = new ArrayList<>();

  @Test
  void renews_the_lease_about_every_third_of_its_ttl() {
    fixture.time.advance(TTL.multipliedBy(2));

    assertThat(counting.renewals()).isEqualTo(6);
  }

  @Test
  void a_refused_renewal_means_the_lock_was_lost_by_renewal() {
    fixture.store.release("job", lock.owner()); // as if it expired and another holder took it
    fixture.manager().tryAcquire("job", DEFAULTS).orElseThrow();

    fixture.time.advance(THIRD);

    assertThat(lock.isHeld()).isFalse();
    assertThat(fixture.losses)
        .containsExactly(
            new LockLost("job", lock.owner(), lock.fencingToken(), DetectedBy.RENEWAL));
  }

  @Test
  void ttl_minus_the_safety_margin_without_a_confirmed_renewal_is_a_loss_by_deadline() {
    link.renewDown(true);

    fixture.time.advance(TTL.minus(TTL.dividedBy(10)).minusMillis(1));
    boolean heldJustBefore = lock.isHeld();
    fixture.time.advance(Duration.ofMillis(1));

    assertThat(heldJustBefore).isTrue();
    assertThat(lock.isHeld()).isFalse();
    assertThat(fixture.losses)
        .singleElement()
        .satisfies(loss -> assertThat(loss.detectedBy()).isEqualTo(DetectedBy.DEADLINE));
  }

  @Test
  void the_deadline_counts_from_the_last_confirmed_renewal() {
    fixture.time.advance(THIRD); // confirmed at 10 s: deadline 37 s
    link.renewDown(true);

    fixture.time.advance(TTL.minus(TTL.dividedBy(10)).minusMillis(1));
    boolean heldJustBefore = lock.isHeld();
    fixture.time.advance(Duration.ofMillis(1));

    assertThat(heldJustBefore).isTrue();
    assertThat(lock.isHeld()).isFalse();
  }

  @Test
  void an_unanswered_renewal_is_tried_again_at_the_next_tick() {
    link.renewDown(true);
    fixture.time.advance(THIRD);
    link.renewDown(false);

    fixture.time.advance(THIRD.multipliedBy(4));

    assertThat(lock.isHeld()).isTrue();
    assertThat(counting.renewals()).isEqualTo(4); // the refused call never reached the store
    assertThat(fixture.losses).isEmpty();
  }

  @Test
  void a_lost_lock_is_no_longer_renewed() {
    link.renewDown(true);
    fixture.time.advance(TTL);
    link.renewDown(false);

    fixture.time.advance(TTL.multipliedBy(3));

    assertThat(counting.renewals()).isZero();
    assertThat(fixture.time.pendingTasks()).isZero();
  }

  @Test
  void calls_each_loss_listener_once() {
    lock.onLost(heard::add);
    lock.onLost(heard::add);
    link.renewDown(true);

    fixture.time.advance(TTL.multipliedBy(3));

    assertThat(heard).hasSize(2).allSatisfy(loss -> assertThat(loss.key()).isEqualTo("job"));
  }

  @Test
  void a_loss_listener_registered_after_the_loss_runs_at_once() {
    link.renewDown(true);
    fixture.time.advance(TTL);

    lock.onLost(heard::add);

    assertThat(heard)
        .singleElement()
        .extracting(LockLost::detectedBy)
        .isEqualTo(DetectedBy.DEADLINE);
  }

  @Test
  void a_throwing_loss_listener_does_not_keep_the_others_from_hearing() {
    lock.onLost(
        loss -> {
          throw new IllegalStateException("listener bug");
        });
    lock.onLost(heard::add);
    link.renewDown(true);

    fixture.time.advance(TTL);

    assertThat(heard).hasSize(1);
    assertThat(fixture.losses).hasSize(1);
  }

  @Test
  void closing_is_not_a_loss() {
    lock.onLost(heard::add);

    lock.close();
    fixture.time.advance(TTL.multipliedBy(2));

    assertThat(heard).isEmpty();
    assertThat(fixture.losses).isEmpty();
  }

  @Test
  void closing_releases_the_lock_and_stops_renewing() {
    lock.close();
    fixture.time.advance(TTL.multipliedBy(2));

    assertThat(lock.isHeld()).isFalse();
    assertThat(counting.releases()).isEqualTo(1);
    assertThat(counting.renewals()).isZero();
    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isPresent();
  }

  @Test
  void closing_twice_releases_once() {
    lock.close();
    lock.close();

    assertThat(counting.releases()).isEqualTo(1);
  }

  @Test
  void closing_a_lost_lock_does_nothing() {
    link.renewDown(true);
    fixture.time.advance(TTL);

    lock.close();

    assertThat(counting.releases()).isZero();
  }

  @Test
  void closing_with_the_store_unreachable_does_not_throw_and_the_lock_expires() {
    link.releaseDown(true);

    assertThatCode(lock::close).doesNotThrowAnyException();
    fixture.time.advance(TTL);

    assertThat(lock.isHeld()).isFalse();
    assertThat(fixture.manager().tryAcquire("job", DEFAULTS)).isPresent();
  }
}
