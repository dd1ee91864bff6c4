package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.spi.IdempotencyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Real threads racing for keys through two engines that share one store. */
class ConcurrentClaimTest {

  private static final int CALLERS = 32;
  private static final int KEYS = 200;
  private static final Duration LOCK_TTL = Duration.ofSeconds(30);

  @Test
  void two_engines_on_one_store_never_both_claim_a_key() throws Exception {
    ManualTime time = new ManualTime();
    IdempotencyStore store = new InMemoryIdempotencyStore(time::nanoTime);
    List<IdempotencyEngine> engines =
        List.of(
            new IdempotencyEngine(store, time.clock(), time),
            new IdempotencyEngine(store, time.clock(), time));
    Fingerprint fingerprint = new FingerprintCalculator().ofCall("race", new byte[0]);
    Map<Integer, AtomicInteger> claims = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int caller = 0; caller < CALLERS; caller++) {
        IdempotencyEngine engine = engines.get(caller % 2);
        int offset = caller;
        done.add(
            callers.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < KEYS; i++) {
                    int key = (i + offset) % KEYS;
                    Claim claim =
                        engine.claim(RecordKey.http("", "k" + key), fingerprint, LOCK_TTL);
                    if (claim instanceof Claim.Claimed) {
                      claims.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get(30, TimeUnit.SECONDS);
      }
    } finally {
      callers.shutdownNow();
    }

    assertThat(claims).hasSize(KEYS);
    assertThat(claims.values()).allSatisfy(count -> assertThat(count).hasValue(1));
  }
}
