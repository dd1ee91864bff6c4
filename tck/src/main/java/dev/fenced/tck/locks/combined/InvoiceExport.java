package dev.fenced.tck.locks.combined;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.locks.common.Runs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * A job on one instance, one run at a time, with the default keys: the run lock {@code
 * dev.fenced.tck.locks.combined.InvoiceExport.export} and the lease {@code <that>:owner}.
 */
@ApplicationScoped
public class InvoiceExport {

  /** The default key of {@link #export}. */
  public static final String KEY = InvoiceExport.class.getName() + ".export";

  @Inject LocksContext context;
  @Inject Runs runs;
  @Inject Gates gates;

  /**
   * Records the lock {@code LocksContext} shows and holds at the gate.
   *
   * @param gate the gate
   * @throws InterruptedException when interrupted at the gate
   */
  @OnOneInstance
  @WithoutOverlapping
  public void export(String gate) throws InterruptedException {
    runs.enter(context.lock().orElse(null));
    try {
      gates.pass(gate);
    } finally {
      runs.exit();
    }
  }
}
