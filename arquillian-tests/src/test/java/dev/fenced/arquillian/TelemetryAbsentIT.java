package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.tck.metrics.MetricsDeployment;
import dev.fenced.tck.support.OtlpReceiver;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fenced's metrics where the server has no MicroProfile Telemetry (Open Liberty configured without
 * {@code mpTelemetry}, the execution liberty-without-telemetry): the behaviour TCK's metrics
 * deployment ({@link MetricsDeployment}), with {@code fenced-telemetry} and telemetry turned on in
 * its config, runs as usual and exports nothing. Where the server has it, the TCK class proves the
 * export, in every cell.
 */
@ExtendWith(ArquillianExtension.class)
class TelemetryAbsentIT {

  private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return MetricsDeployment.war(RECEIVER);
  }

  @ArquillianResource java.net.URL base;

  @AfterAll
  static void stopReceiver() {
    RECEIVER.close();
  }

  @Test
  void without_telemetry_in_the_server_the_application_runs_and_exports_nothing() throws Exception {
    MetricsDeployment.callEverything(base);

    // three export intervals of the deployment's config, had anything been exporting
    Thread.sleep(2_000);

    assertThat(RECEIVER.metrics("dev.fenced")).isEmpty();
  }
}
