package dev.fenced.cdi;

import dev.fenced.core.time.ExecutorScheduler;
import dev.fenced.core.time.Scheduler;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The threads of Fenced's engines, kept apart so that no one kind of work can hold up another:
 *
 * <ul>
 *   <li><b>store calls</b> (lease renewals, election tries): the server's default managed scheduled
 *       executor ({@code java:comp/DefaultManagedScheduledExecutorService}) when there is one,
 *       whose threads the server owns, sizes and stops; otherwise two daemon threads of Fenced's
 *       own;
 *   <li><b>timers</b> (lease deadline checks): one thread of Fenced's own that never calls a store,
 *       so a lease is declared lost on time even when every renewal hangs;
 *   <li><b>loss reports</b> found by a deadline (loss listeners, {@code LockLost} and {@code
 *       IdempotencyLockLost} observers, the interrupt of the work): a cached pool of Fenced's own,
 *       so an observer that blocks holds up no deadline;
 *   <li><b>leader callbacks</b>: one thread per election, so a slow {@code onLeadershipAcquired}
 *       delays neither renewals nor deadlines.
 * </ul>
 *
 * <p>Fenced's own threads come from the server's {@code java:comp/DefaultManagedThreadFactory} when
 * there is one (so they carry the application's context), otherwise they are daemon threads ({@code
 * fenced-*}); they are stopped by {@link #close()}.
 */
final class FencedExecutor implements AutoCloseable {

  static final String JNDI_NAME = "java:comp/DefaultManagedScheduledExecutorService";

  static final String THREAD_FACTORY_JNDI_NAME = "java:comp/DefaultManagedThreadFactory";

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final ScheduledExecutorService service;
  private final boolean owned;
  private final ThreadFactory threads;
  private final ScheduledThreadPoolExecutor timers;
  private final ExecutorService reports;
  private final List<ExecutorService> callbackThreads = new CopyOnWriteArrayList<>();

  private FencedExecutor(ScheduledExecutorService service, boolean owned, ThreadFactory threads) {
    this.service = Objects.requireNonNull(service, "service");
    this.owned = owned;
    this.threads = Objects.requireNonNull(threads, "threads");
    this.timers = new ScheduledThreadPoolExecutor(1, named(threads, "fenced-deadlines"));
    // cancelled deadline checks (every ended lease leaves one) must not pile up in the queue
    this.timers.setRemoveOnCancelPolicy(true);
    // made now, on the application's thread: a managed factory gives it the application's context
    this.timers.prestartAllCoreThreads();
    this.reports = Executors.newCachedThreadPool(named(threads, "fenced-loss-reports"));
  }

  /**
   * The managed executor and thread factory, or Fenced's own threads.
   *
   * @return the executor
   */
  static FencedExecutor open() {
    ThreadFactory threads = threadFactory();
    try {
      ScheduledExecutorService managed = InitialContext.doLookup(JNDI_NAME);
      LOG.log(Level.DEBUG, () -> "Fenced renews locks on " + JNDI_NAME);
      return new FencedExecutor(managed, false, threads);
    } catch (NamingException | RuntimeException e) {
      LOG.log(
          Level.INFO,
          "No "
              + JNDI_NAME
              + "; Fenced renews locks on two daemon threads of its own (fenced-scheduler-*)");
      return new FencedExecutor(
          Executors.newScheduledThreadPool(2, named(threads, "fenced-scheduler")), true, threads);
    }
  }

  /**
   * The engines' scheduler: store calls on the renewal executor, timers on their own thread.
   *
   * @return a scheduler on this executor's threads
   */
  Scheduler scheduler() {
    return new ExecutorScheduler(service, timers, reports);
  }

  /**
   * A new thread of its own for one election's callbacks, run in order; stopped by {@link
   * #close()}.
   *
   * @return a single-thread executor
   */
  ExecutorService callbackThread() {
    ThreadPoolExecutor thread =
        new ThreadPoolExecutor(
            1,
            1,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            named(threads, "fenced-leader-callbacks"));
    thread.prestartAllCoreThreads();
    callbackThreads.add(thread);
    return thread;
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
    timers.shutdownNow();
    reports.shutdownNow();
    callbackThreads.forEach(ExecutorService::shutdownNow);
    if (owned) {
      service.shutdownNow();
    }
  }

  private static ThreadFactory threadFactory() {
    try {
      ThreadFactory managed = InitialContext.doLookup(THREAD_FACTORY_JNDI_NAME);
      return managed;
    } catch (NamingException | RuntimeException e) {
      return task -> {
        Thread thread = new Thread(task);
        thread.setDaemon(true);
        return thread;
      };
    }
  }

  /** Names the threads {@code prefix-1, prefix-2, ...}, keeping what the factory set otherwise. */
  private static ThreadFactory named(ThreadFactory threads, String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = threads.newThread(task);
      try {
        thread.setName(prefix + "-" + count.incrementAndGet());
      } catch (SecurityException e) {
        // a server may keep its own names; they are only for thread dumps
      }
      return thread;
    };
  }
}
