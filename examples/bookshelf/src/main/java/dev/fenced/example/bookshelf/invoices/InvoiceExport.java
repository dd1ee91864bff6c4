package dev.fenced.example.bookshelf.invoices;

import dev.fenced.example.bookshelf.InstanceName;
import dev.fenced.locks.LocksContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The export itself, run by {@link InvoiceExportSchedule} and by {@code POST
 * /api/admin/invoice-exports}, always under the run lock {@value #KEY}. It takes {@code
 * bookshelf.export.duration} milliseconds (3000 by default) and remembers the last runs of this
 * instance.
 */
@ApplicationScoped
public class InvoiceExport {

  /** The run lock both triggers take; the timer's lease is {@code invoices:export:owner}. */
  public static final String KEY = "invoices:export";

  private static final int KEPT_RUNS = 20;

  @Inject LocksContext locks;
  @Inject InstanceName instance;

  @Inject
  @ConfigProperty(name = "bookshelf.export.duration", defaultValue = "3000")
  long durationMillis;

  private final Deque<InvoiceExportRun> runs = new ConcurrentLinkedDeque<>();

  /**
   * Exports the invoices. Call it under the lock {@value #KEY}.
   *
   * @param trigger what started the run
   * @return the run
   * @throws InterruptedException when the lock was lost (Fenced interrupts the run)
   */
  public InvoiceExportRun run(String trigger) throws InterruptedException {
    // a real export hands the token to what it writes to, which refuses a token lower than the last
    long token =
        locks
            .fencingToken()
            .orElseThrow(() -> new IllegalStateException("run the export under the lock " + KEY));
    Instant startedAt = Instant.now();
    Thread.sleep(durationMillis);
    InvoiceExportRun run =
        new InvoiceExportRun(instance.get(), trigger, token, startedAt, Instant.now());
    runs.addFirst(run);
    while (runs.size() > KEPT_RUNS) {
      runs.pollLast();
    }
    return run;
  }

  /**
   * The last runs on this instance, newest first.
   *
   * @return a snapshot
   */
  public List<InvoiceExportRun> runs() {
    return new ArrayList<>(runs);
  }
}
