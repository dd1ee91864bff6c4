package dev.fenced.cdi;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.call.ArgumentFingerprints;
import dev.fenced.cdi.call.BodyWitness;
import dev.fenced.cdi.call.CallFactory;
import dev.fenced.cdi.call.CallRunner;
import dev.fenced.cdi.call.CallScopes;
import dev.fenced.cdi.call.CallerPrincipal;
import dev.fenced.cdi.call.GraphqlRequests;
import dev.fenced.cdi.call.GuardedCall;
import dev.fenced.cdi.call.IdempotencyEvents;
import dev.fenced.cdi.call.MutationCalls;
import dev.fenced.cdi.call.OutcomeCodec;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.EncryptionSettings;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.config.OutcomeCommit;
import dev.fenced.cdi.config.StoreSelection;
import dev.fenced.cdi.jaxrs.CommitMarking;
import dev.fenced.cdi.jaxrs.WitnessedResource;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.MethodRegistry;
import dev.fenced.cdi.model.ModelProvider;
import dev.fenced.cdi.transaction.JtaTransactions;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.DuplicateWaits;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyKeyResolver;
import dev.fenced.idempotency.IdempotencyLockLost;
import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.idempotency.IdempotencyReplayed;
import dev.fenced.idempotency.IdempotencyScopeResolver;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.RequestBodyFingerprint;
import dev.fenced.idempotency.spi.IdempotencyStore;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.security.Principal;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The one {@link IdempotencyRuntime} of an application: the engine on the store {@code
 * fenced.idempotency.store} selects (sealing outcomes when {@code
 * fenced.idempotency.encryption.keys} is set), lock renewal on {@link FencedExecutor}, the guarded
 * methods the extension read, scopes, CDI events, and the non-HTTP call machinery ({@link
 * CallRunner}).
 */
@ApplicationScoped
public class FencedIdempotencyRuntime implements IdempotencyRuntime {

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  @Inject ModelProvider models;
  @Inject @Any Instance<Object> beans;
  @Inject Event<Object> events;

  private String storeName;
  private IdempotencyStore store;
  private FencedExecutor executor;
  private Jsonb jsonb;
  private boolean ownJsonb;
  private IdempotencyEngine engine;
  private FingerprintCalculator fingerprints;
  private final Map<String, FingerprintCalculator> requestFingerprints = new ConcurrentHashMap<>();
  private final Map<String, IdempotencyKeyResolver> keyResolvers = new ConcurrentHashMap<>();
  private CallFactory callFactory;
  private CallRunner callRunner;
  private MutationCalls mutationCalls;
  private volatile GraphqlRequests graphqlRequests;
  private CommitMarking commitMarking;
  private WitnessedResource witnessedResource;
  private final FaultToleranceShapes faultTolerance = new FaultToleranceShapes();

  @PostConstruct
  void start() {
    ConfigLookup config = models.config();
    GlobalSettings settings = GlobalSettings.of(config);
    storeName = StoreSelection.IDEMPOTENCY.name(config);
    store = store(storeName);
    executor = FencedExecutor.open();
    engine =
        new IdempotencyEngine(
            StoreObservation.idempotency(store, config, beans),
            Clock.systemUTC(),
            executor.scheduler(),
            settings.retryAfter(),
            EncryptionSettings.sealer(config),
            settings.maxRenewal(),
            new DuplicateWaits(
                executor.scheduler(), DuplicateWaits.signalsOf(store), settings.waitPoll()));
    jsonb = applicationJsonb();
    fingerprints = new FingerprintCalculator();
    callFactory =
        new CallFactory(
            new ArgumentFingerprints(jsonb, fingerprints), fingerprints, settings, callScopes());
    Transactions transactions = JtaTransactions.SERVER;
    OutcomeCommit commit = OutcomeCommit.of(config);
    callRunner =
        new CallRunner(engine, new OutcomeCodec(jsonb), transactions, callEvents(), commit);
    mutationCalls = new MutationCalls(callFactory, callRunner, callEvents(), this::graphqlRequests);
    commitMarking = new CommitMarking(commit, transactions);
    witnessedResource = new WitnessedResource(transactions);
  }

