package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.core.config.DurationParser;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import jakarta.ws.rs.HttpMethod;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the {@link IdempotentMethod} of a bean method from its {@link Idempotent} annotations and
 * MicroProfile Config, or reports every problem with them.
 *
 * <p>A method is guarded when it carries {@code @Idempotent} itself, or its class does and it is a
 * JAX-RS {@code POST}, {@code PUT}, {@code PATCH} or {@code DELETE} resource method, or a non-HTTP
 * method with an {@link IdempotencyKey} parameter. Members are resolved per {@link MemberResolver};
 * the method's annotation overrides its class's member by member.
 */
public final class IdempotentMethodReader {

  static final String ANNOTATION = "Idempotent";
  static final String AREA = "idempotency";
  private static final Set<String> CLASS_LEVEL_VERBS = Set.of("POST", "PUT", "PATCH", "DELETE");

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
   * @param beanClass the bean class, whose name the config keys use
   * @param method a method of the bean
   * @return the model, or empty when the method is not guarded
   * @throws InvalidGuardException when the method is guarded and something is invalid
   */
  public Optional<IdempotentMethod> read(Class<?> beanClass, Method method) {
    Idempotent onMethod = method.getAnnotation(Idempotent.class);
    Idempotent onClass = classAnnotation(beanClass, method);
    Optional<String> verb = httpVerb(method);
    int keyParameter = keyParameter(method);
    if (!guarded(method, onMethod, onClass, verb, keyParameter)) {
      return Optional.empty();
    }
    String target = beanClass.getName() + "." + method.getName();
    List<String> problems = new ArrayList<>();
    MemberResolver members =
        new MemberResolver(config, beanClass.getName(), method.getName(), ANNOTATION, AREA);

    Duration ttl =
        duration(members, "ttl", onMethod, onClass, Idempotent::ttl, "24h", target, problems);
    Duration lockTtl =
        duration(
            members, "lockTtl", onMethod, onClass, Idempotent::lockTtl, "60s", target, problems);
    boolean required = required(members, onMethod, onClass, target, problems);
    String scope =
        members
            .resolve("scope", get(onMethod, Idempotent::scope), get(onClass, Idempotent::scope), "")
            .value()
            .strip();
    Set<String> replayHeaders = replayHeaders(members, onMethod, onClass, target, problems);
    StoreIf storeIf =
        enumValue(
            members,
            "storeIf",
            StoreIf.class,
            onMethod,
            onClass,
            Idempotent::storeIf,
            StoreIf.NOT_SERVER_ERROR,
            target,
            problems);
    OnConflict onConflict =
        enumValue(
            members,
            "onConflict",
            OnConflict.class,
            onMethod,
            onClass,
            Idempotent::onConflict,
            OnConflict.REJECT,
            target,
            problems);
    ResolvedValue waitValue =
        members.resolve(
            "waitTimeout",
            get(onMethod, Idempotent::waitTimeout),
            get(onClass, Idempotent::waitTimeout),
            "");
    Duration waitTimeout =
        positiveDuration(waitValue, "waitTimeout", target, problems).orElse(lockTtl);
    Duration retryAfter = globalDuration("retryAfter", "1s", target, problems);
    String header =
        config
            .value(ConfigKeys.global(AREA, "header"))
            .map(String::strip)
            .orElse("Idempotency-Key");
    if (header.isEmpty()) {
      problems.add(DeploymentProblem.HEADER_EMPTY.format(target + ": fenced.idempotency.header"));
    }

    String keyPath = "";
    if (verb.isPresent()) {
      if (keyParameter >= 0) {
        problems.add(DeploymentProblem.KEY_PARAMETER_ON_RESOURCE_METHOD.format(target, header));
      }
    } else if (keyParameter == -1) {
      problems.add(DeploymentProblem.KEY_PARAMETER_MISSING.format(target));
    } else if (keyParameter == -2) {
      problems.add(DeploymentProblem.KEY_PARAMETER_REPEATED.format(target));
    } else {
      Parameter parameter = method.getParameters()[keyParameter];
      keyPath = parameter.getAnnotation(IdempotencyKey.class).value().strip();
      try {
        KeyPath.compile(parameter.getType(), keyPath);
      } catch (IllegalArgumentException e) {
        problems.add(DeploymentProblem.KEY_PATH_UNREADABLE.format(target, keyPath, e.getMessage()));
      }
      StorableType.problem(method.getGenericReturnType())
          .ifPresent(
              p -> problems.add(DeploymentProblem.RETURN_TYPE_NOT_STORABLE.format(target, p)));
    }
    if (!problems.isEmpty()) {
      throw new InvalidGuardException(problems);
    }
    return Optional.of(
        new IdempotentMethod(
            beanClass.getName(),
            method.getName(),
            verb.isPresent(),
            ttl,
            lockTtl,
            required,
            scope,
            replayHeaders,
            storeIf,
            onConflict,
            waitTimeout,
            retryAfter,
            header,
            verb.isPresent() ? -1 : keyParameter,
            keyPath,
            method.getGenericReturnType()));
  }

  /**
   * The JAX-RS verb of a resource method, from an annotation meta-annotated {@link HttpMethod}.
   *
   * @param method any method
   * @return the verb, upper case, or empty when it is not a resource method
   */
  public static Optional<String> httpVerb(Method method) {
    for (Annotation annotation : method.getAnnotations()) {
      HttpMethod httpMethod = annotation.annotationType().getAnnotation(HttpMethod.class);
      if (httpMethod != null) {
        return Optional.of(httpMethod.value().toUpperCase(Locale.ROOT));
      }
    }
    return Optional.empty();
  }

