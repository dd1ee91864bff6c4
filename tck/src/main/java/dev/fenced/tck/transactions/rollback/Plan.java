package dev.fenced.tck.transactions.rollback;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** What the next run of a payment does; the arguments stay equal, so the fingerprint does too. */
@ApplicationScoped
public class Plan {

  private final Map<String, Outcome> next = new ConcurrentHashMap<>();

  /**
   * Sets how the next run of {@code paymentId} ends.
   *
   * @param paymentId the key
   * @param outcome the outcome of that one run
   */
  public void next(String paymentId, Outcome outcome) {
    next.put(paymentId, outcome);
  }

  /**
   * How this run ends; {@link Outcome#COMMIT} unless planned.
   *
   * @param paymentId the key
   * @return the outcome, consumed
   */
  public Outcome take(String paymentId) {
    Outcome outcome = next.remove(paymentId);
    return outcome == null ? Outcome.COMMIT : outcome;
  }
}
