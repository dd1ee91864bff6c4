package dev.fenced.tck.leader;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.leader.common.LeadershipLog;
import dev.fenced.tck.leader.common.RecordedCallbacks;
import dev.fenced.tck.leader.elected.Leader;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An {@code @ApplicationScoped @LeaderElection} bean is elected after the application starts (the
 * only instance competing): {@code onLeadershipAcquired} gets the held lease with a positive token,
 * the {@code LeadershipAcquired} event carries the same key and token, and the leader keeps the
 * lease (renewed) well past its 900 ms ttl, so no one else can take the key.
 */
@ExtendWith(ArquillianExtension.class)
public class LeaderElectionTest {

  /** Over three lease ttls: only renewals keep the lease that long. */
  private static final Duration SEVERAL_TTLS = Duration.ofMillis(3_000);

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("leader-election")
        .classes(Leader.class, RecordedCallbacks.class, LeadershipLog.class)
        .build();
  }

  @Inject Leader leader;
  @Inject LeadershipLog log;
  @Inject Locks locks;

  private Lock awaitElected() throws InterruptedException {
    Polling.await("the bean was elected", () -> !leader.leases().isEmpty());
    return leader.leases().get(0);
  }

  @Test
  void the_bean_is_elected_and_gets_its_lease_with_a_positive_token() throws Exception {
    Lock lease = awaitElected();
    assertAll(
        () -> assertEquals(Leader.KEY, lease.key(), "key"),
        () -> assertTrue(lease.fencingToken() > 0, "token " + lease.fencingToken()),
        () -> assertTrue(lease.isHeld(), "held"));
  }

  @Test
  void the_leadership_acquired_event_carries_the_key_and_token() throws Exception {
    Lock lease = awaitElected();
    Polling.await("a LeadershipAcquired event", () -> !log.acquired().isEmpty());
    assertEquals(new LeadershipAcquired(Leader.KEY, lease.fencingToken()), log.acquired().get(0));
  }

  @Test
  void the_leader_keeps_its_lease_past_its_ttl_and_no_one_else_gets_the_key() throws Exception {
    Lock lease = awaitElected();
    long elected = System.nanoTime();
    // watched the whole time, so a loss fails at once; the ttls are the lease's, not scaled
    Polling.await(
        "the lease outlived " + SEVERAL_TTLS + " held",
        () -> {
          if (!lease.isHeld() || !leader.losses().isEmpty()) {
            throw new AssertionError(
                "the lease was lost after "
                    + Duration.ofNanos(System.nanoTime() - elected)
                    + ": "
                    + leader.losses());
          }
          return System.nanoTime() - elected >= SEVERAL_TTLS.toNanos();
        });
    Optional<Lock> other = locks.tryAcquire(Leader.KEY);
    other.ifPresent(Lock::close);
    List<Lock> leases = leader.leases();

    assertAll(
        () -> assertTrue(lease.isHeld(), "the lease is still held"),
        () -> assertEquals(1, leases.size(), "terms: " + leases),
        () -> assertTrue(leader.losses().isEmpty(), "lost: " + leader.losses()),
        () -> assertTrue(log.lost().isEmpty(), "LeadershipLost events: " + log.lost()),
        () -> assertTrue(other.isEmpty(), "another acquirer got the leader's key"));
  }
}
