package dev.fenced.tck.idempotent.faulttolerance;

import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.Retry;

/** A bean whose {@code @Retry} method fails twice per tag, then succeeds. */
@ApplicationScoped
public class PaymentGateway {

  @Inject Invocations invocations;

  /**
   * Charges, failing on the first two attempts.
   *
   * @param tag the test's counter
   * @return the attempt that succeeded
   */
  @Retry(maxRetries = 3, delay = 0, jitter = 0)
  public int charge(String tag) {
    int attempt = invocations.increment(tag);
    if (attempt <= 2) {
      throw new IllegalStateException("the TCK's gateway fails attempt " + attempt);
    }
    return attempt;
  }
}
