package dev.fenced.tck.config;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.config.override.Digests;
import dev.fenced.tck.config.override.Imports;
import dev.fenced.tck.config.override.Reminders;
import dev.fenced.tck.deployed.Background;
import dev.fenced.tck.deployed.Gates;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.message.common.Codes;
import dev.fenced.tck.message.common.MessageDeployment;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code microprofile-config.properties} overrides {@code @Idempotent}: {@code
 * <class>/<method>/Idempotent/ttl=1s} and {@code <class>/Idempotent/ttl=1s} beat the annotation's
 * {@code 1h} (the key runs again once the second passed), and {@code Idempotent/onConflict=WAIT}
 * makes a duplicate of any method wait for the first call instead of being rejected.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentConfigOverrideTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));
  private static final Duration SHORT_TTL = Duration.ofSeconds(1);

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-config-override")
        .classes(Reminders.class, Digests.class, Imports.class)
        .config(Reminders.class.getName() + "/remind/Idempotent/ttl", "1s")
        .config(Digests.class.getName() + "/Idempotent/ttl", "1s")
        .config("Idempotent/onConflict", "WAIT")
        .build();
  }

  @Inject Reminders reminders;
  @Inject Digests digests;
  @Inject Imports imports;
  @Inject Invocations invocations;
  @Inject Gates gates;
  @Inject Background background;

  private final String key = "cfg-" + UUID.randomUUID();

  @AfterEach
  void openTheGate() {
    gates.open(key);
  }

  /**
   * Calls {@code call} every 50 ms until it runs a second time; returns how long after the first
   * run that took. Fails after {@link #WAIT}.
   */
  private Duration untilItRunsAgain(IntSupplier call) throws InterruptedException {
    long start = System.nanoTime();
    assertEquals(1, call.getAsInt(), "the first call ran");
    long deadline = start + WAIT.toNanos();
    while (call.getAsInt() == 1) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the key was still replayed " + WAIT + " after the first run");
      }
      Thread.sleep(50);
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  @Test
  void a_per_method_ttl_overrides_the_annotation_so_the_key_runs_again_after_one_second()
      throws Exception {
    Duration after = untilItRunsAgain(() -> reminders.remind(key));

    assertAll(
        () ->
            assertTrue(
                after.compareTo(SHORT_TTL.minusMillis(100)) >= 0,
                "ran again after " + after + ", before the ttl of " + SHORT_TTL),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  @Test
  void a_per_class_ttl_overrides_the_annotation_of_every_method_of_the_class() throws Exception {
    Duration after = untilItRunsAgain(() -> digests.send(key));

    assertTrue(
        after.compareTo(SHORT_TTL.minusMillis(100)) >= 0,
        "ran again after " + after + ", before the ttl of " + SHORT_TTL);
  }

  @Test
  void a_method_without_an_override_keeps_the_annotations_ttl() throws Exception {
    reminders.remindLater(key);
    // twice the overridden ttl: the annotation's hour has not passed
    long end = System.nanoTime() + SHORT_TTL.multipliedBy(2).toNanos();
    int repeats = 0;
    while (System.nanoTime() < end) {
      assertEquals(1, reminders.remindLater(key), "replayed");
      repeats++;
      Thread.sleep(100);
    }

    int calls = repeats;
    assertAll(
        () -> assertTrue(calls > 1, "repeated " + calls + " times"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void on_conflict_wait_for_all_methods_makes_a_duplicate_wait_and_replay() throws Exception {
    CompletableFuture<Integer> first = background.start(() -> imports.importFile(key));
    assertTrue(gates.awaitEntered(key, WAIT), "the first call reached the gate");
    CompletableFuture<Integer> duplicate = background.start(() -> imports.importFile(key));

    // with the annotation's REJECT the duplicate would fail at once
    assertThrows(
        TimeoutException.class,
        () -> duplicate.get(500, TimeUnit.MILLISECONDS),
        "the duplicate returned or failed while the first call still ran");
    gates.open(key);

    assertAll(
        () -> assertEquals(1, Codes.await(first, WAIT)),
        () -> assertEquals(1, Codes.await(duplicate, WAIT), "the duplicate replayed the first"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
