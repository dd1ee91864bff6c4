package dev.fenced.cdi;

import dev.fenced.cdi.call.Transactions;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.function.Consumer;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The caller's JTA transaction, through the server's {@code TransactionSynchronizationRegistry}
 * ({@code java:comp/TransactionSynchronizationRegistry}). The outcome is registered as an
 * <em>interposed</em> synchronization, which runs after the transaction's resources, so a store
 * write in {@code afterCompletion} never joins the caller's transaction.
 */
final class JtaTransactions implements Transactions {

  static final String JNDI_NAME = "java:comp/TransactionSynchronizationRegistry";

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final TransactionSynchronizationRegistry registry;

  private JtaTransactions(TransactionSynchronizationRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  /**
   * The server's transactions, or {@link Transactions#NONE} where the server has no JTA.
   *
   * @return the transactions
   */
  static Transactions lookup() {
    try {
      return new JtaTransactions(InitialContext.doLookup(JNDI_NAME));
    } catch (NamingException | RuntimeException e) {
      LOG.log(
          Level.INFO,
          "No JTA TransactionSynchronizationRegistry at "
              + JNDI_NAME
              + "; idempotent outcomes are recorded when the call returns");
      return Transactions.NONE;
    }
  }

  @Override
  public Status status() {
    return switch (registry.getTransactionStatus()) {
      case jakarta.transaction.Status.STATUS_ACTIVE -> Status.ACTIVE;
      case jakarta.transaction.Status.STATUS_MARKED_ROLLBACK,
          jakarta.transaction.Status.STATUS_ROLLING_BACK,
          jakarta.transaction.Status.STATUS_ROLLEDBACK ->
          Status.ROLLBACK_ONLY;
      default -> Status.NONE;
    };
  }

  @Override
  public void afterCompletion(Consumer<Boolean> committed) {
    Objects.requireNonNull(committed, "committed");
    registry.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            committed.accept(status == jakarta.transaction.Status.STATUS_COMMITTED);
          }
        });
  }
}
