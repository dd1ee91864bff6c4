package dev.fenced.tck.config.override;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Imports a file, holding at the gate named by the key. The annotation says nothing about conflicts
 * (so REJECT); the deployment's {@code Idempotent/onConflict=WAIT} makes duplicates wait.
 */
@ApplicationScoped
public class Imports {

  @Inject Invocations invocations;
  @Inject Gates gates;

  /**
   * Imports once per key.
   *
   * @param fileId the key, the gate and the counter
   * @return the run number
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent
  public int importFile(@IdempotencyKey String fileId) throws InterruptedException {
    int run = invocations.increment(fileId);
    gates.pass(fileId);
    return run;
  }
}
