package dev.fenced.telemetry;

import static dev.fenced.telemetry.MetricNames.DETECTED_BY;
import static dev.fenced.telemetry.MetricNames.ELECTION;
import static dev.fenced.telemetry.MetricNames.ERROR_TYPE;
import static dev.fenced.telemetry.MetricNames.JOB;
import static dev.fenced.telemetry.MetricNames.LEADERSHIP_CHANGE;
import static dev.fenced.telemetry.MetricNames.OUTCOME;
import static dev.fenced.telemetry.MetricNames.SKIP_REASON;
import static dev.fenced.telemetry.MetricNames.STORE;
import static dev.fenced.telemetry.MetricNames.STORE_OPERATION;

import dev.fenced.core.metrics.StoreCall;
import dev.fenced.core.metrics.StoreOperation;
import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.locks.JobRan;
import dev.fenced.locks.JobSkipped;
import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.LockLost;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import jakarta.enterprise.inject.Instance;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Fenced's instruments on one OpenTelemetry {@link Meter}. The only class that touches the
 * OpenTelemetry API, so nothing loads it where the server has none. Uses only API calls that
 * OpenTelemetry 1.39 (the oldest a supported server ships) has.
 */
final class FencedInstruments {

  private static final AttributeKey<String> OUTCOME_KEY = AttributeKey.stringKey(OUTCOME);
  private static final AttributeKey<String> ERROR_TYPE_KEY = AttributeKey.stringKey(ERROR_TYPE);
  private static final AttributeKey<String> STORE_KEY = AttributeKey.stringKey(STORE);
  private static final AttributeKey<String> OPERATION_KEY = AttributeKey.stringKey(STORE_OPERATION);
  private static final AttributeKey<String> JOB_KEY = AttributeKey.stringKey(JOB);
  private static final AttributeKey<String> ELECTION_KEY = AttributeKey.stringKey(ELECTION);
  private static final AttributeKey<String> CHANGE_KEY = AttributeKey.stringKey(LEADERSHIP_CHANGE);

  /** Store calls take from well under a millisecond (memory, Redis) to seconds (an outage). */
  private static final List<Double> STORE_BUCKETS =
      List.of(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0);

  /** Jobs run from milliseconds to hours. */
  private static final List<Double> JOB_BUCKETS =
      List.of(0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, 3600.0, 14400.0);

  private static final Attributes EXECUTED = Attributes.of(OUTCOME_KEY, "executed");
  private static final Attributes RELEASED = Attributes.of(OUTCOME_KEY, "released");
  private static final Attributes REPLAYED = Attributes.of(OUTCOME_KEY, "replayed");

  private final LongCounter idempotencyOutcomes;
  private final LongCounter claimLosses;
  private final LongCounter lockAcquisitions;
  private final LongCounter lockLosses;
  private final LongCounter jobSkips;
  private final LongCounter leadershipChanges;
  private final DoubleHistogram jobDuration;
  private final DoubleHistogram storeDuration;

  /**
   * The instruments on {@code openTelemetry}'s meter {@value MetricNames#METER}.
   *
   * @param openTelemetry the server's OpenTelemetry
   */
  FencedInstruments(OpenTelemetry openTelemetry) {
    Meter meter = openTelemetry.getMeter(MetricNames.METER);
    idempotencyOutcomes =
        counter(meter, MetricNames.IDEMPOTENCY_OUTCOMES, "{call}", "Idempotent calls by outcome");
    claimLosses =
        counter(
            meter,
            MetricNames.IDEMPOTENCY_CLAIM_LOSSES,
            "{claim}",
            "In-flight idempotency claims lost while their call ran");
    lockAcquisitions =
        counter(meter, MetricNames.LOCK_ACQUISITIONS, "{acquisition}", "Attempts to take a lock");
    lockLosses = counter(meter, MetricNames.LOCK_LOSSES, "{loss}", "Held locks lost");
    jobSkips = counter(meter, MetricNames.JOB_SKIPS, "{skip}", "Job firings skipped here");
    leadershipChanges =
        counter(
            meter, MetricNames.LEADERSHIP_CHANGES, "{change}", "Leadership gained or ended here");
    jobDuration =
        histogram(meter, MetricNames.JOB_DURATION, "Duration of guarded job runs", JOB_BUCKETS);
    storeDuration =
        histogram(meter, MetricNames.STORE_DURATION, "Duration of store calls", STORE_BUCKETS);
  }

