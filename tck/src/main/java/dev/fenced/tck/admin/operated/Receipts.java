package dev.fenced.tck.admin.operated;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Issues one receipt per key; each run waits at the gate named by its key. */
@ApplicationScoped
public class Receipts {

  /** The method's name, for its record key. */
  public static final String METHOD = "issue";

  @Inject Invocations invocations;
  @Inject Gates gates;

  /**
   * Issues a receipt once per key, after the gate named {@code key} opens.
   *
   * @param key the idempotency key
   * @return the receipt of this run
   * @throws InterruptedException when interrupted at the gate
   */
  @Idempotent
  public String issue(@IdempotencyKey String key) throws InterruptedException {
    gates.pass(key);
    return key + "#" + invocations.increment(key);
  }
}
