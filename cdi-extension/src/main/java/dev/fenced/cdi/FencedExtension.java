package dev.fenced.cdi;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.IdempotentMethodReader;
import dev.fenced.cdi.config.InvalidGuardException;
import dev.fenced.cdi.config.JobMethod;
import dev.fenced.cdi.config.JobMethodReader;
import dev.fenced.cdi.config.LeaderElectionModel;
import dev.fenced.cdi.config.LeaderElectionReader;
import dev.fenced.cdi.deployment.BodyLimits;
import dev.fenced.cdi.deployment.ElectionCheck;
import dev.fenced.cdi.deployment.EncryptionSettings;
import dev.fenced.cdi.deployment.GlobalSettings;
import dev.fenced.cdi.deployment.InterceptorOrder;
import dev.fenced.cdi.deployment.LockGlobals;
import dev.fenced.cdi.deployment.LockKeyCheck;
import dev.fenced.cdi.deployment.ProductionGuard;
import dev.fenced.cdi.deployment.ScopeCheck;
import dev.fenced.cdi.deployment.StoreSelection;
import dev.fenced.cdi.jaxrs.RequestClaims;
import dev.fenced.idempotency.IdempotencyScopeResolver;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.spi.LockStore;
import jakarta.annotation.Priority;
import jakarta.decorator.Decorator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.AmbiguousResolutionException;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.ProcessInjectionTarget;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import jakarta.interceptor.Interceptor;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Fenced's portable extension: registers the {@code @Idempotent}, {@code @OnOneInstance} and
 * {@code @WithoutOverlapping} interceptors and Fenced's beans, reads and validates every guarded
 * method, job and leader election while the container boots, and checks what spans beans (store
 * selection for idempotency and locks, the production guard, global settings, scope resolvers, lock
 * key collisions, the order next to Fault Tolerance) before the application starts.
 *
 * <p>Fenced's types are added with {@code addAnnotatedType}, so they are beans whatever the
 * application's bean discovery mode; the {@code fenced-cdi} jar has no {@code beans.xml}, so they
 * are never discovered a second time. Methods are read from {@code ProcessManagedBean} (managed and
 * session beans, with their final annotated type) and from {@code ProcessInjectionTarget} (also
 * fired for message-driven beans, which are not managed beans); each class is read once. A problem
 * on one method is a definition error, a problem across beans a deployment problem; each message
 * names the class, method, option and value.
 */
public class FencedExtension implements Extension {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final GuardRegistry.Builder guards = new GuardRegistry.Builder();
  private final MethodTable.Builder<JobMethod> jobBuilder = new MethodTable.Builder<>();
  private final List<ElectionBean> electionBeans = new ArrayList<>();
  private final Set<String> readClasses = new HashSet<>();
  private final Set<String> readElections = new HashSet<>();
  private volatile GuardRegistry registry = GuardRegistry.EMPTY;
  private volatile MethodTable<JobMethod> jobs = MethodTable.empty();
  private volatile List<ElectionBean> elections = List.of();
  private volatile boolean locksInjected;
  private volatile ConfigLookup config;
  private volatile String configProblem;

  void registerTypes(@Observes BeforeBeanDiscovery event) {
    int priority = InterceptorOrder.idempotent(config());
    event
        .addAnnotatedType(IdempotentInterceptor.class, IdempotentInterceptor.class.getName())
        .remove(a -> a.annotationType() == Priority.class)
        .add(new PriorityLiteral(priority));
    event.addAnnotatedType(
        FencedIdempotencyRuntime.class, FencedIdempotencyRuntime.class.getName());
    event.addAnnotatedType(ProgrammaticIdempotency.class, ProgrammaticIdempotency.class.getName());
    event.addAnnotatedType(RequestClaims.class, RequestClaims.class.getName());
    event
        .addAnnotatedType(OnOneInstanceInterceptor.class, OnOneInstanceInterceptor.class.getName())
        .remove(a -> a.annotationType() == Priority.class)
        .add(new PriorityLiteral(InterceptorOrder.onOneInstance(config())));
    event
        .addAnnotatedType(
            WithoutOverlappingInterceptor.class, WithoutOverlappingInterceptor.class.getName())
        .remove(a -> a.annotationType() == Priority.class)
        .add(new PriorityLiteral(InterceptorOrder.withoutOverlapping(config())));
    event.addAnnotatedType(FencedLocksRuntime.class, FencedLocksRuntime.class.getName());
    event.addAnnotatedType(ProgrammaticLocks.class, ProgrammaticLocks.class.getName());
    event.addAnnotatedType(CurrentLocksContext.class, CurrentLocksContext.class.getName());
  }

