package dev.fenced;

import jakarta.interceptor.Interceptor;

/**
 * The interceptor priorities of Fenced's interceptors.
 *
 * <p>MicroProfile Fault Tolerance's interceptor has priority {@code PLATFORM_AFTER + 10} ({@value
 * #FAULT_TOLERANCE}). Every Fenced interceptor has a smaller priority, so it runs <em>outside</em>
 * Fault Tolerance: all {@code @Retry} attempts of one request run under one claimed idempotency
 * key, and one run lock covers every retry of a job. They also run inside {@code @Transactional}
 * ({@code PLATFORM_BEFORE + 200}), so the outcome of a transactional method is recorded after its
 * transaction commits.
 *
 * <p>Order, outermost first: {@link #ON_ONE_INSTANCE}, {@link #WITHOUT_OVERLAPPING}, {@link
 * #IDEMPOTENT}. A base priority can be moved with the config key {@code
 * fenced.interceptor.priority} (the three keep their relative order); a deployment whose Fault
 * Tolerance priority ({@code mp.fault.tolerance.interceptor.priority}) is at or below Fenced's
 * fails.
 */
public final class FencedPriorities {

  /** MicroProfile Fault Tolerance's default interceptor priority: {@code PLATFORM_AFTER + 10}. */
  public static final int FAULT_TOLERANCE = Interceptor.Priority.PLATFORM_AFTER + 10;

  /** {@code @OnOneInstance}: {@code PLATFORM_AFTER + 1}, the outermost Fenced interceptor. */
  public static final int ON_ONE_INSTANCE = Interceptor.Priority.PLATFORM_AFTER + 1;

  /** {@code @WithoutOverlapping}: {@code PLATFORM_AFTER + 2}, inside the one-instance lease. */
  public static final int WITHOUT_OVERLAPPING = Interceptor.Priority.PLATFORM_AFTER + 2;

  /** {@code @Idempotent}: {@code PLATFORM_AFTER + 3}, still outside Fault Tolerance. */
  public static final int IDEMPOTENT = Interceptor.Priority.PLATFORM_AFTER + 3;

  /**
   * The witness of an {@code @Idempotent} method's body: {@code FAULT_TOLERANCE + 1}, just
   * <em>inside</em> Fault Tolerance, next to the method. It records how each attempt of the body
   * ended, so that the outcome Fenced stores is the body's, not an answer Fault Tolerance made up
   * (a {@code @Fallback} value, a {@code TimeoutException} after the work was done). It moves with
   * {@code mp.fault.tolerance.interceptor.priority} (one above it).
   */
  public static final int IDEMPOTENT_BODY = FAULT_TOLERANCE + 1;

  private FencedPriorities() {}
}
