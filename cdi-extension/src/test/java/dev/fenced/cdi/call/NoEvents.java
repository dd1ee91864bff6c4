package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;

/** Hears every event and keeps none: for runner tests that assert on outcomes, not events. */
final class NoEvents implements IdempotencyEvents {

  @Override
  public void replayed(String target, String key) {}

  @Override
  public void rejected(String target, String key, ErrorCode code) {}

  @Override
  public void lockLost(String target, String key) {}
}