  @PreDestroy
  void stop() {
    executor.close();
    if (!ownJsonb) {
      return; // the application's, closed by whoever produced it
    }
    try {
      jsonb.close();
    } catch (Exception e) {
      LOG.log(Level.DEBUG, "Closing JSON-B failed", e);
    }
  }

  /**
   * The JSON-B that writes stored outcomes and fingerprints arguments: the application's own, when
   * it has a CDI bean of type {@code Jsonb} (its adapters, naming and visibility then apply to what
   * Fenced stores, as to what its endpoints write), else a default one of Fenced's.
   */
  private Jsonb applicationJsonb() {
    Instance<Jsonb> produced = beans.select(Jsonb.class, Default.Literal.INSTANCE);
    if (produced.isResolvable()) {
      LOG.log(Level.DEBUG, "Stored outcomes are written with the application's Jsonb bean");
      return produced.get();
    }
    ownJsonb = true;
    return JsonbBuilder.create();
  }

  @Override
  public IdempotencyEngine engine() {
    return engine;
  }

  @Override
  public FingerprintCalculator fingerprints() {
    return fingerprints;
  }

  @Override
  public FingerprintCalculator fingerprints(IdempotentMethod method) {
    if (!(method.kind() instanceof IdempotentMethod.Http http) || http.wholeBody()) {
      return fingerprints;
    }
    return requestFingerprints.computeIfAbsent(
        method.target(),
        target ->
            http.bodyFingerprint().isEmpty()
                ? FingerprintCalculator.ignoring(http.ignoredFields())
                : FingerprintCalculator.withBodyPart(
                    beans
                        .select(
                            RequestBodyFingerprint.class, NamedLiteral.of(http.bodyFingerprint()))
                        .get()));
  }

  @Override
  public IdempotencyKeyResolver keyResolver(IdempotentMethod method) {
    String name = method.http().keySource().name();
    return keyResolvers.computeIfAbsent(
        method.target(),
        target -> beans.select(IdempotencyKeyResolver.class, NamedLiteral.of(name)).get());
  }

  @Override
  public Optional<IdempotentMethod> idempotentMethod(Class<?> beanClass, Method method) {
    return models.idempotentMethods().find(beanClass, method);
  }

  @Override
  public String scope(IdempotentMethod method, Principal principal) {
    return resolveScope(
        method, () -> principal == null || principal.getName() == null ? "" : principal.getName());
  }

  private String resolveScope(IdempotentMethod method, Supplier<String> caller) {
    String scope = method.scope();
    if (scope.isEmpty()) {
      return caller.get();
    }
    if (scope.equals(Idempotent.GLOBAL_SCOPE)) {
      return "";
    }
    String resolved;
    try (Instance.Handle<IdempotencyScopeResolver> resolver =
        beans.select(IdempotencyScopeResolver.class, NamedLiteral.of(scope)).getHandle()) {
      resolved = resolver.get().currentScope();
    }
    if (resolved == null) {
      throw new IllegalStateException(
          "The IdempotencyScopeResolver named \""
              + scope
              + "\" returned null for "
              + method.target()
              + "; return \"\" for the global scope");
    }
    return resolved;
  }

  private CallScopes callScopes() {
    CallerPrincipal caller = new CallerPrincipal(beans);
    return new CallScopes() {
      @Override
      public String forMethod(IdempotentMethod method) {
        return resolveScope(method, this::forCaller);
      }

      @Override
      public String forCaller() {
        return caller.name().orElse("");
      }
    };
  }

  @Override
  public void replayed(String target, String key) {
    events.fire(new IdempotencyReplayed(target, key));
  }

  @Override
  public void rejected(String target, String key, ErrorCode code) {
    events.fire(new IdempotencyRejected(target, key, code));
  }

  @Override
  public void lockLost(String target, String key) {
    events.fire(new IdempotencyLockLost(target, key));
  }

