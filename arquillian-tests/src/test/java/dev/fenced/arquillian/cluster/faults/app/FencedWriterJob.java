package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.arquillian.cluster.app.RecordTables;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

/**
 * A timer every second, guarded to run on one instance: each run writes to the fenced resource
 * ({@link RecordTables#fencedWrite}) with its fencing token {@value #WRITES} times, {@value
 * #WRITE_EVERY_MILLIS} ms apart, so a run is almost always in progress on the job's owner. The
 * writes are counted, not timed: a run frozen in the middle still has writes to make when it wakes.
 *
 * <p>When the run is interrupted (its lock was lost), it records that and then sends the one write
 * a paused holder has in flight when it wakes up, with its old token: the resource must refuse it.
 */
@Singleton
public class FencedWriterJob {

  /** The job's name in the run records. */
  public static final String NAME = "writer";

  static final int WRITES = 15;
  static final long WRITE_EVERY_MILLIS = 100;

  @Inject LocksContext context;
  @Inject Member member;
  @Inject RecordTables records;

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
        records.fencedWrite(member.name(), token, System.currentTimeMillis());
        Thread.sleep(WRITE_EVERY_MILLIS);
      }
      records.run(NAME, member.name(), "finished", System.currentTimeMillis());
    } catch (InterruptedException e) {
      records.run(NAME, member.name(), "interrupted", System.currentTimeMillis());
      records.fencedWrite(member.name(), token, System.currentTimeMillis());
    }
  }
}
