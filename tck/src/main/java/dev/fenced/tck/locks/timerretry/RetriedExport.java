package dev.fenced.tck.locks.timerretry;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.locks.common.Runs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * The export {@link ExportTimer} fires, retried by Fault Tolerance: the first two attempts fail.
 * Each attempt records the run lock {@code LocksContext} shows.
 */
@ApplicationScoped
public class RetriedExport {

  /** The run lock's key. */
  public static final String KEY = "tck:timer-retry";

  @Inject LocksContext context;
  @Inject Runs runs;

  private final AtomicInteger attempts = new AtomicInteger();

  /** Exports; the first two attempts fail. */
  @WithoutOverlapping(key = KEY)
  @Retry(maxRetries = 2, delay = 0, jitter = 0)
  public void export() {
    runs.enter(context.lock().orElse(null));
    runs.exit();
    int attempt = attempts.incrementAndGet();
    if (attempt < 3) {
      throw new IllegalStateException("attempt " + attempt + " fails");
    }
  }
}
