package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The clock check of the store's readiness, on surveys given here: one survey a minute at most, a
 * WARNING when the spread goes above the bound and not again while it stays there, INFO when it is
 * back.
 */
class RedisClockCheckTest {

  private static final Duration BOUND = Duration.ofMillis(100);
  private static final long T = 1_796_000_000_000_000L;

  private final Deque<ClockSkew> surveys = new ArrayDeque<>();
  private final Logged logged = new Logged();
  private long now;
  private int surveyed;

  @BeforeEach
  void listen() {
    Logger.getLogger(RedisClockCheck.class.getName()).addHandler(logged);
  }

  @AfterEach
  void stopListening() {
    Logger.getLogger(RedisClockCheck.class.getName()).removeHandler(logged);
  }

  @Test
  void a_probe_within_a_minute_of_the_last_survey_shows_it_without_surveying_again() {
    RedisClockCheck check = check(apart(1), apart(2));

    Map<String, String> first = check.details();
    now += Duration.ofSeconds(59).toNanos();
    Map<String, String> second = check.details();

    assertThat(surveyed).isEqualTo(1);
    assertThat(second).isEqualTo(first).containsKey(RedisClockCheck.MEASURED_AT);
    now += Duration.ofSeconds(1).toNanos();
    assertThat(check.details().get(ClockSkew.SPREAD)).startsWith("2.0 ms");
    assertThat(surveyed).isEqualTo(2);
  }

  @Test
  void a_spread_above_the_bound_is_warned_once_while_it_lasts_and_its_end_logged() {
    RedisClockCheck check = check(apart(1), apart(300), apart(250), apart(1));

    for (int i = 0; i < 4; i++) {
      check.details();
      now += RedisClockCheck.RESURVEY.toNanos();
    }

    assertThat(logged.at(Level.WARNING)).singleElement(STRING).contains("reads 300.0 ms");
    assertThat(logged.at(Level.INFO))
        .hasSize(2)
        .last(STRING)
        .startsWith("The Redis nodes' clocks are back within bounds: 1.0 ms");
  }

  private RedisClockCheck check(ClockSkew... results) {
    surveys.addAll(List.of(results));
    return new RedisClockCheck(
        () -> {
          surveyed++;
          return surveys.removeFirst();
        },
        () -> now);
  }

  /** Two nodes, the second behind the first by {@code millis}, each read in a 10 µs round trip. */
  private static ClockSkew apart(long millis) {
    return new ClockSkew(
        List.of(
            new NodeTime("a:1 (primary)", T, 0, 10_000),
            new NodeTime("b:2 (replica)", T - millis * 1000, 0, 10_000)),
        Map.of(),
        BOUND);
  }

  private static final class Logged extends Handler {

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    List<String> at(Level level) {
      return records.stream()
          .filter(r -> r.getLevel() == level)
          .map(LogRecord::getMessage)
          .toList();
    }

    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
