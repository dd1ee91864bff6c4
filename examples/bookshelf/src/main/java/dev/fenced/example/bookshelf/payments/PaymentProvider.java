package dev.fenced.example.bookshelf.payments;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A stand-in for a card processor. Each charge takes {@code bookshelf.payment.delay} milliseconds
 * (500 by default, so a client's impatient retry arrives while the first request still runs) and is
 * counted: {@code GET /api/admin/charges} shows that a retried payment charged once.
 */
@ApplicationScoped
public class PaymentProvider {

  @Inject
  @ConfigProperty(name = "bookshelf.payment.delay", defaultValue = "500")
  long delayMillis;

  private final AtomicLong charges = new AtomicLong();

  /**
   * Charges an amount.
   *
   * @param amount what to charge
   * @param paymentMethod how
   */
  public void charge(BigDecimal amount, String paymentMethod) {
    try {
      Thread.sleep(delayMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted before charging " + amount, e);
    }
    charges.incrementAndGet();
  }

  /**
   * The charges made since the application started.
   *
   * @return the count
   */
  public long charges() {
    return charges.get();
  }
}
