package dev.fenced.arquillian.setup;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.faulttolerance.Retry;

/** Fails twice, then succeeds: only MP Fault Tolerance's {@code @Retry} makes the call succeed. */
@ApplicationScoped
public class FlakyService {

  public static final int FAILING_ATTEMPTS = 2;

  private final AtomicInteger attempts = new AtomicInteger();

  @Inject Invocations invocations;

  @Counted
  @Retry(maxRetries = 5, delay = 0, jitter = 0)
  public String succeedAfterTwoFailures() {
    invocations.record("attempt:succeedAfterTwoFailures");
    int attempt = attempts.incrementAndGet();
    if (attempt <= FAILING_ATTEMPTS) {
      throw new IllegalStateException("attempt " + attempt + " fails on purpose");
    }
    return "succeeded on attempt " + attempt;
  }
}
