package dev.fenced.cdi.boot;

import dev.fenced.cdi.boot.check.ElectionCheck;
import dev.fenced.cdi.boot.check.FaultToleranceResourceCheck;
import dev.fenced.cdi.boot.check.UnguardedRetryCheck;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.cdi.model.MethodRegistry;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.decorator.Decorator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Annotation;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Reads every Fenced annotation of the annotated types the container hands the extension (so what
 * other extensions added or removed counts) into the deployment's models: one {@link
 * MethodRegistry} per method feature and the elections. Each class is read once; a problem is a
 * definition error naming the class, method, option and value.
 *
 * <p>A bean's type ({@code ProcessManagedBean}) wins over a component's ({@code
 * ProcessInjectionTarget}): a server may fire the latter for a class that is also a bean with a
 * type it built from the class itself, without what other extensions changed in {@code
 * ProcessAnnotatedType} (Open Liberty does so for JAX-RS resource classes, before the bean's
 * event). A class read from such a type is read again from the bean's type, which replaces its
 * models.
 */
final class AnnotatedTypeReader {

  private final Supplier<ConfigLookup> config;
  private final MethodRegistry.Builder<IdempotentMethod> idempotentMethods =
      new MethodRegistry.Builder<>();
  private final MethodRegistry.Builder<JobMethod> jobs = new MethodRegistry.Builder<>();
  private final Map<ElectionBean, Bean<?>> elections = new LinkedHashMap<>();
  private final Set<String> readFromBeans = new HashSet<>();
  private final Set<String> readFromComponents = new HashSet<>();
  private final Set<String> readElections = new HashSet<>();
  private final Set<String> warnings = new LinkedHashSet<>();
  private final Map<String, Set<Annotation>> guardedBindings = new LinkedHashMap<>();

  /**
   * Creates a reader.
   *
   * @param config the application's configuration, looked up when first needed
   */
  AnnotatedTypeReader(Supplier<ConfigLookup> config) {
    this.config = config;
  }

  /**
   * Reads the {@code @Idempotent}, {@code @OnOneInstance} and {@code @WithoutOverlapping} methods
   * of a managed or session bean from its final annotated type, replacing what a component's type
   * of the same class gave.
   *
   * @param type the bean's annotated type
   * @param errors where definition errors go
   */
  synchronized void readBean(AnnotatedType<?> type, Consumer<Throwable> errors) {
    String name = type.getJavaClass().getName();
    if (ignored(type) || !readFromBeans.add(name)) {
      return;
    }
    if (readFromComponents.remove(name)) {
      idempotentMethods.forget(type.getJavaClass());
      jobs.forget(type.getJavaClass());
    }
    readMethods(type, errors);
  }

  /**
   * Reads the methods of a component class (a message-driven bean, which is no managed bean),
   * unless its class was read already.
   *
   * @param type the annotated type of its injection target
   * @param errors where definition errors go
   */
  synchronized void readComponent(AnnotatedType<?> type, Consumer<Throwable> errors) {
    String name = type.getJavaClass().getName();
    if (ignored(type) || readFromBeans.contains(name) || !readFromComponents.add(name)) {
      return;
    }
    readMethods(type, errors);
  }

  /** An interceptor (Fenced's own among them) carries its binding on the class: it is no job. */
  private static boolean ignored(AnnotatedType<?> type) {
    return type.isAnnotationPresent(Interceptor.class) || type.isAnnotationPresent(Decorator.class);
  }

