package dev.fenced;

import java.util.Locale;

/**
 * The stable catalogue of deployment problems: every error Fenced reports while an application
 * deploys or starts (a CDI definition error or deployment problem, or a store module's startup
 * check) begins with one of these ids, {@code FENCED-D001: ...}. An id never changes meaning once
 * released, and a retired id is never given to another problem; new ids may be added.
 *
 * <p>The ids are grouped by what is wrong: {@code D0xx} an annotation or one of its members on one
 * method or class (whether the value came from the annotation or a config override), {@code D1xx}
 * Fenced's global configuration, {@code D2xx} the selection of a store, {@code D3xx} encryption at
 * rest, {@code D4xx} a store module's own settings. The rest of a message names where the value
 * came from (the config key or the annotation member and its class and method), the value, and what
 * to do; {@code docs/guide/errors.md} lists every id.
 *
 * <p>This type only formats messages: it decides nothing.
 */
public enum DeploymentProblem {
  /**
   * A duration member ({@code ttl}, {@code lockTtl}, {@code waitTimeout} of {@code @Idempotent},
   * {@code ttl} of {@code @OnOneInstance}, {@code @WithoutOverlapping} or {@code @LeaderElection})
   * does not parse, is empty, zero or longer than 3650 days. Arguments: the target, the member,
   * where the value came from, the reason.
   */
  MEMBER_DURATION_INVALID("D001", "%s: invalid %s %s: %s"),
  /**
   * A member that takes one of a few values ({@code required}, {@code storeIf}, {@code onConflict})
   * holds another. Arguments: the target, the member, where the value came from, the accepted
   * values.
   */
  MEMBER_VALUE_INVALID("D002", "%s: invalid %s %s; use %s"),
  /**
   * A JAX-RS resource method has an {@code @IdempotencyKey} parameter; its key comes from the
   * request header. Arguments: the target, the header.
   */
  KEY_PARAMETER_ON_RESOURCE_METHOD(
      "D003",
      "%s: @IdempotencyKey is not used on a JAX-RS resource method, whose key comes from the %s"
          + " header; remove it"),
  /** A non-HTTP {@code @Idempotent} method has no {@code @IdempotencyKey} parameter. */
  KEY_PARAMETER_MISSING(
      "D004",
      "%s: a non-HTTP @Idempotent method needs exactly one parameter annotated @IdempotencyKey"
          + " holding the key; add it"),
  /** More than one parameter of a method is annotated {@code @IdempotencyKey}. */
  KEY_PARAMETER_REPEATED(
      "D005", "%s: more than one parameter is annotated @IdempotencyKey; keep exactly one"),
  /**
   * The property path of an {@code @IdempotencyKey} is not a path, or the parameter's type has no
   * such property. Arguments: the target, the path, the reason.
   */
  KEY_PATH_UNREADABLE("D006", "%s: @IdempotencyKey(\"%s\") cannot be read: %s"),
  /**
   * A non-HTTP {@code @Idempotent} method returns a type whose value cannot be stored and replayed
   * (for a {@code CompletionStage<T>} or {@code CompletableFuture<T>}: whose {@code T} cannot; a
   * {@code Future} whose completion cannot be observed without blocking). Arguments: the target,
   * the reason.
   */
  RETURN_TYPE_NOT_STORABLE("D007", "%s: the return type cannot be stored and replayed: %s"),
  /**
   * {@code replayHeaders} lists {@code Set-Cookie}, which is never stored or replayed. Arguments:
   * the target, where the value came from.
   */
  REPLAY_HEADERS_SET_COOKIE(
      "D008",
      "%s: replayHeaders %s holds Set-Cookie, which is never stored or replayed (it would hand one"
          + " client's session to another); remove it"),
  /**
   * The {@code scope} of a method names no {@code IdempotencyScopeResolver} bean. Arguments: the
   * target, the scope, the scope.
   */
  SCOPE_RESOLVER_MISSING(
      "D009",
      "%s: scope \"%s\" names no CDI bean implementing"
          + " dev.fenced.idempotency.IdempotencyScopeResolver; annotate your resolver with"
          + " @Named(\"%s\"), or use an empty scope (the caller principal) or \"global\""),
  /**
   * The {@code scope} of a method names several {@code IdempotencyScopeResolver} beans. Arguments:
   * the target, the scope, how many.
   */
  SCOPE_RESOLVER_AMBIGUOUS(
      "D010",
      "%s: scope \"%s\" is ambiguous: %s CDI beans with that name implement"
          + " dev.fenced.idempotency.IdempotencyScopeResolver; keep one"),
  /** A {@code @LeaderElection} has an empty key. Argument: the bean class. */
  ELECTION_KEY_EMPTY(
      "D011",
      "%s: @LeaderElection has an empty key; name the election, e.g."
          + " @LeaderElection(\"inventory:warehouse-feed\")"),
  /**
   * A {@code @LeaderElection} bean implements neither {@code OnLeadershipAcquired} nor {@code
   * OnLeadershipLost}. Argument: the bean class.
   */
  ELECTION_WITHOUT_CALLBACK(
      "D012",
      "%s: a @LeaderElection bean implements neither dev.fenced.locks.OnLeadershipAcquired nor"
          + " dev.fenced.locks.OnLeadershipLost, so it could not act on leadership; implement one"
          + " or both"),
  /**
   * A {@code @LeaderElection} bean is not {@code @ApplicationScoped}. Arguments: the bean class,
   * its scope's simple name.
   */
  ELECTION_NOT_APPLICATION_SCOPED(
      "D013",
      "%s: a @LeaderElection bean must be @ApplicationScoped, so that one instance per application"
          + " competes and gets the callbacks; it is @%s. Annotate the class with"
          + " @jakarta.enterprise.context.ApplicationScoped"),
  /**
   * Two jobs or elections would share one lock name (a key, a lease {@code <key>:owner} or a run
   * lock). Arguments: the name, its first user, its second user.
   */
  LOCK_NAME_SHARED(
      "D014",
      "Lock key \"%s\" is used twice: as %s and as %s. Give each job and election its own key (the"
          + " key member of @OnOneInstance or @WithoutOverlapping, the value of @LeaderElection)"),
  /**
   * An {@code ignoredFields} entry is not an RFC 6901 pointer to a field. Arguments: the target,
   * where the value came from, the entry, the reason.
   */
  IGNORED_FIELD_INVALID(
      "D015",
      "%s: ignoredFields %s holds \"%s\", which is not a JSON pointer to a field (%s); write it"
          + " as /name, /a/b or /items/0/note"),
  /**
   * {@code ignoredFields} or {@code bodyFingerprint} is set on a method that is not a JAX-RS
   * resource method. Arguments: the target, the member, where the value came from.
   */
  FINGERPRINT_MEMBER_NOT_HTTP(
      "D016",
      "%s: %s %s applies to the body of a JAX-RS request, and this method is not a resource"
          + " method (its fingerprint is its arguments); remove it"),
  /**
   * Both {@code ignoredFields} and {@code bodyFingerprint} are set. Arguments: the target, where
   * each came from.
   */
  BODY_FINGERPRINT_WITH_IGNORED_FIELDS(
      "D017",
      "%s: bodyFingerprint %s and ignoredFields %s are both set; the bean sees the whole body,"
          + " so leave the fields out there and remove ignoredFields"),
  /**
   * {@code bodyFingerprint} names no {@code RequestBodyFingerprint} bean, or several. Arguments:
   * the target, the name, how many beans, the name.
   */
  BODY_FINGERPRINT_BEAN_NOT_ONE(
      "D018",
      "%s: bodyFingerprint \"%s\" names %s CDI beans implementing"
          + " dev.fenced.idempotency.RequestBodyFingerprint; it must name exactly one: annotate it"
          + " with @Named(\"%s\")"),
  /**
   * {@code @Idempotent} is written on a MicroProfile GraphQL {@code @Query} method, which reads and
   * is never guarded. Argument: the target.
   */
  GRAPHQL_QUERY_GUARDED(
      "D019",
      "%s: @Idempotent guards GraphQL mutations; this method is a @Query, which reads and is never"
          + " guarded: remove @Idempotent from it (on a @GraphQLApi class it covers the mutations"
          + " only)"),
  /**
   * The argument of a GraphQL mutation that holds its key ({@code idempotencyKey}, or the one
   * annotated {@code @IdempotencyKey} without a path) is not a {@code String}. Arguments: the
   * target, the argument, its type.
   */
  GRAPHQL_KEY_ARGUMENT_NOT_STRING(
      "D020",
      "%s: the key argument %s of an @Idempotent GraphQL mutation is a %s; declare it String (a"
          + " key is a string in the schema)"),
  /**
   * An application guards a GraphQL mutation but does not ship {@code fenced-graphql}, which tells
   * the mutation's field in the operation and turns refusals into GraphQL errors. Argument: the
   * target.
   */
  GRAPHQL_MODULE_MISSING(
      "D021",
      "%s: an @Idempotent GraphQL mutation needs the fenced-graphql module; add the dependency"
          + " dev.fenced:fenced-graphql to the application next to fenced-cdi"),
  /**
   * {@code storeStatuses} is written on a method that is not a JAX-RS resource method, which has no
   * status. Arguments: the target, the statuses.
   */
  STORE_STATUSES_NOT_HTTP(
      "D022",
      "%s: storeStatuses %s applies to the responses of a JAX-RS resource method, and this method"
          + " answers with a value or an exception; list the exception to store in storeOn"
          + " instead"),
  /**
   * A {@code storeOn} class cannot be thrown again by a replay: it is abstract or has neither a
   * public {@code (String)} constructor nor a public no-argument one. Arguments: the target, where
   * the value came from, the class.
   */
  STORE_ON_NOT_REBUILDABLE(
      "D023",
      "%s: storeOn %s lists %s, which a replay cannot throw again: it needs a public constructor"
          + " taking the message (String) or none, and must not be abstract; add one, or list a"
          + " class that has one"),
  /**
   * {@code storeOn} is set on a method that MicroProfile Fault Tolerance shapes, whose caller gets
   * Fault Tolerance's answer (a fallback, a retry's result) rather than the method's. Arguments:
   * the target, the Fault Tolerance annotation.
   */
  STORE_ON_WITH_FAULT_TOLERANCE(
      "D024",
      "%s: storeOn is set on a method that MicroProfile Fault Tolerance shapes (@%s), so what its"
          + " caller gets is Fault Tolerance's answer, which a replay could not give back; remove"
          + " storeOn, or move the Fault Tolerance annotation to the method this one calls"),
  /**
   * {@code replayHeaders} names a header of one connection or one transfer, which the server writes
   * itself on every response. Arguments: the target, where the value came from, the header.
   */
  REPLAY_HEADERS_HOP_BY_HOP(
      "D025",
      "%s: replayHeaders %s holds %s, a header of one connection or transfer that the server"
          + " writes itself on every response (a stored one would be wrong on the replay); remove"
          + " it"),
  /**
   * {@code keyFrom} is not {@code header:}, {@code query:}, {@code path:}, {@code body:} or {@code
   * bean:} with a name, names a path parameter the method's {@code @Path} template does not have or
   * a name that selects no {@code IdempotencyKeyResolver} bean or several, or is written on a
   * method that is not a JAX-RS resource method. Arguments: the target, where the value came from,
   * why.
   */
  KEY_SOURCE_INVALID("D026", "%s: keyFrom %s cannot give the idempotency key: %s"),

