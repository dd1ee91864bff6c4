package dev.fenced.telemetry;

import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.assertThat;
import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.core.metrics.StoreCall;
import dev.fenced.core.metrics.StoreOperation;
import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.JobRan;
import dev.fenced.locks.JobSkipped;
import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.SkipReason;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.assertj.AttributeAssertion;
import io.opentelemetry.sdk.testing.assertj.LongPointAssert;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Fenced's instruments on the real OpenTelemetry SDK, read back with its in-memory reader. */
class FencedInstrumentsTest {

  private final InMemoryMetricReader reader = InMemoryMetricReader.create();
  private final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder()
          .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build())
          .build();
  private final FencedInstruments instruments = new FencedInstruments(sdk);

  @AfterEach
  void closeSdk() {
    sdk.close();
  }

  @Test
  void aClaimedKeyCountsAsExecutedAndAReleasedClaimAsReleased() {
    instruments.storeCalled(call(StoreOperation.IDEMPOTENCY_ACQUIRE, StoreCall.Answer.DONE));
    instruments.storeCalled(call(StoreOperation.IDEMPOTENCY_ACQUIRE, StoreCall.Answer.REFUSED));
    instruments.storeCalled(call(StoreOperation.IDEMPOTENCY_RELEASE, StoreCall.Answer.DONE));

    assertThat(metric(MetricNames.IDEMPOTENCY_OUTCOMES))
        .hasLongSumSatisfying(
            sum ->
                sum.isMonotonic()
                    .hasPointsSatisfying(
                        counted(1, equalTo(outcome(), "executed")),
                        counted(1, equalTo(outcome(), "released"))));
  }

  @Test
  void aRefusedCallCountsByItsOutcomeWithItsCodeAsErrorType() {
    instruments.rejected(new IdempotencyRejected("t", "k", ErrorCode.IDEMPOTENCY_KEY_IN_USE));
    instruments.rejected(new IdempotencyRejected("t", "k", ErrorCode.IDEMPOTENCY_KEY_REUSED));
    instruments.replayed();

    assertThat(metric(MetricNames.IDEMPOTENCY_OUTCOMES))
        .hasLongSumSatisfying(
            sum ->
                sum.hasPointsSatisfying(
                    counted(
                        1,
                        equalTo(outcome(), "conflict"),
                        equalTo(errorType(), "IDEMPOTENCY_KEY_IN_USE")),
                    counted(
                        1,
                        equalTo(outcome(), "reused"),
                        equalTo(errorType(), "IDEMPOTENCY_KEY_REUSED")),
                    counted(1, equalTo(outcome(), "replayed"))));
  }

  @Test
  void everyStoreCallIsTimedInSecondsByStoreAndOperationWithTheFailureAsErrorType() {
    instruments.storeCalled(
        new StoreCall(
            "redis",
            StoreOperation.LOCK_RENEW,
            StoreCall.Answer.DONE,
            2_000_000,
            Optional.empty()));
    instruments.storeCalled(
        new StoreCall(
            "redis",
            StoreOperation.LOCK_RENEW,
            StoreCall.Answer.FAILED,
            1_000_000_000,
            Optional.of("dev.fenced.locks.LockStoreUnavailableException")));

    assertThat(metric(MetricNames.STORE_DURATION))
        .hasUnit("s")
        .hasHistogramSatisfying(
            histogram ->
                histogram.hasPointsSatisfying(
                    point ->
                        point
                            .hasCount(1)
                            .hasSum(0.002)
                            .hasAttributesSatisfyingExactly(
                                equalTo(key(MetricNames.STORE), "redis"),
                                equalTo(key(MetricNames.STORE_OPERATION), "lock.renew")),
                    point ->
                        point
                            .hasCount(1)
                            .hasSum(1.0)
                            .hasAttributesSatisfyingExactly(
                                equalTo(key(MetricNames.STORE), "redis"),
                                equalTo(key(MetricNames.STORE_OPERATION), "lock.renew"),
                                equalTo(
                                    errorType(),
                                    "dev.fenced.locks.LockStoreUnavailableException"))));
  }

  @Test
  void lockAcquisitionsCountAcquiredBusyAndFailed() {
    instruments.storeCalled(call(StoreOperation.LOCK_ACQUIRE, StoreCall.Answer.DONE));
    instruments.storeCalled(call(StoreOperation.LOCK_ACQUIRE, StoreCall.Answer.REFUSED));
    instruments.storeCalled(call(StoreOperation.LOCK_ACQUIRE, StoreCall.Answer.REFUSED));

    assertThat(metric(MetricNames.LOCK_ACQUISITIONS))
        .hasLongSumSatisfying(
            sum ->
                sum.hasPointsSatisfying(
                    counted(
                        1,
                        equalTo(outcome(), "acquired"),
                        equalTo(key(MetricNames.STORE), "memory")),
                    counted(
                        2, equalTo(outcome(), "busy"), equalTo(key(MetricNames.STORE), "memory"))));
  }

  @Test
  void jobsAreTimedAndTheirSkipsCountedByReason() {
    instruments.jobRan(
        new JobRan("com.example.Billing.nightly", Duration.ofMillis(1500), Optional.empty()));
    instruments.jobSkipped(new JobSkipped("com.example.Billing.nightly", SkipReason.NOT_OWNER));

    assertThat(metric(MetricNames.JOB_DURATION))
        .hasUnit("s")
        .hasHistogramSatisfying(
            histogram ->
                histogram.hasPointsSatisfying(
                    point ->
                        point
                            .hasSum(1.5)
                            .hasAttributesSatisfyingExactly(
                                equalTo(key(MetricNames.JOB), "com.example.Billing.nightly"))));
    assertThat(metric(MetricNames.JOB_SKIPS))
        .hasLongSumSatisfying(
            sum ->
                sum.hasPointsSatisfying(
                    counted(
                        1,
                        equalTo(key(MetricNames.JOB), "com.example.Billing.nightly"),
                        equalTo(key(MetricNames.SKIP_REASON), "not_owner"))));
  }

  @Test
  void lossesCountByHowTheyWereFoundAndNeverNameTheLockKey() {
    instruments.lockLost(new LockLost("order-4711", "owner", 3, DetectedBy.DEADLINE));
    instruments.claimLost();

    assertThat(metric(MetricNames.LOCK_LOSSES))
        .hasLongSumSatisfying(
            sum ->
                sum.hasPointsSatisfying(
                    counted(1, equalTo(key(MetricNames.DETECTED_BY), "deadline"))));
    assertThat(metric(MetricNames.IDEMPOTENCY_CLAIM_LOSSES))
        .hasLongSumSatisfying(sum -> sum.hasPointsSatisfying(point -> point.hasValue(1)));
  }

  @Test
  void leadershipChangesCountByElectionAndChange() {
    instruments.leadershipAcquired(new LeadershipAcquired("reports", 7));
    instruments.leadershipLost(new LeadershipLost("reports", LeadershipLost.Reason.SHUTDOWN));

    assertThat(metric(MetricNames.LEADERSHIP_CHANGES))
        .hasLongSumSatisfying(
            sum ->
                sum.hasPointsSatisfying(
                    counted(
                        1,
                        equalTo(key(MetricNames.ELECTION), "reports"),
                        equalTo(key(MetricNames.LEADERSHIP_CHANGE), "acquired")),
                    counted(
                        1,
                        equalTo(key(MetricNames.ELECTION), "reports"),
                        equalTo(key(MetricNames.LEADERSHIP_CHANGE), "shutdown"))));
  }

  @Test
  void everyInstrumentIsOnFencedsMeter() {
    instruments.replayed();
    instruments.storeCalled(call(StoreOperation.LOCK_ACQUIRE, StoreCall.Answer.DONE));

    assertThat(reader.collectAllMetrics())
        .allSatisfy(
            metric ->
                assertThat(metric.getInstrumentationScopeInfo().getName()).isEqualTo("dev.fenced"));
  }

  private MetricData metric(String name) {
    Collection<MetricData> all = reader.collectAllMetrics();
    return all.stream()
        .filter(metric -> metric.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no metric " + name + " in " + all));
  }

  private static Consumer<LongPointAssert> counted(long value, AttributeAssertion... attributes) {
    return point -> point.hasValue(value).hasAttributesSatisfyingExactly(attributes);
  }

  private static StoreCall call(StoreOperation operation, StoreCall.Answer answer) {
    return new StoreCall("memory", operation, answer, 1_000, Optional.empty());
  }

  private static AttributeKey<String> outcome() {
    return key(MetricNames.OUTCOME);
  }

  private static AttributeKey<String> errorType() {
    return key(MetricNames.ERROR_TYPE);
  }

  private static AttributeKey<String> key(String name) {
    return AttributeKey.stringKey(name);
  }
}
