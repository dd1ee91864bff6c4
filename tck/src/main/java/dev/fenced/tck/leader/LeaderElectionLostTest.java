package dev.fenced.tck.leader;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.tck.leader.common.LeadershipLog;
import dev.fenced.tck.leader.common.RecordedCallbacks;
import dev.fenced.tck.leader.lost.LostLeader;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.common.TckLockStore;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A leader whose lease is removed from the store behind its back loses leadership at its next
 * renewal: {@code onLeadershipLost(LOST)} and a {@code LeadershipLost} event with that reason; it
 * keeps competing and is elected again with a greater fencing token. The deployment's store is
 * {@link TckLockStore}; the lease's ttl is 900 ms.
 */
@ExtendWith(ArquillianExtension.class)
public class LeaderElectionLostTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("leader-election-lost")
        .classes(LostLeader.class, RecordedCallbacks.class, LeadershipLog.class)
        .build();
  }

  @Inject LostLeader leader;
  @Inject LeadershipLog log;
  @Inject TckLockStore store;

  @Test
  void a_leader_whose_lease_is_removed_loses_and_is_elected_again() throws Exception {
    Polling.await("the bean was elected", () -> !leader.leases().isEmpty());
    Lock first = leader.leases().get(0);
    assertTrue(store.forget(LostLeader.KEY), "the store held the lease");

    Polling.await("onLeadershipLost", () -> !leader.losses().isEmpty());
    Polling.await("a LeadershipLost event", () -> !log.lost().isEmpty());
    Polling.await("a second term", () -> leader.leases().size() >= 2);
    List<Lock> leases = leader.leases();

    assertAll(
        () -> assertEquals(List.of(LeadershipLost.Reason.LOST), leader.losses(), "callbacks"),
        () ->
            assertEquals(
                List.of(new LeadershipLost(LostLeader.KEY, LeadershipLost.Reason.LOST)),
                log.lost(),
                "events"),
        () -> assertFalse(first.isHeld(), "the lost lease is not held"),
        () -> assertTrue(leases.get(1).isHeld(), "the new lease is held"),
        () -> assertTrue(leases.get(1).fencingToken() > first.fencingToken(), "tokens"));
  }
}
