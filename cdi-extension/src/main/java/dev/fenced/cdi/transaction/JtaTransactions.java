package dev.fenced.cdi.transaction;

import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The caller's JTA transaction, through the server's {@code TransactionSynchronizationRegistry}
 * ({@code java:comp/TransactionSynchronizationRegistry}). The outcome is registered as an
 * <em>interposed</em> synchronization, which runs after the transaction's resources, so a store
 * write in {@code afterCompletion} never joins the caller's transaction. Statuses are classified by
 * {@link Transactions.Status#ofJta}, as the HTTP filters classify them.
 *
 * <p>This is Fenced's one JTA adapter, and {@link #SERVER} its one look-up of the registry for the
 * application: the server has one registry, which answers for the calling thread's transaction. It
 * is looked up at first use, and again at each use until it is found: a {@code java:comp} name may
 * not resolve on a thread that belongs to no component (where the runtime beans may be created),
 * and a registry missed there must not turn off transactions for good; once found it is kept (a
 * JNDI look-up per recorded outcome took about 5% of Fenced's time in a profile). Where the server
 * has none, there is no transaction.
 */
public final class JtaTransactions implements Transactions {

  /** Where Jakarta EE servers bind the registry. */
  static final String JNDI_NAME = "java:comp/TransactionSynchronizationRegistry";

  /** The server's transactions, the registry found in JNDI: shared by every Fenced path. */
  public static final Transactions SERVER = new JtaTransactions(JtaTransactions::fromJndi);

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final Supplier<TransactionSynchronizationRegistry> lookup;
  private volatile TransactionSynchronizationRegistry registry;

  /**
   * Uses a registry source.
   *
   * @param lookup gives the registry, or {@code null} when there is none (outside a server, or on a
   *     thread without a component context); asked until it gives one
   */
  public JtaTransactions(Supplier<TransactionSynchronizationRegistry> lookup) {
    this.lookup = Objects.requireNonNull(lookup, "lookup");
  }

  @Override
  public Status status() {
    TransactionSynchronizationRegistry found = registry();
    return found == null ? Status.NONE : Status.ofJta(found.getTransactionStatus());
  }

  @Override
  public void afterCompletion(Consumer<Boolean> committed) {
    Objects.requireNonNull(committed, "committed");
    TransactionSynchronizationRegistry found = registry();
    if (found == null) {
      throw new IllegalStateException("no transaction is active");
    }
    found.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            try {
              committed.accept(status == jakarta.transaction.Status.STATUS_COMMITTED);
            } catch (RuntimeException e) {
              LOG.log(Level.WARNING, "Ending a claim or lock after the transaction failed", e);
            }
          }
        });
  }

  @Override
  public void setRollbackOnly() {
    TransactionSynchronizationRegistry found = registry();
    if (found == null) {
      throw new IllegalStateException("no transaction is active");
    }
    found.setRollbackOnly();
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T resource(Object key, Supplier<T> create) {
    TransactionSynchronizationRegistry found = registry();
    if (found == null) {
      throw new IllegalStateException("no transaction is active");
    }
    Object resource = found.getResource(key);
    if (resource == null) {
      resource = create.get();
      found.putResource(key, resource);
    }
    return (T) resource;
  }

  private TransactionSynchronizationRegistry registry() {
    TransactionSynchronizationRegistry found = registry;
    if (found == null) {
      found = lookup.get();
      registry = found;
    }
    return found;
  }

  private static TransactionSynchronizationRegistry fromJndi() {
    try {
      return InitialContext.doLookup(JNDI_NAME);
    } catch (NamingException | RuntimeException e) {
      LOG.log(
          Level.DEBUG,
          () -> "No JTA TransactionSynchronizationRegistry at " + JNDI_NAME + " on this thread");
      return null;
    }
  }
}
