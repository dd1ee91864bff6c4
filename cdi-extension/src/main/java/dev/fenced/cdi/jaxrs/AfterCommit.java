package dev.fenced.cdi.jaxrs;

import dev.fenced.cdi.call.Transactions;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Runs the recording of an outcome after the JTA transaction on the current thread ends, or now
 * when there is none.
 *
 * <p>A resource method's own transaction (EJB container-managed, {@code @Transactional}) has ended
 * by the time the response filters run, so usually this runs at once. When a transaction is still
 * active (one begun around the whole request), the action is registered as an interposed {@link
 * Synchronization} and hears in {@code afterCompletion} whether the transaction committed: a stored
 * outcome must never describe work that was rolled back.
 */
final class AfterCommit {

  /** Where Jakarta EE servers bind the registry. */
  static final String JNDI_NAME = "java:comp/TransactionSynchronizationRegistry";

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Supplier<TransactionSynchronizationRegistry> registry;

  /**
   * Uses a registry source.
   *
   * @param registry gives the registry, or {@code null} when there is none (outside a server)
   */
  AfterCommit(Supplier<TransactionSynchronizationRegistry> registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  /**
   * Looks the registry up in JNDI until a lookup finds it, then keeps it: the server has one
   * registry, which answers for the calling thread's transaction, and a JNDI lookup on every
   * request took about 5% of Fenced's time in a profile (a lookup fails on a thread without a
   * component context; the next use looks again). No registry means no transactions.
   *
   * @return the server's transaction awareness
   */
  static AfterCommit fromJndi() {
    return new AfterCommit(new FoundOnce(AfterCommit::lookup));
  }

  /**
   * Calls {@code action} with {@code true} when the work it records is committed: now when no
   * transaction is active, else after the transaction completes, with whether it committed.
   *
   * @param action records the outcome ({@code true}) or releases the key ({@code false}); what it
   *     throws after completion is logged
   */
  void whenDone(Consumer<Boolean> action) {
    Objects.requireNonNull(action, "action");
    TransactionSynchronizationRegistry tsr = registry.get();
    int status = tsr == null ? Status.STATUS_NO_TRANSACTION : tsr.getTransactionStatus();
    if (Transactions.Status.ofJta(status) == Transactions.Status.NONE) {
      action.accept(true);
      return;
    }
    try {
      tsr.registerInterposedSynchronization(new Deferred(action));
    } catch (RuntimeException e) {
      // marked for rollback, rolling back, or ending: nothing it did may be recorded as done
      LOG.log(
          Level.DEBUG,
          "Could not wait for the transaction (status " + status + "); releasing the key now",
          e);
      action.accept(false);
    }
  }

  private static TransactionSynchronizationRegistry lookup() {
    try {
      return (TransactionSynchronizationRegistry) new InitialContext().lookup(JNDI_NAME);
    } catch (NamingException | RuntimeException e) {
      return null;
    }
  }

  /** Hears the end of the transaction. */
  /** Asks its source until it gives a registry, then gives that one. */
  static final class FoundOnce implements Supplier<TransactionSynchronizationRegistry> {

    private final Supplier<TransactionSynchronizationRegistry> source;
    private volatile TransactionSynchronizationRegistry found;

    FoundOnce(Supplier<TransactionSynchronizationRegistry> source) {
      this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public TransactionSynchronizationRegistry get() {
      TransactionSynchronizationRegistry registry = found;
      if (registry == null) {
        registry = source.get();
        found = registry;
      }
      return registry;
    }
  }

  private record Deferred(Consumer<Boolean> action) implements Synchronization {

    @Override
    public void beforeCompletion() {}

    @Override
    public void afterCompletion(int status) {
      try {
        action.accept(status == Status.STATUS_COMMITTED);
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "Recording an idempotent outcome after the transaction failed", e);
      }
    }
  }
}
