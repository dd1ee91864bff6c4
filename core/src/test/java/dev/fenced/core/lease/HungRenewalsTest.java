package dev.fenced.core.lease;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Execution;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.locks.LockManager;
import dev.fenced.core.locks.LockSettings;
import dev.fenced.core.time.ExecutorScheduler;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.spi.LockStore;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On real threads: every renewal hangs, on more leases than there are renewal threads, and every
 * lease is still declared lost by its deadline, a safety margin before the store would expire it.
 */
class HungRenewalsTest {

  /** Long enough that the margin (600 ms) absorbs a busy machine's late timer. */
  private static final Duration TTL = Duration.ofSeconds(6);

  private static final Duration MARGIN = LeaseRenewal.safetyMargin(TTL);
  private static final int RENEWAL_THREADS = 2;
  private static final int LEASES = 5;

  private final ScheduledExecutorService storeCalls =
      Executors.newScheduledThreadPool(RENEWAL_THREADS);
  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
  private final ExecutorService reports = Executors.newCachedThreadPool();
  private final ExecutorScheduler scheduler = new ExecutorScheduler(storeCalls, timers, reports);
  private final CountDownLatch never = new CountDownLatch(1);
  private final CountDownLatch lost = new CountDownLatch(LEASES);
  private final List<Duration> lostAfter = new CopyOnWriteArrayList<>();
  private final List<DetectedBy> detectedBy = new CopyOnWriteArrayList<>();

  @AfterEach
  void releaseTheHungRenewals() {
    never.countDown();
    storeCalls.shutdownNow();
    timers.shutdownNow();
    reports.shutdownNow();
  }

  @Test
  void every_lock_is_lost_before_the_store_expires_it_while_every_renewal_hangs() throws Exception {
    LockManager locks = new LockManager(new HangingLockStore(), scheduler, LockSettings.defaults());

    for (int i = 0; i < LEASES; i++) {
      long sentAt = System.nanoTime();
      Lock lock = locks.tryAcquire("export-" + i, LockOptions.defaults().withTtl(TTL)).get();
      lock.onLost(loss -> lostNow(sentAt, loss.detectedBy()));
    }

    assertEveryLeaseLostInTime();
  }

  @Test
  void every_claim_is_lost_before_the_store_expires_it_while_every_renewal_hangs()
      throws Exception {
    IdempotencyEngine engine =
        new IdempotencyEngine(new HangingIdempotencyStore(), Clock.systemUTC(), scheduler);
    Fingerprint fingerprint = new FingerprintCalculator().ofCall("charge", bytes("{}"));

    for (int i = 0; i < LEASES; i++) {
      long sentAt = System.nanoTime();
      RecordKey key = RecordKey.method("pay-" + i, "com.example.Payments", "charge");
      Execution execution = ((Claim.Claimed) engine.claim(key, fingerprint, TTL)).execution();
      execution.onLockLost(by -> lostNow(sentAt, by));
    }

    assertEveryLeaseLostInTime();
  }

  @Test
  void a_loss_listener_that_blocks_does_not_hold_up_the_next_deadline() throws Exception {
    LockManager locks = new LockManager(new HangingLockStore(), scheduler, LockSettings.defaults());
    Lock first = locks.tryAcquire("export-0", LockOptions.defaults().withTtl(TTL)).get();
    first.onLost(loss -> hang()); // an observer that writes to a database that does not answer

    for (int i = 1; i <= LEASES; i++) {
      long sentAt = System.nanoTime();
      Lock lock = locks.tryAcquire("export-" + i, LockOptions.defaults().withTtl(TTL)).get();
      lock.onLost(loss -> lostNow(sentAt, loss.detectedBy()));
    }

    assertEveryLeaseLostInTime();
  }

  private void lostNow(long sentAt, DetectedBy by) {
    lostAfter.add(Duration.ofNanos(System.nanoTime() - sentAt));
    detectedBy.add(by);
    lost.countDown();
  }

  private void assertEveryLeaseLostInTime() throws InterruptedException {
    boolean allLost = lost.await(TTL.multipliedBy(3).toMillis(), TimeUnit.MILLISECONDS);

    assertThat(allLost).as("every lease lost while its renewals hang").isTrue();
    assertThat(detectedBy).hasSize(LEASES).containsOnly(DetectedBy.DEADLINE);
    // never before ttl - margin from the acquire; always before the store's own expiry at ttl
    assertThat(lostAfter).allSatisfy(after -> assertThat(after).isBetween(TTL.minus(MARGIN), TTL));
  }

  private void hang() {
    try {
      never.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** Grants every acquire; every renewal hangs until the test ends. */
  private final class HangingLockStore implements LockStore {

    private final AtomicLong tokens = new AtomicLong();

    @Override
    public OptionalLong acquire(String key, String owner, long ttlMillis) {
      return OptionalLong.of(tokens.incrementAndGet());
    }

    @Override
    public boolean renew(String key, String owner, long ttlMillis) {
      hang();
      return true;
    }

    @Override
    public boolean release(String key, String owner) {
      return true;
    }
  }

  /** Grants every claim; every renewal hangs until the test ends. */
  private final class HangingIdempotencyStore implements IdempotencyStore {

    @Override
    public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtl) {
      return new AcquireResult.Acquired();
    }

    @Override
    public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
      return true;
    }

    @Override
    public boolean release(String key, String owner) {
      return true;
    }

    @Override
    public boolean extend(String key, String owner, long lockTtlMillis) {
      hang();
      return true;
    }
  }
}
