package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.UUID;

/**
 * A CDI bean whose {@code @Transactional} method runs once per key: one row in {@link CrashRuns}
 * per run.
 */
@ApplicationScoped
public class GuardedBean {

  /** Its kind in {@link CrashRuns}. */
  public static final String KIND = "cdi";

  @Inject Member member;
  @Inject CrashRuns runs;
  @Inject CommitCrash crash;

  /**
   * Runs once per key.
   *
   * @param key the idempotency key
   * @return {@code <member>:<run id>}, the run's own value
   */
  @Transactional
  @Idempotent(lockTtl = CrashRuns.LOCK_TTL)
  public String run(@IdempotencyKey String key) {
    runs.insert(KIND, key, member.name());
    crash.armIfRequested(KIND, key);
    return member.name() + ":" + UUID.randomUUID();
  }
}
