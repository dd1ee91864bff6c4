package dev.fenced.arquillian.cluster.app;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import java.time.Instant;

/**
 * A timer every second on every member, guarded to run on one instance at a time: each run records
 * its member, its scheduled second and the fencing token of its run lock.
 *
 * <p>The scheduled second is the second the run started in: a timer goes off just after its second
 * begins, so two members that both ran one tick record the same second.
 */
@Singleton
public class TickJob {

  @Inject LocksContext context;
  @Inject Member member;
  @Inject RecordTables records;

  /** Records this run. */
  @Schedule(second = "*", minute = "*", hour = "*", persistent = false)
  @OnOneInstance
  @WithoutOverlapping
  public void tick() {
    Instant started = Instant.now();
    long token =
        context
            .fencingToken()
            .orElseThrow(() -> new IllegalStateException("a guarded run without a fencing token"));
    records.tick(started.getEpochSecond(), member.name(), token, started.toEpochMilli());
  }
}
