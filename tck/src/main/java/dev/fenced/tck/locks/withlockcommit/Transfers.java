package dev.fenced.tck.locks.withlockcommit;

import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.tck.deployed.Gates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * A {@code @Transactional} method that does its work under {@code Locks.withLock} and then, with
 * the transaction still open, waits at a gate before it returns and commits.
 */
@ApplicationScoped
public class Transfers {

  /**
   * What the method saw.
   *
   * @param tokenInside the fencing token {@code LocksContext} gave inside the work
   * @param contextEmptyAfter whether {@code LocksContext} was empty once {@code withLock} returned
   */
  public record Seen(long tokenInside, boolean contextEmptyAfter) {}

  @Inject Locks locks;
  @Inject LocksContext context;
  @Inject Gates gates;

  /**
   * Moves money under the lock {@code key}, then holds the transaction open at {@code gate}.
   *
   * @param key the lock key
   * @param gate where the open transaction waits
   * @return what it saw
   * @throws Exception what {@code withLock} threw, or an interrupt at the gate
   */
  @Transactional
  public Seen moveAndHold(String key, String gate) throws Exception {
    long token =
        locks.withLock(key, () -> context.fencingToken().orElseThrow(), LockOptions.defaults());
    boolean emptyAfter = context.lock().isEmpty();
    gates.pass(gate);
    return new Seen(token, emptyAfter);
  }
}
