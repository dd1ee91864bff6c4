package dev.fenced.tck.locks.common;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.tck.deployed.Gates;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The work that loses its lock: it notes its lock and listens for its loss, then waits
 * interruptibly at a gate the test never opens, and notes when the wait is interrupted.
 */
public final class Victim {

  private final AtomicReference<Lock> lock = new AtomicReference<>();
  private final AtomicReference<LockLost> heard = new AtomicReference<>();
  private final AtomicBoolean interrupted = new AtomicBoolean();

  /**
   * Runs the work under {@code held}.
   *
   * @param held the lock {@code LocksContext} shows
   * @param gates the gates
   * @param gate the gate to wait at
   * @return never, unless the gate opens
   * @throws InterruptedException when the loss interrupted the wait
   */
  public String work(Lock held, Gates gates, String gate) throws InterruptedException {
    lock.set(held);
    held.onLost(heard::set);
    try {
      gates.pass(gate);
      return "finished";
    } catch (InterruptedException e) {
      interrupted.set(true);
      throw e;
    }
  }

  /**
   * The lock the work ran under.
   *
   * @return the lock, or {@code null} before the work started
   */
  public Lock lock() {
    return lock.get();
  }

  /**
   * What the work's {@code onLost} listener heard.
   *
   * @return the loss, or {@code null}
   */
  public LockLost heard() {
    return heard.get();
  }

  /**
   * Whether the work's wait was interrupted.
   *
   * @return whether it was
   */
  public boolean interrupted() {
    return interrupted.get();
  }
}
