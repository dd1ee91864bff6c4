package dev.fenced.cdi.boot;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.Defaults;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.KeyPath;
import dev.fenced.cdi.model.KeySource;
import dev.fenced.cdi.model.ReturnedValue;
import dev.fenced.core.idempotency.IgnoredFields;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Builds the {@link IdempotentMethod} of a bean method from its {@link Idempotent} annotations and
 * MicroProfile Config, or reports every problem with them.
 *
 * <p>A method is guarded when it carries {@code @Idempotent} itself, or its class does and it is a
 * JAX-RS {@code POST}, {@code PUT}, {@code PATCH} or {@code DELETE} resource method, a non-HTTP
 * method with an {@link IdempotencyKey} parameter, or a JMS listener's {@code onMessage}. A JMS
 * listener's {@code onMessage(Message)} without an {@code IdempotencyKey} parameter takes its
 * message's default key (the body's {@code idempotencyKey}, else the property of that name).
 * Members are resolved per {@link MemberResolver}; the method's annotation overrides its class's
 * member by member; {@link Defaults} holds what applies when nothing is set.
 */
public final class IdempotentMethodReader {

  static final String AREA = "idempotency";
  private static final String IGNORED_FIELDS = "ignoredFields";
  private static final String BODY_FINGERPRINT = "bodyFingerprint";
  private static final String STORE_STATUSES = "storeStatuses";
  private static final String KEY_FROM = "keyFrom";
  private static final Set<String> CLASS_LEVEL_VERBS = Set.of("POST", "PUT", "PATCH", "DELETE");

  /**
   * Response headers that describe one connection or one transfer (RFC 9110 7.6.1, RFC 9112 6),
   * never the response: the server writes its own on every replay.
   */
  private static final Set<String> UNSTORABLE_HEADERS =
      Set.of(
          "connection",
          "keep-alive",
          "proxy-connection",
          "proxy-authenticate",
          "proxy-authorization",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade",
          "content-length");

  private final ConfigLookup config;

