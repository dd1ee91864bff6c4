package dev.fenced.cdi;

import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The executor that renews idempotency locks and lock leases and measures their deadlines: the
 * server's default managed scheduled executor ({@code
 * java:comp/DefaultManagedScheduledExecutorService}) when there is one, whose threads the server
 * owns, sizes and stops; otherwise two daemon threads of Fenced's own (two, so a deadline check
 * runs while a renewal hangs), shut down with the application.
 */
final class FencedExecutor implements AutoCloseable {

  static final String JNDI_NAME = "java:comp/DefaultManagedScheduledExecutorService";

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final ScheduledExecutorService service;
  private final boolean owned;

  private FencedExecutor(ScheduledExecutorService service, boolean owned) {
    this.service = Objects.requireNonNull(service, "service");
    this.owned = owned;
  }

  /**
   * The managed executor, or a new own one.
   *
   * @return the executor
   */
  static FencedExecutor open() {
    try {
      ScheduledExecutorService managed = InitialContext.doLookup(JNDI_NAME);
      LOG.log(Level.DEBUG, () -> "Fenced renews locks on " + JNDI_NAME);
      return new FencedExecutor(managed, false);
    } catch (NamingException | RuntimeException e) {
      LOG.log(
          Level.INFO,
          "No "
              + JNDI_NAME
              + "; Fenced renews locks on two daemon threads of its own (fenced-scheduler-*)");
      return new FencedExecutor(Executors.newScheduledThreadPool(2, daemonThreads()), true);
    }
  }

  ScheduledExecutorService service() {
    return service;
  }

  boolean owned() {
    return owned;
  }

  /** Stops Fenced's own threads; the server's executor is the server's to stop. */
  @Override
  public void close() {
    if (owned) {
      service.shutdownNow();
    }
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "fenced-scheduler-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
