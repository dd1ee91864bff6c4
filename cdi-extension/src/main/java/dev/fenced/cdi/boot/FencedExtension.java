package dev.fenced.cdi.boot;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.CurrentIdempotencyContext;
import dev.fenced.cdi.CurrentLocksContext;
import dev.fenced.cdi.FencedIdempotencyRuntime;
import dev.fenced.cdi.FencedLocksRuntime;
import dev.fenced.cdi.IdempotentBodyInterceptor;
import dev.fenced.cdi.IdempotentInterceptor;
import dev.fenced.cdi.OnOneInstanceInterceptor;
import dev.fenced.cdi.ProgrammaticIdempotency;
import dev.fenced.cdi.ProgrammaticLocks;
import dev.fenced.cdi.WithoutOverlappingInterceptor;
import dev.fenced.cdi.admin.FencedAdministration;
import dev.fenced.cdi.boot.check.BodyFingerprintCheck;
import dev.fenced.cdi.boot.check.Deployment;
import dev.fenced.cdi.boot.check.DeploymentCheck;
import dev.fenced.cdi.boot.check.GraphqlModuleCheck;
import dev.fenced.cdi.boot.check.InMemoryStoreCheck;
import dev.fenced.cdi.boot.check.KeyResolverCheck;
import dev.fenced.cdi.boot.check.LockKeyCheck;
import dev.fenced.cdi.boot.check.LockSettingsCheck;
import dev.fenced.cdi.boot.check.OutcomeCommitCheck;
import dev.fenced.cdi.boot.check.OuterInterceptorCheck;
import dev.fenced.cdi.boot.check.ScopeCheck;
import dev.fenced.cdi.boot.check.SettingsCheck;
import dev.fenced.cdi.boot.check.StoreSelectionCheck;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.InterceptorOrder;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.cdi.config.UnknownConfigKeys;
import dev.fenced.cdi.jaxrs.RequestClaims;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.cdi.model.MethodRegistry;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.Locks;
import dev.fenced.locks.LocksContext;
import dev.fenced.locks.spi.LockStore;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.ProcessInjectionTarget;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import java.lang.System.Logger.Level;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Fenced's portable extension: registers the {@code @Idempotent}, {@code @OnOneInstance} and
 * {@code @WithoutOverlapping} interceptors (and {@link IdempotentBodyInterceptor}, the witness of
 * an {@code @Idempotent} method's body inside Fault Tolerance) and Fenced's beans, reads and
 * validates every guarded method, job and leader election while the container boots, and checks
 * what spans beans (store selection for idempotency and locks, the in-memory store check, global
 * settings, scope resolvers, lock key collisions, the order next to Fault Tolerance) before the
 * application starts.
 *
 * <p>Fenced's types are added with {@code addAnnotatedType}, so they are beans whatever the
 * application's bean discovery mode; the {@code fenced-cdi} jar has no {@code beans.xml}, so they
 * are never discovered a second time. Methods are read from {@code ProcessManagedBean} (managed and
 * session beans, with their final annotated type) and from {@code ProcessInjectionTarget} (also
 * fired for message-driven beans, which are not managed beans); each class is read once, and a
 * bean's type replaces a component's type of the same class (see {@link AnnotatedTypeReader}). A
 * problem on one method is a definition error, a problem across beans a deployment problem; each
 * message names the class, method, option and value.
 *
 * <p>WildFly fires {@code ProcessInjectionTarget} for a message-driven bean when the bean starts,
 * after {@code AfterDeploymentValidation}. What such a late event reads is published at once (the
 * bean's first message finds its model) and checked as at boot: its problems are definition errors
 * of that event, which fail the bean's start and so the deployment.
 */
public class FencedExtension implements Extension, ModelProvider {

  private static final System.Logger LOG = System.getLogger("dev.fenced");

  private final AnnotatedTypeReader reader = new AnnotatedTypeReader(this::config);
  private volatile MethodRegistry<IdempotentMethod> idempotentMethods = MethodRegistry.empty();
  private volatile MethodRegistry<JobMethod> jobs = MethodRegistry.empty();
  private volatile boolean booted;
  private volatile Map<ElectionBean, Bean<?>> elections = Map.of();
  private volatile boolean locksInjected;
  private volatile ConfigLookup config;
  private volatile String configProblem;

  /** Every check across beans, in the order their problems are reported. */
  private static final List<DeploymentCheck> CHECKS =
      List.of(
          new SettingsCheck(),
          new StoreSelectionCheck(StoreSelection.IDEMPOTENCY, IdempotencyStore.class),
          new InMemoryStoreCheck(StoreSelection.IDEMPOTENCY),
          new OutcomeCommitCheck(),
          new LockSettingsCheck(),
          new StoreSelectionCheck(StoreSelection.LOCKS, LockStore.class),
          new InMemoryStoreCheck(StoreSelection.LOCKS),
          new LockKeyCheck(),
          new ScopeCheck(),
          new BodyFingerprintCheck(),
          new KeyResolverCheck(),
          new GraphqlModuleCheck());

  /** The checks of what a late event (a message-driven bean on WildFly) adds. */
  private static final List<DeploymentCheck> LATE_CHECKS =
      List.of(
          new LockKeyCheck(), new ScopeCheck(), new BodyFingerprintCheck(), new KeyResolverCheck());

  void registerTypes(@Observes BeforeBeanDiscovery event) {
    ConfigLookup config = config();
    addInterceptor(event, IdempotentInterceptor.class, InterceptorOrder.idempotent(config));
    addInterceptor(event, IdempotentBodyInterceptor.class, InterceptorOrder.idempotentBody(config));
    addInterceptor(event, OnOneInstanceInterceptor.class, InterceptorOrder.onOneInstance(config));
    addInterceptor(
        event, WithoutOverlappingInterceptor.class, InterceptorOrder.withoutOverlapping(config));
    for (Class<?> bean :
        List.of(
            FencedIdempotencyRuntime.class,
            ProgrammaticIdempotency.class,
            CurrentIdempotencyContext.class,
            RequestClaims.class,
            FencedLocksRuntime.class,
            ProgrammaticLocks.class,
            CurrentLocksContext.class,
            FencedAdministration.class,
            StoreSetUp.class)) {
      event.addAnnotatedType(bean, bean.getName());
    }
  }

  /** Adds one of Fenced's interceptors with its priority from config in place of its default. */
  private static void addInterceptor(BeforeBeanDiscovery event, Class<?> type, int priority) {
    event
        .addAnnotatedType(type, type.getName())
        .remove(a -> a.annotationType() == Priority.class)
        .add(new PriorityLiteral(priority));
  }

  <T> void readBean(@Observes ProcessManagedBean<T> event) {
    reader.readBean(event.getAnnotatedBeanClass(), event::addDefinitionError);
    reader.readElection(event.getBean(), event.getAnnotatedBeanClass(), event::addDefinitionError);
  }

  void noteLocksInjection(@Observes ProcessInjectionPoint<?, ?> event) {
    if (!locksInjected && refersToLocks(event.getInjectionPoint().getType())) {
      locksInjected = true;
    }
  }

  <T> void readComponent(@Observes ProcessInjectionTarget<T> event, BeanManager beans) {
    reader.readComponent(event.getAnnotatedType(), event::addDefinitionError);
    if (booted) {
      // WildFly fires this for EE components (message-driven beans) when each starts, after
      // AfterDeploymentValidation: publish what they add and check it as validate checked the rest
      readLate(beans)
          .forEach(problem -> event.addDefinitionError(new DeploymentException(problem)));
    }
  }

  private synchronized List<String> readLate(BeanManager beans) {
    List<IdempotentMethod> known = idempotentMethods.all();
    idempotentMethods = reader.idempotentMethods();
    jobs = reader.jobs();
    List<IdempotentMethod> added =
        idempotentMethods.all().stream().filter(method -> !known.contains(method)).toList();
    return problems(LATE_CHECKS, deployment(config(), added, beans));
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beans) {
    booted = true;
    idempotentMethods = reader.idempotentMethods();
    jobs = reader.jobs();
    elections = reader.elections();
    ConfigLookup config = config();
    List<String> problems = new ArrayList<>();
    if (configProblem != null) {
      problems.add(configProblem);
    }
    problems.addAll(problems(CHECKS, deployment(config, idempotentMethods.all(), beans)));
    // both in-memory store checks may report one bad fenced.allow-in-memory-storage value
    problems.stream()
        .distinct()
        .forEach(problem -> event.addDeploymentProblem(new DeploymentException(problem)));
    if (problems.isEmpty()) {
      reader.warnings().forEach(warning -> LOG.log(Level.WARNING, warning));
      outerInterceptors(beans).forEach(warning -> LOG.log(Level.WARNING, warning));
      unknownKeys().forEach(warning -> LOG.log(Level.WARNING, warning));
      announce(config);
    }
  }

  /** {@link UnknownConfigKeys}' warnings; a config that cannot list its keys gives none. */
  private static List<String> unknownKeys() {
    try {
      return UnknownConfigKeys.warnings(ConfigProvider.getConfig().getPropertyNames());
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.DEBUG, "Listing the config keys failed", e);
      return List.of();
    }
  }

  /** {@link OuterInterceptorCheck}'s warnings; a server that cannot tell its order gives none. */
  private List<String> outerInterceptors(BeanManager beans) {
    List<String> warnings = new ArrayList<>();
    reader
        .guardedBindings()
        .forEach(
            (target, bindings) -> {
              try {
                List<Class<?>> order =
                    beans
                        .resolveInterceptors(
                            InterceptionType.AROUND_INVOKE, bindings.toArray(Annotation[]::new))
                        .stream()
                        .<Class<?>>map(Bean::getBeanClass)
                        .toList();
                warnings.addAll(
                    OuterInterceptorCheck.warnings(target, order, IdempotentInterceptor.class));
              } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "Reading the interceptors of " + target + " failed", e);
              }
            });
    return warnings;
  }

  private Deployment deployment(
      ConfigLookup config, List<IdempotentMethod> methods, BeanManager beans) {
    return new BeanDeployment(config, methods, jobs.all(), elections.keySet(), usesLocks(), beans);
  }

  private static List<String> problems(List<DeploymentCheck> checks, Deployment deployment) {
    List<String> problems = new ArrayList<>();
    for (DeploymentCheck check : checks) {
      problems.addAll(check.problems(deployment));
    }
    return problems;
  }

  @Override
  public boolean usesLocks() {
    return jobs.size() > 0 || !elections.isEmpty() || locksInjected;
  }

  @Override
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

  @Override
  public MethodRegistry<IdempotentMethod> idempotentMethods() {
    return idempotentMethods;
  }

  @Override
  public MethodRegistry<JobMethod> jobs() {
    return jobs;
  }

  @Override
  public Map<ElectionBean, Bean<?>> elections() {
    return elections;
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

  private void announce(ConfigLookup config) {
    announce(
        StoreSelection.IDEMPOTENCY,
        StoreSelection.IDEMPOTENCY.name(config),
        "idempotency records",
        "a repeat sent to another instance runs again");
    LOG.log(
        Level.DEBUG, () -> "Fenced guards " + idempotentMethods.size() + " idempotent method(s)");
    if (!usesLocks()) {
      return;
    }
    announce(
        StoreSelection.LOCKS,
        StoreSelection.LOCKS.name(config),
        "locks",
        "every instance of a cluster would run each one-instance job and elect itself leader");
    LOG.log(
        Level.DEBUG,
        () ->
            "Fenced guards "
                + jobs.size()
                + " job method(s) and "
                + elections.size()
                + " leader election(s)");
  }

  /** Says which store keeps {@code contents}, with a warning when it is the in-memory one. */
  private static void announce(
      StoreSelection selection, String store, String contents, String clusterRisk) {
    if (StoreSelection.isMemory(store)) {
      LOG.log(
          Level.WARNING,
          "Fenced keeps "
              + contents
              + " in memory ("
              + selection.key()
              + "="
              + store
              + "): fine for one instance in development, but "
              + clusterRisk
              + ". Set "
              + selection.key()
              + "=jpa or redis for a cluster.");
    } else {
      LOG.log(Level.INFO, "Fenced keeps " + contents + " in the store \"" + store + "\"");
    }
  }
}