  <T> void readBean(@Observes ProcessManagedBean<T> event) {
    read(event.getAnnotatedBeanClass(), event::addDefinitionError);
    readElection(event.getBean(), event.getAnnotatedBeanClass(), event::addDefinitionError);
  }

  void noteLocksInjection(@Observes ProcessInjectionPoint<?, ?> event) {
    if (!locksInjected && refersToLocks(event.getInjectionPoint().getType())) {
      locksInjected = true;
    }
  }

  <T> void readComponent(@Observes ProcessInjectionTarget<T> event) {
    read(event.getAnnotatedType(), event::addDefinitionError);
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beans) {
    synchronized (this) {
      registry = guards.build();
      jobs = jobBuilder.build();
      elections = List.copyOf(electionBeans);
    }
    ConfigLookup config = config();
    List<String> problems = new ArrayList<>();
    if (configProblem != null) {
      problems.add(configProblem);
    }
    problems.addAll(GlobalSettings.problems(config));
    problems.addAll(BodyLimits.problems(config));
    problems.addAll(EncryptionSettings.problems(config));
    problems.addAll(InterceptorOrder.problems(config));
    String store = StoreSelection.IDEMPOTENCY.name(config);
    if (!StoreSelection.isMemory(store)) {
      StoreSelection.IDEMPOTENCY
          .problem(store, candidates(beans, IdempotencyStore.class, store))
          .ifPresent(problems::add);
    }
    ProductionGuard.problem(config, StoreSelection.IDEMPOTENCY, store).ifPresent(problems::add);
    problems.addAll(lockProblems(config, beans));
    for (GuardedMethod guard : registry.all()) {
      String scope = guard.model().scope();
      ScopeCheck.problem(
              guard.model().target(),
              scope,
              scope.isEmpty() ? 0 : candidates(beans, IdempotencyScopeResolver.class, scope))
          .ifPresent(problems::add);
    }
    // both production guards may report one bad fenced.allow-in-memory-storage value
    problems.stream()
        .distinct()
        .forEach(problem -> event.addDeploymentProblem(new DeploymentException(problem)));
    if (problems.isEmpty()) {
      announce(store);
      announceLocks(StoreSelection.LOCKS.name(config));
    }
  }

  private List<String> lockProblems(ConfigLookup config, BeanManager beans) {
    List<String> problems = new ArrayList<>(LockGlobals.problems(config));
    String lockStore = StoreSelection.LOCKS.name(config);
    if (!StoreSelection.isMemory(lockStore)) {
      StoreSelection.LOCKS
          .problem(lockStore, candidates(beans, LockStore.class, lockStore))
          .ifPresent(problems::add);
    }
    if (usesLocks()) {
      ProductionGuard.problem(config, StoreSelection.LOCKS, lockStore).ifPresent(problems::add);
    }
    problems.addAll(
        LockKeyCheck.problems(jobs.all(), elections.stream().map(ElectionBean::model).toList()));
    return problems;
  }

  /**
   * Whether the application uses locks: a job, an election, or an injected {@code Locks} or {@code
   * LocksContext}. Only then does the lock store's production guard and startup warning apply, so
   * an application that only uses {@code @Idempotent} is not asked to configure a lock store.
   */
  private boolean usesLocks() {
    return jobs.size() > 0 || !elections.isEmpty() || locksInjected;
  }

  /**
   * The application's configuration, as read when the container booted.
   *
   * @return the lookup; empty when MicroProfile Config is unavailable (a deployment problem)
   */
  public ConfigLookup config() {
    ConfigLookup current = config;
    if (current == null) {
      try {
        current = ConfigLookup.of(ConfigProvider.getConfig());
      } catch (RuntimeException | LinkageError e) {
        configProblem = DeploymentProblem.CONFIG_UNAVAILABLE.format(e);
        current = key -> Optional.empty();
      }
      config = current;
    }
    return current;
  }

  /**
   * The guarded methods of the deployment, complete once the deployment is validated.
   *
   * @return the registry
   */
  public GuardRegistry guards() {
    return registry;
  }

  /**
   * The {@code @OnOneInstance} / {@code @WithoutOverlapping} jobs of the deployment, complete once
   * the deployment is validated.
   *
   * @return the jobs by bean class and method
   */
  public MethodTable<JobMethod> jobs() {
    return jobs;
  }

