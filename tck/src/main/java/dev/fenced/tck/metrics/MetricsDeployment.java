package dev.fenced.tck.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.metrics.exported.PaymentResource;
import dev.fenced.tck.metrics.exported.SettlementJob;
import dev.fenced.tck.metrics.exported.SettlementJobResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.OtlpReceiver;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The deployment of {@link FencedMetricsTest}, and what the test does with it; also used by an
 * implementation's own test of a server without MicroProfile Telemetry, where the same deployment
 * must run and export nothing.
 */
public final class MetricsDeployment {

  /** The job's name in metrics. */
  public static final String JOB = SettlementJob.JOB;

  private MetricsDeployment() {}

  /**
   * An idempotent resource and a guarded job, with MicroProfile Telemetry turned on in the
   * deployment's config and its metrics exported over OTLP/HTTP every 500 ms.
   *
   * @param receiver where the metrics go
   * @return the WAR
   */
  public static WebArchive war(OtlpReceiver receiver) {
    return TckDeployment.war("fenced-metrics")
        .classes(
            TckApplication.class,
            PaymentResource.class,
            SettlementJob.class,
            SettlementJobResource.class)
        .config("otel.sdk.disabled", "false")
        .config("otel.service.name", "fenced-metrics-tck")
        .config("otel.metrics.exporter", "otlp")
        .config("otel.traces.exporter", "none")
        .config("otel.logs.exporter", "none")
        .config("otel.exporter.otlp.protocol", "http/protobuf")
        .config("otel.exporter.otlp.endpoint", receiver.endpoint())
        .config("otel.metric.export.interval", "500")
        .build();
  }

  /**
   * One idempotent call, its repeat, its key reused with another body, and one job run, each
   * answered as Fenced answers them.
   *
   * @param base the deployment's URL
   */
  public static void callEverything(URL base) {
    Http http = new Http(base);
    String key = Http.unique("payment");
    assertEquals(201, http.post("payments", key, "{\"amount\":10}").status(), "the first call");
    assertEquals(201, http.post("payments", key, "{\"amount\":10}").status(), "its repeat");
    assertEquals(422, http.post("payments", key, "{\"amount\":99}").status(), "the reused key");
    assertEquals(204, http.send("POST", "jobs/settlement", null, null, null).status(), "the job");
  }
}
