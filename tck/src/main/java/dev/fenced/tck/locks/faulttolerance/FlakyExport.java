package dev.fenced.tck.locks.faulttolerance;

import dev.fenced.locks.LocksContext;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.locks.common.Runs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * A one-instance job that MicroProfile Fault Tolerance retries: the first two attempts fail, the
 * third succeeds. Each attempt records the lock {@code LocksContext} shows.
 */
@ApplicationScoped
public class FlakyExport {

  /** The job's key: run lock {@code tck:ft-export}, lease {@code tck:ft-export:owner}. */
  public static final String KEY = "tck:ft-export";

  @Inject LocksContext context;
  @Inject Runs runs;

  private final AtomicInteger attempts = new AtomicInteger();

  /**
   * Exports; fails in the first two attempts.
   *
   * @return {@code "exported"}
   */
  @OnOneInstance(key = KEY)
  @WithoutOverlapping(key = KEY)
  @Retry(maxRetries = 2, delay = 0, jitter = 0)
  public String export() {
    runs.enter(context.lock().orElse(null));
    runs.exit();
    int attempt = attempts.incrementAndGet();
    if (attempt < 3) {
      throw new IllegalStateException("attempt " + attempt + " fails");
    }
    return "exported";
  }
}
