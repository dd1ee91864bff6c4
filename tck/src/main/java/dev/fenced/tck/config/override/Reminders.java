package dev.fenced.tck.config.override;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Sends reminders. The annotation keeps outcomes an hour; the deployment's config overrides {@link
 * #remind}'s ttl to one second and leaves {@link #remindLater} alone.
 */
@ApplicationScoped
public class Reminders {

  @Inject Invocations invocations;

  /**
   * Sends a reminder; its ttl is overridden per method.
   *
   * @param reminderId the key
   * @return the run number
   */
  @Idempotent(ttl = "1h")
  public int remind(@IdempotencyKey String reminderId) {
    return invocations.increment(reminderId);
  }

  /**
   * Sends a reminder; no per-method override, so the annotation's ttl applies.
   *
   * @param reminderId the key
   * @return the run number
   */
  @Idempotent(ttl = "1h")
  public int remindLater(@IdempotencyKey String reminderId) {
    return invocations.increment(reminderId);
  }
}