  /** MicroProfile Config cannot be obtained. Argument: the error. */
  CONFIG_UNAVAILABLE(
      "D100",
      "Fenced needs MicroProfile Config, which is not available (%s); deploy to a server with"
          + " MicroProfile Config"),
  /**
   * A global duration ({@code fenced.idempotency.*}, {@code fenced.locks.*}) does not parse, is
   * zero or longer than 3650 days. Argument: the reason, naming the key and the value.
   */
  CONFIG_DURATION_INVALID("D101", "%s"),
  /**
   * A body limit ({@code fenced.idempotency.max-request-size}, {@code max-response-size}) does not
   * parse or is out of range. Argument: the reason, naming the key and the value.
   */
  CONFIG_SIZE_INVALID("D102", "%s"),
  /**
   * A global key that takes a boolean, an integer or one of a few constants holds another value.
   * Arguments: the key, the value, what it must be and how to fix it.
   */
  CONFIG_VALUE_INVALID("D103", "%s=%s is not %s"),
  /**
   * {@code fenced.idempotency.header} is empty. Argument: the key, after the method it applies to
   * when reported for one.
   */
  HEADER_EMPTY(
      "D104", "%s is empty; name the request header that carries the key, e.g. Idempotency-Key"),
  /**
   * MicroProfile Fault Tolerance's interceptor runs outside Fenced's {@code @Idempotent} one, so
   * every retry would claim the key again. Arguments: Fault Tolerance's priority and where it came
   * from, Fenced's, Fault Tolerance's key, Fenced's {@code @Idempotent} priority, Fenced's key, the
   * base priority below which Fenced must be set.
   */
  INSIDE_FAULT_TOLERANCE(
      "D105",
      "MicroProfile Fault Tolerance's interceptor priority (%s) is at or below Fenced's @Idempotent"
          + " interceptor priority (%s), so Fenced would run inside Fault Tolerance and every @Retry"
          + " attempt would claim the key again. Set %s above %s, or %s below %s"),
  /**
   * A JAX-RS resource method is {@code @Idempotent} but Fenced's runtime bean cannot be found (the
   * CDI extension is not enabled). Arguments: the target.
   */
  RUNTIME_NOT_FOUND(
      "D106",
      "%s is @Idempotent but Fenced's IdempotencyRuntime bean cannot be found, so its requests"
          + " cannot be guarded; deploy fenced-cdi with its CDI extension enabled"),

