package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.arquillian.cluster.app.RecordTables;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.StaleFencingTokenException;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import java.util.UUID;

/**
 * A timer every second, guarded to run on one instance: each run writes to the fenced resource
 * ({@link FencedLedger}) with its fencing token {@value #WRITES} times, {@value
 * #WRITE_EVERY_MILLIS} ms apart, so a run is almost always in progress on the job's owner. The
 * writes are counted, not timed: a run frozen in the middle still has writes to make when it wakes.
 *
 * <p>When the run is interrupted (its lock was lost), it records that and then sends the one write
 * a paused holder has in flight when it wakes up, with its old token: the resource must refuse it.
 * Every attempt and its outcome is recorded ({@link RecordTables#write}) after its transaction.
 */
@Singleton
public class FencedWriterJob {

  /** The job's name in the run records. */
  public static final String NAME = "writer";

  static final int WRITES = 15;
  static final long WRITE_EVERY_MILLIS = 100;
  private static final long SETTLE_NANOS = 1_000_000_000L;

  @Inject LocksContext context;
  @Inject Member member;
  @Inject RecordTables records;
  @Inject FencedLedger ledger;

  /** Writes with this run's token until the run's time is up or its lock is lost. */
  @Schedule(second = "*", minute = "*", hour = "*", persistent = false)
  @OnOneInstance
  @WithoutOverlapping
  public void write() {
    long token =
        context
            .fencingToken()
            .orElseThrow(() -> new IllegalStateException("a guarded run without a fencing token"));
    records.run(NAME, member.name(), "started", System.currentTimeMillis());
    try {
      for (int i = 0; i < WRITES; i++) {
        attempt(token);
        Thread.sleep(WRITE_EVERY_MILLIS);
      }
      records.run(NAME, member.name(), "finished", System.currentTimeMillis());
    } catch (InterruptedException e) {
      records.run(NAME, member.name(), "interrupted", System.currentTimeMillis());
      letTheOtherLossesArrive();
      attempt(token);
    }
  }

  /**
   * Each lock this run loses interrupts its thread: the run lock and the job's lease are lost
   * together, but not at the same instant. The write a paused holder has in flight must not be cut
   * short by the second interrupt (WildFly's pool answers an interrupted thread with a failure, not
   * the resource's refusal), so it waits for them first.
   */
  private static void letTheOtherLossesArrive() {
    long until = System.nanoTime() + SETTLE_NANOS;
    for (long left = SETTLE_NANOS; left > 0; left = until - System.nanoTime()) {
      try {
        Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
      } catch (InterruptedException anotherLoss) {
        // the next lock's loss: keep waiting
      }
    }
    Thread.interrupted();
  }

  private void attempt(long token) {
    String attempt = member.name() + ":" + UUID.randomUUID();
    long at = System.currentTimeMillis();
    String outcome;
    try {
      ledger.write(attempt, member.name(), token);
      outcome = RecordTables.ADMITTED;
    } catch (StaleFencingTokenException refused) {
      outcome = RecordTables.REFUSED;
    } catch (RuntimeException failed) {
      // the store link is down, or the transaction died with its frozen session
      outcome = RecordTables.FAILED;
    }
    records.write(attempt, member.name(), token, outcome, at);
  }
}
