package dev.fenced.tck.store;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The contract run against {@link CarelessRecordAdministrationStore}, on a clock the tests move.
 * Named so Surefire does not run it: it is meant to fail, and {@link
 * ContractCatchesNaiveStoresTest} checks that it fails exactly the cases of its bugs.
 */
class CarelessRecordAdministrationUnderContract
    extends IdempotencyRecordAdministrationContract<CarelessRecordAdministrationStore> {

  private static final AtomicLong MILLIS = new AtomicLong();
  private static final CarelessRecordAdministrationStore SHARED =
      new CarelessRecordAdministrationStore(MILLIS::get);

  @Override
  protected CarelessRecordAdministrationStore store() {
    return SHARED;
  }

  @Override
  protected void advanceTime(Duration duration) {
    MILLIS.addAndGet(duration.toMillis());
  }
}
