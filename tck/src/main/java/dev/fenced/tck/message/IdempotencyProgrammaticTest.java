package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.programmatic.ListOf;
import dev.fenced.tck.message.programmatic.Quote;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The injected {@link Idempotency} bean: {@code execute(key, work, options)} runs the work once per
 * key and replays its result, decoded as {@code withResultType(...)} says; an exception releases
 * the key; a result that would not replay as its own class without a result type is refused.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotencyProgrammaticTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotency-programmatic")
        .classes(Quote.class, ListOf.class)
        .build();
  }

  @Inject Idempotency idempotency;
  @Inject Invocations invocations;

  private final String key = "prog-" + UUID.randomUUID();

  private String text() {
    return "run " + invocations.increment(key);
  }

  private Quote quote() {
    return new Quote(key, invocations.increment(key));
  }

  @Test
  void execute_runs_the_work_once_per_key_and_replays_its_result() throws Exception {
    String first = idempotency.execute(key, this::text, IdempotencyOptions.defaults());
    String repeat = idempotency.execute(key, this::text, IdempotencyOptions.defaults());

    assertAll(
        () -> assertEquals("run 1", first),
        () -> assertEquals("run 1", repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void with_result_type_a_record_replays_as_that_record() throws Exception {
    IdempotencyOptions options = IdempotencyOptions.defaults().withResultType(Quote.class);

    Quote first = idempotency.execute(key, this::quote, options);
    Quote repeat = idempotency.execute(key, this::quote, options);

    assertAll(
        () -> assertEquals(new Quote(key, 1), first),
        () -> assertEquals(first, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void with_a_generic_result_type_a_list_of_records_replays_as_its_type() throws Exception {
    IdempotencyOptions options =
        IdempotencyOptions.defaults().withResultType(new ListOf(Quote.class));

    List<Quote> first = idempotency.execute(key, () -> List.of(quote(), quote()), options);
    List<Quote> repeat = idempotency.execute(key, () -> List.of(quote()), options);

    assertAll(
        () -> assertEquals(List.of(new Quote(key, 1), new Quote(key, 2)), first),
        () -> assertEquals(first, repeat),
        () -> assertEquals(Quote.class, repeat.get(0).getClass()),
        () -> assertEquals(2, invocations.count(key), "one run of the work"));
  }

  @Test
  void a_record_without_a_result_type_is_refused_as_not_storable_and_the_key_released() {
    ErrorCode code =
        Codes.thrownBy(() -> idempotency.execute(key, this::quote, IdempotencyOptions.defaults()));
    ErrorCode again =
        Codes.thrownBy(() -> idempotency.execute(key, this::quote, IdempotencyOptions.defaults()));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE, code),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_OUTCOME_NOT_STORABLE, again),
        () -> assertEquals(2, invocations.count(key), "ran twice: the key was released"));
  }

  @Test
  void an_exception_from_the_work_propagates_and_releases_the_key() throws Exception {
    IOException failure =
        assertThrows(
            IOException.class,
            () ->
                idempotency.execute(
                    key,
                    () -> {
                      invocations.increment(key);
                      throw new IOException("the quote service is down");
                    },
                    IdempotencyOptions.defaults()));

    String retry = idempotency.execute(key, this::text, IdempotencyOptions.defaults());

    assertAll(
        () -> assertEquals("the quote service is down", failure.getMessage()),
        () -> assertEquals("run 2", retry),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_null_key_throws_idempotency_key_required_without_running_the_work() {
    ErrorCode code =
        Codes.thrownBy(() -> idempotency.execute(null, this::text, IdempotencyOptions.defaults()));

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_REQUIRED, code),
        () -> assertEquals(0, invocations.count(key), "runs"));
  }
}
