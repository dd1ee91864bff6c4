package dev.fenced.cdi.jaxrs;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.IdempotencyRuntime;
import dev.fenced.cdi.boot.IdempotentMethodReader;
import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.cdi.config.BodyLimits;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.ProblemTypeBase;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.cdi.transaction.JtaTransactions;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;
import java.lang.System.Logger.Level;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Gives every {@code @Idempotent} JAX-RS resource method its HTTP semantics: binds to it, and to no
 * other method, an {@link IdempotencyRequestFilter}, an {@link IdempotencyResponseFilter} and a
 * {@link ResponseCaptureInterceptor}.
 *
 * <p>Discovered by JAX-RS provider scanning; an {@code Application} whose {@code getClasses()}
 * lists its classes must list this one too. The validated model comes from {@link
 * IdempotencyRuntime#idempotentMethod}; for a resource class that is not a CDI bean (so the
 * extension never saw it) the model is read here, with the same reader and MicroProfile Config, and
 * an invalid one fails the deployment the same way. A guarded method whose runtime cannot be found
 * also fails it: an {@code @Idempotent} endpoint never runs unguarded.
 *
 * <p>Priorities (lower runs first for request filters and writer interceptors, last for response
 * filters):
 *
 * <ul>
 *   <li>a last request filter {@value #LAST_REQUEST_FILTER_PRIORITY} notes that no filter after
 *       Fenced's aborted the request, so an abort's answer releases the key ({@link
 *       LastRequestFilter});
 *   <li>request filter {@value #REQUEST_FILTER_PRIORITY} ({@code USER + 1000}): after
 *       authentication (the scope is the principal), authorization and the application's own
 *       filters, so a request another filter refuses (401, 403, 429) never takes a key;
 *   <li>response filter {@value #RESPONSE_FILTER_PRIORITY}: the last response filter, so the status
 *       it stores is the one the client gets;
 *   <li>writer interceptor {@value #WRITER_INTERCEPTOR_PRIORITY}: the first, hence outermost,
 *       writer interceptor, so it captures what {@code ENTITY_CODER} interceptors (GZIP) wrote.
 * </ul>
 */
@Provider
public class IdempotencyFeature implements DynamicFeature {

  /** Priority of the request filter: after every filter at the standard priorities. */
  public static final int REQUEST_FILTER_PRIORITY = Priorities.USER + 1000;

  /** Priority of the response filter: below every standard priority, so it runs last. */
  public static final int RESPONSE_FILTER_PRIORITY = Priorities.AUTHENTICATION - 900;

  /** Priority of the writer interceptor: below every standard priority, so it is outermost. */
  public static final int WRITER_INTERCEPTOR_PRIORITY = Priorities.AUTHENTICATION - 900;

  /** Priority of the filter that notes the request passed every request filter: the last. */
  public static final int LAST_REQUEST_FILTER_PRIORITY = Integer.MAX_VALUE;

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Supplier<IdempotencyRuntime> runtime;
  private final Transactions transactions;
  private final BodyLimits limits;
  private final ProblemDetails problems;
  private final BooleanSupplier listenerRegistered;
  private final AtomicBoolean listenerChecked = new AtomicBoolean();
  private volatile IdempotencyRuntime resolved;

  /**
   * Created by the JAX-RS runtime; finds the {@link IdempotencyRuntime} bean through CDI, and the
   * body limits and the problem type base in MicroProfile Config (validated at deployment by the
   * extension).
   */
  public IdempotencyFeature() {
    this(
        () -> CDI.current().select(IdempotencyRuntime.class).get(),
        JtaTransactions.SERVER,
        ConfigLookup.of(ConfigProvider.getConfig()),
        ClaimCleanupListener::created);
  }

  IdempotencyFeature(
      Supplier<IdempotencyRuntime> runtime,
      Transactions transactions,
      ConfigLookup config,
      BooleanSupplier listenerRegistered) {
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.transactions = Objects.requireNonNull(transactions, "transactions");
    this.limits = BodyLimits.of(config);
    this.problems = new ProblemDetails(ProblemTypeBase.of(config));
    this.listenerRegistered = Objects.requireNonNull(listenerRegistered, "listenerRegistered");
  }

  @Override
  public void configure(ResourceInfo resourceInfo, FeatureContext context) {
    Class<?> resourceClass = userClass(resourceInfo.getResourceClass());
    Method method = resourceInfo.getResourceMethod();
    if (resourceClass == null || method == null || !annotated(resourceClass, method)) {
      return;
    }
    IdempotencyRuntime shared = runtime(resourceClass, method);
    Optional<IdempotentMethod> idempotent =
        shared.idempotentMethod(resourceClass, method).or(() -> readModel(resourceClass, method));
    idempotent
        .filter(model -> model.kind() instanceof IdempotentMethod.Http)
        .ifPresent(
            model -> {
              warnWithoutListener();
              RequestGate gate =
                  new RequestGate(
                      shared,
                      model,
                      transactions,
                      limits.maxRequestSize(),
                      !designates(method, HttpMethod.HEAD));
              context.register(
                  new IdempotencyRequestFilter(
                      gate, model.http().keySource(), RequestClaims.ofCurrentRequest(), problems),
                  REQUEST_FILTER_PRIORITY);
              context.register(new LastRequestFilter(), LAST_REQUEST_FILTER_PRIORITY);
              context.register(
                  new IdempotencyResponseFilter(model.storagePolicy()), RESPONSE_FILTER_PRIORITY);
              context.register(
                  new ResponseCaptureInterceptor(limits.maxResponseSize()),
                  WRITER_INTERCEPTOR_PRIORITY);
            });
  }

  /** Once, at the first guarded method: a claim's last resort should be the servlet listener. */
  private void warnWithoutListener() {
    if (!listenerChecked.compareAndSet(false, true) || listenerRegistered.getAsBoolean()) {
      return;
    }
    LOG.log(
        Level.WARNING,
        "Fenced's ClaimCleanupListener is not registered in this deployment (a metadata-complete"
            + " web.xml, or not a servlet deployment): a claimed request that fails before its"
            + " response is released when its CDI request context ends instead. Declare"
            + " dev.fenced.cdi.jaxrs.ClaimCleanupListener as a <listener> in web.xml.");
  }

  /**
   * A cheap first look: the Java annotations, else the models the extension read from CDI's
   * annotated types (an {@code @Idempotent} another extension added), so unguarded applications
   * never touch config or the runtime here.
   */
  private static boolean annotated(Class<?> resourceClass, Method method) {
    return method.isAnnotationPresent(Idempotent.class)
        || resourceClass.isAnnotationPresent(Idempotent.class)
        || method.getDeclaringClass().isAnnotationPresent(Idempotent.class)
        || readByExtension(resourceClass, method);
  }

  private static boolean readByExtension(Class<?> resourceClass, Method method) {
    try {
      return CDI.current()
          .select(ModelProvider.class)
          .get()
          .idempotentMethods()
          .find(resourceClass, method)
          .isPresent();
    } catch (RuntimeException e) {
      return false; // no CDI here, or the extension is not enabled: nothing was read
    }
  }

  private IdempotencyRuntime runtime(Class<?> resourceClass, Method method) {
    IdempotencyRuntime known = resolved;
    if (known != null) {
      return known;
    }
    try {
      known = runtime.get();
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          DeploymentProblem.RUNTIME_NOT_FOUND.format(
              resourceClass.getName() + "." + method.getName()),
          e);
    }
    resolved = known;
    return known;
  }

  private static Optional<IdempotentMethod> readModel(Class<?> resourceClass, Method method) {
    return new IdempotentMethodReader(ConfigLookup.of(ConfigProvider.getConfig()))
        .read(MethodAnnotations.of(resourceClass, method));
  }

  /**
   * Whether a resource method, or a method it overrides, carries the request method designator
   * {@code verb}: JAX-RS runs a {@code GET} method for a {@code HEAD} request only when there is no
   * {@code HEAD} method.
   */
  static boolean designates(Method method, String verb) {
    for (Class<?> type = method.getDeclaringClass(); type != null; type = type.getSuperclass()) {
      if (designates(type, method, verb)) {
        return true;
      }
      for (Class<?> contract : type.getInterfaces()) {
        if (designates(contract, method, verb)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean designates(Class<?> type, Method method, String verb) {
    Method declared;
    try {
      declared = type.getDeclaredMethod(method.getName(), method.getParameterTypes());
    } catch (NoSuchMethodException e) {
      return false;
    }
    for (Annotation annotation : declared.getAnnotations()) {
      HttpMethod designator = annotation.annotationType().getAnnotation(HttpMethod.class);
      if (designator != null && verb.equals(designator.value())) {
        return true;
      }
    }
    return false;
  }

  /** The class the application wrote, not a container's proxy subclass of it. */
  private static Class<?> userClass(Class<?> type) {
    Class<?> c = type;
    while (c != null
        && c.getSuperclass() != null
        && (c.isSynthetic() || c.getName().contains("$$"))) {
      c = c.getSuperclass();
    }
    return c;
  }
}
