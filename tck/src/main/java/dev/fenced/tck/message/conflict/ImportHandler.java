package dev.fenced.tck.message.conflict;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Imports a file, holding at the gate named by the key until the test opens it. */
@ApplicationScoped
public class ImportHandler {

  @Inject Invocations invocations;
  @Inject Gates gates;

  /**
   * Imports once per key (default: a running duplicate is rejected).
   *
   * @param fileId the key, also the gate and the counter
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
