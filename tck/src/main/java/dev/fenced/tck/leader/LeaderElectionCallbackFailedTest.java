package dev.fenced.tck.leader;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.Lock;
import dev.fenced.tck.leader.callback.FlakyLeader;
import dev.fenced.tck.leader.common.LeadershipLog;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * When {@code onLeadershipAcquired} throws, the instance steps down: {@code
 * onLeadershipLost(CALLBACK_FAILED)} and a {@code LeadershipLost} event with that reason, the lease
 * released; it competes again and is elected for a new term with a greater fencing token.
 */
@ExtendWith(ArquillianExtension.class)
public class LeaderElectionCallbackFailedTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("leader-election-callback-failed")
        .classes(FlakyLeader.class, LeadershipLog.class)
        .build();
  }

  @Inject FlakyLeader leader;
  @Inject LeadershipLog log;

  @Test
  void a_failed_callback_steps_down_and_the_instance_is_elected_again() throws Exception {
    Polling.await("a second term", () -> leader.leases().size() >= 2);
    Polling.await("a LeadershipLost event", () -> !log.lost().isEmpty());
    List<Lock> leases = leader.leases();

    assertAll(
        () ->
            assertEquals(LeadershipLost.Reason.CALLBACK_FAILED, leader.losses().get(0), "callback"),
        () ->
            assertEquals(
                new LeadershipLost(FlakyLeader.KEY, LeadershipLost.Reason.CALLBACK_FAILED),
                log.lost().get(0),
                "event"),
        () -> assertFalse(leases.get(0).isHeld(), "the failed term's lease is released"),
        () -> assertTrue(leases.get(1).isHeld(), "the new term's lease is held"),
        () ->
            assertTrue(
                leases.get(1).fencingToken() > leases.get(0).fencingToken(),
                "tokens " + leases.get(0).fencingToken() + ", " + leases.get(1).fencingToken()));
  }
}
