package dev.fenced.core.locks;

import dev.fenced.locks.LockLost;
import java.util.function.Consumer;

/**
 * Interrupts the thread of one guarded run when its lock is lost, as long as the run lasts, and
 * takes back that interrupt when the run ends, so a pooled thread is not handed on interrupted.
 *
 * <p>An interrupt that was already pending when the loss came is kept. Only a visible one, though:
 * a thread blocked in an uninterruptible JDK wait (say {@code Semaphore.acquireUninterruptibly})
 * holds its pending interrupt aside while it waits, so that interrupt is taken back with ours.
 */
final class LossInterrupter implements Consumer<LockLost> {

  private final Thread worker;
  private boolean running = true;
  private LockLost interruptedBy;
  private boolean wasInterruptedAlready;

  /**
   * @param worker the thread running the guarded work
   */
  LossInterrupter(Thread worker) {
    this.worker = worker;
  }

  @Override
  public synchronized void accept(LockLost loss) {
    if (!running || interruptedBy != null) {
      return;
    }
    wasInterruptedAlready = worker.isInterrupted();
    interruptedBy = loss;
    worker.interrupt();
  }

  /**
   * Ends the watch; called by the worker thread when the run ended. Clears the interrupt this watch
   * delivered, unless the thread was already interrupted for another reason when it came.
   *
   * @return the loss that interrupted the run, or {@code null} when none did
   */
  synchronized LockLost finish() {
    if (running) {
      running = false;
      if (interruptedBy != null && !wasInterruptedAlready) {
        Thread.interrupted();
      }
    }
    return interruptedBy;
  }
}
