package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.Idempotency;
import dev.fenced.idempotency.IdempotencyContext;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.context.OneTimeTokens;
import dev.fenced.tck.message.context.TokenBean;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The injected {@link IdempotencyContext} inside a guarded run: it tells the run's key, and {@code
 * doNotStore()} returns the outcome without recording it, so a later repeat runs again while a
 * duplicate during the run is still refused with {@code IDEMPOTENCY_KEY_IN_USE}; in a CDI bean
 * method, an EJB method and the work of {@code Idempotency.execute}. Outside a guarded run {@code
 * doNotStore()} throws {@code IllegalStateException}.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotencyContextTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotency-context")
        .classes(OneTimeTokens.class, TokenBean.class)
        .build();
  }

  @Inject OneTimeTokens tokens;
  @Inject TokenBean tokenBean;
  @Inject Idempotency idempotency;
  @Inject IdempotencyContext context;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "token-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  @Test
  void a_bean_method_that_gave_up_storing_runs_again_on_a_repeat() throws Exception {
    String first = tokens.issue(key);
    String repeat = tokens.issue(key);

    assertAll(
        () -> assertEquals("token-1", first),
        () -> assertEquals("token-2", repeat),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void while_a_run_that_gave_up_storing_lasts_a_duplicate_is_refused_as_key_in_use()
      throws Exception {
    CompletableFuture<String> first = background.start(() -> tokens.issueSlowly(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the first call reached the gate");

    ErrorCode code = Codes.thrownBy(() -> tokens.issueSlowly(key));
    gates.open(key);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, code),
        () -> assertEquals("token-1", Codes.await(first, WAIT)),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void an_ejb_method_that_gave_up_storing_runs_again_after_its_transaction() throws Exception {
    String first = tokenBean.issue(key);
    String repeat = tokenBean.issue(key);

    assertAll(
        () -> assertEquals("token-1", first),
        () -> assertEquals("token-2", repeat),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void the_context_tells_the_key_of_the_run_and_a_stored_outcome_replays() throws Exception {
    String seen = tokens.keySeen(key);
    String repeat = tokens.keySeen(key);

    assertAll(
        () -> assertEquals(key, seen),
        () -> assertEquals(key, repeat, "replayed"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void work_of_execute_that_gave_up_storing_runs_again_on_a_repeat() throws Exception {
    IdempotencyOptions options = IdempotencyOptions.defaults().withResultType(String.class);

    String first = idempotency.execute(key, this::issueWithoutStoring, options);
    String repeat = idempotency.execute(key, this::issueWithoutStoring, options);

    assertAll(
        () -> assertEquals("token-1", first),
        () -> assertEquals("token-2", repeat),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void outside_a_guarded_run_do_not_store_throws_illegal_state() {
    IllegalStateException thrown = assertThrows(IllegalStateException.class, context::doNotStore);

    assertAll(
        () -> assertTrue(thrown.getMessage().contains("outside a guarded run"), thrown::getMessage),
        () -> assertFalse(context.active(), "active"),
        () -> assertFalse(context.storingGivenUp(), "storingGivenUp"));
  }

  private String issueWithoutStoring() {
    context.doNotStore();
    return "token-" + invocations.increment(key);
  }
}
