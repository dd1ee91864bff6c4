package dev.fenced.tck.config.override;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Sends digests; the deployment's config overrides the ttl of every method of this class. */
@ApplicationScoped
public class Digests {

  @Inject Invocations invocations;

  /**
   * Sends a digest.
   *
   * @param digestId the key
   * @return the run number
   */
  @Idempotent(ttl = "1h")
  public int send(@IdempotencyKey String digestId) {
    return invocations.increment(digestId);
  }
}
