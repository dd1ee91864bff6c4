package dev.fenced.tck.deployed;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds a running job or guarded call until the test opens its gate, by name: the job calls {@link
 * #pass}, the test waits with {@link #awaitEntered} and lets it go with {@link #open}. The job
 * waits interruptibly, so a lost lock's interrupt ends the wait.
 */
@ApplicationScoped
public class Gates {

  /** The longest a job waits at a closed gate: a test that forgets to open it still ends. */
  public static final Duration HOLD = Duration.ofSeconds(60);

  private final ConcurrentMap<String, CountDownLatch> entered = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, CountDownLatch> opened = new ConcurrentHashMap<>();

  private static CountDownLatch latch(ConcurrentMap<String, CountDownLatch> map, String name) {
    return map.computeIfAbsent(name, n -> new CountDownLatch(1));
  }

  /**
   * Records that a job reached the gate and waits until it opens.
   *
   * @param name the gate
   * @throws IllegalStateException when the gate did not open within {@link #HOLD}
   * @throws InterruptedException when interrupted while waiting
   */
  public void pass(String name) throws InterruptedException {
    latch(entered, name).countDown();
    if (!latch(opened, name).await(HOLD.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("gate " + name + " never opened");
    }
  }

  /**
   * Waits until a job reached the gate.
   *
   * @param name the gate
   * @param timeout the longest wait
   * @return whether a job reached it in time
   * @throws InterruptedException when interrupted
   */
  public boolean awaitEntered(String name, Duration timeout) throws InterruptedException {
    return latch(entered, name).await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Lets the held job go on; jobs reaching the gate later pass at once.
   *
   * @param name the gate
   */
  public void open(String name) {
    latch(opened, name).countDown();
  }
}
