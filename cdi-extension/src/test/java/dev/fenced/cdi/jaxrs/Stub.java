package dev.fenced.cdi.jaxrs;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

/**
 * A JAX-RS context interface answered by named methods, for the filter and interceptor tests: the
 * contexts have dozens of methods and each test needs a handful. Any other method fails the test.
 */
final class Stub<T> {

  /** One method's answer. */
  @FunctionalInterface
  interface Answer {
    Object answer(Object[] args) throws Exception;
  }

  private final Class<T> type;
  private final Map<String, Answer> answers = new HashMap<>();

  private Stub(Class<T> type) {
    this.type = type;
  }

  static <T> Stub<T> of(Class<T> type) {
    return new Stub<>(type);
  }

  Stub<T> on(String method, Answer answer) {
    answers.put(method, answer);
    return this;
  }

  T build() {
    InvocationHandler handler =
        (proxy, method, args) -> {
          Answer answer = answers.get(method.getName());
          if (answer == null) {
            throw new UnsupportedOperationException(type.getSimpleName() + "." + method.getName());
          }
          try {
            return answer.answer(args == null ? new Object[0] : args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }
}
