package dev.fenced.tck.store;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The contract run against {@link CarelessLockAdministrationStore}, on a clock the tests move.
 * Named so Surefire does not run it: it is meant to fail, and {@link
 * ContractCatchesNaiveStoresTest} checks that it fails exactly the case of its bug.
 */
class CarelessLockAdministrationUnderContract
    extends LockAdministrationContract<CarelessLockAdministrationStore> {

  private static final AtomicLong MILLIS = new AtomicLong();
  private static final CarelessLockAdministrationStore SHARED =
      new CarelessLockAdministrationStore(MILLIS::get);

  @Override
  protected CarelessLockAdministrationStore store() {
    return SHARED;
  }

  @Override
  protected void advanceTime(Duration duration) {
    MILLIS.addAndGet(duration.toMillis());
  }
}
