package dev.fenced.tck.ejb.locks;

import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Ledger;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/**
 * An EJB whose business method runs its work under {@code Locks.withLock} (no wait) in its
 * container-managed transaction: it writes {@code <key>#guarded} to the ledger and waits at the
 * gate {@code <key>}.
 */
@Stateless
public class GuardedWork {

  @Inject Locks locks;
  @Inject Ledger ledger;
  @Inject Gates gates;

  /**
   * Runs the work under the lock on {@code key}.
   *
   * @param key the lock key, also the gate's name
   * @throws Exception what {@code withLock} threw
   */
  public void runUnder(String key) throws Exception {
    locks.withLock(
        key,
        () -> {
          ledger.write(key + "#guarded");
          gates.pass(key);
          return null;
        },
        LockOptions.defaults());
  }
}