  /**
   * The instruments on the application's {@link OpenTelemetry} bean, if it has one.
   *
   * @param beans the application's beans
   * @return the instruments, or empty when no {@code OpenTelemetry} bean resolves
   */
  static Optional<FencedInstruments> of(Instance<Object> beans) {
    Instance<OpenTelemetry> found = beans.select(OpenTelemetry.class);
    return found.isResolvable()
        ? Optional.of(new FencedInstruments(found.get()))
        : Optional.empty();
  }

  void replayed() {
    idempotencyOutcomes.add(1, REPLAYED);
  }

  void rejected(IdempotencyRejected rejected) {
    idempotencyOutcomes.add(
        1,
        Attributes.of(
            OUTCOME_KEY,
            IdempotencyOutcomes.of(rejected.code()),
            ERROR_TYPE_KEY,
            rejected.code().name()));
  }

  void claimLost() {
    claimLosses.add(1);
  }

  void lockLost(LockLost lost) {
    lockLosses.add(1, Attributes.of(AttributeKey.stringKey(DETECTED_BY), lower(lost.detectedBy())));
  }

  void jobRan(JobRan ran) {
    AttributesBuilder attributes = Attributes.builder().put(JOB_KEY, ran.job());
    ran.failure().ifPresent(failure -> attributes.put(ERROR_TYPE_KEY, failure));
    jobDuration.record(seconds(ran.duration().toNanos()), attributes.build());
  }

  void jobSkipped(JobSkipped skipped) {
    jobSkips.add(
        1,
        Attributes.of(
            JOB_KEY, skipped.job(), AttributeKey.stringKey(SKIP_REASON), lower(skipped.reason())));
  }

  void leadershipAcquired(LeadershipAcquired acquired) {
    leadershipChanges.add(1, Attributes.of(ELECTION_KEY, acquired.key(), CHANGE_KEY, "acquired"));
  }

  void leadershipLost(LeadershipLost lost) {
    leadershipChanges.add(
        1, Attributes.of(ELECTION_KEY, lost.key(), CHANGE_KEY, lower(lost.reason())));
  }

  void storeCalled(StoreCall call) {
    AttributesBuilder attributes =
        Attributes.builder()
            .put(STORE_KEY, call.store())
            .put(OPERATION_KEY, call.operation().attributeValue());
    call.failure().ifPresent(failure -> attributes.put(ERROR_TYPE_KEY, failure));
    storeDuration.record(seconds(call.nanos()), attributes.build());
    if (call.operation() == StoreOperation.LOCK_ACQUIRE) {
      lockAcquisitions.add(
          1, Attributes.of(OUTCOME_KEY, acquisition(call.answer()), STORE_KEY, call.store()));
    } else if (call.answer() == StoreCall.Answer.DONE) {
      if (call.operation() == StoreOperation.IDEMPOTENCY_ACQUIRE) {
        idempotencyOutcomes.add(1, EXECUTED);
      } else if (call.operation() == StoreOperation.IDEMPOTENCY_RELEASE) {
        idempotencyOutcomes.add(1, RELEASED);
      }
    }
  }

  private static String acquisition(StoreCall.Answer answer) {
    return switch (answer) {
      case DONE -> "acquired";
      case REFUSED -> "busy";
      case FAILED -> "failed";
    };
  }

  private static LongCounter counter(Meter meter, String name, String unit, String description) {
    return meter.counterBuilder(name).setUnit(unit).setDescription(description).build();
  }

  private static DoubleHistogram histogram(
      Meter meter, String name, String description, List<Double> buckets) {
    return meter
        .histogramBuilder(name)
        .setUnit("s")
        .setDescription(description)
        .setExplicitBucketBoundariesAdvice(buckets)
        .build();
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }

  private static String lower(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
