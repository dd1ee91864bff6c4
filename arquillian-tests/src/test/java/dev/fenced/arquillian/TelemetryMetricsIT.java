package dev.fenced.arquillian;

import static dev.fenced.arquillian.harness.OtlpReceiver.attribute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fenced.arquillian.harness.OtlpReceiver;
import dev.fenced.arquillian.setup.SetupApplication;
import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.telemetry.NightlyExport;
import dev.fenced.arquillian.telemetry.NightlyExportResource;
import io.opentelemetry.proto.metrics.v1.Metric;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fenced's metrics as a server exports them (fenced-telemetry in the deployment, as in every
 * deployment): the deployment turns MicroProfile Telemetry on and points its OTLP/HTTP exporter at
 * a receiver in this test. WildFly (fenced-telemetry.cli) and Open Liberty with {@code
 * mpTelemetry-2.0} (the execution liberty-telemetry: fenced-telemetry.xml, the application declared
 * with the OpenTelemetry API visible) export them; Open Liberty configured without {@code
 * mpTelemetry} (the cell liberty-memory) shows that a server without telemetry runs the same
 * application without an error and exports nothing.
 */
@ExtendWith(ArquillianExtension.class)
class TelemetryMetricsIT {

  private static final OtlpReceiver RECEIVER = OtlpReceiver.start();
  private static final String SCOPE = "dev.fenced";
  private static final boolean TELEMETRY =
      Set.of("wildfly", "liberty-telemetry").contains(System.getProperty("arquillian.launch"));

  @Deployment(testable = false)
  public static WebArchive deployment() {
    String config =
        String.join(
            "\n",
            "fenced.idempotency.store=memory",
            "fenced.locks.store=memory",
            "otel.sdk.disabled=false",
            "otel.service.name=fenced-telemetry-it",
            "otel.metrics.exporter=otlp",
            "otel.traces.exporter=none",
            "otel.logs.exporter=none",
            "otel.exporter.otlp.protocol=http/protobuf",
            "otel.exporter.otlp.endpoint=" + RECEIVER.endpoint(),
            "otel.metric.export.interval=500");
    return ShrinkWrap.create(WebArchive.class, "telemetry-metrics.war")
        .addClasses(
            SetupApplication.class,
            GuardedResource.class,
            NightlyExport.class,
            NightlyExportResource.class)
        .addAsResource(new StringAsset(config), "META-INF/microprofile-config.properties");
  }

  @ArquillianResource URL base;

  @AfterAll
  static void stopReceiver() {
    RECEIVER.close();
  }

  @Test
  void idempotent_calls_store_calls_and_job_runs_are_exported_where_the_server_has_telemetry()
      throws Exception {
    assumeTrue(TELEMETRY, "the server runs MicroProfile Telemetry");
    callEverything();

    Map<String, List<Metric>> metrics =
        awaitMetrics(
            found ->
                counted(found, "fenced.idempotency.outcomes", "fenced.outcome", "reused") >= 1
                    && found.containsKey("fenced.job.duration"));

    assertThat(counted(metrics, "fenced.idempotency.outcomes", "fenced.outcome", "executed"))
        .isEqualTo(1);
    assertThat(counted(metrics, "fenced.idempotency.outcomes", "fenced.outcome", "replayed"))
        .isEqualTo(1);
    assertThat(counted(metrics, "fenced.idempotency.outcomes", "fenced.outcome", "reused"))
        .isEqualTo(1);
    assertThat(counted(metrics, "fenced.lock.acquisitions", "fenced.outcome", "acquired"))
        .isEqualTo(1);
    assertThat(timed(metrics, "fenced.job.duration", "fenced.job", NightlyExport.JOB)).isEqualTo(1);
    assertThat(
            timed(
                metrics, "fenced.store.duration", "fenced.store.operation", "idempotency.acquire"))
        .isEqualTo(3);
    assertThat(metrics.get("fenced.store.duration").get(0).getUnit()).isEqualTo("s");
  }

  @Test
  void without_telemetry_in_the_server_the_application_runs_and_exports_nothing() throws Exception {
    assumeFalse(TELEMETRY, "the server runs MicroProfile Telemetry");
    callEverything();

    Thread.sleep(2_000);

    assertThat(RECEIVER.metrics(SCOPE)).isEmpty();
  }

  /** One call runs, its repeat replays, a repeat with another body is refused; the job runs. */
  private void callEverything() {
    String key = StoreHttp.uniqueKey();
    assertThat(StoreHttp.post(base, "api/orders", key, "{\"book\":\"b-1\"}").statusCode())
        .isEqualTo(201);
    assertThat(StoreHttp.post(base, "api/orders", key, "{\"book\":\"b-1\"}").statusCode())
        .isEqualTo(201);
    assertThat(StoreHttp.post(base, "api/orders", key, "{\"book\":\"b-2\"}").statusCode())
        .isEqualTo(422);
    assertThat(fireJob().statusCode()).isEqualTo(204);
  }

  private HttpResponse<String> fireJob() {
    try {
      return HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create(base + "api/jobs/nightly-export"))
                  .timeout(Duration.ofSeconds(30))
                  .POST(HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, List<Metric>> awaitMetrics(
      Predicate<Map<String, List<Metric>>> complete) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    Map<String, List<Metric>> metrics = RECEIVER.metrics(SCOPE);
    while (!complete.test(metrics) && System.nanoTime() < deadline) {
      Thread.sleep(200);
      metrics = RECEIVER.metrics(SCOPE);
    }
    return metrics;
  }

  /** The highest value a cumulative counter reported for one attribute value. */
  private static long counted(
      Map<String, List<Metric>> metrics, String name, String key, String value) {
    return metrics.getOrDefault(name, List.of()).stream()
        .flatMap(metric -> metric.getSum().getDataPointsList().stream())
        .filter(point -> value.equals(attribute(point.getAttributesList(), key)))
        .mapToLong(point -> point.getAsInt())
        .max()
        .orElse(0);
  }

  /** The highest count a cumulative histogram reported for one attribute value. */
  private static long timed(
      Map<String, List<Metric>> metrics, String name, String key, String value) {
    return metrics.getOrDefault(name, List.of()).stream()
        .flatMap(metric -> metric.getHistogram().getDataPointsList().stream())
        .filter(point -> value.equals(attribute(point.getAttributesList(), key)))
        .mapToLong(point -> point.getCount())
        .max()
        .orElse(0);
  }
}