  /**
   * Several beans carry the name a {@code fenced.*.store} key selects. Arguments: the key, the
   * name, how many, the name, the store SPI.
   */
  STORE_AMBIGUOUS(
      "D201",
      "%s=%s is ambiguous: %s CDI beans named \"%s\" implement %s; keep one, or rename the others"
          + " and select one by its name"),
  /**
   * {@code jpa} or {@code redis} is selected but its module is not deployed. Arguments: the key,
   * the name, the name, the kind of store, the Maven coordinates, the key, {@code memory}.
   */
  STORE_MODULE_MISSING(
      "D202",
      "%s=%s selects the %s %s, which is not deployed; add the dependency %s to the application, or"
          + " set %s=%s"),
  /**
   * The name a {@code fenced.*.store} key selects is no bean. Arguments: the key, the name, the
   * store SPI, the name, {@code memory}.
   */
  STORE_UNKNOWN(
      "D203",
      "%s=%s names no CDI bean: annotate your %s implementation with @Named(\"%s\"), or use %s, jpa"
          + " or redis"),
  /**
   * An in-memory store is selected under {@code mp.config.profile=prod} without {@code
   * fenced.allow-in-memory-storage=true}. Arguments: the kind of store, the key, the name, the
   * profile key, what would go wrong, the key, the allowing key.
   */
  MEMORY_STORE_IN_PRODUCTION(
      "D204",
      "The %s is the in-memory one (%s=%s) and %s=prod: %s. Set %s to jpa, redis or your store's"
          + " bean name, or set %s=true if the application runs on exactly one instance"),

