package dev.fenced.tck.admin;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.admin.FencedAdmin;
import dev.fenced.admin.IdempotencyRecordPurged;
import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.tck.admin.operated.AdminEventLog;
import dev.fenced.tck.admin.operated.Receipts;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.Polling;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code FencedAdmin} on idempotency records: a completed call's record shows its state and
 * fingerprint and its stored outcome only when asked; a call in flight is listed among the records
 * in flight, with an owner naming an instance; a purged record fires its event and lets the next
 * call with its key run.
 */
@ExtendWith(ArquillianExtension.class)
public class FencedAdminRecordsTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("admin-records")
        .classes(Receipts.class, AdminEventLog.class, Invocations.class)
        .build();
  }

  @Inject FencedAdmin admin;
  @Inject Receipts receipts;
  @Inject AdminEventLog log;
  @Inject Invocations invocations;
  @Inject dev.fenced.tck.deployed.Gates gates;
  @Inject dev.fenced.tck.deployed.Background background;

  private final String key = "receipt-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  private String recordKey() {
    return admin.methodRecordKey(key, Receipts.class.getName(), Receipts.METHOD);
  }

  @Test
  void a_completed_call_shows_its_record_and_its_outcome_only_when_asked() throws Exception {
    gates.open(key);
    String receipt = receipts.issue(key);

    IdempotencyRecordSnapshot record = admin.idempotencyRecord(recordKey()).orElseThrow();
    IdempotencyRecordSnapshot withOutcome =
        admin.idempotencyRecordWithOutcome(recordKey()).orElseThrow();

    assertAll(
        () -> assertEquals(recordKey(), record.recordKey()),
        () -> assertEquals(IdempotencyRecordState.COMPLETED, record.state()),
        () -> assertTrue(!record.fingerprint().isEmpty(), "a fingerprint"),
        () -> assertEquals(Optional.empty(), record.owner(), "owner"),
        () -> assertEquals(Optional.empty(), record.storedOutcome(), "outcome unless asked"),
        () -> assertTrue(record.expiresIn().compareTo(Duration.ZERO) > 0, "expires later"),
        () ->
            assertTrue(
                new String(withOutcome.storedOutcome().orElseThrow(), StandardCharsets.UTF_8)
                    .contains(receipt),
                "the stored outcome holds the receipt " + receipt));
  }

  @Test
  void a_call_in_flight_is_listed_with_its_owner_and_instance() throws Exception {
    CompletableFuture<String> running = background.start(() -> receipts.issue(key));
    assertTrue(gates.awaitEntered(key, Polling.WAIT), "the call reached its gate");

    List<IdempotencyRecordSnapshot> inFlight = admin.inFlightOlderThan(Duration.ZERO, 1000);
    gates.open(key);
    Polling.result(running);

    IdempotencyRecordSnapshot record =
        inFlight.stream()
            .filter(r -> r.recordKey().equals(recordKey()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("not listed: " + inFlight));
    assertAll(
        () -> assertEquals(IdempotencyRecordState.IN_FLIGHT, record.state()),
        () -> assertTrue(record.owner().isPresent(), "an owner"),
        () -> assertTrue(record.instance().isPresent(), "an instance in " + record.owner()),
        () -> assertTrue(record.inFlightFor().isPresent(), "its time in flight"));
  }

  @Test
  void a_record_claimed_later_than_the_age_is_not_listed() throws Exception {
    CompletableFuture<String> running = background.start(() -> receipts.issue(key));
    assertTrue(gates.awaitEntered(key, Polling.WAIT), "the call reached its gate");

    List<IdempotencyRecordSnapshot> old = admin.inFlightOlderThan(Duration.ofHours(1), 1000);
    gates.open(key);
    Polling.result(running);

    assertTrue(
        old.stream().noneMatch(r -> r.recordKey().equals(recordKey())),
        "a record claimed just now is not an hour old: " + old);
  }

  @Test
  void purging_a_completed_record_fires_its_event_and_the_next_call_runs_again() throws Exception {
    gates.open(key);
    receipts.issue(key);

    Optional<IdempotencyRecordSnapshot> purged = admin.purgeIdempotencyRecord(recordKey());
    String second = receipts.issue(key);

    assertAll(
        () -> assertEquals(IdempotencyRecordState.COMPLETED, purged.orElseThrow().state()),
        () ->
            assertTrue(
                log.events()
                    .contains(
                        new IdempotencyRecordPurged(recordKey(), IdempotencyRecordState.COMPLETED)),
                "events: " + log.events()),
        () -> assertEquals(key + "#2", second),
        () -> assertEquals(2, invocations.count(key)));
  }

  @Test
  void nothing_is_shown_or_purged_for_a_key_never_used() {
    assertAll(
        () -> assertEquals(Optional.empty(), admin.idempotencyRecord(recordKey())),
        () -> assertEquals(Optional.empty(), admin.purgeIdempotencyRecord(recordKey())));
  }
}
