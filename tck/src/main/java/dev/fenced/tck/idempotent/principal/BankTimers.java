package dev.fenced.tck.idempotent.principal;

import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/** Charges from an EJB timer, which the container runs without a caller. */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class BankTimers {

  @Resource TimerService timers;
  @Inject AccountCharges charges;

  private final Map<String, CompletableFuture<String>> outcomes = new ConcurrentHashMap<>();

  /**
   * Charges in a timer's callback, soon.
   *
   * @param chargeId the key
   * @return the charge's outcome, once the timer ran
   */
  public CompletableFuture<String> chargeLater(String chargeId) {
    CompletableFuture<String> outcome = new CompletableFuture<>();
    outcomes.put(chargeId, outcome);
    timers.createSingleActionTimer(1, new TimerConfig(chargeId, false));
    return outcome;
  }

  // Without a transaction of its own, the charge commits in the session bean's transaction, and
  // Fenced records its outcome, before charge() returns: a future completed inside the timer's
  // transaction would let the test's next call meet the record still in progress.
  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void fire(Timer timer) {
    String chargeId = (String) timer.getInfo();
    CompletableFuture<String> outcome = outcomes.remove(chargeId);
    try {
      outcome.complete(charges.charge(chargeId));
    } catch (RuntimeException e) {
      outcome.completeExceptionally(e);
    }
  }
}
