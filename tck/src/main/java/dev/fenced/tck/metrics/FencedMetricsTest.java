package dev.fenced.tck.metrics;

import static dev.fenced.tck.support.OtlpReceiver.attribute;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.support.OtlpReceiver;
import dev.fenced.tck.support.TckDeployment;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fenced's metrics as the server exports them: the deployment turns MicroProfile Telemetry on
 * ({@code otel.sdk.disabled=false}) and points its OTLP/HTTP metric exporter at a receiver in the
 * test. Once per deployment the test makes one idempotent call, repeats it, reuses its key with
 * another body and runs a guarded job; each test then reads one of Fenced's instruments on the
 * meter {@code dev.fenced}, with exact counts, from what the server exported.
 *
 * <p>Needs MicroProfile Telemetry 2 on the server (WildFly's {@code microprofile-telemetry}
 * subsystem, Open Liberty's {@code mpTelemetry-2.1}), {@code fenced-telemetry} in the deployments
 * next to {@code fenced-cdi}, and the server able to reach the test's loopback port.
 */
@ExtendWith(ArquillianExtension.class)
public class FencedMetricsTest {

  private static final OtlpReceiver RECEIVER = OtlpReceiver.start();
  private static final String METER = "dev.fenced";
  private static final String OUTCOMES = "fenced.idempotency.outcomes";
  private static final String OUTCOME = "fenced.outcome";
  private static final String STORE_DURATION = "fenced.store.duration";
  private static final Duration EXPORT_WAIT = TckTimeouts.scaled(Duration.ofSeconds(30));
  private static boolean called;
  private static Map<String, List<Metric>> exported = Map.of();

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return MetricsDeployment.war(RECEIVER);
  }

  @ArquillianResource URL base;

  @AfterAll
  static void stopReceiver() {
    RECEIVER.close();
  }

  /**
   * The calls and the job run once per deployment (a second try would count twice); the tests read
   * what their export shows.
   */
  @BeforeEach
  void callOnceAndAwaitTheExport() throws InterruptedException {
    if (called) {
      return;
    }
    called = true;
    MetricsDeployment.callEverything(base);
    long deadline = System.nanoTime() + EXPORT_WAIT.toNanos();
    exported = RECEIVER.metrics(METER);
    while (!everythingExported() && System.nanoTime() < deadline) {
      Thread.sleep(200);
      exported = RECEIVER.metrics(METER);
    }
  }

  private static boolean everythingExported() {
    return counted(OUTCOMES, Map.of(OUTCOME, "reused")) >= 1
        && counted("fenced.lock.acquisitions", Map.of(OUTCOME, "acquired")) >= 1
        && timed("fenced.job.duration", Map.of("fenced.job", MetricsDeployment.JOB)) >= 1
        && timed(STORE_DURATION, Map.of("fenced.store.operation", "idempotency.acquire")) >= 3;
  }

  @Test
  void a_call_that_runs_is_counted_executed() {
    assertEquals(1, counted(OUTCOMES, Map.of(OUTCOME, "executed")), exportedNames());
  }

  @Test
  void a_repeat_answered_with_the_stored_outcome_is_counted_replayed() {
    assertEquals(1, counted(OUTCOMES, Map.of(OUTCOME, "replayed")), exportedNames());
  }

  @Test
  void a_key_reused_with_another_request_is_counted_reused_with_its_error_code() {
    assertEquals(
        1,
        counted(OUTCOMES, Map.of(OUTCOME, "reused", "error.type", "IDEMPOTENCY_KEY_REUSED")),
        exportedNames());
  }

  @Test
  void a_guarded_job_takes_its_lock_on_the_selected_store() {
    assertEquals(
        1,
        counted(
            "fenced.lock.acquisitions",
            Map.of(OUTCOME, "acquired", "fenced.store", selected("locks"))),
        exportedNames());
  }

  @Test
  void a_guarded_job_run_is_timed_under_its_name() {
    assertEquals(
        1,
        timed("fenced.job.duration", Map.of("fenced.job", MetricsDeployment.JOB)),
        exportedNames());
  }

  @Test
  void every_store_call_is_timed_under_the_selected_store_and_its_operation() {
    assertEquals(
        3,
        timed(
            STORE_DURATION,
            Map.of(
                "fenced.store",
                selected("idempotency"),
                "fenced.store.operation",
                "idempotency.acquire")),
        "idempotency.acquire: the call, its repeat and the reused key; " + exportedNames());
    assertEquals(
        1,
        timed(
            STORE_DURATION,
            Map.of("fenced.store", selected("locks"), "fenced.store.operation", "lock.acquire")),
        "lock.acquire: the job's run lock; " + exportedNames());
  }

  @Test
  void store_calls_are_measured_in_seconds() {
    assertEquals(
        List.of("s"),
        points(STORE_DURATION).stream().map(Metric::getUnit).distinct().toList(),
        exportedNames());
  }

  /** The store a selection names in the deployments, as the store providers configure it. */
  private static String selected(String area) {
    return TckDeployment.selectedStore("fenced." + area + ".store");
  }

  /** The highest value a cumulative counter reported for the point with these attributes. */
  private static long counted(String name, Map<String, String> attributes) {
    return points(name).stream()
        .flatMap(metric -> metric.getSum().getDataPointsList().stream())
        .filter(point -> has(point.getAttributesList(), attributes))
        .mapToLong(point -> point.getAsInt())
        .max()
        .orElse(0);
  }

  /** The highest count a cumulative histogram reported for the point with these attributes. */
  private static long timed(String name, Map<String, String> attributes) {
    return points(name).stream()
        .flatMap(metric -> metric.getHistogram().getDataPointsList().stream())
        .filter(point -> has(point.getAttributesList(), attributes))
        .mapToLong(point -> point.getCount())
        .max()
        .orElse(0);
  }

  private static String exportedNames() {
    return "the server exported from the meter " + METER + ": " + exported.keySet();
  }

  private static List<Metric> points(String name) {
    return exported.getOrDefault(name, List.of());
  }

  private static boolean has(List<KeyValue> attributes, Map<String, String> wanted) {
    return wanted.entrySet().stream()
        .allMatch(e -> e.getValue().equals(attribute(attributes, e.getKey())));
  }
}
