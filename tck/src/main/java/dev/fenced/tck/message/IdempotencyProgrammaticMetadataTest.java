package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.idempotency.IdempotentResult;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.programmatic.Quote;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Idempotency.executeWithMetadata}: a run's result is not replayed and has no {@code
 * storedAt}; a repeat's is replayed, with {@code storedAt} the time the first run produced it by
 * the server's clock.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotencyProgrammaticMetadataTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotency-programmatic-metadata").classes(Quote.class).build();
  }

  @Inject Idempotency idempotency;
  @Inject Invocations invocations;

  private final String key = "meta-" + UUID.randomUUID();
  private final IdempotencyOptions options =
      IdempotencyOptions.defaults().withResultType(Quote.class);

  private Quote quote() {
    return new Quote(key, invocations.increment(key));
  }

  @Test
  void a_first_run_is_not_replayed_and_has_no_stored_at() throws Exception {
    IdempotentResult<Quote> first = idempotency.executeWithMetadata(key, this::quote, options);

    assertAll(
        () -> assertEquals(new Quote(key, 1), first.value()),
        () -> assertFalse(first.replayed(), "replayed"),
        () -> assertTrue(first.storedAt().isEmpty(), "storedAt of a run"));
  }

  @Test
  void a_repeat_is_replayed_with_the_time_the_first_run_produced_its_result() throws Exception {
    Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    idempotency.executeWithMetadata(key, this::quote, options);
    Instant after = Instant.now();

    IdempotentResult<Quote> repeat = idempotency.executeWithMetadata(key, this::quote, options);

    Instant storedAt = repeat.storedAt().orElseThrow();
    assertAll(
        () -> assertEquals(new Quote(key, 1), repeat.value()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertFalse(storedAt.isBefore(before), storedAt + " before " + before),
        () -> assertFalse(storedAt.isAfter(after), storedAt + " after " + after),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
