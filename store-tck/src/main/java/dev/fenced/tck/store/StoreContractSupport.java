package dev.fenced.tck.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.fenced.store.spi.StoreLimits;
import dev.fenced.store.spi.StoreUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What both store contracts share: the hooks a vendor may override (time, ttls, concurrency) and
 * fresh random keys and owners for every test, so one store instance may serve all tests at once.
 *
 * <p>A failed assertion names the provider's test class first ({@link ProviderNamedInFailures}).
 */
@ExtendWith(ProviderNamedInFailures.class)
public abstract class StoreContractSupport {

  /** The system property that sets {@link #concurrency()}. */
  public static final String CONCURRENCY_PROPERTY = "fenced.tck.concurrency";

  /** The system property that sets {@link #raceRounds()}. */
  public static final String RACE_ROUNDS_PROPERTY = "fenced.tck.race-rounds";

  /** The system property that sets {@link #shortTtl()}, in milliseconds. */
  public static final String SHORT_TTL_PROPERTY = "fenced.tck.short-ttl-millis";

  /** The system property that sets {@link #slack()}, in milliseconds. */
  public static final String SLACK_PROPERTY = "fenced.tck.slack-millis";

  /** The system property that sets {@link #unavailableWithin()}, in milliseconds. */
  public static final String UNAVAILABLE_WITHIN_PROPERTY = "fenced.tck.unavailable-within-millis";

  private static final Duration LONG_TTL = Duration.ofMinutes(10);

  /**
   * Ttls every store refuses with {@link IllegalArgumentException} before it writes: zero,
   * negative, one more than {@link StoreLimits#MAX_TTL_MILLIS}, and {@link Long#MAX_VALUE} (which
   * overflows an expiry computed as now plus ttl).
   */
  static final List<Long> TTLS_OUT_OF_BOUNDS =
      List.of(0L, -1L, StoreLimits.MAX_TTL_MILLIS + 1, Long.MAX_VALUE);

  /** The running test's key prefix; set between its {@code @BeforeEach} and {@code @AfterEach}. */
  private final AtomicReference<String> prefix = new AtomicReference<>();

  /** Only the contracts of this package extend it. */
  StoreContractSupport() {}

  /**
   * Lets {@code duration} pass on the store's clock. By default waits that long in real time, for
   * stores that expire entries on their own clock (a database's, Redis's); a store with an
   * injectable clock overrides this to move that clock.
   *
   * @param duration how much time passes
   * @throws InterruptedException when interrupted while waiting
   */
  protected void advanceTime(Duration duration) throws InterruptedException {
    TimeUnit.NANOSECONDS.sleep(duration.toNanos());
  }

  /**
   * The ttl of the locks and records that a test lets expire. It must be long enough for a few
   * store calls to finish well within it.
   *
   * @return the system property {@value #SHORT_TTL_PROPERTY}, or 250 ms
   */
  protected Duration shortTtl() {
    return Duration.ofMillis(Long.getLong(SHORT_TTL_PROPERTY, 250));
  }

  /**
   * How much longer than {@link #shortTtl()} a test lets time pass before it expects expiry.
   *
   * @return the system property {@value #SLACK_PROPERTY}, or 150 ms
   */
  protected Duration slack() {
    return Duration.ofMillis(Long.getLong(SLACK_PROPERTY, 150));
  }

  /**
   * How many callers race on each key in the {@code concurrent_...} tests.
   *
   * @return the system property {@value #CONCURRENCY_PROPERTY}, or 32; at least 2
   */
  protected int concurrency() {
    return Integer.getInteger(CONCURRENCY_PROPERTY, 32);
  }

  /**
   * How many rounds each {@code concurrent_...} test runs, every round racing {@link
   * #concurrency()} callers on each of 50 fresh keys; the takeover races, which wait for expiry in
   * every round, run half as many (at least one).
   *
   * @return the system property {@value #RACE_ROUNDS_PROPERTY}, or 5; at least 1
   */
  protected int raceRounds() {
    return Integer.getInteger(RACE_ROUNDS_PROPERTY, 5);
  }

  /**
   * How long a store that cannot reach its data may take to throw {@code StoreUnavailableException}
   * (the unreachable-store contracts). Set it above the store's own connect and call timeouts;
   * Fenced's requests wait that long before they answer 503.
   *
   * @return the system property {@value #UNAVAILABLE_WITHIN_PROPERTY}, or 10 s
   */
  protected Duration unavailableWithin() {
    return Duration.ofMillis(Long.getLong(UNAVAILABLE_WITHIN_PROPERTY, 10_000));
  }

  /**
   * The call throws {@code StoreUnavailableException}, and nothing else, within {@link
   * #unavailableWithin()}.
   */
  final void assertUnavailable(ThrowingCallable call) {
    Duration within = unavailableWithin();
    assertTimeoutPreemptively(
        within,
        () -> assertThatThrownBy(call).isInstanceOf(StoreUnavailableException.class),
        "the store must give up within " + within + " (unavailableWithin())");
  }

  /**
   * Draws the test's key prefix. Two tests at once on one instance would share it, which happens
   * only when JUnit runs the {@code @Execution(CONCURRENT)} groups in parallel on a subclass with
   * {@code @TestInstance(PER_CLASS)}: refused, so that no test reads another's keys.
   */
  @BeforeEach
  final void drawKeyPrefix() {
    if (!prefix.compareAndSet(null, "fenced-tck:" + UUID.randomUUID() + ":")) {
      throw new IllegalStateException(
          "two contract tests run at once on one instance of "
              + getClass().getName()
              + ": JUnit runs the groups marked @Execution(CONCURRENT) in parallel, which needs the"
              + " default per-method lifecycle; remove @TestInstance(PER_CLASS) from the subclass or"
              + " junit.jupiter.execution.parallel.enabled from the build");
    }
  }

  @AfterEach
  final void forgetKeyPrefix() {
    prefix.set(null);
  }

  final String key(String name) {
    return prefix.get() + name;
  }

  final List<String> keys(String name, int count) {
    return IntStream.range(0, count).mapToObj(i -> key(name + "-" + i)).toList();
  }

  static String owner(String name) {
    return name + "-" + UUID.randomUUID();
  }

  static List<String> owners(String name, int count) {
    return IntStream.range(0, count).mapToObj(i -> owner(name + "-" + i)).toList();
  }

  static long longTtl() {
    return LONG_TTL.toMillis();
  }

  /**
   * {@link #raceRounds()}, refused when below 1: a race of no rounds would pass having run nothing.
   */
  final int checkedRaceRounds() {
    int rounds = raceRounds();
    if (rounds < 1) {
      throw new IllegalArgumentException("a race needs 1 or more rounds, got " + rounds);
    }
    return rounds;
  }

  final int takeoverRounds() {
    return Math.max(1, checkedRaceRounds() / 2);
  }

  final long shortTtlMillis() {
    return shortTtl().toMillis();
  }

  /** Lets everything acquired, completed or renewed with {@link #shortTtl()} expire. */
  final void expire() throws InterruptedException {
    advanceTime(shortTtl().plus(slack()));
  }
}
