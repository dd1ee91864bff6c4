package dev.fenced.tck.admin;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.admin.FencedAdmin;
import dev.fenced.admin.LockForceReleased;
import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.tck.admin.operated.AdminEventLog;
import dev.fenced.tck.leader.common.RecordedCallbacks;
import dev.fenced.tck.leader.elected.Leader;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code FencedAdmin} on locks: a held lock shows its owner, token and remaining time; a
 * force-released lock fires its event, is lost by its holder at its next renewal and goes to the
 * next acquirer with a higher token; the leader of an election is its lease's holder.
 */
@ExtendWith(ArquillianExtension.class)
public class FencedAdminLocksTest {

  private static final LockOptions RENEWED = LockOptions.defaults().withTtl(Duration.ofMillis(900));

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("admin-locks")
        .classes(AdminEventLog.class, Leader.class, RecordedCallbacks.class)
        .build();
  }

  @Inject FencedAdmin admin;
  @Inject Locks locks;
  @Inject AdminEventLog log;
  @Inject Leader leader;

  private final String key = "admin-lock-" + UUID.randomUUID();

  @Test
  void a_held_lock_shows_its_owner_token_and_remaining_time() {
    try (Lock lock = locks.tryAcquire(key, RENEWED).orElseThrow()) {
      LockSnapshot shown = admin.lock(key).orElseThrow();

      assertAll(
          () -> assertEquals(lock.owner(), shown.owner()),
          () -> assertEquals(lock.fencingToken(), shown.fencingToken()),
          () -> assertTrue(shown.instance().isPresent(), "an instance in " + shown.owner()),
          () -> assertTrue(shown.expiresIn().compareTo(Duration.ZERO) > 0, "expires later"));
    }
    assertEquals(Optional.empty(), admin.lock(key), "released");
  }

  @Test
  void a_force_released_lock_is_lost_by_its_holder_and_taken_with_a_higher_token()
      throws Exception {
    Lock held = locks.tryAcquire(key, RENEWED).orElseThrow();

    LockSnapshot released = admin.forceReleaseLock(key).orElseThrow();
    Lock next = locks.tryAcquire(key, RENEWED).orElseThrow();
    try {
      Polling.await("the holder lost its lock at its next renewal", () -> !held.isHeld());
      // The lease is marked lost before its LockLost event is fired, on the renewal's thread.
      Polling.await(
          "the holder's LockLost was fired",
          () ->
              log.events().stream()
                  .anyMatch(e -> e instanceof LockLost lost && lost.owner().equals(held.owner())));

      assertAll(
          () -> assertEquals(held.fencingToken(), released.fencingToken()),
          () ->
              assertTrue(
                  log.events()
                      .contains(new LockForceReleased(key, held.owner(), held.fencingToken())),
                  "events: " + log.events()),
          () -> assertTrue(next.fencingToken() > held.fencingToken(), "a higher token"));
    } finally {
      next.close();
      held.close();
    }
  }

  @Test
  void force_releasing_a_free_key_changes_nothing() {
    assertEquals(Optional.empty(), admin.forceReleaseLock(key));
  }

  @Test
  void the_leader_of_an_election_is_the_holder_of_its_lease() throws Exception {
    Polling.await("the bean was elected", () -> !leader.leases().isEmpty());
    Lock lease = leader.leases().get(leader.leases().size() - 1);

    LockSnapshot shown = admin.leader(Leader.KEY).orElseThrow();

    assertAll(
        () -> assertEquals(lease.owner(), shown.owner()),
        () -> assertEquals(lease.fencingToken(), shown.fencingToken()));
  }
}
