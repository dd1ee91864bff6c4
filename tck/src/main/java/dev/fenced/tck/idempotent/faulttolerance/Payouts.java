package dev.fenced.tck.idempotent.faulttolerance;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.faulttolerance.Asynchronous;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * {@code @Idempotent} payouts that MicroProfile Fault Tolerance shapes. Each run of a body counts
 * one payout under its key ({@link Invocations}): the side effect a test looks at.
 */
@ApplicationScoped
public class Payouts {

  /** How long a slow body runs on after its payout, ignoring interrupts. */
  public static final Duration SLOW = Duration.ofMillis(1500);

  @Inject Invocations invocations;

  private final Set<String> outages = ConcurrentHashMap.newKeySet();
  private final ConcurrentHashMap<String, CountDownLatch> holds = new ConcurrentHashMap<>();

  /**
   * Makes the bank fail for a key, or work again.
   *
   * @param key the payout's key
   * @param down whether the bank fails
   */
  public void outage(String key, boolean down) {
    if (down) {
      outages.add(key);
    } else {
      outages.remove(key);
    }
  }

  /**
   * Lets a held asynchronous payout return.
   *
   * @param key the payout's key
   */
  public void letFinish(String key) {
    hold(key).countDown();
  }

  /**
   * Pays out, then stays slow past its time-out: the payout is done when Fault Tolerance reports a
   * {@code TimeoutException}.
   *
   * @param key the payout's key
   * @return {@code paid <n>}
   */
  @Idempotent
  @Timeout(300)
  public String slow(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    linger(SLOW);
    return "paid " + run;
  }

  /**
   * Pays out, then stays slow past its time-out, which Fault Tolerance retries: the retry must not
   * pay again.
   *
   * @param key the payout's key
   * @return {@code paid <n>}
   */
  @Idempotent
  @Retry(maxRetries = 2, delay = 0, jitter = 0)
  @Timeout(300)
  public String slowRetried(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    linger(SLOW);
    return "paid " + run;
  }

  /**
   * Pays out unless the bank is down; the fallback answers {@code queued} then.
   *
   * @param key the payout's key
   * @return {@code paid <n>}, or the fallback's {@code queued}
   */
  @Idempotent
  @Fallback(fallbackMethod = "queued")
  public String withFallback(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    if (down(key)) {
      throw new IllegalStateException("the TCK's bank is down");
    }
    return "paid " + run;
  }

  /**
   * Pays out, then stays slow past its time-out; the fallback answers {@code queued}.
   *
   * @param key the payout's key
   * @return the fallback's {@code queued}
   */
  @Idempotent
  @Timeout(300)
  @Fallback(fallbackMethod = "queued")
  public String slowWithFallback(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    linger(SLOW);
    return "paid " + run;
  }

  /**
   * The degraded answer.
   *
   * @param key the payout's key
   * @return {@code queued}
   */
  public String queued(String key) {
    return "queued";
  }

  /**
   * Pays out unless the bank is down, behind a circuit breaker that two failures open for a second.
   *
   * @param key the payout's key
   * @return {@code paid <n>}
   */
  @Idempotent
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000, successThreshold = 1)
  public String guarded(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    if (down(key)) {
      throw new IllegalStateException("the TCK's bank is down");
    }
    return "paid " + run;
  }

  /**
   * Pays out on the third attempt.
   *
   * @param key the payout's key
   * @return {@code paid on attempt <n>}
   */
  @Idempotent
  @Retry(maxRetries = 3, delay = 0, jitter = 0)
  public String retried(@IdempotencyKey String key) {
    int attempt = invocations.increment(key);
    if (attempt <= 2) {
      throw new IllegalStateException("the TCK's bank fails attempt " + attempt);
    }
    return "paid on attempt " + attempt;
  }

  /**
   * Pays out on another thread, then waits for {@link #letFinish}, ignoring interrupts, past its
   * time-out.
   *
   * @param key the payout's key
   * @return {@code paid <n>}, later
   */
  @Idempotent
  @Asynchronous
  @Timeout(300)
  public CompletionStage<String> held(@IdempotencyKey String key) {
    int run = invocations.increment(key);
    CountDownLatch hold = hold(key);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (hold.getCount() > 0 && System.nanoTime() < deadline) {
      try {
        hold.await(50, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        // the payout goes on when Fault Tolerance gives up
      }
    }
    return CompletableFuture.completedFuture("paid " + run);
  }

  private CountDownLatch hold(String key) {
    return holds.computeIfAbsent(key, k -> new CountDownLatch(1));
  }

  /**
   * Whether the bank is down for a key.
   *
   * @param key the payout's key
   * @return whether {@link #outage} made it fail
   */
  public boolean down(String key) {
    return outages.contains(key);
  }

  /**
   * Runs on for {@code time}, as a call to a slow bank would, swallowing interrupts.
   *
   * @param time how long
   */
  static void linger(Duration time) {
    long deadline = System.nanoTime() + time.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        Thread.sleep(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
      } catch (InterruptedException e) {
        // a slow bank that does not stop when Fault Tolerance gives up
      }
    }
  }
}
