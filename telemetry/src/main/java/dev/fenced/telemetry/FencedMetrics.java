package dev.fenced.telemetry;

import dev.fenced.core.metrics.StoreCall;
import dev.fenced.core.metrics.StoreCallListener;
import dev.fenced.idempotency.IdempotencyLockLost;
import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.idempotency.IdempotencyReplayed;
import dev.fenced.locks.JobRan;
import dev.fenced.locks.JobSkipped;
import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.LockLost;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.lang.System.Logger.Level;
import java.util.function.Consumer;

/**
 * Records Fenced's metrics ({@link MetricNames}) from its CDI events and, as the {@link
 * StoreCallListener} the Fenced extension finds, from every store call, on the meter {@value
 * MetricNames#METER} of the application's {@code OpenTelemetry} bean (MicroProfile Telemetry 2).
 *
 * <p>Where the server gives the application no OpenTelemetry API or no {@code OpenTelemetry} bean,
 * it records nothing and fails nothing; where telemetry is off ({@code otel.sdk.disabled=true}, the
 * MicroProfile default) the bean's no-op meter drops every measurement.
 *
 * <p>A bean this jar's bean archive discovers, not one the Fenced extension adds: WildFly gives the
 * OpenTelemetry API only to the application's bean archives, not to beans an extension adds from a
 * jar that is no bean archive.
 */
@ApplicationScoped
public class FencedMetrics implements StoreCallListener {

  private static final System.Logger LOG = System.getLogger("dev.fenced");
  private static final String API_CLASS = "io.opentelemetry.api.OpenTelemetry";

  @Inject @Any Instance<Object> beans;

  /** Empty where there is no OpenTelemetry: then nothing is recorded. */
  private FencedInstruments instruments;

  /** For CDI. */
  public FencedMetrics() {}

  @PostConstruct
  void start() {
    if (!apiVisible()) {
      LOG.log(Level.DEBUG, "No OpenTelemetry API: Fenced records no metrics");
      return;
    }
    try {
      instruments = FencedInstruments.of(beans).orElse(null);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "Fenced records no metrics: its OpenTelemetry meter failed", e);
      return;
    }
    LOG.log(
        Level.DEBUG,
        () ->
            instruments == null
                ? "No OpenTelemetry bean: Fenced records no metrics"
                : "Fenced records metrics on the OpenTelemetry meter " + MetricNames.METER);
  }

  @Override
  public void called(StoreCall call) {
    record(i -> i.storeCalled(call));
  }

  void replayed(@Observes IdempotencyReplayed replayed) {
    record(FencedInstruments::replayed);
  }

  void rejected(@Observes IdempotencyRejected rejected) {
    record(i -> i.rejected(rejected));
  }

  void claimLost(@Observes IdempotencyLockLost lost) {
    record(FencedInstruments::claimLost);
  }

  void lockLost(@Observes LockLost lost) {
    record(i -> i.lockLost(lost));
  }

  void jobRan(@Observes JobRan ran) {
    record(i -> i.jobRan(ran));
  }

  void jobSkipped(@Observes JobSkipped skipped) {
    record(i -> i.jobSkipped(skipped));
  }

  void leadershipAcquired(@Observes LeadershipAcquired acquired) {
    record(i -> i.leadershipAcquired(acquired));
  }

  void leadershipLost(@Observes LeadershipLost lost) {
    record(i -> i.leadershipLost(lost));
  }

  /** A measurement that fails is dropped: metrics never change what Fenced does. */
  private void record(Consumer<FencedInstruments> measurement) {
    FencedInstruments current = instruments;
    if (current == null) {
      return;
    }
    try {
      measurement.accept(current);
    } catch (RuntimeException e) {
      LOG.log(Level.DEBUG, "Recording a Fenced metric failed", e);
    }
  }

  private static boolean apiVisible() {
    try {
      Class.forName(API_CLASS, false, FencedMetrics.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
