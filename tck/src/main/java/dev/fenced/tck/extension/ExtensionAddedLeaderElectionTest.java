package dev.fenced.tck.extension;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.admin.FencedAdmin;
import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.extension.leader.AddsLeaderElection;
import dev.fenced.tck.extension.leader.Coordinator;
import dev.fenced.tck.extension.leader.LeaderElectionLiteral;
import dev.fenced.tck.leader.common.RecordedCallbacks;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@code @LeaderElection} that another portable extension adds to a bean class in {@code
 * ProcessAnnotatedType} makes it compete like one written in the source: the bean is elected after
 * the application starts, with its lease under the key the extension set, which no one else can
 * take; the lease lives by the extension's {@code ttl} (the store shows it expiring within 900 ms,
 * not the default 30 s).
 */
@ExtendWith(ArquillianExtension.class)
public class ExtensionAddedLeaderElectionTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("extension-added-leader-election")
        .classes(Coordinator.class, RecordedCallbacks.class, LeaderElectionLiteral.class)
        .extension(AddsLeaderElection.class)
        .build();
  }

  @Inject Coordinator coordinator;
  @Inject Locks locks;
  @Inject FencedAdmin admin;

  @BeforeAll
  static void theSourceCarriesNoLeaderElection() {
    assertFalse(
        Coordinator.class.isAnnotationPresent(LeaderElection.class),
        "only the extension may add @LeaderElection");
  }

  private Lock awaitElected() throws InterruptedException {
    Polling.await("the bean was elected", () -> !coordinator.leases().isEmpty());
    return coordinator.leases().get(0);
  }

  @Test
  void the_bean_is_elected_under_the_key_the_extension_set() throws Exception {
    Lock lease = awaitElected();
    Optional<Lock> other = locks.tryAcquire(Coordinator.KEY);
    other.ifPresent(Lock::close);

    assertAll(
        () -> assertEquals(Coordinator.KEY, lease.key(), "key"),
        () -> assertTrue(lease.fencingToken() > 0, "token " + lease.fencingToken()),
        () -> assertTrue(lease.isHeld(), "held"),
        () -> assertTrue(other.isEmpty(), "another acquirer got the leader's key"));
  }

  @Test
  void the_lease_lives_by_the_ttl_the_extension_set() throws Exception {
    Lock lease = awaitElected();
    LockSnapshot shown =
        admin.leader(Coordinator.KEY).orElseThrow(() -> new AssertionError("no leader shown"));

    assertAll(
        () -> assertEquals(lease.fencingToken(), shown.fencingToken(), "the leader's token"),
        () ->
            assertTrue(
                shown.expiresIn().compareTo(Duration.ofMillis(900)) <= 0,
                "expires in " + shown.expiresIn() + ", over the ttl of 900ms"));
  }
}