  private static boolean guarded(
      Method method,
      Idempotent onMethod,
      Idempotent onClass,
      Optional<String> verb,
      int keyParameter) {
    if (onMethod != null) {
      return true;
    }
    if (onClass == null
        || method.isSynthetic()
        || method.isBridge()
        || method.getDeclaringClass() == Object.class
        || Modifier.isStatic(method.getModifiers())
        || Modifier.isPrivate(method.getModifiers())) {
      return false;
    }
    return verb.map(CLASS_LEVEL_VERBS::contains).orElse(keyParameter != -1);
  }

  private static Idempotent classAnnotation(Class<?> beanClass, Method method) {
    Idempotent onBean = beanClass.getAnnotation(Idempotent.class);
    return onBean != null ? onBean : method.getDeclaringClass().getAnnotation(Idempotent.class);
  }

  /** The index of the one {@code @IdempotencyKey} parameter, -1 for none, -2 for several. */
  private static int keyParameter(Method method) {
    int found = -1;
    Parameter[] parameters = method.getParameters();
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i].isAnnotationPresent(IdempotencyKey.class)) {
        if (found >= 0) {
          return -2;
        }
        found = i;
      }
    }
    return found;
  }

  private interface Member<T> {
    T of(Idempotent annotation);
  }

  private static <T> String get(Idempotent annotation, Member<T> member) {
    if (annotation == null) {
      return "";
    }
    Object value = member.of(annotation);
    return value instanceof String[] values ? String.join(",", values) : String.valueOf(value);
  }

  private Duration duration(
      MemberResolver members,
      String name,
      Idempotent onMethod,
      Idempotent onClass,
      Member<String> member,
      String defaultValue,
      String target,
      List<String> problems) {
    ResolvedValue value =
        members.resolve(name, get(onMethod, member), get(onClass, member), defaultValue);
    return positiveDuration(value, name, target, problems).orElse(Duration.ofMillis(1));
  }

  private static Optional<Duration> positiveDuration(
      ResolvedValue value, String name, String target, List<String> problems) {
    try {
      return DurationParser.parsePositive(name, value.value());
    } catch (IllegalArgumentException e) {
      problems.add(
          DeploymentProblem.MEMBER_DURATION_INVALID.format(
              target, name, value.describe(), e.getMessage()));
      return Optional.empty();
    }
  }

  private Duration globalDuration(
      String name, String defaultValue, String target, List<String> problems) {
    String key = ConfigKeys.global(AREA, name);
    ResolvedValue value =
        config
            .value(key)
            .map(v -> new ResolvedValue(v, "config key " + key))
            .orElse(new ResolvedValue(defaultValue, "default of " + key));
    return positiveDuration(value, name, target, problems).orElse(Duration.ofSeconds(1));
  }

  private boolean required(
      MemberResolver members,
      Idempotent onMethod,
      Idempotent onClass,
      String target,
      List<String> problems) {
    // false is the annotation's default, so only true counts as set on an annotation
    String method = onMethod != null && onMethod.required() ? "true" : "";
    String type = onClass != null && onClass.required() ? "true" : "";
    ResolvedValue value = members.resolve("required", method, type, "false");
    String text = value.value().strip().toLowerCase(Locale.ROOT);
    if (!text.equals("true") && !text.equals("false")) {
      problems.add(
          DeploymentProblem.MEMBER_VALUE_INVALID.format(
              target, "required", value.describe(), "true or false"));
      return false;
    }
    return Boolean.parseBoolean(text);
  }

  private <E extends Enum<E>> E enumValue(
      MemberResolver members,
      String name,
      Class<E> type,
      Idempotent onMethod,
      Idempotent onClass,
      Member<E> member,
      E defaultValue,
      String target,
      List<String> problems) {
    // the annotation's default value counts as "not set", so a class or global value can apply
    String method =
        onMethod != null && member.of(onMethod) != defaultValue ? member.of(onMethod).name() : "";
    String klass =
        onClass != null && member.of(onClass) != defaultValue ? member.of(onClass).name() : "";
    ResolvedValue value = members.resolve(name, method, klass, defaultValue.name());
    try {
      return Enum.valueOf(type, value.value().strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      problems.add(
          DeploymentProblem.MEMBER_VALUE_INVALID.format(
              target,
              name,
              value.describe(),
              "one of " + Arrays.toString(type.getEnumConstants())));
      return defaultValue;
    }
  }

  private Set<String> replayHeaders(
      MemberResolver members,
      Idempotent onMethod,
      Idempotent onClass,
      String target,
      List<String> problems) {
    Set<String> headers = new LinkedHashSet<>(IdempotentMethod.DEFAULT_REPLAY_HEADERS);
    ResolvedValue own =
        members.resolve(
            "replayHeaders",
            get(onMethod, Idempotent::replayHeaders),
            get(onClass, Idempotent::replayHeaders),
            "");
    String globalKey = ConfigKeys.global(AREA, "replayHeaders");
    Optional<ResolvedValue> global =
        config.value(globalKey).map(v -> new ResolvedValue(v, "config key " + globalKey));
    for (ResolvedValue value : global.isPresent() ? List.of(own, global.get()) : List.of(own)) {
      for (String name : value.value().split(",")) {
        String header = name.strip().toLowerCase(Locale.ROOT);
        if (header.isEmpty()) {
          continue;
        }
        if (header.equals("set-cookie") || header.equals("set-cookie2")) {
          problems.add(
              DeploymentProblem.REPLAY_HEADERS_SET_COOKIE.format(target, value.describe()));
          continue;
        }
        headers.add(header);
      }
    }
    return headers;
  }
}
