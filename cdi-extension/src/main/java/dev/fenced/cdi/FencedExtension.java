package dev.fenced.cdi;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.IdempotentMethodReader;
import dev.fenced.cdi.config.InvalidGuardException;
import dev.fenced.cdi.deployment.GlobalSettings;
import dev.fenced.cdi.deployment.InterceptorOrder;
import dev.fenced.cdi.deployment.ProductionGuard;
import dev.fenced.cdi.deployment.ScopeCheck;
import dev.fenced.cdi.deployment.StoreSelection;
import dev.fenced.idempotency.IdempotencyScopeResolver;
import dev.fenced.idempotency.spi.IdempotencyStore;
import jakarta.annotation.Priority;
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
import jakarta.enterprise.inject.spi.ProcessInjectionTarget;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Fenced's portable extension: registers the {@code @Idempotent} interceptor and Fenced's beans,
 * reads and validates every guarded method while the container boots, and checks what spans beans
 * (store selection, the production guard, global settings, scope resolvers, the order next to Fault
 * Tolerance) before the application starts.
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
  private final Set<String> readClasses = new HashSet<>();
  private volatile GuardRegistry registry = GuardRegistry.EMPTY;
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
  }

  <T> void readBean(@Observes ProcessManagedBean<T> event) {
    read(event.getAnnotatedBeanClass(), event::addDefinitionError);
  }

  <T> void readComponent(@Observes ProcessInjectionTarget<T> event) {
    read(event.getAnnotatedType(), event::addDefinitionError);
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beans) {
    synchronized (this) {
      registry = guards.build();
    }
    ConfigLookup config = config();
    List<String> problems = new ArrayList<>();
    if (configProblem != null) {
      problems.add(configProblem);
    }
    problems.addAll(GlobalSettings.problems(config));
    problems.addAll(InterceptorOrder.problems(config));
    String store = StoreSelection.name(config);
    if (!StoreSelection.isMemory(store)) {
      StoreSelection.problem(store, candidates(beans, IdempotencyStore.class, store))
          .ifPresent(problems::add);
    }
    ProductionGuard.problem(config, store).ifPresent(problems::add);
    for (GuardedMethod guard : registry.all()) {
      String scope = guard.model().scope();
      ScopeCheck.problem(
              guard.model().target(),
              scope,
              scope.isEmpty() ? 0 : candidates(beans, IdempotencyScopeResolver.class, scope))
          .ifPresent(problems::add);
    }
    problems.forEach(problem -> event.addDeploymentProblem(new DeploymentException(problem)));
    if (problems.isEmpty()) {
      announce(store);
    }
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
        configProblem =
            "Fenced needs MicroProfile Config, which is not available ("
                + e
                + "); deploy to a server with MicroProfile Config";
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

  private synchronized void read(AnnotatedType<?> type, Consumer<Throwable> errors) {
    Class<?> beanClass = type.getJavaClass();
    if (!readClasses.add(beanClass.getName())) {
      return;
    }
    IdempotentMethodReader reader = new IdempotentMethodReader(config());
    for (AnnotatedMethod<?> annotated : type.getMethods()) {
      Method method = annotated.getJavaMember();
      try {
        reader
            .read(beanClass, method)
            .ifPresent(model -> guards.add(beanClass, GuardedMethod.of(model, method)));
      } catch (InvalidGuardException e) {
        e.problems().forEach(problem -> errors.accept(new DefinitionException(problem)));
      }
    }
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
              + StoreSelection.KEY
              + "="
              + store
              + "): fine for one instance in development, but a repeat sent to another instance"
              + " runs again. Set "
              + StoreSelection.KEY
              + "=jpa or redis for a cluster.");
    } else {
      LOG.log(Level.INFO, "Fenced keeps idempotency records in the store \"" + store + "\"");
    }
    LOG.log(Level.DEBUG, () -> "Fenced guards " + registry.size() + " idempotent method(s)");
  }
}
