package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyRejected;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.conflict.ImportHandler;
import dev.fenced.tck.message.conflict.Rejections;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A duplicate while the first call with its key still runs (held at a gate on another thread)
 * throws {@code IdempotencyException} with {@code IDEMPOTENCY_KEY_IN_USE} at once, fires {@code
 * IdempotencyRejected}, and does not run; the first call still finishes, and later repeats replay.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageConflictTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-message-conflict")
        .classes(ImportHandler.class, Rejections.class)
        .build();
  }

  @Inject ImportHandler handler;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;
  @Inject Rejections rejections;

  private final String key = "file-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  private CompletableFuture<Integer> startAndHold() throws InterruptedException {
    CompletableFuture<Integer> first = background.start(() -> handler.importFile(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the first call reached the gate");
    return first;
  }

  @Test
  void a_duplicate_while_the_first_runs_throws_idempotency_key_in_use() throws Exception {
    CompletableFuture<Integer> first = startAndHold();

    ErrorCode code = Codes.thrownBy(() -> handler.importFile(key));
    gates.open(key);

    assertAll(
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, code),
        () -> assertEquals(1, Codes.await(first, WAIT), "the first call finished"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void the_refused_duplicate_fires_idempotency_rejected_with_the_code() throws Exception {
    CompletableFuture<Integer> first = startAndHold();

    Codes.thrownBy(() -> handler.importFile(key));
    gates.open(key);
    Codes.await(first, WAIT);

    List<IdempotencyRejected> events = rejections.of(key);
    assertAll(
        () -> assertEquals(1, events.size(), events::toString),
        () -> assertEquals(ErrorCode.IDEMPOTENCY_KEY_IN_USE, events.get(0).code()),
        () -> assertEquals(ImportHandler.class.getName() + ".importFile", events.get(0).target()));
  }

  @Test
  void after_the_first_finished_a_repeat_replays_its_value() throws Exception {
    CompletableFuture<Integer> first = startAndHold();
    gates.open(key);
    int original = Codes.await(first, WAIT);

    int repeat = handler.importFile(key);

    assertAll(
        () -> assertEquals(original, repeat),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