  /**
   * {@code fenced.idempotency.commit=with-work} is set but the selected idempotency store cannot
   * record outcomes inside the caller's transaction. Arguments: the key, the store key, the store's
   * name, the key.
   */
  COMMIT_WITH_WORK_UNSUPPORTED(
      "D205",
      "%s=with-work needs an idempotency store that records outcomes in the method's own"
          + " transaction (the JPA store on a JTA persistence unit), but %s=%s cannot; select jpa,"
          + " or set %s=after-work"),

  /**
   * A selected store is not set up for Fenced (its {@code StoreReadiness} says {@code NOT_SET_UP}
   * when the application starts) and {@code fenced.store.set-up-check} is {@code fail}. Arguments:
   * the store key, the name, the store's reason, the check's key.
   */
  STORE_NOT_SET_UP(
      "D206",
      "%s=%s is not set up: %s. Set it up as the message says, or set %s=readiness to deploy anyway"
          + " with the store's readiness check DOWN"),

  /**
   * {@code fenced.idempotency.commit=with-work} is set, but the transactions of the store's
   * database start above READ COMMITTED: the outcome's {@code UPDATE} runs in the method's
   * transaction, under its snapshot, which may predate the claim or a renewal of it. Reported by
   * the store's readiness (so at deployment, through {@code FENCED-D206}), at a first call that
   * could not check it then, and at the write of a transaction that raised its own level.
   * Arguments: the key, the level found, the key.
   */
  COMMIT_WITH_WORK_ISOLATION(
      "D207",
      "%s=with-work needs READ COMMITTED transactions, but the method's transaction runs at %s,"
          + " where the outcome's UPDATE in it reads a snapshot that may predate the claim (it"
          + " then finds no claim) or a renewal of the claim (it then fails with a serialization"
          + " error). Set the datasource's transaction isolation to READ COMMITTED (WildFly:"
          + " transaction-isolation=TRANSACTION_READ_COMMITTED; Open Liberty:"
          + " isolationLevel=\"TRANSACTION_READ_COMMITTED\"; or ALTER DATABASE or ALTER ROLE ..."
          + " SET default_transaction_isolation = 'read committed'), or set %s=after-work"),