  /**
   * The {@code @LeaderElection} beans of the deployment, complete once the deployment is validated.
   *
   * @return the elections
   */
  public List<ElectionBean> elections() {
    return elections;
  }

  private synchronized void read(AnnotatedType<?> type, Consumer<Throwable> errors) {
    Class<?> beanClass = type.getJavaClass();
    // an interceptor (Fenced's own among them) carries its binding on the class: it is not a job
    if (type.isAnnotationPresent(Interceptor.class)
        || type.isAnnotationPresent(Decorator.class)
        || !readClasses.add(beanClass.getName())) {
      return;
    }
    IdempotentMethodReader reader = new IdempotentMethodReader(config());
    JobMethodReader jobReader = new JobMethodReader(config());
    for (AnnotatedMethod<?> annotated : type.getMethods()) {
      Method method = annotated.getJavaMember();
      try {
        reader
            .read(beanClass, method)
            .ifPresent(model -> guards.add(beanClass, GuardedMethod.of(model, method)));
      } catch (InvalidGuardException e) {
        e.problems().forEach(problem -> errors.accept(new DefinitionException(problem)));
      }
      try {
        jobReader.read(beanClass, method).ifPresent(job -> jobBuilder.add(beanClass, method, job));
      } catch (InvalidGuardException e) {
        e.problems().forEach(problem -> errors.accept(new DefinitionException(problem)));
      }
    }
  }

  private synchronized void readElection(
      Bean<?> bean, AnnotatedType<?> type, Consumer<Throwable> errors) {
    Class<?> beanClass = type.getJavaClass();
    if (!beanClass.isAnnotationPresent(LeaderElection.class)
        || !readElections.add(beanClass.getName())) {
      return;
    }
    try {
      Optional<LeaderElectionModel> model = new LeaderElectionReader(config()).read(beanClass);
      Optional<String> scopeProblem =
          ElectionCheck.problem(
              beanClass.getName(),
              bean.getScope().getSimpleName(),
              bean.getScope() == ApplicationScoped.class);
      if (scopeProblem.isPresent()) {
        errors.accept(new DefinitionException(scopeProblem.get()));
        return;
      }
      model.ifPresent(m -> electionBeans.add(new ElectionBean(m, bean)));
    } catch (InvalidGuardException e) {
      e.problems().forEach(problem -> errors.accept(new DefinitionException(problem)));
    }
  }

  private static boolean refersToLocks(Type type) {
    if (type == Locks.class || type == LocksContext.class) {
      return true;
    }
    if (type instanceof ParameterizedType parameterized) {
      for (Type argument : parameterized.getActualTypeArguments()) {
        if (refersToLocks(argument)) {
          return true;
        }
      }
    }
    return false;
  }

  private static int candidates(BeanManager beans, Class<?> type, String name) {
    Set<Bean<?>> found = beans.getBeans(type, NamedLiteral.of(name));
    if (found.size() <= 1) {
      return found.size();
    }
    try {
      beans.resolve(found);
      return 1;
    } catch (AmbiguousResolutionException e) {
      return found.size();
    }
  }

  private void announce(String store) {
    if (StoreSelection.isMemory(store)) {
      LOG.log(
          Level.WARNING,
          "Fenced keeps idempotency records in memory ("
              + StoreSelection.IDEMPOTENCY.key()
              + "="
              + store
              + "): fine for one instance in development, but a repeat sent to another instance"
              + " runs again. Set "
              + StoreSelection.IDEMPOTENCY.key()
              + "=jpa or redis for a cluster.");
    } else {
      LOG.log(Level.INFO, "Fenced keeps idempotency records in the store \"" + store + "\"");
    }
    LOG.log(Level.DEBUG, () -> "Fenced guards " + registry.size() + " idempotent method(s)");
  }

  private void announceLocks(String store) {
    if (!usesLocks()) {
      return;
    }
    if (StoreSelection.isMemory(store)) {
      LOG.log(
          Level.WARNING,
          "Fenced keeps locks in memory ("
              + StoreSelection.LOCKS.key()
              + "="
              + store
              + "): fine for one instance in development, but every instance of a cluster would"
              + " run each one-instance job and elect itself leader. Set "
              + StoreSelection.LOCKS.key()
              + "=jpa or redis for a cluster.");
    } else {
      LOG.log(Level.INFO, "Fenced keeps locks in the store \"" + store + "\"");
    }
    LOG.log(
        Level.DEBUG,
        () ->
            "Fenced guards "
                + jobs.size()
                + " job method(s) and "
                + elections.size()
                + " leader election(s)");
  }
}
