package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.UUID;

/**
 * A stateless session bean whose method runs once per key, in its container-managed transaction:
 * one row in {@link CrashRuns} per run.
 */
@Stateless
public class GuardedEjb {

  /** Its kind in {@link CrashRuns}. */
  public static final String KIND = "ejb";

  @Inject Member member;
  @Inject CrashRuns runs;
  @Inject CommitCrash crash;

  /**
   * Runs once per key.
   *
   * @param key the idempotency key
   * @return {@code <member>:<run id>}, the run's own value
   */
  @Idempotent(lockTtl = CrashRuns.LOCK_TTL)
  public String run(@IdempotencyKey String key) {
    runs.insert(KIND, key, member.name());
    crash.armIfRequested(KIND, key);
    return member.name() + ":" + UUID.randomUUID();
  }
}