  /**
   * An entry of {@code fenced.idempotency.encryption.keys} is empty, too short, repeated or has
   * whitespace around it. Argument: the reason, naming the entry's position (never the key).
   */
  ENCRYPTION_KEYS_INVALID("D301", "%s"),

  /**
   * A store module's setting ({@code fenced.jpa.query-timeout}, {@code fenced.jpa.table-prefix},
   * {@code fenced.jpa.schema}, {@code fenced.redis.*}) does not parse or is out of range.
   * Arguments: the key, the value, what it must be.
   */
  STORE_SETTING_INVALID("D401", "%s=%s is not %s"),
  /**
   * The JPA store finds no {@code EntityManagerFactory} bean, or several. Arguments: {@code an} or
   * {@code exactly one}, the persistence unit's name and key if set, the key.
   */
  JPA_ENTITY_MANAGER_FACTORY_MISSING(
      "D402",
      "the Fenced JPA stores need %s EntityManagerFactory CDI bean%s: inject it with"
          + " @PersistenceUnit(unitName = \"<your unit>\") and produce it with a method annotated"
          + " @Produces @Named(\"fenced\"), and set %s=fenced"),
  /**
   * The Redis store is selected without {@code fenced.redis.url} and without a client of the
   * application's. Arguments: the key, the key.
   */
  REDIS_URL_MISSING(
      "D403",
      "%s is not set: the Redis store needs it, e.g. %s=redis://localhost:6379, or a"
          + " UnifiedJedis CDI bean of the application's qualified @FencedRedis"),
  /**
   * The Redis key prefix ({@code fenced.redis.key-prefix}) holds a brace, which would move the
   * Redis Cluster hash tag. Argument: the prefix.
   */
  REDIS_KEY_PREFIX_INVALID(
      "D404",
      "the Redis key prefix must not contain '{' or '}' (they would move the Cluster hash tag): %s"),
  /**
   * {@code fenced.redis.topology} is {@code sentinel} without {@code fenced.redis.sentinel.master}.
   * Arguments: the topology key, the master key.
   */
  REDIS_SENTINEL_MASTER_MISSING(
      "D405",
      "%s=sentinel needs %s: the name the sentinels monitor the primary by (sentinel monitor <name>"
          + " ...)"),
  /**
   * The application provides a {@code @FencedRedis UnifiedJedis} bean and {@code fenced.redis.url}
   * is set as well, so Fenced cannot tell which Redis to use. Argument: the URL key.
   */
  REDIS_CLIENT_TWICE(
      "D406",
      "the application provides a @FencedRedis UnifiedJedis bean and sets %s too: remove one, Fenced"
          + " uses either the application's client or one it builds from the URL"),
  /** The application provides several {@code @FencedRedis UnifiedJedis} beans. No arguments. */
  REDIS_CLIENT_AMBIGUOUS(
      "D407",
      "the application provides several @FencedRedis UnifiedJedis beans: Fenced needs exactly one");

  private static final String PREFIX = "FENCED-";

  private final String id;
  private final String pattern;

  DeploymentProblem(String number, String pattern) {
    this.id = PREFIX + number;
    this.pattern = pattern;
  }

  /**
   * The stable id that starts the message.
   *
   * @return {@code FENCED-D} and three digits, e.g. {@code FENCED-D012}
   */
  public String id() {
    return id;
  }

  /**
   * The message's pattern, a {@link String#format} pattern with {@code %s} placeholders.
   *
   * @return the pattern, without the id
   */
  public String pattern() {
    return pattern;
  }

  /**
   * The message of one occurrence of this problem.
   *
   * @param arguments the values of the pattern's placeholders, in order
   * @return {@code <id>: <message>}, e.g. {@code FENCED-D013: com.example.Feed: a @LeaderElection
   *     bean must be @ApplicationScoped, ...}
   */
  public String format(Object... arguments) {
    return id + ": " + String.format(Locale.ROOT, pattern, arguments);
  }
}
