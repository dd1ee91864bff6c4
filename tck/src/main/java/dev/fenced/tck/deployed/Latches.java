package dev.fenced.tck.deployed;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Holds a running request until the test releases it, by name. */
@ApplicationScoped
public class Latches {

  private final ConcurrentMap<String, CountDownLatch> entered = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, CountDownLatch> released = new ConcurrentHashMap<>();

  private static CountDownLatch latch(ConcurrentMap<String, CountDownLatch> map, String name) {
    return map.computeIfAbsent(name, n -> new CountDownLatch(1));
  }

  /**
   * Records that a request entered the method.
   *
   * @param name the test's tag
   */
  public void enter(String name) {
    latch(entered, name).countDown();
  }

  /**
   * Whether a request entered the method.
   *
   * @param name the test's tag
   * @return whether {@link #enter} was called
   */
  public boolean entered(String name) {
    return latch(entered, name).getCount() == 0;
  }

  /**
   * Waits until the test releases {@code name}.
   *
   * @param name the test's tag
   * @param millis the longest wait
   * @return whether it was released in time
   * @throws InterruptedException when interrupted
   */
  public boolean awaitRelease(String name, long millis) throws InterruptedException {
    return latch(released, name).await(millis, TimeUnit.MILLISECONDS);
  }

  /**
   * Lets the held request finish.
   *
   * @param name the test's tag
   */
  public void release(String name) {
    latch(released, name).countDown();
  }
}
