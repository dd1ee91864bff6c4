package dev.fenced.core.locks;

import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** One shared in-memory store on manual time, and managers ("instances") on it. */
final class LockFixture {

  static final Duration TTL = Duration.ofSeconds(30);
  static final Duration THIRD = Duration.ofSeconds(10);
  static final LockOptions DEFAULTS = LockOptions.defaults();

  final ManualTime time = new ManualTime();
  final InMemoryLockStore store = new InMemoryLockStore(time::nanoTime);
  final List<LockLost> losses = new CopyOnWriteArrayList<>();

  LockSettings settings() {
    return LockSettings.defaults()
        .withDefaultTtl(TTL)
        .withLossListener(losses::add)
        .withRandom(new LongestPauses());
  }

  LockManager manager() {
    return manager(store);
  }

  LockManager manager(LockStore through) {
    return new LockManager(through, time, settings());
  }

  CountingLockStore counting(LockStore delegate) {
    return new CountingLockStore(delegate, time::elapsed);
  }
}