  /**
   * Runs an intercepted non-HTTP method once per key (with a {@link BodyWitness} when Fault
   * Tolerance shapes it, so that the body's outcome is recorded, not Fault Tolerance's answer); a
   * JAX-RS resource method, which the JAX-RS layer guards, proceeds (witnessed the same way, {@link
   * WitnessedResource}) and may mark its commit ({@link CommitMarking}); a method its class-level
   * annotation does not guard proceeds.
   *
   * @param context the invocation
   * @return what the method returned, or the replayed value
   * @throws Exception what the method threw, or replays
   * @throws IllegalStateException when the method has no model and its class no class-level
   *     annotation (see {@link MethodRegistry#intercepted})
   */
  Object intercept(InvocationContext context) throws Exception {
    Optional<IdempotentMethod> intercepted =
        models
            .idempotentMethods()
            .intercepted(context.getTarget().getClass(), context.getMethod(), "@Idempotent");
    if (intercepted.isEmpty()) {
      return context.proceed();
    }
    IdempotentMethod method = intercepted.get();
    if (method.kind() instanceof IdempotentMethod.Http) {
      BodyWitness witness =
          WitnessedResource.witnessable(context.getMethod()) ? witness(context) : null;
      Callable<Object> invocation =
          witness == null
              ? context::proceed
              : () -> witnessedResource.proceed(method, context::proceed, witness);
      return commitMarking.proceed(method, context.getMethod(), invocation);
    }
    if (method.kind() instanceof IdempotentMethod.Mutation) {
      return mutationCalls.run(method, context.getParameters(), context::proceed, witness(context));
    }
    Optional<GuardedCall> call;
    try {
      call = callFactory.forMethod(method, context.getParameters());
    } catch (IdempotencyException e) {
      rejected(method.target(), null, e.code());
      throw e;
    }
    if (call.isEmpty()) {
      return context.proceed(); // a message without a key, none required: unguarded
    }
    return callRunner.run(call.get(), context::proceed, witness(context));
  }

  /** A witness of the body, in the invocation's context data, when Fault Tolerance shapes it. */
  private BodyWitness witness(InvocationContext context) {
    FaultToleranceShapes.Shape shape =
        faultTolerance.of(context.getTarget().getClass(), context.getMethod());
    if (shape == FaultToleranceShapes.Shape.NONE) {
      return null;
    }
    BodyWitness witness = new BodyWitness(shape == FaultToleranceShapes.Shape.WITNESSED);
    context.getContextData().put(BodyWitness.CONTEXT_KEY, witness);
    return witness;
  }

  /**
   * Resolves non-HTTP calls.
   *
   * @return the factory
   */
  public CallFactory calls() {
    return callFactory;
  }

  /**
   * Runs non-HTTP calls once per key.
   *
   * @return the runner
   */
  public CallRunner runner() {
    return callRunner;
  }

  /**
   * The idempotency store in use, for the operator's {@code FencedAdmin}.
   *
   * @return the store {@code fenced.idempotency.store} selects
   */
  public IdempotencyStore store() {
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

  /**
   * fenced-graphql's bean, looked up at the first guarded mutation (an application without GraphQL
   * never has one) and kept: it is application scoped, so the proxy stays valid.
   */
  private GraphqlRequests graphqlRequests() {
    GraphqlRequests requests = graphqlRequests;
    if (requests == null) {
      requests = beans.select(GraphqlRequests.class).get();
      graphqlRequests = requests;
    }
    return requests;
  }

  private IdempotencyStore store(String name) {
    if (StoreSelection.isMemory(name)) {
      return new InMemoryIdempotencyStore();
    }
    return beans.select(IdempotencyStore.class, NamedLiteral.of(name)).get();
  }

  private IdempotencyEvents callEvents() {
    return new IdempotencyEvents() {
      @Override
      public void replayed(String target, String key) {
        FencedIdempotencyRuntime.this.replayed(target, key);
      }

      @Override
      public void rejected(String target, String key, ErrorCode code) {
        FencedIdempotencyRuntime.this.rejected(target, key, code);
      }

      @Override
      public void lockLost(String target, String key) {
        FencedIdempotencyRuntime.this.lockLost(target, key);
      }
    };
  }
}
