package dev.fenced.cdi.boot.check;

import dev.fenced.FencedPriorities;
import jakarta.annotation.Priority;
import jakarta.interceptor.Interceptor;
import java.util.ArrayList;
import java.util.List;

/**
 * Warns of an application or library interceptor that runs outside Fenced's {@code @Idempotent}
 * interceptor on a guarded method: it runs on every replay and on every refused duplicate too, so
 * an audit entry, a counter or a charge it makes happens once per call rather than once per key.
 * Platform interceptors (priority below {@code LIBRARY_BEFORE}, {@code @Transactional} among them)
 * are outside on purpose and pass; so do interceptors enabled without a priority (in {@code
 * beans.xml}), which run inside the prioritized ones, and Fenced's own ({@code @OnOneInstance},
 * {@code @WithoutOverlapping}), outside on purpose.
 */
public final class OuterInterceptorCheck {

  private OuterInterceptorCheck() {}

  /**
   * The warnings for one guarded method.
   *
   * @param target the method, {@code com.example.Payments.pay}
   * @param interceptors the classes of the interceptors bound to it, in the order they run, as
   *     {@code BeanManager.resolveInterceptors} gives them
   * @param idempotent the class of Fenced's {@code @Idempotent} interceptor
   * @return one WARNING text per interceptor that runs outside Fenced's
   */
  public static List<String> warnings(
      String target, List<Class<?>> interceptors, Class<?> idempotent) {
    int fenced = interceptors.indexOf(idempotent);
    List<String> warnings = new ArrayList<>();
    for (int i = 0; i < fenced; i++) {
      Class<?> outer = interceptors.get(i);
      Priority priority = outer.getAnnotation(Priority.class);
      if (priority == null
          || priority.value() < Interceptor.Priority.LIBRARY_BEFORE
          || outer.getPackageName().equals(idempotent.getPackageName())) {
        continue;
      }
      warnings.add(
          target
              + ": the interceptor "
              + outer.getName()
              + " (priority "
              + priority.value()
              + ") runs outside @Idempotent, so it runs on every replay and every refused duplicate"
              + " too, not once per key. If it must run once per key (an audit entry, a charge),"
              + " give it a priority above fenced.interceptor.priority (default "
              + FencedPriorities.IDEMPOTENT
              + ") or move its work into the method");
    }
    return warnings;
  }
}
