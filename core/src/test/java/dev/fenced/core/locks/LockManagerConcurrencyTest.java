package dev.fenced.core.locks;

import static dev.fenced.core.locks.LockFixture.DEFAULTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.locks.Lock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LockManagerConcurrencyTest {

  private static final int CALLERS = 32;
  private static final int ROUNDS = 200;

  private final LockFixture fixture = new LockFixture();

  @Test
  void two_instances_hammering_one_key_never_hold_it_at_the_same_time() throws Exception {
    List<LockManager> instances = List.of(fixture.manager(), fixture.manager());
    AtomicInteger holders = new AtomicInteger();
    AtomicInteger mostHolders = new AtomicInteger();
    AtomicInteger acquisitions = new AtomicInteger();
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        LockManager instance = instances.get(i % 2);
        done.add(
            callers.submit(
                () -> {
                  go.await();
                  for (int round = 0; round < ROUNDS; round++) {
                    Optional<Lock> lock = instance.tryAcquire("hot", DEFAULTS);
                    if (lock.isPresent()) {
                      acquisitions.incrementAndGet();
                      mostHolders.accumulateAndGet(holders.incrementAndGet(), Math::max);
                      holders.decrementAndGet();
                      lock.get().close();
                    }
                  }
                  return null;
                }));
      }
      go.countDown();
      for (Future<?> caller : done) {
        caller.get(30, TimeUnit.SECONDS);
      }
    } finally {
      callers.shutdownNow();
    }

    assertThat(mostHolders).hasValue(1);
    assertThat(acquisitions.get()).isGreaterThan(1);
  }
}
