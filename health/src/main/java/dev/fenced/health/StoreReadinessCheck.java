package dev.fenced.health;

import dev.fenced.store.spi.Readiness;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * The readiness of one selected store, as MicroProfile Health reports it: named after what the
 * store is for ({@code fenced-idempotency-store}, {@code fenced-lock-store}), with the data {@code
 * store} (the selected name), and UP or DOWN as the store's readiness says, with its reason and
 * details. The data are short: a reason or a detail (a DDL script, an exception's chain) is cut
 * after its first line or {@value #LONGEST} characters, saying that the server log has it in full
 * ({@link ReadinessProbe} logs it), since the health endpoint may be on the application's port.
 * Never throws.
 */
final class StoreReadinessCheck implements HealthCheck {

  /** The longest reason or detail a check carries. */
  static final int LONGEST = 200;

  /** What stands for what was cut. */
  static final String IN_THE_LOG = " ... (in full in the server log, logger dev.fenced.health)";

  private final String name;
  private final String storeName;
  private final Supplier<Readiness> readiness;

  /**
   * Creates the check of one selection.
   *
   * @param name the check's name
   * @param storeName the selected store's name, e.g. {@code jpa}
   * @param readiness the store's readiness at each check, never throwing
   */
  StoreReadinessCheck(String name, String storeName, Supplier<Readiness> readiness) {
    this.name = Objects.requireNonNull(name, "name");
    this.storeName = Objects.requireNonNull(storeName, "storeName");
    this.readiness = Objects.requireNonNull(readiness, "readiness");
  }

  @Override
  public HealthCheckResponse call() {
    Readiness answer = readiness.get();
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("store", storeName);
    answer.details().forEach((key, value) -> data.put(key, shortened(value)));
    if (!answer.ready()) {
      data.put("reason", shortened(answer.reason()));
    }
    // the constructor, not HealthCheckResponse.named(): no provider lookup, so the same everywhere
    return new HealthCheckResponse(
        name,
        answer.ready() ? HealthCheckResponse.Status.UP : HealthCheckResponse.Status.DOWN,
        Optional.of(data));
  }

  private static String shortened(String text) {
    int end = text.indexOf('\n');
    if (end < 0 && text.length() <= LONGEST) {
      return text;
    }
    return text.substring(0, Math.min(end < 0 ? text.length() : end, LONGEST)).stripTrailing()
        + IN_THE_LOG;
  }
}
