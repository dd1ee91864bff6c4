package dev.fenced.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.HealthSettings;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A readiness check answers within its timeout whatever its store does, asks a store that has not
 * answered no second time, and logs the store's full answer once per change. Real threads, and a
 * store that blocks as a black-holed database does.
 */
class ReadinessProbeTest {

  private static final Duration TIMEOUT = Duration.ofMillis(300);

  /** How much later than the timeout an answer may come on a loaded machine. */
  private static final Duration SLACK = Duration.ofMillis(400);

  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final CountDownLatch blackHole = new CountDownLatch(1);
  private final AtomicInteger questions = new AtomicInteger();

  @AfterEach
  void stop() {
    blackHole.countDown();
    executor.shutdownNow();
  }

  private ReadinessProbe probe(StoreReadiness store) {
    return new ReadinessProbe(
        "jpa",
        () -> {
          questions.incrementAndGet();
          return store;
        },
        executor,
        TIMEOUT,
        System::nanoTime);
  }

  private final StoreReadiness unanswering =
      () -> {
        try {
          blackHole.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return Readiness.ready(Map.of());
      };

  @Test
  void a_store_that_answers_gives_its_readiness() {
    ReadinessProbe probe = probe(() -> Readiness.ready(Map.of("database", "orders")));

    assertThat(probe.answer()).isEqualTo(Readiness.ready(Map.of("database", "orders")));
  }

  @Test
  void a_store_that_does_not_answer_is_unavailable_once_the_timeout_has_passed() {
    ReadinessProbe probe = probe(unanswering);

    long start = System.nanoTime();
    Readiness readiness = probe.answer();
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(readiness.state()).isEqualTo(Readiness.State.UNAVAILABLE);
    assertThat(readiness.reason())
        .contains("\"jpa\" did not answer within " + HealthSettings.TIMEOUT + " (300 ms");
    assertThat(took).isBetween(TIMEOUT.minusMillis(10), TIMEOUT.plus(SLACK));
  }

  @Test
  void a_check_while_the_store_has_not_answered_asks_no_second_time_and_answers_at_once() {
    ReadinessProbe probe = probe(unanswering);
    probe.answer();

    long start = System.nanoTime();
    Readiness again = probe.answer();
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(again.state()).isEqualTo(Readiness.State.UNAVAILABLE);
    assertThat(took).isLessThan(SLACK);
    assertThat(questions).hasValue(1);
  }

  @Test
  void two_checks_asked_together_share_one_question_and_one_timeout() {
    ReadinessProbe probe = probe(unanswering);

    long start = System.nanoTime();
    probe.ask();
    probe.answer();
    probe.answer();
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(took).isLessThan(TIMEOUT.plus(SLACK));
    assertThat(questions).hasValue(1);
  }

  @Test
  void once_the_store_has_answered_the_next_check_asks_again() {
    ReadinessProbe probe = probe(() -> Readiness.ready(Map.of()));
    probe.answer();
    probe.answer();

    assertThat(questions).hasValue(2);
  }

  @Test
  void a_store_that_throws_is_unavailable_with_the_failure() {
    ReadinessProbe probe =
        probe(
            () -> {
              throw new IllegalStateException("no bean named jpa");
            });

    Readiness readiness = probe.answer();

    assertThat(readiness.state()).isEqualTo(Readiness.State.UNAVAILABLE);
    assertThat(readiness.reason()).contains("\"jpa\" could not be checked", "no bean named jpa");
  }

  @Test
  void the_stores_full_answer_is_logged_once_each_time_it_changes() {
    String ddl = "CREATE TABLE IF NOT EXISTS fenced_locks (...);";
    List<Readiness> answers =
        new ArrayList<>(
            List.of(
                Readiness.notSetUp("missing table fenced_locks", Map.of("ddl", ddl)),
                Readiness.notSetUp("missing table fenced_locks", Map.of("ddl", ddl)),
                Readiness.ready(Map.of()),
                Readiness.ready(Map.of())));
    ReadinessProbe probe = probe(() -> answers.remove(0));

    try (LoggedRecords log = new LoggedRecords()) {
      for (int check = 0; check < 4; check++) {
        probe.answer();
      }

      assertThat(log.messages())
          .containsExactly(
              "WARNING Fenced store \"jpa\" is not ready (NOT_SET_UP): missing table fenced_locks;"
                  + " details: {ddl="
                  + ddl
                  + "}",
              "INFO Fenced store \"jpa\" is ready again");
    }
  }

  /** The records of the logger {@code dev.fenced.health}, formatted, while open. */
  private static final class LoggedRecords extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger("dev.fenced.health");
    private final List<String> messages = new ArrayList<>();

    LoggedRecords() {
      logger.addHandler(this);
    }

    synchronized List<String> messages() {
      return List.copyOf(messages);
    }

    @Override
    public synchronized void publish(LogRecord record) {
      if (record.getLevel().intValue() >= Level.INFO.intValue()) {
        String text = record.getMessage();
        Object[] parameters = record.getParameters();
        messages.add(
            record.getLevel()
                + " "
                + (parameters == null ? text : java.text.MessageFormat.format(text, parameters)));
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      logger.removeHandler(this);
    }
  }
}
