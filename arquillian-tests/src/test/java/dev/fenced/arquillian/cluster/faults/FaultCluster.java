package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterControl;
import dev.fenced.arquillian.cluster.ClusterDeployment;
import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.ClusterRecords;
import dev.fenced.arquillian.cluster.ClusterRecords.RunEvent;
import dev.fenced.arquillian.cluster.ClusterRecords.Write;
import dev.fenced.arquillian.cluster.faults.app.FencedWriterJob;
import dev.fenced.arquillian.harness.StoreLink;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.testservers.FaultProxy;
import dev.fenced.tck.deployed.TckTimeouts;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a fault scenario works with: the two members, their control, the records they write, the
 * proxy between them and the store, and the run's bounds.
 *
 * @param a the member started first (always WildFly)
 * @param b the other
 * @param control starts, stops, kills and freezes them
 */
record FaultCluster(ClusterMember a, ClusterMember b, ClusterControl control) {

  /** The ttl of every lease and run lock of the application. */
  static final Duration LOCK_TTL = Duration.parse("PT" + ClusterDeployment.LOCK_TTL);

  /** The timer period of the application's jobs. */
  static final Duration TICK = Duration.ofSeconds(1);

  /** What a bound does not count: a timer firing late, a record written, a clock read. */
  static final Duration SLACK = TckTimeouts.scaled(Duration.ofMillis(1500));

  /** How long waiting for a server to come up or a member to answer may take. */
  static final Duration START_WAIT = TckTimeouts.scaled(Duration.ofSeconds(60));

  /**
   * The longest a store call may take before it fails closed, as the run's store is configured:
   * {@code fenced.faults.store-timeout} (the JPA store: the datasource's socket timeout; Redis: the
   * reply timeout plus the pool's wait).
   */
  static final Duration STORE_TIMEOUT =
      Duration.parse("PT" + System.getProperty("fenced.faults.store-timeout", "10s"));

  /** The records the application writes. */
  ClusterRecords records() {
    return ClusterRecords.get();
  }

  /** The proxy between the servers and the store. */
  FaultProxy storeLink() {
    return StoreLink.proxy();
  }

  /** Both members, {@code a} first. */
  List<ClusterMember> members() {
    return List.of(a, b);
  }

  /** The member that is not {@code member}. */
  ClusterMember other(ClusterMember member) {
    return member.equals(a) ? b : a;
  }

  /**
   * The member that ran the writer job last, if any ran.
   *
   * @return the job's owner
   */
  Optional<ClusterMember> writerOwner() {
    List<RunEvent> runs =
        records().runs().stream().filter(r -> r.key().equals(FencedWriterJob.NAME)).toList();
    if (runs.isEmpty()) {
      return Optional.empty();
    }
    String name = runs.get(runs.size() - 1).member();
    return Optional.of(name.equals(a.name()) ? a : b);
  }

  /**
   * Waits until a member starts a writer run, and names it: the job's owner now, in the middle of a
   * run (an earlier scenario may have moved the job).
   *
   * @return the member whose writer run started less than 400 ms ago
   * @throws InterruptedException when interrupted
   */
  ClusterMember awaitWriterRunStart() throws InterruptedException {
    AtomicReference<ClusterMember> starter = new AtomicReference<>();
    Polling.await(
        "a member starts a writer run",
        START_WAIT,
        () -> {
          starter.set(writerRunStartedJustNow().orElse(null));
          return starter.get() != null;
        });
    return starter.get();
  }

  private Optional<ClusterMember> writerRunStartedJustNow() {
    List<RunEvent> runs =
        records().runs().stream().filter(r -> r.key().equals(FencedWriterJob.NAME)).toList();
    if (runs.isEmpty()) {
      return Optional.empty();
    }
    RunEvent last = runs.get(runs.size() - 1);
    if (!last.event().equals("started") || System.currentTimeMillis() - last.atMillis() >= 400) {
      return Optional.empty();
    }
    return members().stream().filter(m -> m.name().equals(last.member())).findFirst();
  }

  /**
   * The accepted writes to the fenced resource, in the resource's order.
   *
   * @return the writes it took
   */
  List<Write> acceptedWrites() {
    return records().writes().stream().filter(Write::accepted).toList();
  }
}