  private void readMethods(AnnotatedType<?> type, Consumer<Throwable> errors) {
    Class<?> beanClass = type.getJavaClass();
    if (type.isAnnotationPresent(Idempotent.class)) {
      idempotentMethods.classLevel(beanClass);
    }
    if (type.isAnnotationPresent(OnOneInstance.class)
        || type.isAnnotationPresent(WithoutOverlapping.class)) {
      jobs.classLevel(beanClass);
    }
    IdempotentMethodReader idempotentReader = new IdempotentMethodReader(config.get());
    JobMethodReader jobReader = new JobMethodReader(config.get());
    for (AnnotatedMethod<?> annotated : type.getMethods()) {
      MethodAnnotations method = MethodAnnotations.of(type, annotated);
      readInto(idempotentMethods, method, idempotentReader::read, errors);
      readInto(jobs, method, jobReader::read, errors);
      if (method.onMethod(Idempotent.class) != null || method.onClass(Idempotent.class) != null) {
        guardedBindings.put(method.target(), interceptorBindings(method));
      }
      UnguardedRetryCheck.warning(method).ifPresent(warnings::add);
      FaultToleranceResourceCheck.warning(method).ifPresent(warnings::add);
    }
  }

  /**
   * Reads the {@code @LeaderElection} of a managed bean.
   *
   * @param bean the bean, whose instance gets the callbacks
   * @param type its annotated type
   * @param errors where definition errors go
   */
  synchronized void readElection(Bean<?> bean, AnnotatedType<?> type, Consumer<Throwable> errors) {
    Class<?> beanClass = type.getJavaClass();
    if (!type.isAnnotationPresent(LeaderElection.class)
        || !readElections.add(beanClass.getName())) {
      return;
    }
    try {
      Optional<ElectionBean> model = new ElectionBeanReader(config.get()).read(type);
      Optional<String> scopeProblem =
          ElectionCheck.problem(
              beanClass.getName(),
              bean.getScope().getSimpleName(),
              bean.getScope() == ApplicationScoped.class);
      if (scopeProblem.isPresent()) {
        errors.accept(new DefinitionException(scopeProblem.get()));
        return;
      }
      model.ifPresent(m -> elections.put(m, bean));
    } catch (InvalidModelException e) {
      e.problems().forEach(problem -> errors.accept(new DefinitionException(problem)));
    }
  }

  /**
   * The {@code @Idempotent} methods read so far.
   *
   * @return an immutable registry
   */
  synchronized MethodRegistry<IdempotentMethod> idempotentMethods() {
    return idempotentMethods.build();
  }

  /**
   * The jobs read so far.
   *
   * @return an immutable registry
   */
  synchronized MethodRegistry<JobMethod> jobs() {
    return jobs.build();
  }

  /**
   * What deserves a WARNING at deployment, in the order read ({@link UnguardedRetryCheck}, {@link
   * FaultToleranceResourceCheck}).
   *
   * @return an unmodifiable copy
   */
  synchronized List<String> warnings() {
    return List.copyOf(warnings);
  }

  /**
   * The interceptor bindings of each {@code @Idempotent} method read so far (its own and its
   * class's), for {@code OuterInterceptorCheck}.
   *
   * @return target to bindings, an unmodifiable copy
   */
  synchronized Map<String, Set<Annotation>> guardedBindings() {
    return Map.copyOf(guardedBindings);
  }

  private static Set<Annotation> interceptorBindings(MethodAnnotations method) {
    Set<Annotation> bindings = new LinkedHashSet<>();
    for (Set<Annotation> annotations : List.of(method.ofClass(), method.ofMethod())) {
      for (Annotation annotation : annotations) {
        if (annotation.annotationType().isAnnotationPresent(InterceptorBinding.class)) {
          bindings.removeIf(b -> b.annotationType() == annotation.annotationType());
          bindings.add(annotation);
        }
      }
    }
    return bindings;
  }

  /**
   * The elections read so far, in the order read.
   *
   * @return an unmodifiable copy
   */
  synchronized Map<ElectionBean, Bean<?>> elections() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(elections));
  }

  private static <M> void readInto(
      MethodRegistry.Builder<M> registry,
      MethodAnnotations method,
      Function<MethodAnnotations, Optional<M>> reader,
      Consumer<Throwable> errors) {
    try {
      reader
          .apply(method)
          .ifPresent(model -> registry.add(method.beanClass(), method.method(), model));
    } catch (InvalidModelException e) {
      e.problems().forEach(problem -> errors.accept(new DefinitionException(problem)));
    }
  }
}