  /**
   * Creates a reader.
   *
   * @param config where overrides and global settings come from
   */
  public IdempotentMethodReader(ConfigLookup config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /**
   * Reads the guard of one method.
   *
   * @param method the method's annotations, as CDI or Java sees them
   * @return the model, or empty when the method is not guarded
   * @throws InvalidModelException when the method is guarded and something is invalid
   */
  public Optional<IdempotentMethod> read(MethodAnnotations method) {
    Idempotent onMethod = method.onMethod(Idempotent.class);
    Idempotent onClass = method.onClass(Idempotent.class);
    Optional<String> verb = method.httpVerb();
    List<Integer> keyParameters = method.parametersWith(IdempotencyKey.class);
    GraphqlOperation graphql = GraphqlOperation.of(method);
    if (!guarded(method, onMethod, onClass, verb, keyParameters, graphql)) {
      return Optional.empty();
    }
    List<String> problems = new ArrayList<>();
    AnnotationReading<Idempotent> reading =
        new AnnotationReading<>(
            config,
            method.beanClass().getName(),
            method.method().getName(),
            Idempotent.class,
            AREA,
            onMethod,
            onClass,
            problems);
    Duration ttl = duration(reading, "ttl", Idempotent::ttl, Defaults.IDEMPOTENT_TTL);
    Duration lockTtl =
        duration(reading, "lockTtl", Idempotent::lockTtl, Defaults.IDEMPOTENT_LOCK_TTL);
    // false is the annotation's default, so only true counts as set on an annotation
    boolean required =
        reading.required(
            reading.resolve(
                "required", a -> a.required() ? "true" : "", Defaults.IDEMPOTENT_REQUIRED));
    String scope =
        reading.resolve("scope", Idempotent::scope, Defaults.IDEMPOTENT_SCOPE).value().strip();
    Set<String> replayHeaders = replayHeaders(reading);
    StoreIf storeIf =
        reading.constant("storeIf", StoreIf.class, Idempotent::storeIf, Defaults.STORE_IF);
    OnConflict onConflict =
        reading.constant(
            "onConflict", OnConflict.class, Idempotent::onConflict, Defaults.ON_CONFLICT);
    Duration waitTimeout =
        reading
            .optionalDuration(
                "waitTimeout",
                reading.resolve(
                    "waitTimeout", Idempotent::waitTimeout, Defaults.IDEMPOTENT_WAIT_TIMEOUT))
            .orElse(lockTtl);
    Duration retryAfter =
        reading
            .optionalDuration(
                "retryAfter",
                reading.resolve("retryAfter", Idempotent::retryAfter, Defaults.RETRY_AFTER))
            .orElse(Duration.ofSeconds(1));
    List<Class<? extends Exception>> storeOn = StoreOnReading.read(reading, method);
    Set<Integer> storeStatuses = storeStatuses(reading, onMethod, verb.isPresent());
    String header = header(reading);
    String target = reading.target();
    IdempotentMethod.Kind kind;
    if (verb.isPresent()) {
      if (!keyParameters.isEmpty()) {
        reading.problem(DeploymentProblem.KEY_PARAMETER_ON_RESOURCE_METHOD.format(target, header));
      }
      List<String> ignoredFields = ignoredFields(reading);
      kind =
          new IdempotentMethod.Http(
              required,
              keySource(reading, method, header),
              replayHeaders,
              retryAfter,
              ignoredFields,
              bodyFingerprint(reading, ignoredFields));
    } else if (keyFromOutsideHttp(reading, onMethod)) {
      kind = null;
    } else if (graphql == GraphqlOperation.QUERY) {
      reading.problem(DeploymentProblem.GRAPHQL_QUERY_GUARDED.format(target));
      kind = null;
    } else if (graphql == GraphqlOperation.MUTATION) {
      fingerprintMembersOnCall(reading, onMethod);
      kind =
          mutation(
              reading,
              method,
              keyParameters,
              new MutationSettings(header, required, onConflict, waitTimeout, retryAfter));
    } else {
      fingerprintMembersOnCall(reading, onMethod);
      kind =
          call(reading, method, keyParameters, new CallSettings(required, onConflict, waitTimeout));
    }
    if (!problems.isEmpty()) {
      throw new InvalidModelException(problems);
    }
    return Optional.of(
        new IdempotentMethod(
            method.beanClass().getName(),
            method.method().getName(),
            ttl,
            lockTtl,
            scope,
            storeIf,
            storeStatuses,
            storeOn,
            kind));
  }

  /** What a plain call's guard needs of the method's resolved members. */
  private record CallSettings(boolean required, OnConflict onConflict, Duration waitTimeout) {}

  /** The key parameter and path of a plain call, or {@code null} after a problem. */
  private static IdempotentMethod.Call call(
      AnnotationReading<Idempotent> reading,
      MethodAnnotations annotations,
      List<Integer> keyParameters,
      CallSettings settings) {
    String target = reading.target();
    Method method = annotations.method();
    boolean messageDefaultKey =
        keyParameters.isEmpty() && MessageListenerMethod.is(annotations.beanClass(), method);
    if (messageDefaultKey) {
      keyParameters = List.of(0);
    }
    if (keyParameters.isEmpty()) {
      reading.problem(DeploymentProblem.KEY_PARAMETER_MISSING.format(target));
      return null;
    }
    if (keyParameters.size() > 1) {
      reading.problem(DeploymentProblem.KEY_PARAMETER_REPEATED.format(target));
      return null;
    }
    int keyParameter = keyParameters.get(0);
    String keyPath =
        messageDefaultKey
            ? ""
            : annotations.onParameter(keyParameter, IdempotencyKey.class).value().strip();
    KeyPath compiled = null;
    try {
      compiled = KeyPath.compile(method.getParameterTypes()[keyParameter], keyPath);
    } catch (IllegalArgumentException e) {
      reading.problem(
          DeploymentProblem.KEY_PATH_UNREADABLE.format(target, keyPath, e.getMessage()));
    }
    ReturnedValue.problem(method.getGenericReturnType())
        .ifPresent(
            p -> reading.problem(DeploymentProblem.RETURN_TYPE_NOT_STORABLE.format(target, p)));
    ReturnedValue returned = ReturnedValue.of(method.getGenericReturnType());
    if (compiled == null) {
      return null;
    }
    return new IdempotentMethod.Call(
        keyParameter,
        compiled,
        List.of(method.getGenericParameterTypes()),
        returned.valueType(),
        settings.onConflict(),
        settings.waitTimeout(),
        returned.staged(),
        argumentIgnoredFields(reading),
        messageDefaultKey,
        settings.required());
  }

  private static boolean guarded(
      MethodAnnotations method,
      Idempotent onMethod,
      Idempotent onClass,
      Optional<String> verb,
      List<Integer> keyParameters,
      GraphqlOperation graphql) {
    if (onMethod != null) {
      return true;
    }
    if (onClass == null || !method.coveredByClass()) {
      return false;
    }
    if (graphql != GraphqlOperation.NONE) {
      return graphql == GraphqlOperation.MUTATION;
    }
    return verb.map(CLASS_LEVEL_VERBS::contains)
        .orElse(
            !keyParameters.isEmpty()
                || MessageListenerMethod.is(method.beanClass(), method.method()));
  }

  /** What a GraphQL mutation's guard needs of the method's resolved members. */
  private record MutationSettings(
      String header,
      boolean required,
      OnConflict onConflict,
      Duration waitTimeout,
      Duration retryAfter) {}

  /**
   * A GraphQL mutation: its key is the argument annotated {@code @IdempotencyKey}, else the
   * argument named {@code idempotencyKey} in the schema, else the request header.
   */
  private static IdempotentMethod.Mutation mutation(
      AnnotationReading<Idempotent> reading,
      MethodAnnotations annotations,
      List<Integer> keyParameters,
      MutationSettings settings) {
    String target = reading.target();
    Method method = annotations.method();
    if (keyParameters.size() > 1) {
      reading.problem(DeploymentProblem.KEY_PARAMETER_REPEATED.format(target));
      return null;
    }
    int keyParameter =
        keyParameters.isEmpty() ? GraphqlOperation.keyArgument(annotations) : keyParameters.get(0);
    String keyPath =
        keyParameters.isEmpty()
            ? ""
            : annotations.onParameter(keyParameter, IdempotencyKey.class).value().strip();
    KeyPath compiled = null;
    if (keyParameter >= 0) {
      Class<?> type = method.getParameterTypes()[keyParameter];
      if (keyPath.isEmpty() && type != String.class) {
        reading.problem(
            DeploymentProblem.GRAPHQL_KEY_ARGUMENT_NOT_STRING.format(
                target, GraphqlOperation.argumentName(annotations, keyParameter), type.getName()));
      }
      try {
        compiled = KeyPath.compile(type, keyPath);
      } catch (IllegalArgumentException e) {
        reading.problem(
            DeploymentProblem.KEY_PATH_UNREADABLE.format(target, keyPath, e.getMessage()));
      }
    } else {
      compiled = KeyPath.compile(String.class, "");
    }
    ReturnedValue.problem(method.getGenericReturnType())
        .ifPresent(
            p -> reading.problem(DeploymentProblem.RETURN_TYPE_NOT_STORABLE.format(target, p)));
    ReturnedValue returned = ReturnedValue.of(method.getGenericReturnType());
    if (compiled == null) {
      return null;
    }
    return new IdempotentMethod.Mutation(
        GraphqlOperation.fieldName(annotations),
        keyParameter,
        compiled,
        settings.header(),
        settings.required(),
        List.of(method.getGenericParameterTypes()),
        returned.valueType(),
        settings.onConflict(),
        settings.waitTimeout(),
        settings.retryAfter(),
        returned.staged(),
        argumentIgnoredFields(reading));
  }

  private static Duration duration(
      AnnotationReading<Idempotent> reading,
      String name,
      Function<Idempotent, String> member,
      String defaultValue) {
    return reading
        .optionalDuration(name, reading.resolve(name, member, defaultValue))
        .orElse(Duration.ofMillis(1));
  }

  /** The method's and the global pointers, each checked. */
  private static List<String> ignoredFields(AnnotationReading<Idempotent> reading) {
    ResolvedValue own =
        reading.resolve(
            IGNORED_FIELDS, a -> String.join(",", a.ignoredFields()), Defaults.IGNORED_FIELDS);
    Optional<ResolvedValue> global = reading.global(IGNORED_FIELDS);
    return pointers(reading, global.isPresent() ? List.of(own, global.get()) : List.of(own));
  }

  /**
   * The pointers of a method whose fingerprint is its arguments: its own, never the global ones,
   * which are meant for request bodies.
   */
  private static List<String> argumentIgnoredFields(AnnotationReading<Idempotent> reading) {
    return pointers(
        reading,
        List.of(
            reading.resolveWithoutGlobal(
                IGNORED_FIELDS,
                a -> String.join(",", a.ignoredFields()),
                Defaults.IGNORED_FIELDS)));
  }

  private static List<String> pointers(
      AnnotationReading<Idempotent> reading, List<ResolvedValue> values) {
    Set<String> pointers = new LinkedHashSet<>();
    for (ResolvedValue value : values) {
      for (String entry : value.value().split(",")) {
        String pointer = entry.strip();
        if (pointer.isEmpty()) {
          continue;
        }
        try {
          IgnoredFields.of(List.of(pointer));
          pointers.add(pointer);
        } catch (IllegalArgumentException e) {
          reading.problem(
              DeploymentProblem.IGNORED_FIELD_INVALID.format(
                  reading.target(), value.describe(), pointer, e.getMessage()));
        }
      }
    }
    return List.copyOf(pointers);
  }

  /** The bean's name; not together with ignored fields (the method's own or the global ones). */
  private static String bodyFingerprint(
      AnnotationReading<Idempotent> reading, List<String> ignoredFields) {
    ResolvedValue bean =
        reading.resolve(
            BODY_FINGERPRINT, Idempotent::bodyFingerprint, Defaults.IDEMPOTENT_BODY_FINGERPRINT);
    String name = bean.value().strip();
    if (!name.isEmpty() && !ignoredFields.isEmpty()) {
      reading.problem(
          DeploymentProblem.BODY_FINGERPRINT_WITH_IGNORED_FIELDS.format(
              reading.target(), bean.describe(), ignoredFields));
    }
    return name;
  }

  /**
   * {@code bodyFingerprint} written on a method that takes its key from a parameter: such a
   * method's fingerprint is its arguments. Class-level and global values are meant for the resource
   * methods and pass it by.
   */
  private static void fingerprintMembersOnCall(
      AnnotationReading<Idempotent> reading, Idempotent onMethod) {
    if (onMethod == null) {
      return;
    }
    String target = reading.target();
    if (!onMethod.bodyFingerprint().isBlank()) {
      reading.problem(
          DeploymentProblem.FINGERPRINT_MEMBER_NOT_HTTP.format(
              target, BODY_FINGERPRINT, "on " + target));
    }
  }

  /**
   * The statuses a JAX-RS resource method stores whatever {@code storeIf} says. Written on another
   * method it is a problem; class-level and global values are meant for the resource methods and
   * pass it by.
   */
  private static Set<Integer> storeStatuses(
      AnnotationReading<Idempotent> reading, Idempotent onMethod, boolean http) {
    if (!http) {
      if (onMethod != null && onMethod.storeStatuses().length > 0) {
        reading.problem(
            DeploymentProblem.STORE_STATUSES_NOT_HTTP.format(
                reading.target(), Arrays.toString(onMethod.storeStatuses())));
      }
      return Set.of();
    }
    ResolvedValue value =
        reading.resolve(
            STORE_STATUSES,
            a ->
                Arrays.stream(a.storeStatuses())
                    .mapToObj(String::valueOf)
                    .collect(Collectors.joining(",")),
            "");
    Set<Integer> statuses = new TreeSet<>();
    for (String entry : value.value().split(",")) {
      String text = entry.strip();
      if (text.isEmpty()) {
        continue;
      }
      try {
        int status = Integer.parseInt(text);
        if (status < 100 || status > 599) {
          throw new NumberFormatException();
        }
        statuses.add(status);
      } catch (NumberFormatException e) {
        reading.problem(
            DeploymentProblem.MEMBER_VALUE_INVALID.format(
                reading.target(),
                STORE_STATUSES,
                value.describe(),
                "HTTP statuses from 100 to 599, comma-separated, e.g. 502,504"));
      }
    }
    return statuses;
  }

  /**
   * Where a resource method's key comes from: {@code keyFrom}, or the key header. A path parameter
   * must be one of the method's {@code @Path} templates (its class's and its own).
   */
  private static KeySource keySource(
      AnnotationReading<Idempotent> reading, MethodAnnotations method, String header) {
    ResolvedValue value = reading.resolveWithoutGlobal(KEY_FROM, Idempotent::keyFrom, "");
    String text = value.value().strip();
    if (text.isEmpty()) {
      return KeySource.header(header.isEmpty() ? Defaults.HEADER : header);
    }
    try {
      KeySource source = KeySource.parse(text);
      if (source.kind() == KeySource.Kind.PATH && !PathTemplates.of(method).has(source.name())) {
        reading.problem(
            DeploymentProblem.KEY_SOURCE_INVALID.format(
                reading.target(),
                value.describe(),
                "the method's @Path templates "
                    + PathTemplates.of(method)
                    + " have no parameter {"
                    + source.name()
                    + "}"));
      }
      return source;
    } catch (IllegalArgumentException e) {
      reading.problem(
          DeploymentProblem.KEY_SOURCE_INVALID.format(
              reading.target(), value.describe(), e.getMessage()));
      return KeySource.header(Defaults.HEADER);
    }
  }

  /** {@code keyFrom} written on a method that is not a resource method: a problem. */
  private static boolean keyFromOutsideHttp(
      AnnotationReading<Idempotent> reading, Idempotent onMethod) {
    if (onMethod == null || onMethod.keyFrom().isBlank()) {
      return false;
    }
    reading.problem(
        DeploymentProblem.KEY_SOURCE_INVALID.format(
            reading.target(),
            "\"" + onMethod.keyFrom() + "\" on " + reading.target(),
            "it applies to JAX-RS resource methods; this method takes its key from its"
                + " @IdempotencyKey parameter"));
    return true;
  }

  private static String header(AnnotationReading<Idempotent> reading) {
    String header = reading.global("header").map(v -> v.value().strip()).orElse(Defaults.HEADER);
    String target = reading.target();
    if (header.isEmpty()) {
      reading.problem(
          DeploymentProblem.HEADER_EMPTY.format(target + ": fenced.idempotency.header"));
    }
    return header;
  }

  private static Set<String> replayHeaders(AnnotationReading<Idempotent> reading) {
    Set<String> headers = new LinkedHashSet<>(Defaults.REPLAY_HEADERS);
    ResolvedValue own =
        reading.resolve(
            "replayHeaders",
            a -> String.join(",", a.replayHeaders()),
            Defaults.IDEMPOTENT_REPLAY_HEADERS);
    Optional<ResolvedValue> global = reading.global("replayHeaders");
    String target = reading.target();
    for (ResolvedValue value : global.isPresent() ? List.of(own, global.get()) : List.of(own)) {
      for (String name : value.value().split(",")) {
        String header = name.strip().toLowerCase(Locale.ROOT);
        if (header.isEmpty()) {
          continue;
        }
        if (header.equals("set-cookie") || header.equals("set-cookie2")) {
          reading.problem(
              DeploymentProblem.REPLAY_HEADERS_SET_COOKIE.format(target, value.describe()));
          continue;
        }
        if (UNSTORABLE_HEADERS.contains(header)) {
          reading.problem(
              DeploymentProblem.REPLAY_HEADERS_HOP_BY_HOP.format(
                  target, value.describe(), name.strip()));
          continue;
        }
        headers.add(header);
      }
    }
    return headers;
  }
}
