package dev.fenced.cdi;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.LockGlobals;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.cdi.model.MethodRegistry;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.cdi.transaction.JtaTransactions;
import dev.fenced.cdi.transaction.TransactionUnitOfWork;
import dev.fenced.core.jobs.JobGuard;
import dev.fenced.core.jobs.JobOutcome;
import dev.fenced.core.jobs.JobStage;
import dev.fenced.core.jobs.OneInstanceLease;
import dev.fenced.core.jobs.RunLock;
import dev.fenced.core.jobs.RunningJobs;
import dev.fenced.core.jobs.UnitOfWork;
import dev.fenced.core.locks.LeaderLoop;
import dev.fenced.core.locks.LockManager;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.Scheduler;
import dev.fenced.locks.JobRan;
import dev.fenced.locks.JobSkipped;
import dev.fenced.locks.spi.LockStore;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Reception;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The locks of one application: the {@link LockManager} on the store {@code fenced.locks.store}
 * selects, the guards of its {@code @OnOneInstance} / {@code @WithoutOverlapping} jobs, and one
 * {@link LeaderLoop} per {@code @LeaderElection} bean, all on {@link FencedExecutor}.
 *
 * <p><b>Transactions.</b> A run lock, or a {@code Locks.withLock} lock, taken inside a JTA
 * transaction that may still commit is released after the transaction completes ({@link
 * #unitOfWork()}), not when the method returns.
 *
 * <p><b>Start.</b> Elections start when the application scope is initialized: every instance tries
 * at once and then every ttl/3. Job guards take nothing before their job first runs.
 *
 * <p><b>Stop</b>, when the application scope is about to be destroyed ({@code
 * BeforeDestroyed(ApplicationScoped)}, which comes before any application-scoped bean, a store bean
 * included, is destroyed): (1) new runs are refused and running ones get up to {@code
 * fenced.locks.ttl} to finish; (2) elections step down ({@code onLeadershipLost(SHUTDOWN)} while
 * the leader bean still lives); (3) job leases, then every lock still held, are released; then, in
 * this bean's {@code @PreDestroy}, Fenced's own threads (if any) stop. The store is closed by
 * whoever owns it after that.
 */
@ApplicationScoped
public class FencedLocksRuntime {

  private static final System.Logger LOG = System.getLogger("dev.fenced.locks");

  @Inject ModelProvider models;
  @Inject @Any Instance<Object> beans;
  @Inject Event<Object> events;
  @Inject BeanManager beanManager;

  private final AtomicBoolean stopped = new AtomicBoolean();
  private final List<LeaderLoop> elections = new ArrayList<>();
  private String storeName;
  private LockStore store;
  private FencedExecutor executor;
  private Scheduler scheduler;
  private LockManager manager;
  private RunningJobs running;
  private UnitOfWork unitOfWork;
  private final Map<JobMethod, JobGuard> guards = new ConcurrentHashMap<>();
  private Duration shutdownWait;

  @PostConstruct
  void start() {
    ConfigLookup config = models.config();
    LockGlobals globals = LockGlobals.of(config);
    storeName = StoreSelection.LOCKS.name(config);
    store = store(storeName);
    executor = FencedExecutor.open();
    scheduler = executor.scheduler();
    manager =
        new LockManager(
            StoreObservation.locks(store, config, beans),
            scheduler,
            LockSettings.defaults()
                .withDefaultTtl(globals.ttl())
                .withInterruptOnLoss(globals.interruptOnLoss())
                .withMaxRenewal(globals.maxRenewal())
                .withLossListener(this::fire));
    running = new RunningJobs();
    unitOfWork = new TransactionUnitOfWork(JtaTransactions.SERVER);
    shutdownWait = globals.ttl();
    for (JobMethod job : models.jobs().all()) {
      guards.put(job, guard(job));
    }
  }

  /**
   * Starts the elections when the application starts.
   *
   * @param event the application scope's initialization
   */
  void startElections(@Observes @Initialized(ApplicationScoped.class) Object event) {
    Map<ElectionBean, Bean<?>> declared = models.elections();
    synchronized (elections) {
      if (!elections.isEmpty() || stopped.get()) {
        return;
      }
      for (Map.Entry<ElectionBean, Bean<?>> election : declared.entrySet()) {
        ElectionBean model = election.getKey();
        LeaderCallbacks callbacks =
            new LeaderCallbacks(model.key(), reference(election.getValue()), events::fire);
        elections.add(
            new LeaderLoop(
                manager,
                scheduler,
                executor.callbackThread(),
                model.key(),
                model.ttl(),
                callbacks,
                callbacks));
      }
    }
    elections.forEach(LeaderLoop::start);
    if (!declared.isEmpty()) {
      LOG.log(Level.DEBUG, () -> "Fenced competes in " + declared.size() + " leader election(s)");
    }
  }

  /**
   * Steps down and releases every lock before any application-scoped bean is destroyed.
   *
   * @param event the application scope's coming destruction
   */
  void stopping(
      @Observes(notifyObserver = Reception.IF_EXISTS) @BeforeDestroyed(ApplicationScoped.class)
          Object event) {
    shutdown();
  }

  @PreDestroy
  void stop() {
    shutdown();
    executor.close();
  }

  /**
   * The application's lock manager.
   *
   * @return the manager behind {@code Locks}
   */
  public LockManager manager() {
    return manager;
  }

  /**
   * The caller's transaction, whose end releases the locks of runs and {@code Locks.withLock} calls
   * made inside one.
   *
   * @return the unit of work
   */
  public UnitOfWork unitOfWork() {
    return unitOfWork;
  }

  /**
   * Whether this instance leads an election now.
   *
   * @param key the election key
   * @return whether it holds the election's lease
   */
  public boolean isLeader(String key) {
    synchronized (elections) {
      return elections.stream()
          .anyMatch(loop -> loop.currentLease().filter(l -> l.key().equals(key)).isPresent());
    }
  }

  /**
   * Runs one guard of the intercepted job, or proceeds when the method's class-level annotation
   * does not make it such a job.
   *
   * @param binding the interceptor's binding
   * @param context the invocation
   * @return what the method returned, or the skip value when the run was skipped
   * @throws Exception what the method threw
   * @throws IllegalStateException when the method has no model and its class no class-level
   *     annotation (see {@link MethodRegistry#intercepted})
   */
  Object intercept(JobBinding binding, InvocationContext context) throws Exception {
    Optional<JobMethod> job =
        models
            .jobs()
            .intercepted(context.getTarget().getClass(), context.getMethod(), binding.annotation());
    Optional<? extends JobStage> guarding =
        // a job read after this runtime started (a message-driven bean on WildFly) gets its guard
        // at its first call
        job.map(method -> guards.computeIfAbsent(method, this::guard))
            .flatMap(guard -> binding == JobBinding.ONE_INSTANCE ? guard.lease() : guard.runLock());
    if (guarding.isEmpty()) {
      return context.proceed();
    }
    String target = job.get().target();
    // the guard that calls the method itself reports the run: the run lock's when there is one
    boolean innermost =
        binding == JobBinding.WITHOUT_OVERLAPPING || job.get().withoutOverlapping().isEmpty();
    GuardedRun run = new GuardedRun(context::proceed);
    JobOutcome<Object> outcome;
    try {
      outcome = guarding.get().run(innermost ? run : context::proceed);
    } finally {
      if (innermost) {
        run.ended().ifPresent(ended -> fire(new JobRan(target, ended.duration(), ended.failure())));
      }
    }
    if (outcome instanceof JobOutcome.Ran<Object> ran) {
      return ran.value();
    }
    fire(new JobSkipped(target, ((JobOutcome.Skipped<Object>) outcome).reason()));
    return SkipValue.of(context.getMethod().getReturnType());
  }

  /** An observer's failure must not reach the job's scheduler. */
  private void fire(Object event) {
    try {
      events.fire(event);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "An observer of " + event.getClass().getSimpleName() + " threw", e);
    }
  }

  private JobGuard guard(JobMethod job) {
    String target = job.target();
    return new JobGuard(
        job.oneInstance()
            .map(l -> new OneInstanceLease(manager, running, target, l.key(), l.ttl())),
        job.withoutOverlapping()
            .map(
                l ->
                    new RunLock(
                        manager,
                        running,
                        target,
                        l.key(),
                        l.ttl(),
                        unitOfWork,
                        l.lockAtLeastFor(),
                        l.lockAtMostFor())));
  }

  private void shutdown() {
    if (manager == null || !stopped.compareAndSet(false, true)) {
      return;
    }
    running.close();
    try {
      if (!running.awaitIdle(shutdownWait)) {
        LOG.log(
            Level.WARNING,
            "Guarded jobs were still running "
                + shutdownWait.toMillis()
                + " ms after the application began to stop; releasing their locks anyway");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<LeaderLoop> loops;
    synchronized (elections) {
      loops = List.copyOf(elections);
    }
    for (LeaderLoop loop : loops) {
      try {
        loop.stop();
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "Stepping down from an election failed", e);
      }
    }
    guards.values().forEach(JobGuard::release);
    int released = manager.shutdown();
    LOG.log(Level.DEBUG, () -> "Fenced released " + released + " lock(s) still held at shutdown");
  }

  private java.util.function.Supplier<Object> reference(Bean<?> bean) {
    Object reference =
        beanManager.getReference(bean, Object.class, beanManager.createCreationalContext(bean));
    return () -> reference;
  }

  /**
   * The lock store in use, for the operator's {@code FencedAdmin}.
   *
   * @return the store {@code fenced.locks.store} selects
   */
  public LockStore store() {
    return store;
  }

  /**
   * The configured name of {@link #store()}.
   *
   * @return {@code memory}, {@code jpa}, {@code redis} or a bean's name
   */
  public String storeName() {
    return storeName;
  }

  private LockStore store(String name) {
    if (StoreSelection.isMemory(name)) {
      return new InMemoryLockStore();
    }
    return beans.select(LockStore.class, NamedLiteral.of(name)).get();
  }
}
