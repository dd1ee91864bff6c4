package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.ClusterRecords.LeadershipChange;
import dev.fenced.arquillian.cluster.ClusterRecords.Loss;
import dev.fenced.arquillian.cluster.ClusterRecords.RunEvent;
import dev.fenced.arquillian.cluster.ClusterRecords.Write;
import dev.fenced.arquillian.cluster.faults.app.FencedWriterJob;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.testservers.FrozenProcess;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One round of a split brain: the writer job's owner is frozen ({@code SIGSTOP}) in the middle of a
 * run, past its lease's ttl; the other member takes the job over and writes with its own token;
 * then the frozen one is thawed ({@code SIGCONT}) and wakes up believing it still holds the job.
 *
 * @param frozen the member that was frozen
 * @param taker the member that took over
 * @param frozenAtMillis when it was frozen (epoch milliseconds)
 * @param thawedAtMillis when it was thawed
 * @param ledBeforeFreeze whether the frozen member led when it was frozen
 */
record SplitBrain(
    ClusterMember frozen,
    ClusterMember taker,
    long frozenAtMillis,
    long thawedAtMillis,
    boolean ledBeforeFreeze) {

  /** How long after the thaw the frozen member has to notice its losses. */
  static final Duration SETTLE = FaultCluster.LOCK_TTL.plus(FaultCluster.SLACK);

  /**
   * Plays one round and waits until the thawed member had time to notice.
   *
   * @param cluster the cluster
   * @return what happened, to be checked against the records
   * @throws Exception when a member does not answer or the job has no owner
   */
  static SplitBrain play(FaultCluster cluster) throws Exception {
    // freeze the job's owner right after a run started, so that it still has writes to make when
    // it wakes
    ClusterMember owner = cluster.awaitWriterRunStart();
    ClusterMember taker = cluster.other(owner);
    boolean led = owner.leadsNow();
    long frozenAt;
    long thawedAt;
    try (FrozenProcess ignored = cluster.control().freeze(owner)) {
      frozenAt = System.currentTimeMillis();
      Polling.await(
          taker + " writes with its own token while " + owner + " is frozen",
          FaultCluster.LOCK_TTL.plus(FaultCluster.TICK).plus(FaultCluster.SLACK).multipliedBy(2),
          () -> firstAcceptedWriteBy(cluster, taker, frozenAt).isPresent());
      long past = frozenAt + FaultCluster.LOCK_TTL.plusSeconds(2).toMillis();
      Thread.sleep(Math.max(0, past - System.currentTimeMillis()));
      thawedAt = System.currentTimeMillis();
    }
    Thread.sleep(SETTLE.toMillis());
    return new SplitBrain(owner, taker, frozenAt, thawedAt, led);
  }

  static List<RunEvent> writerRuns(FaultCluster cluster) {
    return cluster.records().runs().stream()
        .filter(r -> r.key().equals(FencedWriterJob.NAME))
        .toList();
  }

  static Optional<Write> firstAcceptedWriteBy(
      FaultCluster cluster, ClusterMember member, long sinceMillis) {
    return cluster.acceptedWrites().stream()
        .filter(w -> w.member().equals(member.name()) && w.atMillis() >= sinceMillis)
        .findFirst();
  }

  /** The frozen member's write attempts after it was thawed. */
  List<Write> attemptsAfterThaw(FaultCluster cluster) {
    return cluster.records().writes().stream()
        .filter(w -> w.member().equals(frozen.name()) && w.atMillis() >= thawedAtMillis)
        .toList();
  }

  /** The locks the frozen member lost, noticed after the thaw. */
  List<Loss> lossesAfterThaw(FaultCluster cluster) {
    return cluster.records().losses().stream()
        .filter(l -> l.member().equals(frozen.name()) && l.atMillis() >= thawedAtMillis)
        .toList();
  }

  /** Whether the frozen member's writer run recorded its interruption after the thaw. */
  boolean interruptedAfterThaw(FaultCluster cluster) {
    return writerRuns(cluster).stream()
        .anyMatch(
            r ->
                r.member().equals(frozen.name())
                    && r.event().equals("interrupted")
                    && r.atMillis() >= thawedAtMillis);
  }

  /** The leadership changes of the round: the taker's election and the frozen member's loss. */
  List<LeadershipChange> leadershipChanges(FaultCluster cluster) {
    return cluster.records().leadership().stream()
        .filter(c -> c.atMillis() >= frozenAtMillis)
        .toList();
  }
}
