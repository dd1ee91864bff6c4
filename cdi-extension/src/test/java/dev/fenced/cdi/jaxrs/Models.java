package dev.fenced.cdi.jaxrs;

import dev.fenced.cdi.config.Defaults;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.KeySource;
import dev.fenced.idempotency.StoreIf;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/** Per-method models for the tests. */
final class Models {

  static final Duration LOCK_TTL = Duration.ofSeconds(60);
  static final Duration TTL = Duration.ofHours(24);

  private Models() {}

  static IdempotentMethod pay() {
    return pay(false, Duration.ofSeconds(1));
  }

  static IdempotentMethod pay(boolean required, Duration retryAfter) {
    return new IdempotentMethod(
        "com.example.Orders",
        "pay",
        TTL,
        LOCK_TTL,
        "",
        StoreIf.NOT_SERVER_ERROR,
        new IdempotentMethod.Http(
            required, "Idempotency-Key", Defaults.REPLAY_HEADERS, retryAfter));
  }

  /**
   * {@link #pay} storing an exception it throws ({@code storeOn}).
   *
   * @param storeOn the exception it stores
   */
  static IdempotentMethod payStoring(Class<? extends Exception> storeOn) {
    IdempotentMethod pay = pay();
    return new IdempotentMethod(
        pay.className(),
        pay.methodName(),
        TTL,
        LOCK_TTL,
        "",
        pay.storeIf(),
        Set.of(),
        List.of(storeOn),
        pay.http());
  }

  /**
   * {@link #pay} taking its key from a resolver bean ({@code keyFrom = "bean:orderKeys"}).
   *
   * @param required whether a request without a key is refused
   */
  static IdempotentMethod payResolved(boolean required) {
    return new IdempotentMethod(
        "com.example.Orders",
        "pay",
        TTL,
        LOCK_TTL,
        "",
        StoreIf.NOT_SERVER_ERROR,
        new IdempotentMethod.Http(
            required,
            new KeySource(KeySource.Kind.BEAN, "orderKeys"),
            Defaults.REPLAY_HEADERS,
            Duration.ofSeconds(1),
            List.of(),
            ""));
  }

  /** Another resource method, whose claim is not {@link #pay}'s. */
  static IdempotentMethod refund() {
    return new IdempotentMethod(
        "com.example.Refunds", "refund", TTL, LOCK_TTL, "", pay().storeIf(), pay().http());
  }
}
